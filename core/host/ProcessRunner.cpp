#include "ProcessRunner.h"

#include <QProcess>

ProcessResult ProcessRunner::run(const QString& program,
                                 const QStringList& arguments,
                                 int timeoutMs,
                                 const QMap<QString, QString>& extraEnvironment) const
{
    ProcessResult result;
    QProcess process;
    if (!extraEnvironment.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (auto it = extraEnvironment.cbegin(); it != extraEnvironment.cend(); ++it)
            env.insert(it.key(), it.value());
        process.setProcessEnvironment(env);
    }
    process.start(program, arguments, QIODevice::ReadOnly);
    if (!process.waitForStarted(timeoutMs)) {
        result.errorString = process.errorString();
        return result;
    }
    result.started = true;
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(1000);
        result.timedOut = true;
        result.errorString = QStringLiteral("%1 did not finish within %2 ms").arg(program).arg(timeoutMs);
    }
    result.standardOutput = process.readAllStandardOutput();
    result.standardError = process.readAllStandardError();
    if (!result.timedOut) {
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        if (process.exitStatus() == QProcess::CrashExit)
            result.errorString = QStringLiteral("%1 crashed").arg(program);
    }
    return result;
}
