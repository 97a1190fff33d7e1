#pragma once

#include "LibarchiveReader.h"

/**
 * .zip through libarchive's seekable zip reader, the only format it enables: the central directory (read first)
 * gives each entry's type, Unix mode and sizes, as Info-ZIP and NVIDIA's Windows archives store them. Every entry
 * is read to its end, so libarchive checks its CRC-32. The same library reads the tar archives (TarReader), so the
 * Windows build needs no second archive library and the zip code that runs there is the code tested on Linux.
 */
class ZipReader final : public LibarchiveReader
{
public:
    explicit ZipReader(const QString& path);

    bool next(ArchiveEntry* entry) override;
    ArchiveContainer container() const override { return ArchiveContainer::Zip; }
    /**
     * The members the central directory declares, with their declared sizes, known before any is read (so an
     * install can judge the whole list before it stages a byte).
     */
    QList<ArchiveEntry> declaredEntries() const { return m_directory; }

private:
    /** The central directory's names and uncompressed sizes (zip64 too), read from the file's end. */
    static QList<ArchiveEntry> readDirectory(const QString& path);

    QList<ArchiveEntry> m_directory;
    void failFromLibrary(const QString& entry) override;
    static bool hasEndOfCentralDirectory(const QString& path);
};
