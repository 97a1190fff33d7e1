#include "CompatResource.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace CompatResource {

QJsonObject load(const QString& fileName, QString* error)
{
    QFile file(QStringLiteral(":/compat/") + fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("compat data %1 is missing from the build").arg(fileName);
        qWarning("compat data %s is missing from the build", qPrintable(fileName));
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        if (error)
            *error = QStringLiteral("compat data %1: %2").arg(fileName, parseError.errorString());
        qWarning("compat data %s: %s", qPrintable(fileName), qPrintable(parseError.errorString()));
        return {};
    }
    return document.object();
}

} // namespace CompatResource
