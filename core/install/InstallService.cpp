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
#include "install/InstallPlanner.h"
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
        result.diagnostics.append(Diagnostic::of(InstallCode::NoPlan,
                                                 tr("No package and toolkit were chosen, so nothing was installed."),
                                                 tr("Choose one package and one toolkit."))
                                      .offering(FixAction::Kind::ChoosePackageAndToolkit));
        return false;
    }
    *package = &chosen->inspection;
    result.toolkitRoot = (*toolkit)->root;
    result.toolkitVersion = (*toolkit)->version;
    result.diagnostics = Preflight::checkPackage(**package, {});
    if (verdict->blocked() && result.diagnostics.isEmpty())
        result.diagnostics.append(
            Diagnostic::of(
                InstallCode::NoPlan,
                tr("%1 does not fit %2, so nothing was installed: %3")
                    .arg(chosen->inspection.file, (*toolkit)->root, verdict->firstBlock()->diagnostic.message),
                verdict->firstBlock()->diagnostic.fix)
                .offering(verdict->firstBlock()->diagnostic.action));
    return result.diagnostics.isEmpty();
}

QString canonicalRoot(const QString& root)
{
    const QString canonical = QFileInfo(root).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(root) : canonical;
}

/** The decision for a package judged before: the plan from what the pass read (the same bytes, by SHA-256). */
Installer::Decide judgedDecision(const PackageChoice& choice,
                                 const InstallOptions& options,
                                 const std::function<PlannedChanges(const PackageInspection&)>& plan)
{
    return [&choice, &options, plan](const PackageInspection& read) {
        Installer::Decision decision;
        decision.planned = plan(read);
        decision.planned.diagnostics.append(Preflight::checkPackage(read, {}));
        decision.packageSummary = packageSummary(read);
        if (options.operationsAfterFiles)
            decision.afterFiles = options.operationsAfterFiles(choice);
        return decision;
    };
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
    const auto plan
        = [toolkit, os = system.os](const PackageInspection& read) { return planInstall(read, *toolkit, os); };
    return Installer(options, progress, std::move(cancel))
        .run(QStringLiteral("install"),
             {package->file, package->sha256},
             *toolkit,
             canonicalRoot(toolkit->root),
             system.os,
             judgedDecision(choice, options, plan));
}

namespace {

/** The inspections the choice is made among, once the archive's pass has read it. */
using Considered = std::function<QList<PackageInspection>(const PackageInspection& read)>;

InstallResult installOnePass(const QString& archive,
                             const Considered& considered,
                             const SystemSnapshot& system,
                             const CudaToolkit& toolkit,
                             bool force,
                             const InstallOptions& options,
                             ProgressSink* progress,
                             CancellationToken cancel,
                             JudgedPackage* judged)
{
    InstallResult result;
    result.command = QStringLiteral("install");
    result.root = canonicalRoot(toolkit.root);
    result.toolkitRoot = toolkit.root;
    result.toolkitVersion = toolkit.version;
    const PackagePicker picker;
    // What the name alone refuses (another platform, another CUDA major, a GPU too old) costs no decompression.
    *judged = JudgedPackage();
    if (std::optional<PackageChoice> byName = picker.judgeByName(archive, system, toolkit.root, force)) {
        judged->choice = *std::move(byName); // what the report names until the archive is read
        if (!judged->choice.ok()) {
            result.status = InstallResult::Status::Rejected;
            result.diagnostics = diagnosticsOf(judged->choice.findings);
            return result;
        }
    }
    const Installer::Decide decide = [&](const PackageInspection& read) {
        judged->choice = picker.choose(considered(read), system, toolkit.root, force);
        Installer::Decision decision;
        if (!judged->choice.ok()) {
            decision.planned.diagnostics = diagnosticsOf(judged->choice.findings);
            return decision;
        }
        InstallResult verdict;
        const PackageInspection* package = nullptr;
        const CudaToolkit* target = nullptr;
        if (!chosenFrom(judged->choice, system, verdict, &package, &target)) {
            decision.planned.diagnostics = verdict.diagnostics;
            decision.refusedAs = verdict.status;
            return decision;
        }
        judged->plan = InstallPlanner::plan(read, toolkit, system.os);
        decision.planned = planInstall(*judged->plan, read, system.os);
        decision.packageSummary = packageSummary(read);
        if (options.operationsAfterFiles)
            decision.afterFiles = options.operationsAfterFiles(judged->choice);
        return decision;
    };
    return Installer(options, progress, std::move(cancel))
        .run(QStringLiteral("install"), {archive, {}}, toolkit, result.root, system.os, decide);
}

} // namespace

InstallResult installArchive(const QString& archive,
                             const SystemSnapshot& system,
                             const CudaToolkit& toolkit,
                             bool force,
                             const InstallOptions& options,
                             ProgressSink* progress,
                             CancellationToken cancel,
                             JudgedPackage* judged)
{
    const Considered alone = [](const PackageInspection& read) { return QList<PackageInspection>{read}; };
    return installOnePass(archive, alone, system, toolkit, force, options, progress, std::move(cancel), judged);
}

InstallResult installFromFolder(const PackageSurvey& folder,
                                const SystemSnapshot& system,
                                const CudaToolkit& toolkit,
                                bool force,
                                const InstallOptions& options,
                                ProgressSink* progress,
                                CancellationToken cancel,
                                JudgedPackage* judged)
{
    Q_ASSERT(folder.toRead().size() == 1);
    const Considered withTheOthers = [&folder](const PackageInspection& read) { return folder.with(read); };
    return installOnePass(folder.toRead().constFirst(),
                          withTheOthers,
                          system,
                          toolkit,
                          force,
                          options,
                          progress,
                          std::move(cancel),
                          judged);
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
            result.diagnostics.append(Diagnostic::of(InstallCode::WriteFailed, error).about(absolute));
        if (!result.diagnostics.isEmpty()) {
            result.status = containsCode(result.diagnostics, InstallCode::NeedsElevation)
                ? InstallResult::Status::NeedsElevation
                : InstallResult::Status::Failed;
            return result;
        }
    }
    const QString root = QFileInfo(absolute).canonicalFilePath();
    const auto plan = [toolkit, root, os = system.os, &options](const PackageInspection& read) {
        return planDeploy(read, *toolkit, root, os, options.searchFolders);
    };
    result = Installer(options, progress, std::move(cancel))
                 .run(QStringLiteral("deploy"),
                      {package->file, package->sha256},
                      *toolkit,
                      root,
                      system.os,
                      judgedDecision(choice, options, plan));
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
    return planInstall(InstallPlanner::plan(package, toolkit, os), package, os);
}

PlannedChanges planInstall(const InstallPlan& plan, const PackageInspection& package, OsFlavor os)
{
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

Diagnostics interruptedRuns(const SystemSnapshot& system)
{
    Diagnostics found;
    for (const CudaToolkit& toolkit : system.toolkits) {
        if (!hasInterruptedRun(toolkit.root))
            continue;
        found.append(Diagnostic::of(InstallCode::Interrupted,
                                    tr("An install, uninstall or repair in %1 was interrupted before it "
                                       "finished; the toolkit may be half-changed until then.")
                                        .arg(displayPath(system.os, toolkit.root)),
                                    tr("The next install, uninstall or repair of this toolkit finishes it or "
                                       "rolls it back first; run one of them (a repair is enough)."))
                         .about(ToolkitState(toolkit.root).journalFile()));
    }
    return found;
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
