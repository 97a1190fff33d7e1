#include "SilentRun.h"

#include "JsonSchemaCheck.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>
#include <QtGlobal>

SilentRun::SilentRun(QString reportPath)
    : m_reportPath(std::move(reportPath))
{
}

void SilentRun::set(const QString& name, const QString& value)
{
    m_set.append({name, value});
}

void SilentRun::set(const QMap<QString, QString>& variables)
{
    for (auto it = variables.cbegin(); it != variables.cend(); ++it)
        set(it.key(), it.value());
}

void SilentRun::unset(const QString& name)
{
    m_unset.append(name);
}

void SilentRun::setWrapper(const QStringList& wrapper)
{
    m_wrapper = wrapper;
}

void SilentRun::setTimeLimit(int milliseconds)
{
    m_timeLimitMs = milliseconds;
}

QString SilentRun::binary()
{
    return qEnvironmentVariable("CUDNN_SETUP_BIN_DIR") + QStringLiteral("/cudnn-setup");
}

SilentRun::Result SilentRun::run(const QStringList& arguments) const
{
    QFile::remove(m_reportPath);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    env.remove(QStringLiteral("CUDNN_SETUP_TEST_FAULT"));
    for (const QString& name : m_unset)
        env.remove(name);
    for (const auto& [name, value] : m_set)
        env.insert(name, value);

    QProcess process;
    process.setProcessEnvironment(env);
    const QStringList args
        = QStringList{QStringLiteral("--silent"), QStringLiteral("--report"), m_reportPath} + arguments;
    if (m_wrapper.isEmpty())
        process.start(binary(), args);
    else
        process.start(m_wrapper.first(), m_wrapper.mid(1) + QStringList{binary()} + args);
    if (!process.waitForFinished(m_timeLimitMs))
        qFatal("cudnn-setup did not finish within %d ms", m_timeLimitMs);

    Result result{process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                  process.readAllStandardOutput(),
                  process.readAllStandardError(),
                  {}};
    QFile report(m_reportPath);
    if (report.open(QIODevice::ReadOnly)) {
        const QByteArray text = report.readAll();
        result.report = QJsonDocument::fromJson(text).object();
        // Every report a test makes the binary write must keep the contract (docs/schemas).
        const QString violations = JsonSchemaCheck::violations(JsonSchemaCheck::forReport(text), text);
        if (!violations.isEmpty())
            QTest::qFail(qPrintable(QStringLiteral("the report breaks its schema: ") + violations), __FILE__, __LINE__);
    }
    return result;
}

QStringList reportCodes(const QJsonObject& report)
{
    QStringList list;
    for (const QJsonValue& value : report.value(QStringLiteral("diagnostics")).toArray())
        list.append(value.toObject().value(QStringLiteral("code")).toString());
    return list;
}
