#include "Installer.h"

#include "FileOperations.h"
#include "FileSystem.h"
#include "InstallCode.h"
#include "InstallLog.h"
#include "Merger.h"
#include "RootSession.h"
#include "Transaction.h"

namespace {

QString resultAction(InstallItem::Action action)
{
    switch (action) {
    case InstallItem::Action::New:
        return QStringLiteral("added");
    case InstallItem::Action::Overwrite:
        return QStringLiteral("replaced");
    case InstallItem::Action::Same:
        return QStringLiteral("unchanged");
    }
    return QStringLiteral("added");
}

QList<InstallResult::File> filesOf(const ChangeSet& changes)
{
    QList<InstallResult::File> files;
    for (const Change& change : changes.changes)
        files.append({change.destination, resultAction(change.action), change.sha256, change.linkTarget});
    for (const Removal& removal : changes.removals)
        files.append({removal.path, QStringLiteral("removed"), {}, removal.linkTarget});
    return files;
}

} // namespace

Installer::Installer(const InstallOptions& options, ProgressSink* progress, CancellationToken cancel)
    : m_options(options)
    , m_progress(progress ? progress : NullProgressSink::instance())
    , m_cancel(std::move(cancel))
{
}

QString Installer::stagedPath(const QString& destination, const QString& transaction)
{
    const qsizetype slash = destination.lastIndexOf(QLatin1Char('/'));
    return destination.left(slash + 1) + QLatin1Char('.') + destination.mid(slash + 1) + QStringLiteral(".cudnn-setup-")
        + transaction;
}

InstallResult
Installer::run(const QString& command, const Source& source, const CudaToolkit& toolkit, const Planner& plan)
{
    InstallLog* log = m_options.log;
    InstallResult result;
    result.command = command;
    result.toolkitRoot = toolkit.root;
    result.toolkitVersion = toolkit.version;

    beginPhase(tr("Checking the target"), 0);
    PlannedChanges planned = plan();
    result.root = planned.changes.root;
    InstallLog::to(log, tr("%1 of %2 into %3").arg(command, source.archive, result.root));
    if (!check(planned, result))
        return result;

    RootSession session(result.root, m_options.operations, log);
    if (!session.open(result))
        return result;
    if (session.recovered()) {
        planned = plan(); // what is there changed: plan against it
        result.diagnostics.removeIf([](const Diagnostic& d) { return d.code != InstallCode::Recovered; });
        if (!check(planned, result))
            return result;
    }
    result.changes = planned.changes.toJson();
    ChangeSet& changes = planned.changes;

    if (changes.changesNothing() && m_options.extraOperations.isEmpty()) {
        result.status = InstallResult::Status::Unchanged;
        result.files = filesOf(changes);
        result.diagnostics.append(Diagnostic::info(InstallCode::Unchanged,
                                                   tr("%1 already holds exactly these files; nothing was written.")
                                                       .arg(displayPath(changes.os, changes.root))));
        InstallLog::to(log, tr("nothing to change in %1").arg(changes.root));
        return result;
    }
    if (!changes.removals.isEmpty()) {
        QStringList names;
        for (const Removal& removal : changes.removals)
            names.append(displayPath(changes.os, removal.path));
        result.diagnostics.append(Diagnostic::info(InstallCode::Superseded,
                                                   tr("These files of another cuDNN are taken away, so no mixture of "
                                                      "versions is left (they are kept for uninstall): %1")
                                                       .arg(names.join(QStringLiteral(", ")))));
    }

    Transaction transaction(session.state(), command, log);
    result.transaction = transaction.id();
    QHash<QString, QString> staged;
    build(transaction, session.state(), changes, staged);
    const int folderSteps = int(changes.createFolders.size());
    m_placed = 0;
    m_toPlace = transaction.size() - folderSteps;
    transaction.setObserver(
        [this, &changes](const QString& step, const Operation& op) { describe(step, op, changes.root); });

    QString error;
    if (!transaction.begin(&error)) {
        result.status = InstallResult::Status::Failed;
        result.diagnostics.append(
            Diagnostic::error(InstallCode::WriteFailed,
                              tr("Nothing was changed: the journal cannot be written (%1).").arg(error),
                              tr("Free some space or fix the permissions of %1, then try again.")
                                  .arg(displayPath(changes.os, session.state().folder()))));
        return result;
    }
    if (!transaction.performUpTo(folderSteps, m_cancel, &error)) {
        rollBack(transaction, result, m_cancel.isCanceled() ? InstallCode::Canceled : InstallCode::WriteFailed, error);
        return result;
    }

    InstallLog::to(log, tr("phase: %1").arg(tr("Writing files")));
    Merger merger(m_progress, m_cancel, log);
    const Merger::Outcome staging = merger.stage(
        source.archive, source.sha256, changes, [&staged](const Change& c) { return staged.value(c.destination); });
    if (!staging.ok) {
        rollBack(transaction, result, staging.code, staging.error);
        return result;
    }

    beginPhase(tr("Putting files in place"), m_toPlace);
    if (!transaction.performUpTo(transaction.size(), m_cancel, &error)) {
        rollBack(transaction, result, m_cancel.isCanceled() ? InstallCode::Canceled : InstallCode::WriteFailed, error);
        return result;
    }

    Manifest manifest = session.manifest();
    manifest.entries.append(manifestEntry(transaction, session.state(), changes, source, toolkit));
    if (!transaction.commit(manifest, &error)) {
        rollBack(transaction, result, InstallCode::WriteFailed, error);
        return result;
    }
    result.status = InstallResult::Status::Ok;
    result.files = filesOf(changes);
    result.changes = changes.toJson(); // with the hashes of copied files
    reportPhase(tr("Done"), m_toPlace, m_toPlace);
    return result;
}

