#include "ToolkitState.h"

#include "FileSystem.h"
#include "RecordedPaths.h"

ToolkitState::ToolkitState(const QString& root)
    : m_root(root)
{
}

ToolkitState::~ToolkitState()
{
    unlock();
}

QString ToolkitState::folder() const
{
    return m_root + QLatin1Char('/') + FolderName;
}

QString ToolkitState::journalFile() const
{
    return folder() + QStringLiteral("/journal.json");
}

QString ToolkitState::manifestFile() const
{
    return folder() + QStringLiteral("/manifest.json");
}

QString ToolkitState::backupFolder(const QString& transaction) const
{
    return folder() + QStringLiteral("/backup/") + transaction;
}

QString ToolkitState::stagingFolder(const QString& transaction) const
{
    return RecordedPaths::isTransactionId(transaction) ? folder() + QStringLiteral("/staging/") + transaction
                                                       : QString();
}

QString ToolkitState::backupPath(const QString& transaction, const QString& destination) const
{
    return backupFolder(transaction) + QLatin1Char('/') + relativePath(destination);
}

QString ToolkitState::relativePath(const QString& destination) const
{
    return destination.mid(m_root.size() + (m_root.endsWith(QLatin1Char('/')) ? 0 : 1));
}

QString ToolkitState::absolutePath(const QString& relative) const
{
    return m_root + (m_root.endsWith(QLatin1Char('/')) ? QString() : QStringLiteral("/")) + relative;
}

QString ToolkitState::relativeToFolder(const QString& path) const
{
    return path.mid(folder().size() + 1);
}

QString ToolkitState::absoluteInFolder(const QString& relative) const
{
    return folder() + QLatin1Char('/') + relative;
}

ToolkitState::LockResult ToolkitState::lock(QString* error)
{
    if (m_lock)
        return LockResult::Locked;
    if (!FileSystem::makeFolder(folder(), error))
        return LockResult::Denied;
    auto lock = std::make_unique<QLockFile>(folder() + QStringLiteral("/lock"));
    // An install may run for minutes: only a holder that is gone (its pid no longer runs) makes a lock stale.
    lock->setStaleLockTime(0);
    if (lock->tryLock(0)) {
        m_lock = std::move(lock);
        // Half-written copies of the journal or manifest can only be a dead run's: the lock was free.
        FileSystem::removeEntry(FileSystem::partialPath(journalFile()));
        FileSystem::removeEntry(FileSystem::partialPath(manifestFile()));
        return LockResult::Locked;
    }
    qint64 pid = 0;
    QString host;
    QString application;
    switch (lock->error()) {
    case QLockFile::LockFailedError:
        lock->getLockInfo(&pid, &host, &application);
        *error = tr("another cudnn-setup (process %1 on %2) is working on %3").arg(pid).arg(host, m_root);
        return LockResult::Busy;
    case QLockFile::PermissionError:
        *error = tr("cannot create the lock file in %1").arg(folder());
        return LockResult::Denied;
    default:
        *error = tr("cannot lock %1").arg(folder());
        return LockResult::Denied;
    }
}

void ToolkitState::unlock()
{
    if (!m_lock)
        return;
    m_lock->unlock();
    m_lock.reset();
    FileSystem::removeFolderIfEmpty(folder() + QStringLiteral("/backup"));
    FileSystem::removeFolderIfEmpty(folder() + QStringLiteral("/staging"));
    FileSystem::removeFolderIfEmpty(folder());
}
