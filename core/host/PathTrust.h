#pragma once

#include <QString>

/** Whether a path can be changed by someone this process must not take code from, and if so where and why. */
struct TrustVerdict
{
    bool trusted = true;
    QString weakPoint; // the file or folder on the way that another user can change
    QString reason; // "user 65534 owns it", "group 1000 can write to it", "anyone can write to it"

    static TrustVerdict untrusted(const QString& weakPoint, const QString& reason)
    {
        return {false, weakPoint, reason};
    }
    /** "…/venv/bin is writable by user 65534" as one clause, for a sentence that says what was not done. */
    QString explanation() const;
};

/**
 * The one trust rule (docs/elevation.md): what this process may run, import, or make root's search path name. It is
 * asked of the file and of every folder on the way to it from "/", and again of where its links lead, the way
 * OpenSSH's StrictModes asks it of authorized_keys: each must be owned by root or by this process's effective user
 * and be writable by nobody else. A world-writable folder with the sticky bit (/tmp) may be on the way, since only
 * the owner of an entry can replace it. When the process is privileged (root; on Windows an elevated
 * administrator), a group other than root's that can write also fails it.
 *
 * Windows has no owner-and-mode answer to read cheaply; there an elevated process trusts only the Windows folder,
 * Program Files and its own folder, which only administrators can change by default.
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
