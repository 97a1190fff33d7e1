#pragma once

#include "GzipVerifier.h"
#include "LibarchiveReader.h"

#include <memory>

/**
 * tar.xz and tar.gz through libarchive, with only the tar format and the xz and gzip filters enabled (the other
 * readers are where libarchive's recent CVEs are). xz blocks carry checks liblzma verifies; libarchive's gzip filter
 * skips the CRC-32 trailer, so a GzipVerifier checks it.
 */
class TarReader final : public LibarchiveReader
{
public:
    TarReader(const QString& path, ArchiveContainer container);
    ~TarReader() override;

    bool next(ArchiveEntry* entry) override;
    ArchiveContainer container() const override { return m_container; }

private:
    void failFromLibrary(const QString& entry) override;
    void verifyCompressedEnd();

    ArchiveContainer m_container;
    std::unique_ptr<GzipVerifier> m_gzip;
};
