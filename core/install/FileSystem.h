#pragma once

#include <QByteArray>
#include <QString>

class QFileDevice;

/**
 * The few file system calls the install makes, each durable and exact: links are never followed, a rename replaces
 * its target in one step, a flush reaches the disk (fsync, FlushFileBuffers). Errors come back as the system's own
 * words. Fault points (FaultPoint) sit in front of the calls a test needs to fail.
 */
namespace FileSystem {

enum class Kind {
    None,
    File,
    Symlink,
    Directory,
    Other,
};

/** What is at path itself (lstat: a link is a link, whatever it points to). */
Kind kindOf(const QString& path);
inline bool exists(const QString& path)
{
    return kindOf(path) != Kind::None;
}
/** A link's target as written in the link; empty if path is no link. */
QString linkTarget(const QString& path);

/** Renames from over to (replacing it in one step). Across file systems: copies, flushes, then removes from. */
bool move(const QString& from, const QString& to, QString* error);
/** Creates one folder level; true if it is (already) a folder. */
bool makeFolder(const QString& path, QString* error);
/** Creates the folder and its missing parents. */
bool makePath(const QString& path, QString* error);
/** Removes a folder only when it is empty; true if it is gone. */
bool removeFolderIfEmpty(const QString& path);
/** Removes a file or a link (never what a link points to). True if nothing is left at path. */
bool removeEntry(const QString& path, QString* error = nullptr);
/** Removes every empty folder below path, and path itself if it ends up empty (bottom up, links never followed). */
void removeEmptyFolders(const QString& path);
/** Removes a folder and everything below it, never following links out of it. */
bool removeTree(const QString& path);
bool createSymlink(const QString& target, const QString& path, QString* error);

/** Asks the kernel to start writing a range out now, without waiting (Linux), so the flush at the end is short. */
void startWriteback(QFileDevice& file, qint64 offset, qint64 length);
/** Gives an open file the mode 0755 or 0644 (Windows: only whether it is writable counts, and it stays writable). */
bool setMode(QFileDevice& file, int mode, QString* error);
/** Flushes an open file's data to the disk. */
bool syncFile(QFileDevice& file, QString* error);
/** Makes renames and new entries in a folder durable (POSIX; Windows journals them itself). */
void syncFolder(const QString& path);
/** Writes a small file (journal, manifest) so that it is either the old or the new one after any crash. */
bool writeAtomically(const QString& path, const QByteArray& data, const char* faultPoint, QString* error);
/** Where writeAtomically() writes before the rename (what a crash in the middle leaves). */
QString partialPath(const QString& path);

/** Whether this process may create entries in the folder (EACCES, EROFS, ACLs). */
bool canWriteIn(const QString& folder);
/** Bytes a non-privileged write may still use on the volume holding path; -1 if unknown. */
qint64 availableBytes(const QString& path);
/** Whether an errno says the disk (or the user's quota) is full: ENOSPC, EDQUOT. */
bool isNoSpace(int error);
/** Whether the volume holding path is mounted read-only (then not even root may write there). */
bool isOnReadOnlyVolume(const QString& path);
/** What names this folder itself, not its path: device and inode (POSIX); empty where unknown (Windows). */
QByteArray identityOf(const QString& path);
/** Hex SHA-256 of a file's content; empty if it cannot be read. */
QString sha256Of(const QString& path);

/** path equals root or lies below it, compared as written (both canonical, "/" separators). */
bool isInside(const QString& root, const QString& path);
/** The folder exists, no link along it leads anywhere else (canonical == as written), and it lies inside root. */
bool isSafeFolder(const QString& folder, const QString& root);
/** The parent folder of path ("/a/b/c" -> "/a/b"). */
QString parentOf(const QString& path);

} // namespace FileSystem