bool Installer::check(const PlannedChanges& planned, InstallResult& result) const
{
    result.diagnostics.append(planned.diagnostics);
    if (worstSeverity(planned.diagnostics) == Severity::Error) {
        result.status = InstallResult::Status::Rejected;
        return false;
    }
    const ChangeSet& changes = planned.changes;
    const Diagnostics problems
        = m_options.preflight.checkTarget(changes, changes.root + QLatin1Char('/') + ToolkitState::FolderName);
    if (problems.isEmpty())
        return true;
    result.diagnostics.append(problems);
    result.status = containsCode(problems, InstallCode::NeedsElevation) ? InstallResult::Status::NeedsElevation
                                                                        : InstallResult::Status::Failed;
    for (const Diagnostic& problem : problems)
        InstallLog::to(m_options.log, problem.message);
    return false;
}

void Installer::build(Transaction& transaction,
                      const ToolkitState& state,
                      const ChangeSet& changes,
                      QHash<QString, QString>& staged) const
{
    for (const QString& folder : changes.createFolders)
        transaction.add(std::make_shared<MakeFolder>(folder));
    for (const Change& change : changes.changes) {
        if (change.writes())
            staged.insert(change.destination, stagedPath(change.destination, transaction.id()));
    }
    transaction.addTemporaries(staged.values());

    for (const Change& change : changes.changes) {
        if (change.writes())
            transaction.add(std::make_shared<PlaceEntry>(staged.value(change.destination),
                                                         change.destination,
                                                         state.backupPath(transaction.id(), change.destination),
                                                         change.action == InstallItem::Action::Overwrite));
    }
    for (const Removal& removal : changes.removals)
        transaction.add(std::make_shared<RemoveEntry>(removal.path, state.backupPath(transaction.id(), removal.path)));
    for (const OperationPointer& op : m_options.extraOperations)
        transaction.add(op);
    transaction.commitWhenManifest(true, transaction.id());
}

