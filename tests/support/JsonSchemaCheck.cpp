// SPDX-License-Identifier: Apache-2.0
#include "JsonSchemaCheck.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace JsonSchemaCheck {

QString violations(Contract contract, const QByteArray& json)
{
    const char* names[] = {"report", "detect", "probe", "explain"};
    QProcess validator;
    validator.start(QStringLiteral("python3"),
                    {QStringLiteral(CUDNN_SETUP_SOURCE_DIR "/tests/support/validate-json.py"),
                     QString::fromLatin1(names[int(contract)]),
                     QStringLiteral("-")});
    if (!validator.waitForStarted())
        return QStringLiteral("python3 did not start: ") + validator.errorString();
    validator.write(json);
    validator.closeWriteChannel();
    if (!validator.waitForFinished(60000))
        return QStringLiteral("validate-json.py did not finish");
    if (validator.exitStatus() == QProcess::NormalExit && validator.exitCode() == 0)
        return {};
    return QString::fromUtf8(validator.readAllStandardError()).trimmed();
}

Contract forReport(const QByteArray& json)
{
    const QJsonObject object = QJsonDocument::fromJson(json).object();
    return object.value(QStringLiteral("command")).toString() == QLatin1String("detect") ? Contract::Detect
                                                                                         : Contract::Report;
}

} // namespace JsonSchemaCheck
