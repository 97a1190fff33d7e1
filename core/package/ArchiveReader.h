#pragma once

#include "ArchiveEntry.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <memory>

/** Which container a file is, judged from its first bytes (never from the name). */
ArchiveContainer sniffArchiveContainer(const QString& path);

/** Why reading stopped early. Truncated and Corrupt are the archive's fault; Io is the machine's. */
struct ArchiveError
{
    enum class Kind {
        None,
        Truncated,
        Corrupt,
        Unsupported,
        Io,
        Canceled,
    };
    Kind kind = Kind::None;
    QString message; // the library's own words
    QString entry; // the entry being read, if any

    bool isError() const { return kind != Kind::None; }
};

/**
 * Streams the members of one archive, once, front to back, without extracting anything:
 *
 *     while (reader->next(&entry))
 *         while ((n = reader->readBlock(&block)) > 0) consume(block);
 *     if (reader->error().isError()) ...
 *
 * next() skips (but still reads, so checksums are verified) any data not pulled. Every compressed byte that passes
 * through is also hashed, so archiveSha256() costs no second pass. The inspector and the install step share this.
 */
class ArchiveReader
{
public:
    static constexpr qint64 BlockSize = 1024 * 1024;

    virtual ~ArchiveReader() = default;

    /** A reader for the container the file's bytes say it is; nullptr with *error set if none fits. */
    static std::unique_ptr<ArchiveReader> open(const QString& path, ArchiveError* error);
    /** How many archives this process has begun to read: tests count reads with it. */
    static int opened();

    /** Moves to the next entry; false at the end or on error (see error()). */
    virtual bool next(ArchiveEntry* entry) = 0;
    /**
     * The next block of the current entry's data: > 0 bytes in *block (valid until the next call), 0 at the end of
     * the entry, -1 on error.
     */
    virtual qint64 readBlock(QByteArrayView* block) = 0;

    virtual ArchiveContainer container() const = 0;
    const ArchiveError& error() const { return m_error; }

    /** Compressed bytes consumed so far, and the file size: the honest measure of progress. */
    virtual qint64 compressedBytesRead() const = 0;
    virtual qint64 compressedSize() const = 0;
    /** SHA-256 of the whole archive file. Reads what the libraries did not (a zip's directory), once, at the end. */
    virtual QByteArray archiveSha256() = 0;

protected:
    void fail(ArchiveError::Kind kind, const QString& message, const QString& entry = {});
    ArchiveError m_error;
};
