#include "Accounts.h"

#include <QHash>
#include <QMutex>

#ifndef Q_OS_WIN
#include <algorithm>
#include <cerrno>
#include <grp.h>
#include <optional>
#include <pwd.h>
#include <unistd.h>
#include <vector>
#endif

namespace Accounts {

#ifndef Q_OS_WIN

namespace {

/** getpwent/getgrent walk one shared cursor: one walker at a time, and their answers kept for the process. */
QMutex& databaseMutex()
{
    static QMutex mutex;
    return mutex;
}

long bufferSize(int name)
{
    const long size = ::sysconf(name);
    return size > 0 ? size : 16384;
}

std::optional<uint> uidNamed(const char* name)
{
    struct passwd entry = {};
    struct passwd* found = nullptr;
    std::vector<char> buffer(size_t(bufferSize(_SC_GETPW_R_SIZE_MAX)));
    if (::getpwnam_r(name, &entry, buffer.data(), buffer.size(), &found) != 0 || !found)
        return std::nullopt;
    return found->pw_uid;
}

} // namespace

QString userName(uint uid)
{
    struct passwd entry = {};
    struct passwd* found = nullptr;
    std::vector<char> buffer(size_t(bufferSize(_SC_GETPW_R_SIZE_MAX)));
    if (::getpwuid_r(uid_t(uid), &entry, buffer.data(), buffer.size(), &found) != 0 || !found)
        return QString::number(uid);
    return QString::fromLocal8Bit(found->pw_name);
}

QString groupName(uint gid)
{
    struct group entry = {};
    struct group* found = nullptr;
    std::vector<char> buffer(size_t(bufferSize(_SC_GETGR_R_SIZE_MAX)));
    if (::getgrgid_r(gid_t(gid), &entry, buffer.data(), buffer.size(), &found) != 0 || !found)
        return QString::number(gid);
    return QString::fromLocal8Bit(found->gr_name);
}

QList<uint> groupMembers(uint gid)
{
    static QHash<uint, QList<uint>> known;
    const QMutexLocker locked(&databaseMutex());
    if (const auto it = known.constFind(gid); it != known.cend())
        return *it;
    QList<uint> members;
    struct group entry = {};
    struct group* found = nullptr;
    std::vector<char> buffer(size_t(bufferSize(_SC_GETGR_R_SIZE_MAX)));
    // A group with many members needs more room than sysconf says: grow until it fits.
    int status = 0;
    while ((status = ::getgrgid_r(gid_t(gid), &entry, buffer.data(), buffer.size(), &found)) == ERANGE)
        buffer.resize(buffer.size() * 2);
    if (status == 0 && found) {
        for (char** member = found->gr_mem; member && *member; ++member) {
            if (const std::optional<uint> uid = uidNamed(*member))
                members.append(*uid);
        }
    }
    ::setpwent();
    while (const struct passwd* user = ::getpwent()) {
        if (user->pw_gid == gid_t(gid))
            members.append(user->pw_uid);
    }
    ::endpwent();
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());
    known.insert(gid, members);
    return members;
}

#else

QString userName(uint uid)
{
    return QString::number(uid);
}

QString groupName(uint gid)
{
    return QString::number(gid);
}

QList<uint> groupMembers(uint)
{
    return {};
}

#endif

} // namespace Accounts
