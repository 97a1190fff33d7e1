#pragma once

#include <QString>

/** Whether a path can be changed by someone this process must not take code from, and if so where and why. */
struct TrustVerdict
{
    bool trusted = true;
    QString weakPoint; // the file or folder on the way that another user can change
    /** Who can write and through what: "user nobody (65534) owns it", "group lab (mallory, bob) can write to it",
     *  "the ACL gives user mallory write", "Users may change it (its DACL allows them write)". */
    QString reason;
    QString undo; // the command that takes the others' write away, where one does: "setfacl -b '/opt/lab/cuda'"

    static TrustVerdict untrusted(const QString& weakPoint, const QString& reason, const QString& undo = {})
    {
        return {false, weakPoint, reason, undo};
    }
    /** "…/venv/bin: user nobody (65534) owns it" as one clause (with the undo command), for a sentence that says what
     *  was not done. */
    QString explanation() const;
};

/**
 * The one trust rule (docs/elevation.md): what this process may run, import, or make root's search path name. It is
 * asked of the file and of every folder on the way to it from "/", and again of where its links lead, the way
 * OpenSSH's StrictModes asks it of authorized_keys: each must be owned by root or by this process's effective user
 * and be writable by nobody else. A world-writable folder with the sticky bit (/tmp) may be on the way, since only
 * the owner of an entry can replace it.
 *
 * When the process is privileged (root; on Windows an elevated administrator), "nobody else" is what the operating
 * system enforces: on Linux every member of a group that can write (its listed members and the users whose primary
 * group it is), every user and group a POSIX ACL gives write through its mask, and for a folder what its default ACL
 * gives new entries; an ACL that cannot be read, or a FUSE file system another user serves, is writable by others.
 * On Windows the owner and the DACL (WindowsDacl): any allow ACE that leaves write, append, delete, WRITE_DAC or
 * WRITE_OWNER to a SID other than SYSTEM, Administrators or TrustedInstaller.
 */
namespace PathTrust {

/** Root (euid 0), or an elevated administrator on Windows. */
bool privileged();

/** May this process execute path, or import code from it? */
TrustVerdict forExecution(const QString& path);

/**
 * forExecution() of folder and of everything below it (an environment's site-packages, whose .pth files and
 * packages an interpreter runs as it imports); more than maxEntries entries is a refusal, not a partial answer.
 */
TrustVerdict forTree(const QString& folder, int maxEntries);

/**
 * May root's own search path (/etc/ld.so.conf.d, /etc/profile.d, root's login profile, the loader cache, the
 * machine's Path) name this folder? The privileged rule, whoever asks: those files reach every user's programs,
 * set-user-ID ones included.
 */
TrustVerdict forMachineSearchPath(const QString& folder);

} // namespace PathTrust
