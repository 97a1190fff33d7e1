#pragma once

#include "Journal.h"
#include "Operation.h"
#include "common/Progress.h"

#include <QCoreApplication>
#include <functional>

class InstallLog;
class Manifest;
class ToolkitState;

/**
 * Operations applied to one root as a unit, under its lock. begin() puts the journal on disk before the first
 * change; each operation is journaled before it runs; commit() writes the manifest, which is the point of no
 * return. Any failure or cancel before that undoes what ran, newest first (rollback()); a run that dies is undone
 * by the next one (recover()). Either way the root is left as it was, backups and staged files gone.
 */
class Transaction
{
    Q_DECLARE_TR_FUNCTIONS(Transaction)

public:
    /** state must be locked for as long as the transaction lives. */
    Transaction(ToolkitState& state, const QString& kind, InstallLog* log = nullptr);
    /** Rolls back what was begun and neither committed nor rolled back. */
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    QString id() const { return m_journal.transaction; }
    QString kind() const { return m_journal.kind; }

    void add(OperationPointer operation);
    int size() const { return int(m_operations.size()); }
    const Operation& operation(int index) const { return *m_operations.at(index); }
    /** Files that staging creates once the operations added so far have run (their folders exist by then). */
    void addTemporaries(const QStringList& paths);
    /** Committed once the manifest holds (present) or no longer holds (!present) this entry. */
    void commitWhenManifest(bool present, const QString& entry);
    /** The package is staged in this transaction's staging folder, removed whole by a rollback or the commit. */
    QString stageInFolder();
    /** Removed once committed (an uninstall's backups of the files it took away). */
    void discardAfterCommit(const QString& path);

    /** Writes the journal. Nothing in the root has changed yet. */
    bool begin(QString* error);
    /** Performs the operations before index end that have not run, each journaled first; stops at a cancel. */
    bool performUpTo(int end, const CancellationToken& cancel, QString* error);
    /** Saves the manifest (the commit point), then drops what is no longer needed and the journal. */
    bool commit(const Manifest& manifest, QString* error);
    /** Undoes what ran, newest first; deletes staged files and backups; drops the journal. */
    bool rollback(QString* error);
    bool isOpen() const { return m_begun && !m_closed; }

    /** Called with each operation as it is performed or undone ("perform"/"undo"), for the log and progress. */
    void setObserver(std::function<void(const QString& step, const Operation&)> observer);

    /** What recover() found and did. */
    struct Recovery
    {
        bool found = false; // there was a journal
        bool committed = false; // it had committed; only its clean-up was finished
        bool rolledBack = false; // it had not; everything it did was undone
        bool undoFailed = false; // it had not, and some of it could not be undone (yet)
        Journal journal;
        QString error; // the journal could not be read, or an undo failed (the journal stays for the next try)
    };
    /** Finishes or undoes the transaction an earlier run left behind. state must be locked. */
    static Recovery recover(ToolkitState& state, const OperationFactory& factory, InstallLog* log = nullptr);

    /** A new transaction id: UTC time and a random part, so ids sort by time and never collide. */
    static QString newId();

private:
    static bool unwind(ToolkitState& state,
                       const Journal& journal,
                       const QList<OperationPointer>& operations,
                       InstallLog* log,
                       const std::function<void(const QString&, const Operation&)>& observer,
                       QString* error);
    static void finishCommit(ToolkitState& state, const Journal& journal);

    ToolkitState& m_state;
    InstallLog* m_log;
    Journal m_journal;
    QList<OperationPointer> m_operations;
    std::function<void(const QString&, const Operation&)> m_observer;
    /** Whether the root is still the folder begin() found there (not moved away and replaced). */
    bool rootIsTheSame() const;

    QByteArray m_rootIdentity; // FileSystem::identityOf(root) at begin()
    bool m_begun = false;
    bool m_closed = false;
};
