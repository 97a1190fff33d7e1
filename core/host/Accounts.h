#pragma once

#include <QList>
#include <QString>

/**
 * The machine's users and groups, as the system's account database (NSS: /etc/passwd and /etc/group, or a directory
 * service) names them: who is in a group a folder lets write. POSIX only; on Windows every answer is empty.
 */
namespace Accounts {

/** "mallory", or the number itself where no account has it. */
QString userName(uint uid);
QString groupName(uint gid);

/**
 * Every user in group gid: its listed members and the users whose primary group it is, in uid order. A directory
 * service that does not enumerate its users gives only the local ones whose primary group it is (docs/elevation.md).
 */
QList<uint> groupMembers(uint gid);

} // namespace Accounts
