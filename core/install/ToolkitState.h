#pragma once

#include "FileLock.h"

#include <QCoreApplication>
#include <QString>
#include <memory>

/**
 * The folder cudnn-setup keeps in the root it installs into (a toolkit, or an application's folder for a deploy),
 * <root>/.cudnn-setup: the lock that keeps two runs apart, the journal of the running transaction, the manifest of
 * what was installed, and the backups of what was replaced. Nothing of it lives anywhere else, so the toolkit
 * carries its own history and moving it keeps that history.
 */
class ToolkitState
{
    Q_DECLARE_TR_FUNCTIONS(ToolkitState)

public:
    static inline const QString FolderName = QStringLiteral(".cudnn-setup");

    enum class LockResult {
        Locked,
        Busy, // another run holds it
        Denied, // this user may not write here
    };

    /** root: canonical, as the plan names it. */
    explicit ToolkitState(const QString& root);
    ~ToolkitState();
    ToolkitState(const ToolkitState&) = delete;
    ToolkitState& operator=(const ToolkitState&) = delete;

    QString root() const { return m_root; }
    QString folder() const;
    QString journalFile() const;
    QString manifestFile() const;
    QString backupFolder(const QString& transaction) const;
    /**
     * Where a transaction stages its package (<folder>/staging/<transaction>); empty for an id Transaction::newId()
     * cannot have made, so a damaged journal never names another folder to remove.
     */
    QString stagingFolder(const QString& transaction) const;
    /** Where a transaction keeps what it moved away from destination: the same path below its backup folder. */
    QString backupPath(const QString& transaction, const QString& destination) const;

    /** destination relative to the root ("lib/libcudnn.so.9"), and back. */
    QString relativePath(const QString& destination) const;
    QString absolutePath(const QString& relative) const;
    /** A path below the state folder, and back (the manifest stores backups this way). */
    QString relativeToFolder(const QString& path) const;
    QString absoluteInFolder(const QString& relative) const;

    /** The lock file: an OS lock on it keeps two runs apart (FileLock), whatever it holds. */
    QString lockFile() const;

    /** Creates the folder if needed and takes the lock without waiting. */
    LockResult lock(QString* error);
    /** Releases the lock; the folder and its backup folder go when nothing is left in them. */
    void unlock();

private:
    QString m_root;
    std::unique_ptr<FileLock> m_lock;
};
