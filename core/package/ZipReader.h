#pragma once

#include "ArchiveReader.h"
#include "HashedFile.h"

#include <memory>
#include <quazip/quazip.h>
#include <quazip/quazipfile.h>

/**
 * .zip through QuaZip's streaming API (QuaZip + QuaZipFile; never JlCompress, which writes through symlinks).
 * Every entry is read to its end, so minizip checks its CRC.
 */
class ZipReader final : public ArchiveReader
{
public:
    explicit ZipReader(const QString& path);
    ~ZipReader() override;

    bool next(ArchiveEntry* entry) override;
    qint64 readBlock(QByteArrayView* block) override;

    ArchiveContainer container() const override { return ArchiveContainer::Zip; }
    qint64 compressedBytesRead() const override { return m_file.hashedBytes(); }
    qint64 compressedSize() const override { return m_file.size(); }
    QByteArray archiveSha256() override;

private:
    bool openCurrent(const ArchiveEntry& entry);
    bool closeCurrent();
    static bool hasEndOfCentralDirectory(const QString& path);

    HashedFile m_file;
    QuaZip m_zip;
    std::unique_ptr<QuaZipFile> m_current;
    QByteArray m_buffer;
    QString m_currentPath;
    qint64 m_expectedSize = 0;
    qint64 m_readSize = 0;
    bool m_started = false;
};
