#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

/** What a finished (or failed to start, or killed) child process left behind. */
struct ProcessResult
{
    bool started = false;
    bool timedOut = false;
    int exitCode = -1;
    QByteArray standardOutput;
    QByteArray standardError;
    QString errorString; // why it did not start, or was killed

    bool succeeded() const { return started && !timedOut && exitCode == 0; }
};

/**
 * Runs helper programs (cudnn-probe, nvidia-smi, nvcc, ldconfig) with a time limit. Virtual so tests replay the
 * outputs of real tools from several driver generations without having them.
 */
class ProcessRunner
{
public:
    virtual ~ProcessRunner() = default;
    /** extraEnvironment is applied on top of this process's environment. */
    virtual ProcessResult run(const QString& program,
                              const QStringList& arguments,
                              int timeoutMs,
                              const QMap<QString, QString>& extraEnvironment = {}) const;
};
