#pragma once

#include "host/ProcessRunner.h"

#include <QHash>
#include <QMutex>

/**
 * Replays canned outputs by program file name ("nvidia-smi", "nvcc"); a program without a script fails to start,
 * as it would on a machine without it. Records every call so tests can assert what ran. Thread-safe: detection
 * asks the driver and reads the files at the same time.
 */
class FakeProcessRunner : public ProcessRunner
{
public:
    /** Any call whose arguments contain argumentPart (or any call, when it is empty) gets this result. */
    void script(const QString& programName, const ProcessResult& result, const QString& argumentPart = {});
    static ProcessResult output(const QByteArray& standardOutput, int exitCode = 0);

    ProcessResult run(const QString& program,
                      const QStringList& arguments,
                      int timeoutMs,
                      const QMap<QString, QString>& extraEnvironment = {}) const override;
    ProcessResult run(const QString& program,
                      const QStringList& arguments,
                      int timeoutMs,
                      const QMap<QString, QString>& extraEnvironment,
                      const ProcessWatch& watch) const override;

    QStringList calls() const;
    /** When set, calls to other programs go to the real runner (used to run the real cudnn-probe). */
    bool passThroughUnscripted = false;

private:
    struct Entry
    {
        QString argumentPart;
        ProcessResult result;
    };
    /** The first script entry for this program whose argument part the arguments hold; null: none. */
    const Entry* scripted(const QString& program, const QStringList& arguments) const;

    QHash<QString, QList<Entry>> m_scripts;
    mutable QMutex m_mutex;
    mutable QStringList m_calls; // "program arg1 arg2"
};
