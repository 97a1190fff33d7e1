#pragma once

#include "ChangeSet.h"
#include "common/Progress.h"
#include "package/ArchiveReader.h"
#include "package/BlockPipeline.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

class ArchiveReader;
class FileWriter;
class InstallLog;

/**
 * The streaming pass: reads the archive once, front to back, and writes every entry the change set writes under
 * its staged name next to its destination, in large blocks, flushed, each checked against the plan (type, link
 * target, size, SHA-256) while it is written; copies a deploy's files from disk the same way. Nothing is put in
 * place here and nothing is written through a link: each folder is checked to be what the plan resolved, inside the
 * root, right before its files are written. Cancel is honoured between blocks.
 *
 * Hashing, writing and flushing run on a worker thread (BlockPipeline), so decompression never waits for them: on
 * two cores the merge then costs about what decompression alone costs.
 */
class Merger
{
    Q_DECLARE_TR_FUNCTIONS(Merger)

public:
    struct Outcome
    {
        bool ok = false;
        bool canceled = false;
        QString code; // InstallCode of the failure
        QString error;
    };

    Merger(ProgressSink* progress, CancellationToken cancel, InstallLog* log);

    /**
     * Stages every change that writes at stagedPath(change). archiveSha256 is the inspection's: an archive that
     * changed since is refused. Disk copies get their SHA-256 filled in.
     */
    Outcome stage(const QString& archive,
                  const QString& archiveSha256,
                  ChangeSet& changes,
                  const std::function<QString(const Change&)>& stagedPath);

private:
    bool stageArchive(const QString& archive, const QString& archiveSha256, const ChangeSet& changes);
    bool readEntries(ArchiveReader& reader, const QString& archive, const ChangeSet& changes);
    /** Opens the staged file here, and hands its blocks and its finish to the worker. */
    bool stageEntry(ArchiveReader& reader, const Change& change, const QString& staged);
    /** Waits for the worker; false (with the outcome set to its failure) when something it wrote failed. */
    bool drainWrites();
    /** On the worker: keeps the first failure for drainWrites(). */
    void writeFailed(const FileWriter& writer);
    bool stageCopy(const QString& from, const Change& change, const QString& staged, QString* sha256);
    bool stageLink(const Change& change, const QString& staged);
    bool folderIsSafe(const QString& destination, const QString& root);
    bool write(FileWriter& writer, QByteArrayView block, const QString& destination);
    bool fail(const QString& code, const QString& error);
    void report(const QString& current, bool force);

    ProgressSink* m_progress;
    CancellationToken m_cancel;
    InstallLog* m_log;
    std::function<QString(const Change&)> m_stagedPath;
    QHash<QString, QString> m_staged; // destination -> staged path
    QList<std::pair<QString, std::shared_ptr<FileWriter>>> m_written; // by the worker, logged once it is done
    BlockPipeline m_writes;
    std::atomic<bool> m_writeFailed{false};
    std::mutex m_failureMutex;
    Outcome m_writeFailure; // the worker's first failure
    Outcome m_outcome;
    ProgressUpdate m_update;
    QElapsedTimer m_sinceReport;
};
