#include "Transaction.h"

#include "FileSystem.h"
#include "InstallLog.h"
#include "LinkFreePath.h"
#include "Manifest.h"
#include "RecordedPaths.h"
#include "ToolkitState.h"

#include <QRandomGenerator>

Transaction::Transaction(ToolkitState& state, const QString& kind, InstallLog* log)
    : m_state(state)
    , m_log(log)
{
    m_journal.transaction = newId();
    m_journal.kind = kind;
}

Transaction::~Transaction()
{
    if (isOpen()) {
        QString ignored;
        rollback(&ignored);
    }
}

QString Transaction::newId()
{
    return QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QLatin1Char('-')
        + QString::number(QRandomGenerator::system()->generate() & 0xffffff, 16).rightJustified(6, QLatin1Char('0'));
}

void Transaction::add(OperationPointer operation)
{
    m_journal.operations.append(OperationFactory::serialize(*operation));
    m_operations.append(std::move(operation));
}

void Transaction::addTemporaries(const QStringList& paths)
{
    m_journal.temporaries.append(paths);
    m_journal.stagedAfter = int(m_operations.size());
}

void Transaction::commitWhenManifest(bool present, const QString& entry)
{
    m_journal.commitWhenPresent = present;
    m_journal.commitEntry = entry;
}

QString Transaction::stageInFolder()
{
    m_journal.staging = true;
    return m_state.stagingFolder(id());
}

void Transaction::discardAfterCommit(const QString& path)
{
    m_journal.discardAfterCommit.append(path);
}

void Transaction::setObserver(std::function<void(const QString&, const Operation&)> observer)
{
    m_observer = std::move(observer);
}

bool Transaction::begin(QString* error)
{
    m_journal.started = QDateTime::currentDateTimeUtc();
    m_journal.performing = -1;
    m_rootIdentity = FileSystem::identityOf(m_state.root());
    if (!m_journal.save(m_state.journalFile(), error))
        return false;
    m_begun = true;
    InstallLog::to(m_log, tr("transaction %1 (%2) begins in %3").arg(id(), kind(), m_state.root()));
    return true;
}

bool Transaction::performUpTo(int end, const CancellationToken& cancel, QString* error)
{
    for (int i = m_journal.performing + 1; i < end; ++i) {
        if (cancel.isCanceled()) {
            *error = tr("canceled");
            return false;
        }
        if (!rootIsTheSame()) {
            *error = tr("%1 is no longer the folder this transaction began in: it was moved or replaced meanwhile")
                         .arg(m_state.root());
            return false;
        }
        m_journal.performing = i;
        if (!m_journal.save(m_state.journalFile(), error)) {
            m_journal.performing = i - 1; // step i never began
            return false;
        }
        Operation& op = *m_operations.at(i);
        if (!op.perform()) {
            *error = op.errorString();
            return false;
        }
        if (m_observer)
            m_observer(QStringLiteral("perform"), op);
    }
    return true;
}

bool Transaction::commit(const Manifest& manifest, QString* error)
{
    if (!manifest.save(m_state.manifestFile(), error))
        return false;
    m_closed = true;
    finishCommit(m_state, m_journal);
    InstallLog::to(m_log, tr("transaction %1 committed").arg(id()));
    return true;
}

bool Transaction::rollback(QString* error)
{
    if (!m_begun || m_closed)
        return true;
    m_closed = true;
    if (!rootIsTheSame()) {
        // Undoing here would act on another folder; what ran stays with the original one, journal included.
        *error = tr("%1 was moved or replaced while the transaction ran, so nothing is undone at that path; what was "
                    "changed stays in the original folder with its journal and staged files, and once that folder is "
                    "back at %1 the next cudnn-setup run puts it back")
                     .arg(m_state.root());
        InstallLog::to(m_log, *error);
        return false;
    }
    InstallLog::to(m_log, tr("transaction %1 rolls back").arg(id()));
    return unwind(m_state, m_journal, m_operations, m_log, m_observer, error);
}

bool Transaction::rootIsTheSame() const
{
    return m_rootIdentity.isEmpty() || FileSystem::identityOf(m_state.root()) == m_rootIdentity;
}

