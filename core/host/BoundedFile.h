#pragma once

#include <QByteArray>
#include <QString>

/** What readBoundedFile found: the bytes, or why there are none. */
struct BoundedRead
{
    bool ok = false;
    bool truncated = false; // the file holds more than the cap: data is its first maxBytes bytes
    QByteArray data;
    QString error; // why it was not read: missing, not a regular file, unreadable

    /** The bytes when the whole file was read; nothing otherwise. */
    QByteArray whole() const { return ok && !truncated ? data : QByteArray(); }
};

/**
 * Reads a file for facts, so that nothing a user puts where a file should be can stall or swamp the reader: opened
 * as RegularFile opens it (without blocking, refused unless the open descriptor is a regular file: no FIFO, device
 * or socket, so /dev/zero is never read), then read up to maxBytes, counted as read rather than taken from the size
 * the file claims. Unlike RegularFile::readSmall, a longer file gives its first maxBytes (a header's prefix).
 */
BoundedRead readBoundedFile(const QString& path, qint64 maxBytes);
