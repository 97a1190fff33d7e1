#include "InstallService.h"

#include "DeployPlanner.h"
#include "FileSystem.h"
#include "InstallCode.h"
#include "Installer.h"
#include "Preflight.h"
#include "RootSession.h"
#include "SupersededFiles.h"
#include "ToolkitState.h"
#include "Uninstaller.h"
#include "package/PackagePicker.h"

#include <QDir>
#include <QFileInfo>

namespace InstallService {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("InstallService", text);
}

QJsonObject packageSummary(const PackageInspection& package)
{
    const QJsonObject full = package.toJson();
    QJsonObject summary;
    for (const char* key : {"file", "sha256", "cudnn_version", "cuda_major", "platform", "arch"})
        summary.insert(QLatin1String(key), full.value(QLatin1String(key)));
    return summary;
}

/** The chosen package and toolkit, if the choice is one that may be written; otherwise result says why not. */
bool chosenFrom(const PackageChoice& choice,
                const SystemSnapshot& system,
                InstallResult& result,
                const PackageInspection** package,
                const CudaToolkit** toolkit)
{
    const PackageCandidate* chosen = choice.chosen();
    const PackageVerdict* verdict = choice.chosenVerdict();
    *toolkit = system.toolkitAt(choice.toolkitRoot);
    result.status = InstallResult::Status::Rejected;
    if (!chosen || !verdict || !*toolkit) {
        result.diagnostics.append(Diagnostic::error(InstallCode::NoPlan,
                                                    tr("No package and toolkit were chosen, so nothing was installed."),
                                                    tr("Name one archive with --package and a toolkit with "
                                                       "--cuda-root.")));
        return false;
    }
    *package = &chosen->inspection;
    result.toolkitRoot = (*toolkit)->root;
    result.toolkitVersion = (*toolkit)->version;
    result.diagnostics = Preflight::checkPackage(**package, {});
    if (verdict->blocked() && result.diagnostics.isEmpty())
        result.diagnostics.append(Diagnostic::error(
            InstallCode::NoPlan,
            tr("%1 does not fit %2, so nothing was installed: %3")
                .arg(chosen->inspection.file, (*toolkit)->root, verdict->firstBlock()->diagnostic.message),
            verdict->firstBlock()->diagnostic.fix));
    return result.diagnostics.isEmpty();
}

Installer::Source sourceOf(const PackageInspection& package)
{
    return {package.file, package.sha256, packageSummary(package)};
}

} // namespace

InstallResult install(const PackageChoice& choice,
                      const SystemSnapshot& system,
                      const InstallOptions& options,
                      ProgressSink* progress,
                      CancellationToken cancel)
{
    InstallResult refused;
    refused.command = QStringLiteral("install");
    const PackageInspection* package = nullptr;
    const CudaToolkit* toolkit = nullptr;
    if (!chosenFrom(choice, system, refused, &package, &toolkit))
        return refused;
    return Installer(options, progress, std::move(cancel))
        .run(QStringLiteral("install"), sourceOf(*package), *toolkit, [&] {
            return planInstall(*package, *toolkit, system.os);
        });
}

InstallResult deploy(const PackageChoice& choice,
                     const SystemSnapshot& system,
                     const QString& folder,
                     const InstallOptions& options,
                     ProgressSink* progress,
                     CancellationToken cancel)
{
    InstallResult result;
    result.command = QStringLiteral("deploy");
    const PackageInspection* package = nullptr;
    const CudaToolkit* toolkit = nullptr;
    if (!chosenFrom(choice, system, result, &package, &toolkit))
        return result;

    // The lock and the journal live in the folder, so a missing one is made first (and taken away if it stays empty).
    const QString absolute = QDir::cleanPath(QDir(folder).absolutePath());
    const bool created = !FileSystem::exists(absolute);
    if (created) {
        QString existing = absolute;
        while (!FileSystem::exists(existing) && FileSystem::parentOf(existing) != existing)
            existing = FileSystem::parentOf(existing);
        result.diagnostics = options.preflight.checkWritable({existing});
        QString error;
        if (result.diagnostics.isEmpty() && !FileSystem::makePath(absolute, &error))
            result.diagnostics.append(Diagnostic::error(InstallCode::WriteFailed, error).about(absolute));
        if (!result.diagnostics.isEmpty()) {
            result.status = containsCode(result.diagnostics, InstallCode::NeedsElevation)
                ? InstallResult::Status::NeedsElevation
                : InstallResult::Status::Failed;
            return result;
        }
    }
    const QString root = QFileInfo(absolute).canonicalFilePath();
    result = Installer(options, progress, std::move(cancel))
                 .run(QStringLiteral("deploy"), sourceOf(*package), *toolkit, [&] {
                     return planDeploy(*package, *toolkit, root, system.os, options.searchFolders);
                 });
    if (created && !result.succeeded())
        FileSystem::removeFolderIfEmpty(root);
    return result;
}

InstallResult
uninstall(const QString& root, const InstallOptions& options, ProgressSink* progress, CancellationToken cancel)
{
    const QString canonical = QFileInfo(root).canonicalFilePath();
    return Uninstaller(options, progress, std::move(cancel)).run(canonical.isEmpty() ? root : canonical);
}

InstallResult recover(const QString& root, const InstallOptions& options)
{
    InstallResult result;
    result.command = QStringLiteral("recover");
    result.root = QFileInfo(root).canonicalFilePath();
    result.status = InstallResult::Status::Ok;
    if (result.root.isEmpty() || !hasInterruptedRun(result.root))
        return result;
    RootSession session(result.root, options.operations, options.log);
    if (session.open(result))
        result.status = InstallResult::Status::Ok;
    return result;
}

PlannedChanges planInstall(const PackageInspection& package, const CudaToolkit& toolkit, OsFlavor os)
{
    const InstallPlan plan = InstallPlanner::plan(package, toolkit, os);
    PlannedChanges planned{ChangeSet::fromPlan(plan, package), diagnosticsOf(plan.findings)};
    planned.changes.removals
        = SupersededFiles::find(planned.changes, SupersededFiles::toolkitFolders(os, planned.changes.root));
    return planned;
}

PlannedChanges planDeploy(const PackageInspection& package,
                          const CudaToolkit& toolkit,
                          const QString& folder,
                          OsFlavor os,
                          const QStringList& searchFolders)
{
    return DeployPlanner::plan(package, toolkit, folder, os, searchFolders);
}

bool hasInterruptedRun(const QString& root)
{
    return FileSystem::exists(ToolkitState(root).journalFile());
}

bool needsElevation(const PackageInspection& package, const CudaToolkit& toolkit, OsFlavor os)
{
    const PlannedChanges planned = planInstall(package, toolkit, os);
    const QString stateFolder = planned.changes.root + QLatin1Char('/') + ToolkitState::FolderName;
    const Diagnostics problems = Preflight().checkWritable(Preflight::foldersToWrite(planned.changes, stateFolder));
    return containsCode(problems, InstallCode::NeedsElevation);
}

QStringList toolkitsWithInstalls(const SystemSnapshot& system)
{
    QStringList roots;
    for (const CudaToolkit& toolkit : system.toolkits) {
        if (FileSystem::exists(ToolkitState(toolkit.root).manifestFile()))
            roots.append(toolkit.root);
    }
    return roots;
}

} // namespace InstallService
