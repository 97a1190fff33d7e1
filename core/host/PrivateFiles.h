#pragma once

#include <QFile>
#include <QString>

/**
 * The files the unelevated process and its elevated copy share: created by the invoking user (0600, in a 0700
 * folder), written by the elevated copy only into the existing file, never through a link, so only that user reads
 * what the elevated copy wrote and a planted link cannot make it write anywhere else.
 */
namespace PrivateFiles {

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
