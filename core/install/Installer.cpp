#include "Installer.h"

#include "FileOperations.h"
#include "FileSystem.h"
#include "InstallCode.h"
#include "InstallLog.h"
#include "Merger.h"
#include "RootSession.h"
#include "StagingArea.h"
#include "Transaction.h"
#include "install/InstallPlanner.h"
#include "package/InspectionCache.h"
#include "package/PackageInspector.h"

#include <QFileInfo>

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

InstallResult Installer::run(const QString& command,
                             const Source& source,
                             const CudaToolkit& toolkit,
                             const QString& root,
                             OsFlavor os,
                             const Decide& decide)
{
    InstallLog* log = m_options.log;
    InstallResult result;
    result.command = command;
    result.root = root;
    result.toolkitRoot = toolkit.root;
    result.toolkitVersion = toolkit.version;

    beginPhase(tr("Checking the target"), 0);
    InstallLog::to(log, tr("%1 of %2 into %3").arg(command, source.archive, root));
    if (!checkBeforeReading(source, toolkit, root, os, result))
        return result;

    RootSession session(root, m_options.operations, log);
    if (!session.open(result))
        return result;
    result.diagnostics.removeIf([](const Diagnostic& d) { return d.code != InstallCode::Recovered; });

    Transaction transaction(session.state(), command, log);
    result.transaction = transaction.id();
    const Preflight& preflight = m_options.preflight;
    StagingArea staging(
        transaction.stageInFolder(), log, [&preflight](const QString& path) { return preflight.availableBytes(path); });
    PackageInspection read;
    if (!stagePackage(transaction, staging, source, result, read))
        return result;

    Decision decision = decide(read);
    const ChangeSet& changes = decision.planned.changes;
    result.changes = changes.toJson();
    result.diagnostics.append(decision.planned.diagnostics);
    if (worstSeverity(decision.planned.diagnostics) == Severity::Error) {
        result.status = decision.refusedAs;
        refuse(transaction, result);
        return result;
    }
    if (!check(decision.planned, result)) {
        refuse(transaction, result);
        return result;
    }
    if (changes.changesNothing() && decision.afterFiles.isEmpty()) {
        result.status = InstallResult::Status::Unchanged;
        result.files = filesOf(changes);
        result.diagnostics.append(Diagnostic::of(InstallCode::Unchanged,
                                                 tr("%1 already holds exactly these files; nothing was written.")
                                                     .arg(displayPath(changes.os, changes.root))));
        InstallLog::to(log, tr("nothing to change in %1").arg(changes.root));
        refuse(transaction, result); // only the staged copies go
        return result;
    }
    if (!changes.removals.isEmpty()) {
        QStringList names;
        for (const Removal& removal : changes.removals)
            names.append(displayPath(changes.os, removal.path));
        result.diagnostics.append(Diagnostic::of(InstallCode::Superseded,
                                                 tr("These files of another cuDNN are taken away, so no mixture of "
                                                    "versions is left (they are kept for uninstall): %1")
                                                     .arg(names.join(QStringLiteral(", ")))));
    }

    if (!build(transaction, session.state(), staging, decision, result))
        return result;
    // The count is of files and links, as the result lists them: folders and the search path's steps share the
    // transaction but are no files.
    m_placed = 0;
    m_toPlace = 0;
    for (int i = 0; i < transaction.size(); ++i)
        m_toPlace += isFileStep(transaction.operation(i)) ? 1 : 0;
    transaction.setObserver([this](const QString& step, const Operation& op) { describe(step, op); });

    QString error;
    beginPhase(tr("Putting files in place"), m_toPlace);
    if (!transaction.performUpTo(transaction.size(), m_cancel, &error)) {
        rollBack(transaction, result, m_cancel.isCanceled() ? InstallCode::Canceled : InstallCode::WriteFailed, error);
        return result;
    }

    Manifest manifest = session.manifest();
    manifest.entries.append(manifestEntry(transaction, session.state(), changes, decision, toolkit));
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

bool Installer::checkBeforeReading(
    const Source& source, const CudaToolkit& toolkit, const QString& root, OsFlavor os, InstallResult& result) const
{
    const QString stateFolder = root + QLatin1Char('/') + ToolkitState::FolderName;
    const QStringList destinations = result.command == QLatin1String("deploy")
        ? QStringList{root}
        : InstallPlanner::destinationFolders(toolkit, os);
    return accepts(
        m_options.preflight.checkBeforeReading(root, stateFolder, destinations, QFileInfo(source.archive).size(), os),
        result);
}

bool Installer::accepts(const Diagnostics& problems, InstallResult& result) const
{
    if (problems.isEmpty())
        return true;
    result.diagnostics.append(problems);
    result.status = containsCode(problems, InstallCode::NeedsElevation) ? InstallResult::Status::NeedsElevation
                                                                        : InstallResult::Status::Failed;
    for (const Diagnostic& problem : problems)
        InstallLog::to(m_options.log, problem.message);
    return false;
}

bool Installer::stagePackage(Transaction& transaction,
                             StagingArea& staging,
                             const Source& source,
                             InstallResult& result,
                             PackageInspection& read)
{
    QString error;
    if (!transaction.begin(&error)) {
        result.status = InstallResult::Status::Failed;
        result.diagnostics.append(
            Diagnostic::of(InstallCode::WriteFailed,
                           tr("Nothing was changed: the journal cannot be written (%1).").arg(error),
                           tr("Free some space or fix the permissions of %1, then try again.")
                               .arg(displayPath(hostOsFlavor(), FileSystem::parentOf(staging.folder())))));
        return false;
    }
    if (!staging.create(&error)) {
        rollBack(transaction, result, InstallCode::WriteFailed, error);
        return false;
    }

    InstallLog::to(m_options.log, tr("phase: %1").arg(tr("Writing files")));
    PackageInspector inspector(m_progress, m_cancel, &staging);
    inspector.setPhase(tr("Writing files"));
    read = inspector.inspect(source.archive);
    if (m_cancel.isCanceled()) {
        rollBack(transaction, result, InstallCode::Canceled, tr("The install was canceled."));
        return false;
    }
    if (staging.failed()) {
        rollBack(transaction, result, staging.errorCode(), staging.errorString());
        return false;
    }
    if (!source.judgedSha256.isEmpty() && read.sha256 != source.judgedSha256) {
        rollBack(transaction,
                 result,
                 InstallCode::ArchiveChanged,
                 read.sha256.isEmpty() ? tr("%1 cannot be read to its end any more").arg(source.archive)
                                       : tr("%1 now has the SHA-256 %2, not the %3 it had when it was checked")
                                             .arg(source.archive, read.sha256, source.judgedSha256));
        return false;
    }
    InspectionCache::instance().keep(read);
    return true;
}

void Installer::refuse(Transaction& transaction, InstallResult& result) const
{
    QString error;
    if (transaction.rollback(&error))
        return;
    result.status = InstallResult::Status::Failed;
    result.diagnostics.append(Diagnostic::of(InstallCode::RollbackIncomplete,
                                             tr("Not everything the check of the package staged could be taken "
                                                "away yet: %1")
                                                 .arg(error),
                                             tr("Fix the cause (space, permissions), then run cudnn-setup again: "
                                                "it finishes putting %1 back before anything else.")
                                                 .arg(result.root)));
}

bool Installer::check(const PlannedChanges& planned, InstallResult& result) const
{
    const ChangeSet& changes = planned.changes;
    return accepts(m_options.preflight.checkTarget(
                       changes, changes.root + QLatin1Char('/') + ToolkitState::FolderName, Preflight::Space::Staged),
                   result);
}

bool Installer::build(Transaction& transaction,
                      const ToolkitState& state,
                      const StagingArea& staging,
                      Decision& decision,
                      InstallResult& result)
{
    ChangeSet& changes = decision.planned.changes;
    QStringList changedFolders;
    for (const Change& change : changes.changes) {
        if (change.writes())
            changedFolders.append(FileSystem::parentOf(change.destination));
    }
    for (const Removal& removal : changes.removals)
        changedFolders.append(FileSystem::parentOf(removal.path));
    changedFolders.removeDuplicates();
    const QList<OperationPointer> cache
        = m_options.loaderCacheFraming ? m_options.loaderCacheFraming(changedFolders) : QList<OperationPointer>();
    if (cache.size() == 2)
        transaction.add(cache.constFirst()); // rebuilds the cache last on a rollback, once every file is back
    for (const QString& folder : changes.createFolders)
        transaction.add(std::make_shared<MakeFolder>(folder));

    // A deploy's CUDA runtime comes from the toolkit's own files: copied into the staging folder beside the package.
    ChangeSet copies;
    copies.root = changes.root;
    copies.os = changes.os;
    QHash<QString, QString> copyPaths; // destination -> staged copy
    for (const Change& change : changes.changes) {
        if (!change.writes() || change.source != Change::Source::Disk)
            continue;
        copies.changes.append(change);
        copyPaths.insert(change.destination,
                         staging.folder() + QStringLiteral("/copy-") + QString::number(copyPaths.size() + 1));
    }
    if (!copies.changes.isEmpty()) {
        Merger merger(m_progress, m_cancel, m_options.log);
        const Merger::Outcome copied
            = merger.stage({}, {}, copies, [&copyPaths](const Change& c) { return copyPaths.value(c.destination); });
        if (!copied.ok) {
            rollBack(transaction, result, copied.code, copied.error);
            return false;
        }
        for (Change& change : changes.changes) {
            for (const Change& copy : std::as_const(copies.changes)) {
                if (copy.destination == change.destination)
                    change.sha256 = copy.sha256;
            }
        }
    }

    for (const Change& change : changes.changes) {
        if (!change.writes())
            continue;
        const QString staged = change.source == Change::Source::Archive ? staging.stagedPath(change.from)
                                                                        : copyPaths.value(change.destination);
        if (staged.isEmpty()) {
            rollBack(transaction,
                     result,
                     InstallCode::ArchiveChanged,
                     tr("%1 was planned from the archive but was not in what was read").arg(change.from));
            return false;
        }
        transaction.add(std::make_shared<PlaceEntry>(staged,
                                                     change.destination,
                                                     state.backupPath(transaction.id(), change.destination),
                                                     change.action == InstallItem::Action::Overwrite));
    }
    for (const Removal& removal : changes.removals)
        transaction.add(std::make_shared<RemoveEntry>(removal.path, state.backupPath(transaction.id(), removal.path)));
    for (const OperationPointer& op : decision.afterFiles)
        transaction.add(op);
    if (cache.size() == 2)
        transaction.add(cache.constLast()); // new programs find the files placed above
    transaction.commitWhenManifest(true, transaction.id());
    return true;
}

ManifestEntry Installer::manifestEntry(const Transaction& transaction,
                                       const ToolkitState& state,
                                       const ChangeSet& changes,
                                       const Decision& decision,
                                       const CudaToolkit& toolkit) const
{
    ManifestEntry entry;
    entry.transaction = transaction.id();
    entry.kind = transaction.kind();
    entry.time = QDateTime::currentDateTimeUtc();
    entry.toolVersion = QStringLiteral(CUDNN_SETUP_VERSION);
    entry.package = decision.packageSummary;
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
    for (const OperationPointer& op : decision.afterFiles)
        entry.operations.append(OperationFactory::serialize(*op));
    return entry;
}

void Installer::rollBack(Transaction& transaction, InstallResult& result, const QString& code, const QString& why) const
{
    beginPhase(tr("Putting everything back"), 0);
    const bool canceled = code == InstallCode::Canceled;
    result.diagnostics.append(canceled ? Diagnostic::of(Severity::Warning, code, tr("The install was canceled."))
                                       : Diagnostic::of(Severity::Error,
                                                        code,
                                                        tr("The install stopped: %1").arg(why),
                                                        code == InstallCode::NoSpace
                                                            ? tr("Free some space on that drive, then run the "
                                                                 "install again.")
                                                            : tr("Fix the cause, then run the install again.")));
    QString error;
    if (transaction.rollback(&error)) {
        result.status = InstallResult::Status::RolledBack;
        result.diagnostics.append(
            Diagnostic::of(InstallCode::RolledBack,
                           tr("Everything the install had changed in %1 was put back as it was.").arg(result.root)));
        return;
    }
    result.status = InstallResult::Status::Failed;
    result.diagnostics.append(Diagnostic::of(InstallCode::RollbackIncomplete,
                                             tr("The install stopped, and not everything could be put back yet: "
                                                "%1")
                                                 .arg(error),
                                             tr("Fix the cause (space, permissions), then run cudnn-setup again: "
                                                "it finishes putting %1 back before anything else.")
                                                 .arg(result.root)));
}

void Installer::describe(const QString& step, const Operation& operation)
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
        InstallLog::to(log, tr("%1 %2").arg(undo ? tr("undid") : tr("performed"), operation.description()));
    }
    if (!undo && isFileStep(operation))
        reportPhase(tr("Putting files in place"), ++m_placed, m_toPlace);
}

bool Installer::isFileStep(const Operation& operation)
{
    return dynamic_cast<const PlaceEntry*>(&operation) || dynamic_cast<const RemoveEntry*>(&operation);
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
