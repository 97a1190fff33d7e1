#pragma once

#include "ArchiveReader.h"
#include "HashedFile.h"

#include <archive.h>

/**
 * .zip through libarchive's seekable zip reader, the only format it enables: the central directory (read first)
 * gives each entry's type, Unix mode and sizes, as Info-ZIP and NVIDIA's Windows archives store them. Every entry
 * is read to its end, so libarchive checks its CRC-32. The same library reads the tar archives (TarReader), so the
 * Windows build needs no second archive library and the zip code that runs there is the code tested on Linux.
 */
class ZipReader final : public ArchiveReader
{
public:
    explicit ZipReader(const QString& path);
    ~ZipReader() override;
    ZipReader(const ZipReader&) = delete;
    ZipReader& operator=(const ZipReader&) = delete;

    bool next(ArchiveEntry* entry) override;
    qint64 readBlock(QByteArrayView* block) override;

    ArchiveContainer container() const override { return ArchiveContainer::Zip; }
    qint64 compressedBytesRead() const override { return m_file.hashedBytes(); }
    qint64 compressedSize() const override { return m_file.size(); }
    QByteArray archiveSha256() override;

private:
    static la_ssize_t readCallback(struct archive* archive, void* self, const void** buffer);
    static la_int64_t seekCallback(struct archive* archive, void* self, la_int64_t offset, int whence);
    static bool hasEndOfCentralDirectory(const QString& path);
    void failFromLibrary(const QString& entry);

    HashedFile m_file;
    QByteArray m_buffer; // compressed bytes handed to libarchive
    QByteArray m_block; // an entry's data, gathered into large blocks
    struct archive* m_archive = nullptr;
    QString m_currentPath;
    bool m_dataPending = false; // the current entry has data not yet read
};
