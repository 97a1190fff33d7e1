#include "RepairService.h"

#include "ManifestCheck.h"
#include "RepairCode.h"
#include "RepairRecord.h"
#include "common/FileIdentity.h"
#include "env/EnvironmentOperations.h"
#include "env/EnvironmentService.h"
#include "install/FileOperations.h"
#include "install/FileSystem.h"
#include "install/FileWriter.h"
#include "install/InstallLog.h"
#include "install/InstallResult.h"
#include "install/InstallService.h"
#include "install/Installer.h"
#include "install/Merger.h"
#include "install/PackageService.h"
#include "install/RootSession.h"
#include "install/Transaction.h"

#include <QFile>
#include <QFileInfo>

namespace {

/** Where the restored files of one root come from: one archive, checked, and its plan onto that root. */
struct PackageSource
{
    QString archive;
    QString sha256;
    QJsonObject summary; // as the manifest records it
    QHash<QString, Change> changes; // canonical destination -> how the package puts it there
};

/** The fixes of one root, with the package their restored files come from. */
struct RootWork
{
    QString root;
    QList<RepairFix> fixes;
    std::optional<PackageSource> package;
    bool environment = false;
    bool loaderCache = false; // rebuild the loader cache even when no file changes
};

} // namespace

namespace {

class RootRepair
{
    Q_DECLARE_TR_FUNCTIONS(RepairService)

public:
    RootRepair(const RepairOptions& options, ProgressSink* progress, CancellationToken cancel)
        : m_options(options)
        , m_progress(progress)
        , m_cancel(std::move(cancel))
    {
    }

    /** Applies work as one transaction in the root session holds; false with result set when it could not. */
    bool run(const RootWork& work, RootSession& session, const SystemSnapshot& system, RepairResult& result);

private:
    bool stageCopy(const RepairFix& fix, const QString& staged, QString* error) const;
    void rollBack(Transaction& transaction, RepairResult& result, bool canceled, const QString& why) const;
    void phase(const QString& name, int done, int total) const;

