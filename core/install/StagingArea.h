#pragma once

#include "package/EntrySink.h"

#include <QCoreApplication>
#include <QHash>
#include <atomic>
#include <functional>
#include <mutex>

class InstallLog;

/**
 * Where one install's package lands while the same pass reads and judges it: <root>/.cudnn-setup/staging/<id>/,
 * on the root's own file system, so putting a file in place afterwards is a rename. Nothing the verdict has not
 * accepted is written anywhere else: every member gets a numbered name (never its archive path), is created
 * exclusively (a planted link is refused, not followed), written on the inspector's worker and flushed to the disk;
 * links are made as links, a hard link is a copy of its original. The transaction's journal names the folder, so a
 * rollback, or the next run after a crash, removes it whole.
 *
 * Bounded: before a member's first byte, its declared size must be plausible for a cuDNN member (MemberSize) and
 * fit the free space of the volume (less Preflight's margin); a member that brings more bytes than it declared is
 * refused at the first byte too many. So a bomb stops at its header, and a full disk says so (INSTALL-NO-SPACE).
 */
class StagingArea final : public EntrySink
{
    Q_DECLARE_TR_FUNCTIONS(StagingArea)

public:
    using SpaceProbe = std::function<qint64(const QString& path)>;

    StagingArea(QString folder, InstallLog* log, SpaceProbe availableBytes);

    /** Creates the folder (it must not exist yet). */
    bool create(QString* error);
    QString folder() const { return m_folder; }

    bool admitDirectory(const QList<ArchiveEntry>& declared) override;
    std::shared_ptr<Output> openFile(const ArchiveEntry& entry) override;
    bool addSymlink(const ArchiveEntry& entry) override;
    bool addHardlink(const ArchiveEntry& entry, const ArchiveEntry& original) override;
    bool failed() const override { return m_failed; }

    /** Where an archive member was staged; empty when it was not (a folder, a special file, a failure). */
    QString stagedPath(const QString& entryPath) const { return m_staged.value(entryPath); }
    /** The first failure, in the system's words. */
    QString errorString() const;
    /** Its InstallCode: INSTALL-NO-SPACE, INSTALL-UNSAFE-PACKAGE for an implausible member, else INSTALL-WRITE-FAILED.
     */
    QString errorCode() const;

private:
    class StagedFile;

    QString nextName();
    bool fail(const QString& error, const QString& code = {});
    /** Whether a member declaring this many bytes may be staged; fails the area when not. */
    bool admits(const ArchiveEntry& entry, qint64 declared);
    /** Whether declared bytes fit the staging volume's free space, less Preflight's margin; fails the area when not. */
    bool fits(const QString& what, qint64 declared);

    QString m_folder;
    InstallLog* m_log;
    SpaceProbe m_availableBytes;
    QHash<QString, QString> m_staged; // archive path -> staged file; the reading thread's
    int m_count = 0;
    std::atomic<bool> m_failed{false};
    mutable std::mutex m_mutex;
    QString m_error; // the first failure, from either thread
    QString m_code;
};
