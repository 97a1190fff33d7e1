#pragma once

#include <QFile>
#include <QString>

/**
 * The files the unelevated process and its elevated copy share: a private folder (0700) the invoking user made, in
 * which the elevated copy creates its files fresh, reached through folder handles that never follow a link, and
 * gives them to that user (0600). So only that user reads what the elevated copy wrote, and no link, swapped folder
 * or existing file anywhere makes it write somewhere else.
 */
namespace PrivateFiles {

/** The user an elevated copy works for: PKEXEC_UID (pkexec), else SUDO_UID (sudo), else this process's real user. */
uint invokingUser();

/**
 * Creates path fresh for the invoking user and returns it open for writing (a POSIX or C runtime descriptor), or
 * -1 with error. Every folder from "/" down is opened with O_NOFOLLOW|O_DIRECTORY relative to the one before; the
 * last must belong to the invoking user and be writable by nobody else; the file is made there with
 * O_CREAT|O_EXCL|O_NOFOLLOW (never an existing file), then given to that user, 0600. The descriptor keeps
 * writing into that file wherever its folder is moved later.
 */
int createForInvokingUser(const QString& path, QString* error);

/** A new, empty file only this user may read and write; false with error when it exists or cannot be made. */
bool create(const QString& path, QString* error);

enum class Write {
    Truncate, // the report: replaced whole
    Append, // the log and the progress lines
};
/**
 * Opens an existing regular file for writing without following a link (and refusing a file with other hard
 * links); file is open on success, false with error otherwise.
 */
bool openExisting(QFile& file, const QString& path, Write mode, QString* error);

} // namespace PrivateFiles
