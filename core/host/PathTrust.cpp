#include "PathTrust.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_WIN
#include <QStandardPaths>
#include <windows.h>
#else
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace PathTrust {

/** Says what was found in the user's language, under this file's own context. */
static QString tr(const char* text)
{
    return QCoreApplication::translate("PathTrust", text);
}

#ifdef Q_OS_WIN

bool privileged()
{
    HANDLE token = nullptr;
    if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token))
        return false;
    TOKEN_ELEVATION elevation{};
    DWORD size = 0;
    const bool elevated
        = GetTokenInformation(token, TokenElevation, &elevation, sizeof elevation, &size) && elevation.TokenIsElevated;
    CloseHandle(token);
    return elevated;
}

/** Folders only administrators can change by default: the Windows folder, Program Files, this program's own. */
static QStringList administratorsFolders()
{
    QStringList folders;
    for (const char* name : {"SystemRoot", "ProgramFiles", "ProgramFiles(x86)", "ProgramW6432"}) {
        const QString value = qEnvironmentVariable(name);
        if (!value.isEmpty())
            folders.append(QDir::cleanPath(QDir::fromNativeSeparators(value)));
    }
    folders.append(QDir::cleanPath(QCoreApplication::applicationDirPath()));
    return folders;
}

static TrustVerdict underAdministratorsFolders(const QString& path)
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    const QString clean = QDir::cleanPath(canonical.isEmpty() ? QDir::fromNativeSeparators(path) : canonical);
    for (const QString& folder : administratorsFolders()) {
        if (clean.compare(folder, Qt::CaseInsensitive) == 0
            || clean.startsWith(folder + QLatin1Char('/'), Qt::CaseInsensitive))
            return {};
    }
    return TrustVerdict::untrusted(path,
                                   tr("it is outside the Windows folder and Program Files, so users other than "
                                      "administrators may be able to change it"));
}

TrustVerdict forExecution(const QString& path)
{
    return privileged() ? underAdministratorsFolders(path) : TrustVerdict{};
}

TrustVerdict forTree(const QString& folder, int)
{
    return forExecution(folder);
}

TrustVerdict forMachineSearchPath(const QString& folder)
{
    return underAdministratorsFolders(folder);
}

#else

bool privileged()
{
    return ::geteuid() == 0;
}

/**
 * One entry's own standing: its owner is root or euid, and nobody else can write it (a sticky folder excepted where
 * it is only on the way). Links are judged by their owner alone: their mode bits mean nothing.
 */
static TrustVerdict entryVerdict(const QString& path, const struct stat& st, bool strict, bool onTheWay)
{
    const uid_t euid = ::geteuid();
    if (st.st_uid != 0 && st.st_uid != euid)
        return TrustVerdict::untrusted(path, tr("user %1 owns it").arg(st.st_uid));
    if (S_ISLNK(st.st_mode))
        return {};
    const bool stickyFolder = S_ISDIR(st.st_mode) && (st.st_mode & S_ISVTX);
    if (onTheWay && stickyFolder)
        return {};
    if (st.st_mode & S_IWOTH)
        return TrustVerdict::untrusted(path, tr("anyone can write to it"));
    if (strict && (st.st_mode & S_IWGRP) && st.st_gid != 0)
        return TrustVerdict::untrusted(path, tr("group %1 can write to it").arg(st.st_gid));
    return {};
}

/** Every entry from "/" down to path, as written (links not followed). */
static TrustVerdict chainVerdict(const QString& path, bool strict)
{
    if (!path.startsWith(QLatin1Char('/')))
        return TrustVerdict::untrusted(path, tr("it is not an absolute path"));
    const QStringList parts = QDir::cleanPath(path).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString current = QStringLiteral("/");
    for (int i = -1; i < parts.size(); ++i) {
        if (i >= 0)
            current = (current == QLatin1String("/") ? QString() : current) + QLatin1Char('/') + parts.at(i);
        struct stat st
        {
        };
        if (::lstat(QFile::encodeName(current).constData(), &st) != 0) {
            // What does not exist yet can only be made by whoever may write the folder above, judged already.
            if (errno == ENOENT || errno == ENOTDIR)
                return {};
            return TrustVerdict::untrusted(current, tr("it cannot be examined"));
        }
        const TrustVerdict verdict = entryVerdict(current, st, strict, i + 1 < parts.size());
        if (!verdict.trusted)
            return verdict;
    }
    return {};
}

/** The chain as written, then the chain of where it leads (a link's target is judged like any path). */
static TrustVerdict pathVerdict(const QString& path, bool strict)
{
    TrustVerdict verdict = chainVerdict(path, strict);
    if (!verdict.trusted)
        return verdict;
    char resolved[PATH_MAX];
    if (!::realpath(QFile::encodeName(path).constData(), resolved))
        return verdict; // it leads nowhere yet: nothing there to run or to load
    const QString real = QFile::decodeName(resolved);
    return real == QDir::cleanPath(path) ? verdict : chainVerdict(real, strict);
}

TrustVerdict forExecution(const QString& path)
{
    return pathVerdict(path, privileged());
}

TrustVerdict forTree(const QString& folder, int maxEntries)
{
    const bool strict = privileged();
    TrustVerdict verdict = pathVerdict(folder, strict);
    if (!verdict.trusted)
        return verdict;
    const QString top = QFileInfo(folder).canonicalFilePath();
    QDirIterator it(
        top, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    int seen = 0;
    while (it.hasNext()) {
        const QString entry = it.next();
        if (++seen > maxEntries)
            return TrustVerdict::untrusted(
                top, tr("it holds more than %1 files and folders, too many to check").arg(maxEntries));
        struct stat st
        {
        };
        if (::lstat(QFile::encodeName(entry).constData(), &st) != 0)
            return TrustVerdict::untrusted(entry, tr("it cannot be examined"));
        verdict = entryVerdict(entry, st, strict, false);
        // A link inside leads somewhere that is judged whole: the tree walk does not follow it.
        if (verdict.trusted && S_ISLNK(st.st_mode))
            verdict = pathVerdict(entry, strict);
        if (!verdict.trusted)
            return verdict;
    }
    return {};
}

TrustVerdict forMachineSearchPath(const QString& folder)
{
    return pathVerdict(folder, true);
}

#endif

} // namespace PathTrust

QString TrustVerdict::explanation() const
{
    return QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(weakPoint), reason);
}
