#include "ElevationLauncher.h"

#include <QProcess>
#include <QStandardPaths>

#ifndef Q_OS_WIN
#include <unistd.h>
#endif

std::unique_ptr<ElevationLauncher> ElevationLauncher::forThisMachine()
{
    const QString injected = qEnvironmentVariable("CUDNN_SETUP_ELEVATION_LAUNCHER");
    if (!injected.isEmpty())
        return std::make_unique<CommandLauncher>(QProcess::splitCommand(injected));
#ifdef Q_OS_WIN
    return makeRunasLauncher();
#else
    return CommandLauncher::pkexec();
#endif
}

CommandLauncher::CommandLauncher(QStringList prefix)
    : m_prefix(std::move(prefix))
{
}

std::unique_ptr<CommandLauncher> CommandLauncher::pkexec()
{
    const QString found = QStandardPaths::findExecutable(QStringLiteral("pkexec"),
                                                         {QStringLiteral("/usr/bin"), QStringLiteral("/bin")});
    return std::make_unique<CommandLauncher>(found.isEmpty() ? QStringList() : QStringList{found});
}

LaunchResult CommandLauncher::run(const QString& program,
                                  const QStringList& arguments,
                                  const std::function<void()>& whileWaiting) const
{
    LaunchResult result;
    if (m_prefix.isEmpty()) {
        result.status = LaunchResult::Status::Unavailable;
        return result;
    }
    QProcess process;
    QProcessEnvironment environment; // nothing of ours: pkexec would clear it anyway
    environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/sbin:/usr/bin:/sbin:/bin"));
#ifndef Q_OS_WIN
    // pkexec's text agent and a graphical agent find the session through these; they name no file to run.
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS"}) {
        if (qEnvironmentVariableIsSet(name))
            environment.insert(QLatin1String(name), qEnvironmentVariable(name));
    }
#endif
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.setInputChannelMode(QProcess::ForwardedInputChannel);
    process.start(m_prefix.first(), m_prefix.mid(1) + QStringList{program} + arguments);
    if (!process.waitForStarted(-1)) {
        result.detail = process.errorString();
        return result;
    }
    while (!process.waitForFinished(100)) {
        if (process.state() == QProcess::NotRunning)
            break;
        if (whileWaiting)
            whileWaiting();
    }
    if (process.exitStatus() != QProcess::NormalExit) {
        result.status = LaunchResult::Status::Finished;
        result.exitCode = -1;
        result.detail = process.errorString();
        return result;
    }
    result.exitCode = process.exitCode();
    switch (result.exitCode) {
    case 126: // pkexec: the authentication dialog was dismissed
        result.status = LaunchResult::Status::Declined;
        break;
    case 127: // pkexec: not authorized, or no agent to ask
        result.status = LaunchResult::Status::NotAuthorized;
        break;
    default:
        result.status = LaunchResult::Status::Finished;
        break;
    }
    return result;
}

#ifndef Q_OS_WIN
bool runsElevated()
{
    return ::geteuid() == 0;
}
#endif
