#pragma once

#include "ArchiveReader.h"
#include "BlockPipeline.h"
#include "PackageInspection.h"
#include "common/Progress.h"

#include <QElapsedTimer>
#include <QHash>
#include <memory>

class ArchiveReader;
class EntrySink;

/**
 * Reads an archive once, front to back, without writing anything, and says what it is: every entry with its
 * SHA-256, where it belongs, what the binaries are built for, the cuDNN and CUDA versions, what is missing, what is
 * unsafe, and whether the archive is intact and matches a checksum lying beside it. Contents win over the name.
 *
 * With a sink, the same pass also hands every file and link to it (the install stages the package while it is
 * judged); hashing, scanning and the sink's writes run on one worker beside decompression.
 */
class PackageInspector
{
public:
    explicit PackageInspector(ProgressSink* progress = nullptr,
                              CancellationToken cancel = {},
                              EntrySink* sink = nullptr);

    PackageInspection inspect(const QString& path);
    /** The phase named in progress reports ("Checking the package" unless set). */
    void setPhase(const QString& phase) { m_phase = phase; }

private:
    struct EntryDigest;

    void readEntries(ArchiveReader& reader, PackageInspection& result);
    bool readData(ArchiveReader& reader, qsizetype index, PackageFile& file, QByteArray* keepText);
    bool handOver(const PackageInspection& result, const PackageFile& file, const QHash<QString, qsizetype>& index);
    /** Once the worker is idle: each file's SHA-256 and CUDA references, and a hard link's its original's. */
    void collectDigests(PackageInspection& result);
    void reportProgress(const ArchiveReader& reader, const QString& current, bool force);

    ProgressSink* m_progress;
    CancellationToken m_cancel;
    EntrySink* m_sink;
    QString m_phase;
    QElapsedTimer m_sinceReport;
    BlockPipeline m_digest; // each entry's SHA-256, CUDA references and the sink's writes, beside decompression
    QList<std::pair<qsizetype, std::shared_ptr<EntryDigest>>> m_digests; // by file index, done once drained
    int m_entriesDone = 0;
    QList<int> m_cudaMajors; // CUDA library names seen in the binaries
    QByteArray m_versionHeader; // cudnn_version.h (8 on)
    QByteArray m_legacyHeader; // cudnn.h (7.x keeps the version there)
};
