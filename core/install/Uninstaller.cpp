#include "Uninstaller.h"

#include "FileOperations.h"
#include "FileSystem.h"
#include "InstallCode.h"
#include "InstallLog.h"
#include "RecordedPaths.h"
#include "RootSession.h"
#include "Transaction.h"

#include <QSet>

namespace {

QString describe(const QString& step, const Operation& op)
{
    const bool undo = step == QLatin1String("undo");
    if (const auto* place = dynamic_cast<const PlaceEntry*>(&op))
        return undo ? Uninstaller::tr("took %1 away again").arg(place->destination())
                    : Uninstaller::tr("restored %1").arg(place->destination());
    if (const auto* remove = dynamic_cast<const RemoveEntry*>(&op))
        return undo ? Uninstaller::tr("put %1 back").arg(remove->path())
                    : Uninstaller::tr("removed %1").arg(remove->path());
    if (const auto* folder = dynamic_cast<const RemoveFolder*>(&op))
        return undo ? Uninstaller::tr("created the folder %1 again").arg(folder->path())
                    : Uninstaller::tr("removed the folder %1 if empty").arg(folder->path());
    return undo ? Uninstaller::tr("performed %1 again").arg(op.description())
                : Uninstaller::tr("took back %1").arg(op.description());
}

} // namespace

Uninstaller::Uninstaller(const InstallOptions& options, ProgressSink* progress, CancellationToken cancel)
    : m_options(options)
    , m_progress(progress ? progress : NullProgressSink::instance())
    , m_cancel(std::move(cancel))
{
}

QList<Uninstaller::Conflict> Uninstaller::conflicts(const ToolkitState& state, const ManifestEntry& entry)
{
    QList<Conflict> found;
    for (const ManifestFile& file : entry.files) {
        const QString path = state.absolutePath(file.path);
        const FileSystem::Kind kind = FileSystem::kindOf(path);
        if (file.action == ManifestFile::Action::Removed) {
            if (kind != FileSystem::Kind::None)
                found.append({path, tr("something was put there since the install removed it"), false});
        } else if (kind == FileSystem::Kind::None) {
            // gone already: nothing of ours to take away
        } else if (file.kind == ManifestFile::Kind::Symlink) {
            if (kind != FileSystem::Kind::Symlink || FileSystem::linkTarget(path) != file.linkTarget)
                found.append({path, tr("it is no longer the link to %1 the install made").arg(file.linkTarget), false});
        } else if (kind != FileSystem::Kind::File || FileSystem::sha256Of(path) != file.sha256) {
            found.append({path, tr("its content changed since the install"), false});
        }
        if (file.action != ManifestFile::Action::Added && !FileSystem::exists(state.absoluteInFolder(file.backup)))
            found.append({path,
                          tr("the copy saved at install time (%1) is missing, so it cannot be restored")
                              .arg(state.absoluteInFolder(file.backup)),
                          true});
    }
    return found;
}

