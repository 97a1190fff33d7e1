#pragma once

#include "ArchiveReader.h"
#include "GzipVerifier.h"
#include "HashedFile.h"

#include <archive.h>

/**
 * tar.xz and tar.gz through libarchive, with only the tar format and the xz and gzip filters enabled (the other
 * readers are where libarchive's recent CVEs are). The compressed bytes are fed from our own HashedFile. xz blocks
 * carry checks liblzma verifies; libarchive's gzip filter skips the CRC-32 trailer, so a GzipVerifier checks it.
 */
class TarReader final : public ArchiveReader
{
public:
    TarReader(const QString& path, ArchiveContainer container);
    ~TarReader() override;
    TarReader(const TarReader&) = delete;
    TarReader& operator=(const TarReader&) = delete;

    bool next(ArchiveEntry* entry) override;
    qint64 readBlock(QByteArrayView* block) override;

    ArchiveContainer container() const override { return m_container; }
    qint64 compressedBytesRead() const override { return m_file.hashedBytes(); }
    qint64 compressedSize() const override { return m_file.size(); }
    QByteArray archiveSha256() override;

private:
    static la_ssize_t readCallback(struct archive* archive, void* self, const void** buffer);
    void failFromLibrary(const QString& entry);
    void verifyCompressedEnd();

    ArchiveContainer m_container;
    HashedFile m_file;
    QByteArray m_buffer; // compressed bytes handed to libarchive
    QByteArray m_block; // an entry's data, gathered into large blocks
    struct archive* m_archive = nullptr;
    std::unique_ptr<GzipVerifier> m_gzip;
    QString m_currentPath;
    bool m_dataPending = false; // the current entry has data not yet read
};