ManifestEntry Installer::manifestEntry(const Transaction& transaction,
                                       const ToolkitState& state,
                                       const ChangeSet& changes,
                                       const Source& source,
                                       const CudaToolkit& toolkit) const
{
    ManifestEntry entry;
    entry.transaction = transaction.id();
    entry.kind = transaction.kind();
    entry.time = QDateTime::currentDateTimeUtc();
    entry.toolVersion = QStringLiteral(CUDNN_SETUP_VERSION);
    entry.package = source.summary;
    entry.toolkit = QJsonObject{
        {QStringLiteral("root"), toolkit.root},
        {QStringLiteral("version"), toolkit.version ? QJsonValue(toolkit.version->toString()) : QJsonValue()}};
    for (const Change& change : changes.changes) {
        if (!change.writes())
            continue;
        ManifestFile file;
        file.path = state.relativePath(change.destination);
        file.action = change.action == InstallItem::Action::Overwrite ? ManifestFile::Action::Replaced
                                                                      : ManifestFile::Action::Added;
        file.kind = change.isLink() ? ManifestFile::Kind::Symlink : ManifestFile::Kind::File;
        file.sha256 = change.sha256;
        file.size = change.size;
        file.mode = change.mode;
        file.linkTarget = change.linkTarget;
        if (file.action == ManifestFile::Action::Replaced)
            file.backup = state.relativeToFolder(state.backupPath(transaction.id(), change.destination));
        entry.files.append(file);
    }
    for (const Removal& removal : changes.removals) {
        ManifestFile file;
        file.path = state.relativePath(removal.path);
        file.action = ManifestFile::Action::Removed;
        file.kind = removal.isLink ? ManifestFile::Kind::Symlink : ManifestFile::Kind::File;
        file.size = removal.size;
        file.linkTarget = removal.linkTarget;
        file.backup = state.relativeToFolder(state.backupPath(transaction.id(), removal.path));
        entry.files.append(file);
    }
    for (const QString& folder : changes.createFolders)
        entry.folders.append(state.relativePath(folder));
    for (const OperationPointer& op : m_options.extraOperations)
        entry.operations.append(OperationFactory::serialize(*op));
    return entry;
}

void Installer::rollBack(Transaction& transaction, InstallResult& result, const QString& code, const QString& why) const
{
    beginPhase(tr("Putting everything back"), 0);
    const bool canceled = code == InstallCode::Canceled;
    result.diagnostics.append(canceled ? Diagnostic::warning(code, tr("The install was canceled."))
                                       : Diagnostic::error(code,
                                                           tr("The install stopped: %1").arg(why),
                                                           tr("Fix the cause, then run the install again.")));
    QString error;
    if (transaction.rollback(&error)) {
        result.status = InstallResult::Status::RolledBack;
        result.diagnostics.append(
            Diagnostic::info(InstallCode::RolledBack,
                             tr("Everything the install had changed in %1 was put back as it was.").arg(result.root)));
        return;
    }
    result.status = InstallResult::Status::Failed;
    result.diagnostics.append(Diagnostic::error(InstallCode::RollbackIncomplete,
                                                tr("The install stopped, and not everything could be put back yet: "
                                                   "%1")
                                                    .arg(error),
                                                tr("Fix the cause (space, permissions), then run cudnn-setup again: "
                                                   "it finishes putting %1 back before anything else.")
                                                    .arg(result.root)));
}

void Installer::describe(const QString& step, const Operation& operation, const QString& root)
{
    InstallLog* log = m_options.log;
    const bool undo = step == QLatin1String("undo");
    if (const auto* place = dynamic_cast<const PlaceEntry*>(&operation)) {
        if (undo)
            InstallLog::to(log, tr("put back %1").arg(place->destination()));
        else if (place->replaces())
            InstallLog::to(
                log, tr("replaced %1 (the previous one is kept in %2)").arg(place->destination(), place->backup()));
        else
            InstallLog::to(log, tr("added %1").arg(place->destination()));
    } else if (const auto* remove = dynamic_cast<const RemoveEntry*>(&operation)) {
        InstallLog::to(log,
                       undo ? tr("put back %1").arg(remove->path())
                            : tr("removed %1 (kept in %2)").arg(remove->path(), remove->backup()));
    } else if (const auto* folder = dynamic_cast<const MakeFolder*>(&operation)) {
        InstallLog::to(log,
                       undo ? tr("removed the folder %1 again").arg(folder->path())
                            : tr("created the folder %1").arg(folder->path()));
    } else {
        InstallLog::to(log, tr("%1 %2 in %3").arg(undo ? tr("undid") : tr("performed"), operation.name(), root));
    }
    if (!undo && !dynamic_cast<const MakeFolder*>(&operation))
        reportPhase(tr("Putting files in place"), ++m_placed, m_toPlace);
}

void Installer::beginPhase(const QString& phase, int total) const
{
    InstallLog::to(m_options.log, tr("phase: %1").arg(phase));
    reportPhase(phase, 0, total);
}

void Installer::reportPhase(const QString& phase, int done, int total, const QString& current) const
{
    ProgressUpdate update;
    update.phase = phase;
    update.itemsDone = done;
    update.itemsTotal = total;
    update.currentItem = current;
    m_progress->report(update);
}