Transaction::Recovery Transaction::recover(ToolkitState& state, const OperationFactory& factory, InstallLog* log)
{
    Recovery recovery;
    std::optional<Journal> journal = Journal::load(state.journalFile(), &recovery.error);
    recovery.found = journal.has_value() || !recovery.error.isEmpty();
    if (!journal)
        return recovery;
    recovery.journal = *journal;
    const QString untrusted = RecordedPaths::journalProblem(state, *journal);
    if (!untrusted.isEmpty()) {
        recovery.error
            = tr("the journal %1 cannot be acted on (%2); nothing was changed").arg(state.journalFile(), untrusted);
        return recovery;
    }

    QString manifestError;
    const std::optional<Manifest> manifest = Manifest::load(state.manifestFile(), &manifestError);
    if (!manifest) {
        recovery.error = manifestError;
        return recovery;
    }
    if (manifest->contains(journal->commitEntry) == journal->commitWhenPresent) {
        finishCommit(state, *journal);
        recovery.committed = true;
        InstallLog::to(log,
                       tr("finished the clean-up of transaction %1, which had committed").arg(journal->transaction));
        return recovery;
    }

    QList<OperationPointer> operations;
    for (const QJsonObject& json : journal->operations) {
        OperationPointer op = factory.create(json, &recovery.error);
        if (!op) {
            recovery.error = tr("the journal %1 names an operation this run cannot undo: %2")
                                 .arg(state.journalFile(), recovery.error);
            return recovery;
        }
        if (!op->refusal().isEmpty()) {
            recovery.error = tr("the journal %1 cannot be acted on (%2); nothing was changed")
                                 .arg(state.journalFile(), op->refusal());
            return recovery;
        }
        operations.append(op);
    }
    const QString outside = RecordedPaths::operationsProblem(state, operations);
    if (!outside.isEmpty()) {
        recovery.error
            = tr("the journal %1 cannot be acted on (%2); nothing was changed").arg(state.journalFile(), outside);
        return recovery;
    }
    InstallLog::to(log,
                   tr("transaction %1 (%2, started %3) was interrupted; rolling it back")
                       .arg(journal->transaction, journal->kind, journal->started.toString(Qt::ISODate)));
    recovery.rolledBack = unwind(state, *journal, operations, log, {}, &recovery.error);
    recovery.undoFailed = !recovery.rolledBack;
    return recovery;
}

bool Transaction::unwind(ToolkitState& state,
                         const Journal& journal,
                         const QList<OperationPointer>& operations,
                         InstallLog* log,
                         const std::function<void(const QString&, const Operation&)>& observer,
                         QString* error)
{
    bool complete = true;
    bool stagedGone = false;
    const auto removeStaged = [&] {
        for (const QString& path : journal.temporaries)
            LinkFreePath::removeEntry(path);
        if (journal.staging && !state.stagingFolder(journal.transaction).isEmpty())
            LinkFreePath::removeTree(state.stagingFolder(journal.transaction));
        stagedGone = true;
    };
    for (int i = qMin(journal.performing, int(operations.size()) - 1); i >= 0; --i) {
        if (i < journal.stagedAfter && !stagedGone)
            removeStaged(); // before the folders they were staged in go
        Operation& op = *operations.at(i);
        if (op.undo()) {
            if (observer)
                observer(QStringLiteral("undo"), op);
            continue;
        }
        complete = false;
        *error = op.errorString();
        InstallLog::to(log, tr("cannot undo %1: %2").arg(op.name(), op.errorString()));
    }
    if (!stagedGone)
        removeStaged();
    if (!complete)
        return false; // the journal and the backups stay: the next run tries again
    LinkFreePath::removeTree(state.backupFolder(journal.transaction));
    LinkFreePath::removeEntry(state.journalFile());
    FileSystem::syncFolder(state.folder());
    InstallLog::to(log, tr("transaction %1 rolled back").arg(journal.transaction));
    return true;
}

void Transaction::finishCommit(ToolkitState& state, const Journal& journal)
{
    for (const QString& path : journal.discardAfterCommit)
        LinkFreePath::removeTree(path);
    for (const QString& path : journal.temporaries)
        LinkFreePath::removeEntry(path); // none is left after a clean run; a crash after the commit may leave some
    if (journal.staging && !state.stagingFolder(journal.transaction).isEmpty())
        LinkFreePath::removeTree(state.stagingFolder(journal.transaction)); // what was the same already, never placed
    LinkFreePath::removeEmptyFolders(state.backupFolder(journal.transaction)); // what it kept stays, nothing else
    LinkFreePath::removeEntry(state.journalFile());
    FileSystem::syncFolder(state.folder());
}
