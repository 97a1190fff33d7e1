#pragma once

#include <QByteArray>
#include <QString>

/**
 * The text a person pastes, as --explain reads it: at most MaxBytes, ANSI colour and cursor sequences removed, CRLF
 * and lone CR (a progress bar's redraw) as line ends, UTF-8, or the system's 8-bit encoding where the bytes are not
 * UTF-8 (a Chinese Windows console's GBK piped into a file).
 */
namespace ErrorText {

inline constexpr qint64 MaxBytes = 1024 * 1024;

struct Read
{
    QString text;
    bool tooLarge = false; // more than MaxBytes: nothing is read
    QString error; // the file could not be read (missing, a folder, a FIFO)
};

/** Bytes as pasted or piped; tooLarge when there are more than MaxBytes. */
Read fromBytes(const QByteArray& bytes);
/** A file (--from FILE): a regular file only, read without blocking, never past MaxBytes + 1. */
Read fromFile(const QString& path);
/** The text with escape sequences gone and every line end a "\n". */
QString normalise(const QString& text);

} // namespace ErrorText
