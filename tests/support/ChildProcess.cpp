#include "ChildProcess.h"

#include "JsonSchemaCheck.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>

bool runWithLibraryPath(const QString& program,
                        const QStringList& arguments,
                        const QString& libraryPath,
                        int limitMs,
                        ChildProcessRun& run,
                        QString& failure)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("LD_LIBRARY_PATH"));
    if (!libraryPath.isEmpty())
        environment.insert(QStringLiteral("LD_LIBRARY_PATH"), libraryPath);
    QProcess process;
    process.setProcessEnvironment(environment);
    const QString name = QFileInfo(program).fileName();
    QElapsedTimer clock;
    clock.start();
    process.start(program, arguments);
    if (!process.waitForStarted()) {
        failure = name + QStringLiteral(" did not start: ") + process.errorString();
        return false;
    }
    if (!process.waitForFinished(limitMs)) {
        process.kill();
        process.waitForFinished();
        failure = QStringLiteral("%1 %2 still running after %3 ms")
                      .arg(name, arguments.join(QLatin1Char(' ')))
                      .arg(limitMs);
        return false;
    }
    run.elapsedMs = clock.elapsed();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.standardOutput = process.readAllStandardOutput();
    run.standardError = process.readAllStandardError();
    return true;
}

bool parseJsonLine(const QByteArray& standardOutput, QJsonObject& object, QString& failure)
{
    if (!standardOutput.endsWith('\n') || standardOutput.count('\n') != 1) {
        failure = QStringLiteral("stdout is not one line: ") + QString::fromUtf8(standardOutput);
        return false;
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(standardOutput, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        failure = QStringLiteral("stdout is not a JSON object (%1): %2")
                      .arg(error.errorString(), QString::fromUtf8(standardOutput));
        return false;
    }
    object = document.object();
    // Every probe line a test reads must keep the contract of docs/schemas/probe.schema.json.
    failure = JsonSchemaCheck::violations(JsonSchemaCheck::Contract::Probe, standardOutput);
    return failure.isEmpty();
}
