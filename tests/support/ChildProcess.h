#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

/** What one run of a built helper program (cudnn-probe) left behind. */
struct ChildProcessRun
{
    int exitCode = -1; ///< -1 when it crashed
    QByteArray standardOutput;
    QByteArray standardError;
    qint64 elapsedMs = 0;
};

/**
 * Runs @p program with LD_LIBRARY_PATH = @p libraryPath (removed when empty), so the test alone decides the
 * search path. False, with @p failure saying why, when it did not start or ran past @p limitMs (it is killed).
 */
bool runWithLibraryPath(const QString& program,
                        const QStringList& arguments,
                        const QString& libraryPath,
                        int limitMs,
                        ChildProcessRun& run,
                        QString& failure);

/**
 * @p standardOutput as exactly one line holding a JSON object that fits docs/schemas/probe.schema.json (the probe's
 * line); false, with @p failure saying why, otherwise.
 */
bool parseJsonLine(const QByteArray& standardOutput, QJsonObject& object, QString& failure);
