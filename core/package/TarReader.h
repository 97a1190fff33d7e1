#pragma once

#include "GzipVerifier.h"
#include "LibarchiveReader.h"
#include "XzDecoder.h"

#include <memory>

/**
 * tar.xz and tar.gz through libarchive, with only the tar format and the gzip filter enabled (the other readers are
 * where libarchive's recent CVEs are). An xz stream is decoded by an XzDecoder on its own thread, whose liblzma
 * verifies the checks of every block and the stream's end; libarchive's gzip filter skips the CRC-32 trailer, so a
 * GzipVerifier checks it.
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
    la_ssize_t nextInput(const void** buffer) override;
    void stopReading() override;
    void verifyCompressedEnd();

    ArchiveContainer m_container;
    std::unique_ptr<GzipVerifier> m_gzip;
    std::unique_ptr<XzDecoder> m_xz;
};
