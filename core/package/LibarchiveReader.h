#pragma once

#include "ArchiveReader.h"
#include "HashedFile.h"

#include <archive.h>

/**
 * What the zip and tar readers share: libarchive fed from our own HashedFile (so every compressed byte is hashed as
 * it passes), the walk from header to header, and an entry's data gathered into large blocks. A subclass enables
 * its formats, opens, and turns each header into an ArchiveEntry.
 */
class LibarchiveReader : public ArchiveReader
{
public:
    ~LibarchiveReader() override;
    LibarchiveReader(const LibarchiveReader&) = delete;
    LibarchiveReader& operator=(const LibarchiveReader&) = delete;

    qint64 readBlock(QByteArrayView* block) final;
    qint64 compressedBytesRead() const final { return m_file.hashedBytes(); }
    qint64 compressedSize() const final { return m_file.size(); }
    QByteArray archiveSha256() final;

protected:
    explicit LibarchiveReader(const QString& path);

    /** Opens libarchive on the file (after the subclass enabled its formats); seekable: random access too. */
    bool openArchive(bool seekable);
    /**
     * The next header, after draining what the caller left of the current entry; nullptr at the end (atEnd()) or on
     * an error (error() is set).
     */
    struct archive_entry* nextHeader();
    bool atEnd() const { return m_atEnd; }
    /** The current entry has data to be read (readBlock), or not (links, folders). */
    void setDataPending(bool pending) { m_dataPending = pending; }
    /** Sets error() from libarchive's last error, in the subclass's terms (truncated, corrupt, unsupported...). */
    virtual void failFromLibrary(const QString& entry) = 0;
    /**
     * The next bytes libarchive reads, valid until the next call: by default the file's own; a subclass may decode
     * them first. -1 with archive_set_error on failure.
     */
    virtual la_ssize_t nextInput(const void** buffer);
    /** Stops whatever reads the file besides libarchive, before the rest of it is hashed. */
    virtual void stopReading() { }
    /** A name as libarchive gives it: UTF-8 where it could convert, else the raw bytes in the file system's encoding.
     */
    static QString text(const char* utf8, const char* raw);

    HashedFile m_file;
    struct archive* m_archive = nullptr;
    QString m_currentPath;

private:
    static la_ssize_t readCallback(struct archive* archive, void* self, const void** buffer);
    static la_int64_t seekCallback(struct archive* archive, void* self, la_int64_t offset, int whence);

    QByteArray m_buffer; // compressed bytes handed to libarchive
    QByteArray m_block; // an entry's data, gathered into large blocks
    bool m_dataPending = false;
    bool m_atEnd = false;
};
