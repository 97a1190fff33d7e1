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

QString ToolkitState::lockFile() const
{
    return folder() + QStringLiteral("/lock");
}

ToolkitState::LockResult ToolkitState::lock(QString* error)
{
    if (m_lock)
        return LockResult::Locked;
    if (!FileSystem::makeFolder(folder(), error))
        return LockResult::Denied;
    auto lock = std::make_unique<FileLock>(lockFile());
    QString why;
    switch (lock->tryLock(&why)) {
    case FileLock::Result::Locked:
        m_lock = std::move(lock);
        // Half-written copies of the journal or manifest can only be a dead run's: the lock was free.
        FileSystem::removeEntry(FileSystem::partialPath(journalFile()));
        FileSystem::removeEntry(FileSystem::partialPath(manifestFile()));
        return LockResult::Locked;
    case FileLock::Result::Busy:
        if (const qint64 pid = lock->holderPid())
            *error = tr("another cudnn-setup (process %1) is working on %2").arg(pid).arg(m_root);
        else
            *error = tr("another cudnn-setup is working on %1").arg(m_root);
        return LockResult::Busy;
    case FileLock::Result::Denied:
        break;
    }
    *error = tr("cannot lock %1 (%2)").arg(folder(), why);
    return LockResult::Denied;
}

void ToolkitState::unlock()
{
    if (!m_lock)
        return;
    m_lock.reset(); // removes the lock file while it is held, then lets go
    FileSystem::removeFolderIfEmpty(folder() + QStringLiteral("/backup"));
    FileSystem::removeFolderIfEmpty(folder() + QStringLiteral("/staging"));
    FileSystem::removeFolderIfEmpty(folder());
}
