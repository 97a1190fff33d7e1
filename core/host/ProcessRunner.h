#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>
#include <functional>

/** What a finished (or failed to start, or killed) child process left behind. */
struct ProcessResult
{
    bool started = false;
    bool timedOut = false; // killed: past its time limit, or it printed more than MaxOutputBytes (tooMuchOutput)
    bool tooMuchOutput = false;
    bool untrusted = false; // not started: the trust rule refused the program (errorString says where and why)
    bool stopped = false; // ended by its watcher (ProcessWatch::stopNow), not by itself
    int exitCode = -1;
    QByteArray standardOutput;
    QByteArray standardError;
    QString errorString; // why it did not start, or was killed

    bool succeeded() const { return started && !timedOut && exitCode == 0; }
};

/** Watches a child while it runs: its output line by line, and when to end it. Both are called on the caller's thread.
 */
struct ProcessWatch
{
    /** Each whole line of standard output as it arrives, without its line end (all of it stays in the result too). */
    std::function<void(const QByteArray& line)> onOutputLine;
    /** Asked about ten times a second and after each line: true ends the child (ProcessResult::stopped). */
    std::function<bool()> stopNow;
};

/**
 * Runs helper programs (cudnn-probe, nvidia-smi, nvcc, ldconfig, Python interpreters) with a time limit, in a
 * private empty working folder, keeping at most MaxOutputBytes of each stream (more ends the child). Every child
 * this product starts goes through here, and so through the trust rule (PathTrust): a privileged process starts
 * only a program that no other user can change, a bare name looked up in the system's own folders alone (sudo's
 * secure_path), with a clean environment (a fixed PATH of the system's
 * folders and the locale, then extraEnvironment, whose PATH and LD_LIBRARY_PATH keep only folders no other user can
 * change). Virtual so tests replay the outputs of real tools from several
 * driver generations without having them.
 */
class ProcessRunner
{
public:
    static constexpr qint64 MaxOutputBytes = 16 * 1024 * 1024;

    virtual ~ProcessRunner() = default;
    /** extraEnvironment is applied on top of this process's environment (the clean one, when privileged). */
    virtual ProcessResult run(const QString& program,
                              const QStringList& arguments,
                              int timeoutMs,
                              const QMap<QString, QString>& extraEnvironment = {}) const;
    /** The same, watched while it runs (the benchmark's progress, its Skip). */
    virtual ProcessResult run(const QString& program,
                              const QStringList& arguments,
                              int timeoutMs,
                              const QMap<QString, QString>& extraEnvironment,
                              const ProcessWatch& watch) const;
};
