#pragma once

#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

/** How starting an elevated copy ended. The faces word each status; core only names it. */
struct LaunchResult
{
    enum class Status {
        Finished, // it ran; exitCode is its exit code
        Declined, // the person said no (UAC Cancel, polkit dismissed: pkexec 126); nothing ran
        NotAuthorized, // polkit refused, or no agent could ask (pkexec 127); nothing ran
        Unavailable, // no way to elevate here (no pkexec): give the person the command instead
        ElevationDisabled, // Windows with UAC off (EnableLUA=0) for a user who is not an administrator
        FailedToStart, // the launcher itself could not be started; detail says why
    };
    Status status = Status::FailedToStart;
    int exitCode = -1;
    QString detail; // the system's words, for the log
};

/**
 * Starts program (this executable) with arguments elevated, and waits for it, calling whileWaiting about every
 * 100 ms meanwhile (the progress file is tailed there). Never passes this process's environment on: the elevated
 * copy gets what it needs on its command line.
 */
class ElevationLauncher
{
public:
    virtual ~ElevationLauncher() = default;
    virtual LaunchResult
    run(const QString& program, const QStringList& arguments, const std::function<void()>& whileWaiting) const = 0;
    /** Whether anything here can ask for the rights at all (no pkexec: no); run() is then Unavailable. */
    virtual bool canAsk() const { return true; }

    /**
     * CUDNN_SETUP_ELEVATION_LAUNCHER=<command> (tests: `<command> <program> <arguments>`), otherwise pkexec on
     * Linux and the "runas" verb on Windows.
     */
    static std::unique_ptr<ElevationLauncher> forThisMachine();
};

/** `<prefix...> <program> <arguments>` as a child process: pkexec, or the test launcher. */
class CommandLauncher final : public ElevationLauncher
{
public:
    /** prefix empty: nothing can elevate here (Unavailable). */
    explicit CommandLauncher(QStringList prefix);
    LaunchResult
    run(const QString& program, const QStringList& arguments, const std::function<void()>& whileWaiting) const override;
    bool canAsk() const override { return !m_prefix.isEmpty(); }

    /** pkexec from the system's own folders (never from PATH, which the user controls). */
    static std::unique_ptr<CommandLauncher> pkexec();

private:
    QStringList m_prefix;
};

#ifdef Q_OS_WIN
/** ShellExecuteExW "runas" (ElevationLauncherWindows.cpp). */
std::unique_ptr<ElevationLauncher> makeRunasLauncher();
#endif

/** This process may already do what an elevated copy would: root (euid 0), or an elevated administrator token. */
bool runsElevated();