    const RepairOptions& m_options;
    ProgressSink* m_progress;
    CancellationToken m_cancel;
};

void RootRepair::phase(const QString& name, int done, int total) const
{
    if (done == 0)
        InstallLog::to(m_options.log, tr("phase: %1").arg(name));
    ProgressUpdate update;
    update.phase = name;
    update.itemsDone = done;
    update.itemsTotal = total;
    m_progress->report(update);
}

/**
 * The root's lock, taken (and an interrupted run put back) before its package is read, so a root another run holds
 * is said at once; null with result set when the root cannot be worked on now.
 */
std::unique_ptr<RootSession> openRoot(const QString& root, const RepairOptions& options, RepairResult& result)
{
    InstallResult opened;
    auto session = std::make_unique<RootSession>(root, options.operations, options.log);
    if (!session->open(opened)) {
        result.diagnostics.append(opened.diagnostics);
        result.status = opened.status == InstallResult::Status::NeedsElevation ? RepairResult::Status::NeedsElevation
                                                                               : RepairResult::Status::Failed;
        return nullptr;
    }
    if (session->recovered()) {
        // The scan saw what an interrupted run left, which is gone now: its fixes no longer fit the disk.
        result.diagnostics.append(opened.diagnostics);
        result.status = RepairResult::Status::Failed;
        result.diagnostics.append(Diagnostic::of(
            RepairCode::Failed,
            RepairService::tr("An interrupted earlier run in %1 was put back first, so the findings no longer "
                              "describe the toolkit; nothing else was changed.")
                .arg(root),
            RepairService::tr("Run the repair again: it scans the toolkit as it is now.")));
        return nullptr;
    }
    return session;
}

bool RootRepair::run(const RootWork& work, RootSession& session, const SystemSnapshot& system, RepairResult& result)
{
    const OsFlavor os = system.os;
    ToolkitState& state = session.state();
    Transaction transaction(state, QStringLiteral("repair"), m_options.log);
    QStringList parents;
    for (const RepairFix& fix : work.fixes)
        parents.append(FileSystem::parentOf(fix.path));
    parents.removeDuplicates();
    const QStringList folders = ChangeSet::missingLevels(work.root, parents);
    for (const QString& folder : folders)
        transaction.add(std::make_shared<MakeFolder>(folder));
    const QList<OperationPointer> cache = m_options.loaderCacheFraming
        ? m_options.loaderCacheFraming(parents, work.loaderCache)
        : QList<OperationPointer>();
    if (cache.size() == 2)
        transaction.add(cache.constFirst()); // a rollback rebuilds the cache once every file is back

    // The repair becomes part of the install it repairs: each file's record stays with the entry that put it
    // there, so an uninstall takes the root back to what was there before that install, not to the damage.
    Manifest manifest = session.manifest();
    RepairRecord record(manifest, state, transaction.id());
    const CudaToolkit* toolkit = system.toolkitAt(work.root);
    record.describe(
        work.package ? work.package->summary : (work.fixes.isEmpty() ? QJsonObject() : work.fixes.first().package),
        QJsonObject{{QStringLiteral("root"), work.root},
                    {QStringLiteral("version"),
                     toolkit && toolkit->version ? QJsonValue(toolkit->version->toString()) : QJsonValue()}});

    // Staged files appear once the folders exist: registered before the steps that place them, so a rollback from
    // any point removes them.
    QHash<QString, QString> staged; // destination -> staged
    for (const RepairFix& fix : work.fixes)
        staged.insert(fix.path, Installer::stagedPath(fix.path, transaction.id()));
    transaction.addTemporaries(staged.values());
    for (const RepairFix& fix : work.fixes) {
        const bool replaces = FileSystem::exists(fix.path);
        const QString backup = state.backupPath(transaction.id(), fix.path);
        transaction.add(std::make_shared<PlaceEntry>(staged.value(fix.path), fix.path, backup, replaces));
        if (record.put(fix.path, fix.expected, replaces) == RepairRecord::Backup::Discard && replaces)
            transaction.discardAfterCommit(backup);
    }
    if (work.environment && m_options.environment && m_options.environmentPlan) {
        for (const OperationPointer& operation :
             EnvironmentOperations::fromPlan(*m_options.environmentPlan, m_options.environment->locations())) {
            transaction.add(operation);
            record.addOperation(OperationFactory::serialize(*operation));
        }
    }
    for (const QString& folder : folders)
        record.addFolder(state.relativePath(folder));
    if (cache.size() == 2)
        transaction.add(cache.constLast()); // new programs get what was repaired
    transaction.commitWhenManifest(true, transaction.id());

    const int total = transaction.size();
    int done = 0;
    transaction.setObserver([&](const QString& step, const Operation& op) {
        const bool undo = step == QLatin1String("undo");
        if (const auto* place = dynamic_cast<const PlaceEntry*>(&op))
            InstallLog::to(m_options.log,
                           undo ? tr("put back %1").arg(place->destination())
                                : tr("repaired %1 (what was there is kept in %2)")
                                      .arg(place->destination(), place->replaces() ? place->backup() : tr("nothing")));
        else
            InstallLog::to(m_options.log, tr("%1 %2").arg(undo ? tr("undid") : tr("performed"), op.description()));
        if (!undo)
            phase(tr("Putting files in place"), ++done, total);
    });

    QString error;
    if (!transaction.begin(&error)) {
        result.status = RepairResult::Status::Failed;
        result.diagnostics.append(
            Diagnostic::of(RepairCode::Failed,
                           tr("Nothing was changed: the journal cannot be written (%1).").arg(error))
                .about(work.root));
        return false;
    }
    if (!transaction.performUpTo(int(folders.size() + (cache.size() == 2 ? 1 : 0)), m_cancel, &error)) {
        rollBack(transaction, result, m_cancel.isCanceled(), error);
        return false;
    }

    // Stage: restored files streamed from the package, links made, readable copies written.
    phase(tr("Writing files"), 0, int(work.fixes.size()));
    if (work.package) {
        ChangeSet restore;
        restore.root = work.root;
        restore.os = os;
        for (const RepairFix& fix : work.fixes) {
            if (fix.kind != RepairFix::Kind::RestoreFile)
                continue;
            Change change = work.package->changes.value(ManifestCheck::canonicalEntry(fix.path));
            change.destination = fix.path;
            change.action = FileSystem::exists(fix.path) ? InstallItem::Action::Overwrite : InstallItem::Action::New;
            restore.changes.append(change);
        }
        Merger merger(m_progress, m_cancel, m_options.log);
        const Merger::Outcome outcome
            = merger.stage(work.package->archive, work.package->sha256, restore, [&staged](const Change& c) {
                  return staged.value(c.destination);
              });
        if (!outcome.ok) {
            rollBack(transaction, result, outcome.canceled || m_cancel.isCanceled(), outcome.error);
            return false;
        }
    }
    for (const RepairFix& fix : work.fixes) {
        if (m_cancel.isCanceled()) {
            rollBack(transaction, result, true, {});
            return false;
        }
        bool ok = true;
        if (fix.kind == RepairFix::Kind::RebuildLink)
            ok = FileSystem::createSymlink(fix.expected.linkTarget, staged.value(fix.path), &error);
        else if (fix.kind == RepairFix::Kind::FixPermissions)
            ok = stageCopy(fix, staged.value(fix.path), &error);
        if (!ok) {
            rollBack(transaction, result, false, error);
            return false;
        }
    }

    if (!transaction.performUpTo(total, m_cancel, &error)) {
        rollBack(transaction, result, m_cancel.isCanceled(), error);
        return false;
    }
    if (!transaction.commit(manifest, &error)) {
        rollBack(transaction, result, false, error);
        return false;
    }
    result.transactions.append(transaction.id());
    for (const RepairFix& fix : work.fixes)
        result.applied.append({fix, transaction.id()});
    if (work.environment) {
        RepairFix fix;
        fix.kind = RepairFix::Kind::Environment;
        fix.root = work.root;
        fix.path = work.root;
        result.applied.append({fix, transaction.id()});
    }
    if (work.loaderCache && cache.size() == 2) {
        RepairFix fix;
        fix.kind = RepairFix::Kind::LoaderCache;
        fix.root = work.root;
        fix.path = work.root;
        result.applied.append({fix, transaction.id()});
    }
    return true;
}

bool RootRepair::stageCopy(const RepairFix& fix, const QString& staged, QString* error) const
{
    QFile source(fix.path);
    if (!source.open(QIODevice::ReadOnly)) {
        *error = tr("%1 cannot be read: %2").arg(fix.path, source.errorString());
        return false;
    }
    FileWriter writer;
    if (!writer.open(staged)) {
        *error = writer.errorString();
        return false;
    }
    QByteArray block;
    while (!(block = source.read(1024 * 1024)).isEmpty()) {
        if (!writer.write(block)) {
            *error = writer.errorString();
            return false;
        }
        if (m_cancel.isCanceled()) {
            writer.abort();
            *error = tr("The repair was canceled.");
            return false;
        }
    }
    if (!writer.finish(fix.expected.mode, fix.expected.size, fix.expected.sha256)) {
        *error = writer.errorString();
        return false;
    }
    return true;
}

void RootRepair::rollBack(Transaction& transaction, RepairResult& result, bool canceled, const QString& why) const
{
    phase(tr("Putting everything back"), 0, 0);
    result.diagnostics.append(canceled ? Diagnostic::of(RepairCode::Canceled, tr("The repair was canceled."))
                                       : Diagnostic::of(RepairCode::Failed,
                                                        tr("The repair stopped: %1").arg(why),
                                                        tr("Fix the cause, then run the repair again.")));
    QString error;
    if (transaction.rollback(&error)) {
        result.status = RepairResult::Status::RolledBack;
        result.diagnostics.append(
            Diagnostic::of(RepairCode::RolledBack, tr("Everything the repair had changed was put back as it was.")));
        return;
    }
    result.status = RepairResult::Status::Failed;
    result.diagnostics.append(
        Diagnostic::of(RepairCode::Failed,
                       tr("The repair stopped, and not everything could be put back yet: %1").arg(error),
                       tr("Fix the cause, then run cudnn-setup again: it finishes putting "
                          "things back before anything else.")));
}

/** Checks the archive for one root's restored files and maps them onto the root; false with result set if not. */
bool preparePackage(RootWork& work,
                    const SystemSnapshot& system,
                    const RepairOptions& options,
                    ProgressSink* progress,
                    const CancellationToken& cancel,
                    RepairResult& result)
{
    QList<const RepairFix*> restores;
    for (const RepairFix& fix : work.fixes) {
        if (fix.needsPackage())
            restores.append(&fix);
    }
    if (restores.isEmpty())
        return true;
    const QJsonObject recorded = restores.first()->package;
    const QString recordedSha = recorded.value(QStringLiteral("sha256")).toString();
    const QString archive
        = options.package.isEmpty() ? recorded.value(QStringLiteral("file")).toString() : options.package;
    if (!QFileInfo(archive).isFile()) {
        result.status = RepairResult::Status::PackageNotFound;
        result.diagnostics.append(
            Diagnostic::of(
                RepairCode::PackageMissing,
                RepairService::tr("There is no package at %1, so nothing was changed.").arg(archive),
                RepairService::tr("Give the archive the files were installed from (SHA-256 %1).").arg(recordedSha))
                .about(archive)
                .offering(FixAction::Kind::ChoosePackage,
                          QFileInfo(recorded.value(QStringLiteral("file")).toString()).fileName()));
        return false;
    }
    InstallLog::to(options.log, RepairService::tr("checking %1").arg(archive));
    const PackageInspection inspection = PackageService::inspect(archive, progress, cancel);
    if (cancel.isCanceled()) {
        result.status = RepairResult::Status::RolledBack;
        result.diagnostics.append(Diagnostic::of(
            RepairCode::Canceled, RepairService::tr("The repair was canceled before anything was changed.")));
        return false;
    }
    if (inspection.sha256 != recordedSha) {
        result.status = RepairResult::Status::PackageRejected;
        result.diagnostics.append(
            Diagnostic::of(RepairCode::PackageMismatch,
                           RepairService::tr("%1 is not the package cudnn-setup installed %2 from: its SHA-256 is "
                                             "%3, the manifest records %4 (%5). Nothing was changed.")
                               .arg(archive,
                                    work.root,
                                    inspection.sha256.isEmpty() ? RepairService::tr("unreadable") : inspection.sha256,
                                    recordedSha,
                                    recorded.value(QStringLiteral("file")).toString()),
                           RepairService::tr("Give that very archive; to change versions, install the other package "
                                             "instead of repairing."))
                .about(archive)
                .offering(FixAction::Kind::ChoosePackage,
                          QFileInfo(recorded.value(QStringLiteral("file")).toString()).fileName()));
        return false;
    }
    CudaToolkit toolkit;
    if (const CudaToolkit* known = system.toolkitAt(work.root))
        toolkit = *known;
    toolkit.root = work.root;
    const PlannedChanges planned = InstallService::planInstall(inspection, toolkit, system.os);
    PackageSource source{archive, recordedSha, recorded, {}};
    for (const Change& change : planned.changes.changes)
        source.changes.insert(ManifestCheck::canonicalEntry(change.destination), change);
    for (const RepairFix* fix : restores) {
        const auto change = source.changes.constFind(ManifestCheck::canonicalEntry(fix->path));
        if (change == source.changes.constEnd() || change->isLink() || change->sha256 != fix->expected.sha256
            || change->source != Change::Source::Archive || !change->contentOf.isEmpty()) {
            result.status = RepairResult::Status::PackageRejected;
            result.diagnostics.append(
                Diagnostic::of(RepairCode::PackageIncomplete,
                               RepairService::tr("%1 does not hold %2 as cudnn-setup installed it, so nothing was "
                                                 "changed.")
                                   .arg(archive, fix->path),
                               RepairService::tr("Install the package again instead."))
                    .about(fix->path)
                    .offering(FixAction::Kind::InstallAgain, work.root));
            return false;
        }
    }
    work.package = source;
    return true;
}

} // namespace

