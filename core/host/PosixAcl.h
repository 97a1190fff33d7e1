#pragma once

#include <QList>
#include <QString>

/**
 * What a POSIX access control list (Linux, libacl) lets others do beyond the mode bits' owner and others: the users
 * and groups it gives write, through its mask, and for a folder what its default ACL gives what is created in it.
 */
struct PosixAclWriters
{
    bool extended = false; // an ACL beyond the three mode-bit entries: the mode's group bits are then its mask
    bool owningGroupWrites = false; // the owning group's own entry has write, through the mask (when extended)
    QList<uint> users; // named users with write, through the mask
    QList<uint> groups; // named groups with write, through the mask
    QList<uint> defaultUsers; // a folder's default ACL: named users new entries give write
    QList<uint> defaultGroups; // ... named groups, and the owning group's entry (as its gid)
    bool defaultOthersWrite = false;
    QString error; // the file system could not say (an ACL it cannot read); empty when it has none to give

    /** Read the ACLs of path (not a link; not followed): its access ACL and, for a folder, its default ACL. */
    static PosixAclWriters of(const QString& path, bool folder, uint owningGroup);
};
