#pragma once

#include "BlockPipeline.h"
#include "PackageInspection.h"
#include "common/Progress.h"

#include <QElapsedTimer>

class ArchiveReader;

/**
 * Reads an archive once, front to back, without writing anything, and says what it is: every entry with its
 * SHA-256, where it belongs, what the binaries are built for, the cuDNN and CUDA versions, what is missing, what is
 * unsafe, and whether the archive is intact and matches a checksum lying beside it. Contents win over the name.
 */
class PackageInspector
{
public:
    explicit PackageInspector(ProgressSink* progress = nullptr, CancellationToken cancel = {});

    PackageInspection inspect(const QString& path);

private:
    void readEntries(ArchiveReader& reader, PackageInspection& result);
    bool readData(ArchiveReader& reader, PackageFile& file, QByteArray* keepText);
    void reportProgress(const ArchiveReader& reader, const QString& current, bool force);

    ProgressSink* m_progress;
    CancellationToken m_cancel;
    QElapsedTimer m_sinceReport;
    BlockPipeline m_digest; // each entry's SHA-256 and CUDA references, beside decompression
    int m_entriesDone = 0;
    QList<int> m_cudaMajors; // CUDA library names seen in the binaries
    QByteArray m_versionHeader; // cudnn_version.h (8 on)
    QByteArray m_legacyHeader; // cudnn.h (7.x keeps the version there)
};