RepairResult RepairService::repair(const RepairScan& scan,
                                   const SystemSnapshot& system,
                                   const RepairOptions& options,
                                   ProgressSink* progress,
                                   CancellationToken cancel)
{
    if (!progress)
        progress = NullProgressSink::instance();
    RepairResult result;
    QList<RootWork> work;
    const auto workFor = [&work](const QString& root) -> RootWork& {
        for (RootWork& w : work) {
            if (sameLocation(hostOsFlavor(), w.root, root))
                return w;
        }
        work.append(RootWork{root, {}, std::nullopt, false, false});
        return work.last();
    };
    for (const RepairFix& fix : scan.automaticFixes()) {
        if (fix.kind == RepairFix::Kind::Environment)
            workFor(fix.root).environment = options.environment && options.environmentPlan;
        else if (fix.kind == RepairFix::Kind::LoaderCache)
            workFor(fix.root).loaderCache = bool(options.loaderCacheFraming);
        else
            workFor(fix.root).fixes.append(fix);
    }
    work.removeIf([](const RootWork& w) { return w.fixes.isEmpty() && !w.environment && !w.loaderCache; });
    if (work.isEmpty()) {
        result.status = RepairResult::Status::NothingToApply;
        result.diagnostics.append(Diagnostic::of(
            RepairCode::Nothing,
            scan.isClean() ? tr("Nothing to repair.")
                           : tr("Nothing repair can do by itself; what is left needs the steps named with each "
                                "finding.")));
        return result;
    }

    // Every root is locked, then every package checked, before the first change anywhere: a root another run holds
    // is said without reading a package, and a wrong package changes nothing at all.
    std::vector<std::unique_ptr<RootSession>> sessions;
    for (const RootWork& w : work) {
        if (options.dryRun)
            break;
        sessions.push_back(openRoot(w.root, options, result));
        if (!sessions.back())
            return result;
    }
    for (RootWork& w : work) {
        if (!preparePackage(w, system, options, progress, cancel, result))
            return result;
    }
    if (options.dryRun) {
        result.status = RepairResult::Status::DryRun;
        for (const RootWork& w : work) {
            for (const RepairFix& fix : w.fixes)
                result.applied.append({fix, {}});
        }
        return result;
    }

    for (qsizetype i = 0; i < work.size(); ++i) {
        RootRepair repair(options, progress, cancel);
        if (!repair.run(work.at(i), *sessions.at(size_t(i)), system, result))
            return result;
    }
    result.status = RepairResult::Status::Repaired;
    result.diagnostics.append(
        Diagnostic::of(RepairCode::Applied,
                       tr("%n fixes applied. They are part of the install they repaired: an uninstall "
                          "puts back what was there before that install.",
                          nullptr,
                          int(result.applied.size()))));
    return result;
}

Diagnostics RepairService::recoverInterrupted(const QStringList& roots, const RepairOptions& options)
{
    Diagnostics diagnostics;
    InstallOptions install;
    install.operations = options.operations;
    install.log = options.log;
    for (const QString& root : roots) {
        if (!InstallService::hasInterruptedRun(root))
            continue;
        diagnostics.append(InstallService::recover(root, install).diagnostics);
    }
    return diagnostics;
}