InstallResult Uninstaller::run(const QString& root)
{
    InstallLog* log = m_options.log;
    InstallResult result;
    result.command = QStringLiteral("uninstall");
    result.root = root;
    const OsFlavor os = hostOsFlavor();
    const auto notInstalled = [&] {
        result.status = InstallResult::Status::NotInstalled;
        result.diagnostics.append(Diagnostic::of(InstallCode::NotInstalled,
                                                 tr("cudnn-setup has not installed anything in %1 (there is no "
                                                    "manifest), so there is nothing to take back.")
                                                     .arg(displayPath(os, root))));
        return result;
    };
    const QString stateFolder = root + QLatin1Char('/') + ToolkitState::FolderName;
    if (!FileSystem::exists(stateFolder))
        return notInstalled();
    result.diagnostics = Preflight::checkStateFolder(stateFolder, os);
    if (result.diagnostics.isEmpty())
        result.diagnostics = m_options.preflight.checkWritable({stateFolder});
    if (!result.diagnostics.isEmpty()) {
        result.status = containsCode(result.diagnostics, InstallCode::NeedsElevation)
            ? InstallResult::Status::NeedsElevation
            : InstallResult::Status::Failed;
        return result;
    }

    RootSession session(root, m_options.operations, log);
    if (!session.open(result))
        return result;
    if (session.manifest().isEmpty())
        return notInstalled();
    const ManifestEntry entry = *session.manifest().newest();
    ToolkitState& state = session.state();
    const QString leadsElsewhere = RecordedPaths::entryProblem(state, entry);
    if (!leadsElsewhere.isEmpty()) {
        InstallLog::to(log, leadsElsewhere);
        result.status = InstallResult::Status::Failed;
        result.diagnostics.append(
            Diagnostic::of(InstallCode::UnsafeTarget,
                           tr("Nothing was changed: the manifest %1 cannot be acted on (%2).")
                               .arg(displayPath(os, state.manifestFile()), leadsElsewhere),
                           tr("cudnn-setup never records a path through a link, so the manifest or the toolkit "
                              "was changed by someone else: remove the link, or restore the manifest.")));
        return result;
    }
    result.toolkitRoot = entry.toolkit.value(QStringLiteral("root")).toString();
    result.toolkitVersion = Version::parse(entry.toolkit.value(QStringLiteral("version")).toString());
    InstallLog::to(log,
                   tr("uninstall of %1 (%2, cuDNN %3) from %4")
                       .arg(entry.transaction,
                            entry.package.value(QStringLiteral("file")).toString(),
                            entry.package.value(QStringLiteral("cudnn_version")).toString(),
                            root));

    Transaction transaction(state, QStringLiteral("uninstall"), log);
    result.transaction = transaction.id();
    const QList<Conflict> found = conflicts(state, entry);
    for (const Conflict& conflict : found) {
        const QString message
            = tr("%1 changed since cudnn-setup installed it: %2.").arg(displayPath(os, conflict.path), conflict.why);
        InstallLog::to(log, message);
        if (m_options.force)
            result.diagnostics.append(
                Diagnostic::of(
                    Severity::Warning,
                    InstallCode::ChangedSinceInstall,
                    conflict.backupMissing
                        ? message
                        : tr("%1 That copy is kept in %2.")
                              .arg(message, displayPath(os, state.backupPath(transaction.id(), conflict.path))))
                    .about(conflict.path));
        else
            result.diagnostics.append(Diagnostic::of(InstallCode::ChangedSinceInstall,
                                                     message,
                                                     tr("Nothing was changed. A repair puts the file back as "
                                                        "it was installed; then uninstall again."))
                                          .about(conflict.path));
    }
    if (!found.isEmpty() && !m_options.force) {
        result.status = InstallResult::Status::Refused;
        result.transaction.clear();
        return result;
    }

    QSet<QString> kept;
    QSet<QString> unrestorable;
    for (const Conflict& conflict : found)
        (conflict.backupMissing ? unrestorable : kept).insert(conflict.path);

    QStringList changedFolders;
    for (const ManifestFile& file : entry.files)
        changedFolders.append(FileSystem::parentOf(state.absolutePath(file.path)));
    changedFolders.removeDuplicates();
    const QList<OperationPointer> cache
        = m_options.loaderCacheFraming ? m_options.loaderCacheFraming(changedFolders) : QList<OperationPointer>();
    if (cache.size() == 2)
        transaction.add(cache.constFirst()); // a rollback rebuilds the cache once every file is back
    for (auto it = entry.operations.crbegin(); it != entry.operations.crend(); ++it) {
        QString error;
        OperationPointer op = m_options.operations.create(*it, &error);
        if (!op) {
            result.status = InstallResult::Status::Failed;
            result.diagnostics.append(Diagnostic::of(InstallCode::ManifestUnreadable,
                                                     tr("Nothing was changed: the manifest holds a step this "
                                                        "run cannot take back (%1).")
                                                         .arg(error)));
            return result;
        }
        if (!op->refusal().isEmpty()) {
            InstallLog::to(log, op->refusal());
            result.status = InstallResult::Status::Failed;
            result.diagnostics.append(
                Diagnostic::of(InstallCode::ManifestUnsafe,
                               tr("Nothing was changed: the manifest %1 holds a step cudnn-setup never writes "
                                  "(%2).")
                                   .arg(displayPath(os, state.manifestFile()), op->refusal()),
                               tr("Someone else changed the manifest. Restore it from a backup, or take the "
                                  "files back by hand.")));
            return result;
        }
        transaction.add(std::make_shared<ReversedOperation>(op));
    }
    QStringList folders; // parent folders whose entries changed, to check they may be written
    for (auto it = entry.files.crbegin(); it != entry.files.crend(); ++it) {
        const QString path = state.absolutePath(it->path);
        const QString backup = state.backupPath(transaction.id(), path);
        if (it->action == ManifestFile::Action::Added || unrestorable.contains(path))
            transaction.add(std::make_shared<RemoveEntry>(path, backup));
        else
            transaction.add(std::make_shared<PlaceEntry>(
                state.absoluteInFolder(it->backup), path, backup, FileSystem::exists(path)));
        if (!kept.isEmpty() && !kept.contains(path))
            transaction.discardAfterCommit(backup);
        if (!folders.contains(FileSystem::parentOf(path)) && FileSystem::exists(FileSystem::parentOf(path)))
            folders.append(FileSystem::parentOf(path));
        result.files.append(
            {path,
             it->action == ManifestFile::Action::Added ? QStringLiteral("removed") : QStringLiteral("restored"),
             {},
             {}});
    }
    for (auto it = entry.folders.crbegin(); it != entry.folders.crend(); ++it)
        transaction.add(std::make_shared<RemoveFolder>(state.absolutePath(*it)));
    if (cache.size() == 2)
        transaction.add(cache.constLast()); // the cache names no removed file
    transaction.discardAfterCommit(state.backupFolder(entry.transaction));
    for (const QString& repair : entry.repairs)
        transaction.discardAfterCommit(state.backupFolder(repair)); // what cudnn-setup found there was put back
    if (kept.isEmpty())
        transaction.discardAfterCommit(state.backupFolder(transaction.id()));
    transaction.commitWhenManifest(false, entry.transaction);

    const Diagnostics denied = m_options.preflight.checkWritable(folders);
    if (!denied.isEmpty()) {
        result.files.clear();
        result.status = InstallResult::Status::NeedsElevation;
        result.diagnostics.append(denied);
        return result;
    }

    int done = 0;
    const int total = transaction.size();
    transaction.setObserver([&](const QString& step, const Operation& op) {
        InstallLog::to(log, describe(step, op));
        ProgressUpdate update;
        update.phase = tr("Restoring files");
        update.itemsDone = ++done;
        update.itemsTotal = total;
        m_progress->report(update);
    });

    InstallLog::to(log, tr("phase: %1").arg(tr("Restoring files")));
    QString error;
    Manifest manifest = session.manifest();
    manifest.entries.removeLast();
    if (!transaction.begin(&error) || !transaction.performUpTo(total, m_cancel, &error)
        || !transaction.commit(manifest, &error)) {
        result.files.clear();
        result.diagnostics.append(
            Diagnostic::of(Severity::Error,
                           m_cancel.isCanceled() ? InstallCode::Canceled : InstallCode::WriteFailed,
                           tr("The uninstall stopped: %1").arg(error),
                           tr("Fix the cause, then run the uninstall again.")));
        QString rollbackError;
        if (transaction.rollback(&rollbackError)) {
            result.status = InstallResult::Status::RolledBack;
            result.diagnostics.append(Diagnostic::of(
                InstallCode::RolledBack, tr("%1 is as it was before the uninstall.").arg(displayPath(os, root))));
        } else {
            result.status = InstallResult::Status::Failed;
            result.diagnostics.append(Diagnostic::of(
                InstallCode::RollbackIncomplete,
                tr("Not everything could be put back yet: %1").arg(rollbackError),
                tr("Run cudnn-setup again: it finishes putting %1 back first.").arg(displayPath(os, root))));
        }
        return result;
    }
    for (InstallResult::File& file : result.files) {
        if (FileSystem::kindOf(file.path) == FileSystem::Kind::File)
            file.sha256 = FileSystem::sha256Of(file.path);
        else if (FileSystem::kindOf(file.path) == FileSystem::Kind::Symlink)
            file.linkTarget = FileSystem::linkTarget(file.path);
    }
    result.status = InstallResult::Status::Uninstalled;
    return result;
}
