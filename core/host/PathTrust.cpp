#include "PathTrust.h"

#include "Accounts.h"
#include "PosixAcl.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <functional>

#ifdef Q_OS_WIN
#include "WindowsDacl.h"

#include <QStandardPaths>
#include <windows.h>
#else
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#endif

namespace PathTrust {

/** Says what was found in the user's language, under this file's own context. */
static QString tr(const char* text)
{
    return QCoreApplication::translate("PathTrust", text);
}

/**
 * Every entry below top, each judged by judgeEntry (links not followed: judgeEntry judges where they lead); more than
 * maxEntries is a refusal, not a partial answer.
 */
static TrustVerdict
treeVerdict(const QString& top, int maxEntries, const std::function<TrustVerdict(const QString& entry)>& judgeEntry)
{
    QDirIterator it(
        top, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    int seen = 0;
    while (it.hasNext()) {
        const QString entry = it.next();
        if (++seen > maxEntries)
            return TrustVerdict::untrusted(
                top, tr("it holds more than %1 files and folders, too many to check").arg(maxEntries));
        const TrustVerdict verdict = judgeEntry(entry);
        if (!verdict.trusted)
            return verdict;
    }
    return {};
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

static bool underAdministratorsFolders(const QString& path)
{
    const QString clean = QDir::cleanPath(QDir::fromNativeSeparators(path));
    for (const QString& folder : administratorsFolders()) {
        if (clean.compare(folder, Qt::CaseInsensitive) == 0
            || clean.startsWith(folder + QLatin1Char('/'), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

/** "write, delete, change its permissions": the dangerous rights a writer is left, in words. */
static QString rightsWords(std::uint32_t rights)
{
    namespace Right = cudnnsetup::dacl::Right;
    QStringList words;
    if (rights & (Right::WriteData | Right::AppendData))
        words << tr("write");
    if (rights & (Right::Delete | Right::DeleteChild))
        words << tr("delete");
    if (rights & Right::WriteDac)
        words << tr("change its permissions");
    if (rights & Right::WriteOwner)
        words << tr("take its ownership");
    return words.join(QStringLiteral(", "));
}

/** One entry by its owner and DACL (WindowsDacl); the location rule stays only as the message's context. */
static TrustVerdict entryVerdict(const QString& path, cudnnsetup::dacl::Place place)
{
    using namespace cudnnsetup::dacl;
    std::wstring error;
    const std::optional<Descriptor> descriptor = readDescriptor(QDir::toNativeSeparators(path).toStdWString(), &error);
    if (!descriptor)
        return TrustVerdict::untrusted(path,
                                       tr("its permissions cannot be read (%1), so who may change it is not known")
                                           .arg(QString::fromStdWString(error)));
    static const std::wstring self = processUser();
    const std::optional<Writer> writer = otherWriter(*descriptor, place, QFileInfo(path).isDir(), self);
    if (!writer)
        return {};
    const QString who = QString::fromStdWString(accountName(writer->sid));
    QString reason;
    switch (writer->through) {
    case Writer::Through::Owner:
        reason = tr("its owner %1 may change its permissions").arg(who);
        break;
    case Writer::Through::NoDacl:
        reason = tr("it has no DACL, so anyone may change it");
        break;
    case Writer::Through::Ace:
        reason = tr("its DACL lets %1 %2").arg(who, rightsWords(writer->rights));
        break;
    case Writer::Through::InheritableAce:
        reason = tr("its DACL gives what is created in it to %1 to %2").arg(who, rightsWords(writer->rights));
        break;
    }
    if (underAdministratorsFolders(path))
        reason = tr("%1, although it lies where by default only administrators may change files").arg(reason);
    const QString undo = writer->through == Writer::Through::Owner || writer->through == Writer::Through::NoDacl
        ? QStringLiteral("icacls \"%1\" /reset").arg(QDir::toNativeSeparators(path))
        : QStringLiteral("icacls \"%1\" /inheritance:d /remove:g *%2")
              .arg(QDir::toNativeSeparators(path), QString::fromStdWString(writer->sid));
    return TrustVerdict::untrusted(path, reason, undo);
}

/** The path and every folder on the way to it from its drive. */
static TrustVerdict chainVerdict(const QString& path)
{
    const QString clean = QDir::cleanPath(QDir::fromNativeSeparators(QFileInfo(path).absoluteFilePath()));
    const QStringList parts = clean.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString current;
    for (int i = 0; i < parts.size(); ++i) {
        current = i == 0 ? parts.at(0) + QLatin1Char('/') : QDir(current).filePath(parts.at(i));
        if (!QFileInfo::exists(current))
            return {}; // what does not exist yet can only be made by whoever may change the folder above, judged
        const TrustVerdict verdict = entryVerdict(
            current, i + 1 < parts.size() ? cudnnsetup::dacl::Place::OnTheWay : cudnnsetup::dacl::Place::Target);
        if (!verdict.trusted)
            return verdict;
    }
    return {};
}

TrustVerdict forExecution(const QString& path)
{
    return privileged() ? chainVerdict(path) : TrustVerdict{};
}

TrustVerdict forTree(const QString& folder, int maxEntries)
{
    if (!privileged())
        return {};
    const TrustVerdict verdict = chainVerdict(folder);
    if (!verdict.trusted)
        return verdict;
    return treeVerdict(
        folder, maxEntries, [](const QString& entry) { return entryVerdict(entry, cudnnsetup::dacl::Place::Target); });
}

TrustVerdict forMachineSearchPath(const QString& folder)
{
    return chainVerdict(folder);
}

#else

bool privileged()
{
    return ::geteuid() == 0;
}

static bool trustedUser(uint uid)
{
    return uid == 0 || uid == ::geteuid();
}

/** "nobody (65534)", or the number alone where no account has it. */
static QString userWords(uint uid)
{
    const QString name = Accounts::userName(uid);
    return name == QString::number(uid) ? name : QStringLiteral("%1 (%2)").arg(name).arg(uid);
}

/** The group's members other than root and this process's user, by name; empty when there are none. */
static QStringList otherMembers(uint gid)
{
    QStringList names;
    for (const uint uid : Accounts::groupMembers(gid)) {
        if (!trustedUser(uid))
            names.append(Accounts::userName(uid));
    }
    return names;
}

static QString groupWords(uint gid, const QStringList& members)
{
    return QStringLiteral("%1 (%2)").arg(Accounts::groupName(gid), members.join(QStringLiteral(", ")));
}

static QString quoted(const QString& path)
{
    return QLatin1Char('\'') + QString(path).replace(QLatin1Char('\''), QStringLiteral("'\\''")) + QLatin1Char('\'');
}

/** The privileged rule's further writers: the group's members, the ACL's users and groups, the default ACL's. */
static TrustVerdict otherWritersVerdict(const QString& path, const struct stat& st)
{
    const bool folder = S_ISDIR(st.st_mode);
    const PosixAclWriters acl = PosixAclWriters::of(path, folder, st.st_gid);
    if (!acl.error.isEmpty())
        return TrustVerdict::untrusted(
            path,
            tr("its access control list cannot be read (%1), so who else may write to it is not known").arg(acl.error));
    // With an ACL the mode's group bits are its mask; the owning group's own entry says what that group may do.
    const bool groupWrites = acl.extended ? acl.owningGroupWrites : (st.st_mode & S_IWGRP) != 0;
    if (groupWrites) {
        if (const QStringList members = otherMembers(st.st_gid); !members.isEmpty())
            return TrustVerdict::untrusted(path,
                                           tr("group %1 can write to it").arg(groupWords(st.st_gid, members)),
                                           QStringLiteral("chmod g-w %1").arg(quoted(path)));
    }
    for (const uint uid : acl.users) {
        if (!trustedUser(uid))
            return TrustVerdict::untrusted(path,
                                           tr("the ACL gives user %1 write").arg(userWords(uid)),
                                           QStringLiteral("setfacl -b %1").arg(quoted(path)));
    }
    for (const uint gid : acl.groups) {
        if (const QStringList members = otherMembers(gid); !members.isEmpty())
            return TrustVerdict::untrusted(path,
                                           tr("the ACL gives group %1 write").arg(groupWords(gid, members)),
                                           QStringLiteral("setfacl -b %1").arg(quoted(path)));
    }
    if (acl.defaultOthersWrite)
        return TrustVerdict::untrusted(path,
                                       tr("its default ACL gives anyone write to what is created in it"),
                                       QStringLiteral("setfacl -k %1").arg(quoted(path)));
    for (const uint uid : acl.defaultUsers) {
        if (!trustedUser(uid))
            return TrustVerdict::untrusted(
                path,
                tr("its default ACL gives user %1 write to what is created in it").arg(userWords(uid)),
                QStringLiteral("setfacl -k %1").arg(quoted(path)));
    }
    for (const uint gid : acl.defaultGroups) {
        if (const QStringList members = otherMembers(gid); !members.isEmpty())
            return TrustVerdict::untrusted(
                path,
                tr("its default ACL gives group %1 write to what is created in it").arg(groupWords(gid, members)),
                QStringLiteral("setfacl -k %1").arg(quoted(path)));
    }
    return {};
}

/**
 * A FUSE file system's files are whatever the program serving it says, whatever their modes: one another user
 * mounted (its user_id= in /proc/self/mountinfo) is theirs throughout.
 */
static TrustVerdict fuseVerdict(const QString& path, const struct stat& st)
{
    struct statfs fs = {};
    constexpr decltype(fs.f_type) FuseMagic = 0x65735546;
    if (::statfs(QFile::encodeName(path).constData(), &fs) != 0 || fs.f_type != FuseMagic)
        return {};
    QFile mounts(QStringLiteral("/proc/self/mountinfo"));
    const QByteArray device = QByteArray::number(major(st.st_dev)) + ':' + QByteArray::number(minor(st.st_dev));
    if (mounts.open(QIODevice::ReadOnly)) {
        while (!mounts.atEnd()) {
            const QList<QByteArray> fields = mounts.readLine().trimmed().split(' ');
            if (fields.size() < 3 || fields.at(2) != device)
                continue;
            const qsizetype user = fields.constLast().indexOf("user_id=");
            const QByteArray id = user < 0 ? QByteArray() : fields.constLast().mid(user + 8).split(',').constFirst();
            bool ok = false;
            const uint uid = id.toUInt(&ok);
            if (ok && trustedUser(uid))
                return {};
            if (ok)
                return TrustVerdict::untrusted(path,
                                               tr("it is on a FUSE file system user %1 serves").arg(userWords(uid)));
            break;
        }
    }
    return TrustVerdict::untrusted(path, tr("it is on a FUSE file system whose owner cannot be told"));
}

/**
 * One entry's own standing: its owner is root or euid, and nobody else can write it (a sticky folder excepted where
 * it is only on the way). Links are judged by their owner alone: their mode bits mean nothing.
 */
static TrustVerdict entryVerdict(const QString& path, const struct stat& st, bool strict, bool onTheWay)
{
    if (!trustedUser(st.st_uid))
        return TrustVerdict::untrusted(path, tr("user %1 owns it").arg(userWords(st.st_uid)));
    if (S_ISLNK(st.st_mode))
        return {};
    const bool stickyFolder = S_ISDIR(st.st_mode) && (st.st_mode & S_ISVTX);
    if (onTheWay && stickyFolder)
        return {};
    if (st.st_mode & S_IWOTH)
        return TrustVerdict::untrusted(
            path, tr("anyone can write to it"), QStringLiteral("chmod o-w %1").arg(quoted(path)));
    if (!strict)
        return {};
    const TrustVerdict writers = otherWritersVerdict(path, st);
    return writers.trusted ? fuseVerdict(path, st) : writers;
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
    const TrustVerdict verdict = pathVerdict(folder, strict);
    if (!verdict.trusted)
        return verdict;
    return treeVerdict(QFileInfo(folder).canonicalFilePath(), maxEntries, [strict](const QString& entry) {
        struct stat st
        {
        };
        if (::lstat(QFile::encodeName(entry).constData(), &st) != 0)
            return TrustVerdict::untrusted(entry, tr("it cannot be examined"));
        const TrustVerdict own = entryVerdict(entry, st, strict, false);
        // A link inside leads somewhere that is judged whole: the tree walk does not follow it.
        return own.trusted && S_ISLNK(st.st_mode) ? pathVerdict(entry, strict) : own;
    });
}

TrustVerdict forMachineSearchPath(const QString& folder)
{
    return pathVerdict(folder, true);
}

#endif

} // namespace PathTrust

QString TrustVerdict::explanation() const
{
    const QString clause = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(weakPoint), reason);
    return undo.isEmpty() ? clause
                          : QCoreApplication::translate("PathTrust", "%1; %2 takes that away").arg(clause, undo);
}
