#include "EnvironmentPlan.h"

#include "env/EnvironmentStep.h"

#include <QJsonArray>

QString EnvironmentPlan::diffText() const
{
    QString text;
    for (const auto& step : steps)
        text += step->diff();
    return text;
}

static QJsonValue textJson(const QString& text)
{
    return text.isNull() ? QJsonValue() : QJsonValue(text);
}

QJsonObject EnvironmentPlan::beforeJson() const
{
    QJsonObject json;
    for (const auto& step : steps)
        json.insert(step->target(), textJson(step->beforeText()));
    return json;
}

QJsonObject EnvironmentPlan::afterJson() const
{
    QJsonObject json;
    for (const auto& step : steps)
        json.insert(step->target(), textJson(step->afterText()));
    return json;
}

QJsonArray EnvironmentPlan::stepsJson() const
{
    QJsonArray json;
    for (const auto& step : steps)
        json.append(step->toJson());
    return json;
}
