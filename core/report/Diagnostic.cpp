#include "Diagnostic.h"

#include <QJsonArray>
#include <algorithm>

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Error:
        return QStringLiteral("error");
    }
    return QStringLiteral("info");
}

static Severity severityFromName(const QString& name)
{
    if (name == QLatin1String("error"))
        return Severity::Error;
    if (name == QLatin1String("warning"))
        return Severity::Warning;
    return Severity::Info;
}

static Diagnostic make(Severity severity, const QString& code, const QString& message, const QString& fix)
{
    Diagnostic d;
    d.code = code;
    d.severity = severity;
    d.message = message;
    d.fix = fix;
    return d;
}

Diagnostic Diagnostic::info(const QString& code, const QString& message, const QString& fix)
{
    return make(Severity::Info, code, message, fix);
}

Diagnostic Diagnostic::warning(const QString& code, const QString& message, const QString& fix)
{
    return make(Severity::Warning, code, message, fix);
}

Diagnostic Diagnostic::error(const QString& code, const QString& message, const QString& fix)
{
    return make(Severity::Error, code, message, fix);
}

Diagnostic& Diagnostic::about(const QString& what)
{
    subject = what;
    return *this;
}

QJsonObject Diagnostic::toJson() const
{
    QJsonObject json{
        {QStringLiteral("code"), code},
        {QStringLiteral("severity"), severityName(severity)},
        {QStringLiteral("message"), message},
        {QStringLiteral("fix"), fix},
    };
    if (!subject.isEmpty())
        json.insert(QStringLiteral("subject"), subject);
    return json;
}

Diagnostic Diagnostic::fromJson(const QJsonObject& json)
{
    Diagnostic d = make(severityFromName(json.value(QStringLiteral("severity")).toString()),
                        json.value(QStringLiteral("code")).toString(),
                        json.value(QStringLiteral("message")).toString(),
                        json.value(QStringLiteral("fix")).toString());
    d.subject = json.value(QStringLiteral("subject")).toString();
    return d;
}

bool Diagnostic::operator==(const Diagnostic& other) const
{
    return code == other.code && severity == other.severity && message == other.message && fix == other.fix
        && subject == other.subject;
}

Severity worstSeverity(const Diagnostics& diagnostics)
{
    Severity worst = Severity::Info;
    for (const Diagnostic& d : diagnostics)
        worst = std::max(worst, d.severity);
    return worst;
}

bool containsCode(const Diagnostics& diagnostics, const QString& code)
{
    return std::any_of(diagnostics.cbegin(), diagnostics.cend(), [&](const Diagnostic& d) { return d.code == code; });
}

QJsonArray diagnosticsToJson(const Diagnostics& diagnostics)
{
    QJsonArray array;
    for (const Diagnostic& d : diagnostics)
        array.append(d.toJson());
    return array;
}
