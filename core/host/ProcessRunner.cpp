#include "ProcessRunner.h"

#include "PathTrust.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace {

class ProcessRunnerText
{
    Q_DECLARE_TR_FUNCTIONS(ProcessRunner)
};

/** The folders a privileged process looks a bare program name up in: the system's own, as sudo's secure_path. */
QStringList securePath()
{
#ifdef Q_OS_WIN
    const QString windows
        = QDir::fromNativeSeparators(qEnvironmentVariable("SystemRoot", QStringLiteral("C:/Windows")));
    return {windows + QStringLiteral("/System32"), windows};
#else
    return {QStringLiteral("/usr/local/sbin"),
            QStringLiteral("/usr/local/bin"),
            QStringLiteral("/usr/sbin"),
            QStringLiteral("/usr/bin"),
            QStringLiteral("/sbin"),
            QStringLiteral("/bin")};
#endif
}

/**
 * What a privileged child starts with (sudo's env_reset and secure_path): the system's own folders, the locale,
 * nothing else of ours. On Windows the child needs the system's variables to start at all, and the environment of an
 * elevated process is the administrator's own.
 */
QProcessEnvironment childEnvironment(bool privileged)
{
    const QProcessEnvironment inherited = QProcessEnvironment::systemEnvironment();
#ifdef Q_OS_WIN
    Q_UNUSED(privileged)
    return inherited;
#else
    if (!privileged)
        return inherited;
    QProcessEnvironment clean;
    clean.insert(QStringLiteral("PATH"), securePath().join(QLatin1Char(':')));
    for (const QString& name : inherited.keys()) {
        if (name == QLatin1String("LANG") || name == QLatin1String("LANGUAGE") || name.startsWith(QLatin1String("LC_")))
            clean.insert(name, inherited.value(name));
    }
    return clean;
#endif
}

/**
 * A search list a privileged child is given (PATH, LD_LIBRARY_PATH) keeps only the folders no other user can change:
 * the child would run or load whatever another user put first there.
 */
QString trustedSearchList(const QString& name, const QString& value)
{
#ifdef Q_OS_WIN
    Q_UNUSED(name)
    return value;
#else
    if (name != QLatin1String("PATH") && name != QLatin1String("LD_LIBRARY_PATH"))
        return value;
    QStringList kept;
    for (const QString& folder : value.split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
        if (QDir::isAbsolutePath(folder) && PathTrust::forMachineSearchPath(folder).trusted)
            kept.append(folder);
    }
    return kept.join(QLatin1Char(':'));
#endif
}

/** Appends what the stream has to into, keeping at most the cap; false once the child said more than that. */
bool take(QByteArray& into, const QByteArray& more)
{
    const qint64 room = ProcessRunner::MaxOutputBytes - into.size();
    into += more.left(room);
    return more.size() <= room;
}

} // namespace

ProcessResult ProcessRunner::run(const QString& program,
                                 const QStringList& arguments,
                                 int timeoutMs,
                                 const QMap<QString, QString>& extraEnvironment) const
{
    return run(program, arguments, timeoutMs, extraEnvironment, ProcessWatch{});
}

/** Hands each whole line of `output` from `from` on to the watcher; returns where the unfinished line starts. */
static qsizetype passLines(const QByteArray& output, qsizetype from, const ProcessWatch& watch)
{
    if (!watch.onOutputLine)
        return output.size();
    for (qsizetype end = output.indexOf('\n', from); end >= 0; end = output.indexOf('\n', from)) {
        QByteArray line = output.mid(from, end - from);
        if (line.endsWith('\r'))
            line.chop(1);
        watch.onOutputLine(line);
        from = end + 1;
    }
    return from;
}

ProcessResult ProcessRunner::run(const QString& program,
                                 const QStringList& arguments,
                                 int timeoutMs,
                                 const QMap<QString, QString>& extraEnvironment,
                                 const ProcessWatch& watch) const
{
    ProcessResult result;
    const bool privileged = PathTrust::privileged();
    QString path = program;
    if (privileged && !QDir::isAbsolutePath(program)) // a bare name is looked up where only root can write
        path = QStandardPaths::findExecutable(program, securePath());
    if (privileged) {
        const TrustVerdict trust = QDir::isAbsolutePath(path)
            ? PathTrust::forExecution(path)
            : TrustVerdict::untrusted(program, ProcessRunnerText::tr("it is in none of the system's own folders"));
        if (!trust.trusted) {
            result.untrusted = true;
            result.errorString
                = ProcessRunnerText::tr("not run with administrator rights: %1").arg(trust.explanation());
            return result;
        }
    }
    // An empty folder of its own: a program that looks in its working folder (Python's sys.path) finds nothing there.
    const QTemporaryDir workingFolder;
    QProcess process;
    QProcessEnvironment env = childEnvironment(privileged);
    for (auto it = extraEnvironment.cbegin(); it != extraEnvironment.cend(); ++it)
        env.insert(it.key(), privileged ? trustedSearchList(it.key(), it.value()) : it.value());
    process.setProcessEnvironment(env);
    if (workingFolder.isValid())
        process.setWorkingDirectory(workingFolder.path());
    process.start(path, arguments, QIODevice::ReadOnly);
    if (!process.waitForStarted(timeoutMs)) {
        result.errorString = process.errorString();
        return result;
    }
    result.started = true;
    process.closeWriteChannel();

    QElapsedTimer clock;
    clock.start();
    bool withinCap = true;
    qsizetype lineStart = 0; // of the first line of standard output not yet handed to the watcher
    while (process.state() != QProcess::NotRunning) {
        const qint64 left = timeoutMs - clock.elapsed();
        if (left <= 0) {
            result.timedOut = true;
            result.errorString = ProcessRunnerText::tr("%1 did not finish within %2 ms").arg(program).arg(timeoutMs);
            break;
        }
        const int slice = int(std::min<qint64>(left, 100));
        if (!process.waitForReadyRead(slice)) // no output yet, or the child closed its output and runs on
            process.waitForFinished(slice);
        withinCap = take(result.standardOutput, process.readAllStandardOutput())
            && take(result.standardError, process.readAllStandardError());
        if (!withinCap) {
            result.timedOut = result.tooMuchOutput = true;
            result.errorString = ProcessRunnerText::tr("%1 printed more than %2 MiB and was stopped")
                                     .arg(program)
                                     .arg(MaxOutputBytes / (1024 * 1024));
            break;
        }
        lineStart = passLines(result.standardOutput, lineStart, watch);
        if (watch.stopNow && watch.stopNow()) {
            result.stopped = true;
            result.errorString = ProcessRunnerText::tr("%1 was stopped").arg(program);
            break;
        }
    }
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished(1000);
        return result;
    }
    take(result.standardOutput, process.readAllStandardOutput());
    take(result.standardError, process.readAllStandardError());
    passLines(result.standardOutput, lineStart, watch);
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    if (process.exitStatus() == QProcess::CrashExit)
        result.errorString = ProcessRunnerText::tr("%1 crashed").arg(program);
    return result;
}
