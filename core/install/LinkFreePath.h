#pragma once

#include "FileSystem.h"

#include <QByteArray>
#include <QString>

class QFile;

/**
 * The calls that change a toolkit, made so that no link can redirect them. Every path a plan writes is canonical when
 * it is planned (a folder link of the layout, like NVIDIA's lib64 -> lib, is resolved then, so a destination never
 * names it). At write time the path is opened from "/" one folder at a time, each with O_NOFOLLOW|O_DIRECTORY, and
 * the change itself is renameat/unlinkat/mkdirat/symlinkat/openat relative to the last folder's handle: a folder
 * that is a link now, however it got there, refuses the call with the link's name, and a folder swapped after it was
 * opened no longer matters, since the handle holds the folder that was checked. The last name itself is never
 * followed either (a rename or an unlink acts on a link, never on what it points to; a new file is O_CREAT|O_EXCL).
 * On Windows each folder of the path is checked to be no reparse point (link, junction) right before the call.
 */
namespace LinkFreePath {

/** What is at path, or None when path is missing or a folder on the way to it is a link. */
FileSystem::Kind kindOf(const QString& path);
inline bool exists(const QString& path)
{
    return kindOf(path) != FileSystem::Kind::None;
}
/** Why path cannot be reached without following a link (a folder on the way is one); empty otherwise. */
QString problemOnTheWay(const QString& path);

/** Renames from over to in one step; across file systems a flushed copy is renamed into place first. */
bool move(const QString& from, const QString& to, QString* error);
bool makeFolder(const QString& path, QString* error);
bool makePath(const QString& path, QString* error);
/** True if no folder is left at path (it was empty, or was not there). */
bool removeFolderIfEmpty(const QString& path);
/** Removes a file or a link; true if nothing is left at path. */
bool removeEntry(const QString& path, QString* error = nullptr);
/** Removes a folder and everything below it; links below it are removed, never followed. */
bool removeTree(const QString& path);
/** Removes every empty folder below path, and path itself if it ends up empty. */
void removeEmptyFolders(const QString& path);
bool createSymlink(const QString& target, const QString& path, QString* error);
/** Creates path as a new file (never over anything) and opens it in file for writing. */
bool createFile(QFile& file, const QString& path, QString* error);

} // namespace LinkFreePath
