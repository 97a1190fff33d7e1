#include "PosixAcl.h"

#include <QFile>

#if defined(Q_OS_LINUX)
#include <acl/libacl.h>
#include <cerrno>
#include <cstring>
#include <sys/acl.h>
#endif

#if defined(Q_OS_LINUX)

namespace {

struct AclEntry
{
    acl_tag_t tag = ACL_UNDEFINED_TAG;
    uint id = 0; // the user or group of a named entry
    bool writes = false;
};

/** Every entry of one ACL; false with error set when the file system cannot give it (none at all is no error). */
bool readEntries(const QByteArray& path, acl_type_t type, QList<AclEntry>& entries, QString& error)
{
    acl_t acl = ::acl_get_file(path.constData(), type);
    if (!acl) {
        // A file system without ACLs enforces the mode bits alone: nothing more to read.
        if (errno == ENOTSUP || errno == ENOSYS)
            return true;
        error = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    acl_entry_t entry = nullptr;
    for (int which = ACL_FIRST_ENTRY; ::acl_get_entry(acl, which, &entry) == 1; which = ACL_NEXT_ENTRY) {
        AclEntry read;
        acl_permset_t permissions = nullptr;
        if (::acl_get_tag_type(entry, &read.tag) != 0 || ::acl_get_permset(entry, &permissions) != 0) {
            error = QString::fromLocal8Bit(std::strerror(errno));
            ::acl_free(acl);
            return false;
        }
        read.writes = ::acl_get_perm(permissions, ACL_WRITE) == 1;
        if (read.tag == ACL_USER || read.tag == ACL_GROUP) {
            void* qualifier = ::acl_get_qualifier(entry);
            if (!qualifier) {
                error = QString::fromLocal8Bit(std::strerror(errno));
                ::acl_free(acl);
                return false;
            }
            read.id
                = read.tag == ACL_USER ? uint(*static_cast<uid_t*>(qualifier)) : uint(*static_cast<gid_t*>(qualifier));
            ::acl_free(qualifier);
        }
        entries.append(read);
    }
    ::acl_free(acl);
    return true;
}

/** Whether the mask lets write through: an ACL without a mask (three entries only) masks nothing. */
bool maskWrites(const QList<AclEntry>& entries)
{
    for (const AclEntry& entry : entries) {
        if (entry.tag == ACL_MASK)
            return entry.writes;
    }
    return true;
}

} // namespace

PosixAclWriters PosixAclWriters::of(const QString& path, bool folder, uint owningGroup)
{
    PosixAclWriters writers;
    const QByteArray name = QFile::encodeName(path);
    QList<AclEntry> access;
    if (!readEntries(name, ACL_TYPE_ACCESS, access, writers.error))
        return writers;
    const bool masked = maskWrites(access);
    for (const AclEntry& entry : std::as_const(access)) {
        if (entry.tag == ACL_MASK || entry.tag == ACL_USER || entry.tag == ACL_GROUP)
            writers.extended = true;
        if (!entry.writes || !masked)
            continue;
        if (entry.tag == ACL_USER)
            writers.users.append(entry.id);
        else if (entry.tag == ACL_GROUP)
            writers.groups.append(entry.id);
        else if (entry.tag == ACL_GROUP_OBJ)
            writers.owningGroupWrites = true;
    }
    if (!folder)
        return writers;
    QList<AclEntry> inherited;
    if (!readEntries(name, ACL_TYPE_DEFAULT, inherited, writers.error))
        return writers;
    const bool inheritedMasked = maskWrites(inherited);
    for (const AclEntry& entry : std::as_const(inherited)) {
        if (!entry.writes)
            continue;
        if (entry.tag == ACL_OTHER)
            writers.defaultOthersWrite = true;
        else if (!inheritedMasked)
            continue;
        else if (entry.tag == ACL_USER)
            writers.defaultUsers.append(entry.id);
        else if (entry.tag == ACL_GROUP)
            writers.defaultGroups.append(entry.id);
        else if (entry.tag == ACL_GROUP_OBJ)
            writers.defaultGroups.append(owningGroup);
    }
    return writers;
}

#else

PosixAclWriters PosixAclWriters::of(const QString&, bool, uint)
{
    return {}; // no POSIX ACLs here: the mode bits are the whole answer
}

#endif
