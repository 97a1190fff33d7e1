// The one install entry (Engine::install) and everything an install, deploy or dry run does: the machine, the
// package's source, one pass or judge-first, the elevated hand-over, the search path step and the proofs.

#include "EngineInternals.h"
#include "detect/CudnnInstallScanner.h"
#include "detect/ManagedFiles.h"
#include "detect/ToolkitLocator.h"
#include "elevation/ElevatedInstall.h"
#include "elevation/ElevationCode.h"
#include "env/EnvironmentService.h"
#include "env/EnvironmentStep.h"
#include "install/FileSystem.h"
#include "install/InstallCode.h"
#include "install/InstallLog.h"
#include "install/InstallService.h"
#include "install/UserInstallList.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

SetupOutcome Engine::install(const InstallRequest& request, ProgressSink* progress, CancellationToken cancel) const
{
    bool lookedAgain = false;
    const SystemSnapshot system = machineFor(request, &lookedAgain);
    SetupOutcome outcome = installOnMachine(request, system, progress, cancel);
    outcome.lookedAgain = lookedAgain; // the plan installChoice made is the new machine's
    settleAfterwards(outcome, system, request);
    outcome.system = system;
    return outcome;
}

SystemSnapshot Engine::machineFor(const InstallRequest& request, bool* lookedAgain) const
{
    *lookedAgain = false;
    if (request.system && request.lookAgain && request.judged) {
        DetectOptions detecting;
        detecting.cudaRoots = {request.judged->toolkitRoot};
        SystemSnapshot now = detect(detecting);
        if (now.toolkitAt(request.judged->toolkitRoot)) {
            *lookedAgain = true;
            return now;
        }
        // The toolkit went away meanwhile: the install, on the machine as it was seen, says so.
    }
    if (request.system)
        return *request.system;
    // A toolkit that is not even a folder is said at once, without detecting the machine first; only the toolkits
    // that are there are looked for, so the refusal can name them.
    if (request.package.cudaRoot && !QFileInfo(*request.package.cudaRoot).isDir()) {
        SystemSnapshot none;
        none.os = hostOsFlavor();
        none.toolkits = ToolkitLocator(*m_host, *m_runner).locate({}).toolkits;
        return none;
    }
    return detect(request.detect);
}

SetupOutcome Engine::installOnMachine(const InstallRequest& request,
                                      const SystemSnapshot& system,
                                      ProgressSink* progress,
                                      CancellationToken cancel) const
{
    if (request.judged)
        return installChoice(*request.judged, system, request, progress, cancel);
    // Cheap inputs first: a toolkit that is not there is said before any archive is read or fetched (the choice
    // says so without reading).
    const std::optional<QString>& cudaRoot = request.package.cudaRoot;
    if (cudaRoot && !system.toolkitAt(*cudaRoot))
        return installChoice(
            choosePackage({{}, cudaRoot, request.package.force}, system), system, request, progress, cancel);
    if (!request.fetch)
        return installUnjudged(request, system, progress, cancel);

    // Download (or reuse) the archive the rules choose, then go on as if it had been named.
    FetchRequest fetching = *request.fetch;
    fetching.cudaRoot = cudaRoot;
    fetching.force = request.package.force;
    fetching.dryRun = request.dryRun;
    FetchOutcome fetched = fetch(planFetch(fetching, system, cancel), progress, cancel);
    SetupOutcome outcome;
    if (fetched.archive.isEmpty()) {
        outcome = installChoice(PackageChoice{}, system, request, progress, cancel);
    } else {
        InstallRequest named = request;
        named.fetch.reset();
        named.package.path = fetched.archive;
        outcome = installUnjudged(named, system, progress, cancel);
    }
    outcome.fetched = std::move(fetched);
    return outcome;
}

void Engine::settleAfterwards(SetupOutcome& outcome, const SystemSnapshot& system, const InstallRequest& request) const
{
    const FrameworkVerdicts after = frameworksAfter(outcome.choice, system);
    const bool worked = outcome.ranInstall() && outcome.taskStatus() == TaskStatus::Ok;
    outcome.frameworks = worked && request.confirmFrameworks ? confirmFrameworks(after) : after;

    const CudaToolkit* toolkit = system.toolkitAt(outcome.choice.toolkitRoot);
    if (outcome.taskStatus() == TaskStatus::NeedsElevation && !request.deploys() && toolkit && outcome.choice.ok()) {
        // Refused before the archive was read: the command still pins the file the user named, as the wizard's does,
        // and the report names the same SHA-256.
        PackageCandidate& chosen = outcome.choice.candidates[*outcome.choice.chosenIndex];
        if (chosen.inspection.sha256.isEmpty() && QFileInfo(chosen.inspection.file).isFile())
            chosen.inspection.sha256 = FileSystem::sha256Of(chosen.inspection.file);
        outcome.elevationCommand
            = pasteCommand(hostOsFlavor(), program(), handOver(outcome.choice, *toolkit, request.pathScope));
    }
}

SetupOutcome Engine::installChoice(const PackageChoice& choice,
                                   const SystemSnapshot& system,
                                   const InstallRequest& request,
                                   ProgressSink* progress,
                                   CancellationToken cancel) const
{
    SetupOutcome outcome;
    outcome.choice = choice;
    outcome.plan = planInstall(choice, system);
    outcome.dryRun = request.dryRun;
    const bool deploy = request.deploys();
    if (const auto refusal = deploy || !choice.ok() ? std::nullopt : managedFilesRefusal(choice.toolkitRoot, system)) {
        outcome.refusal = refusal;
        return outcome;
    }
    if (request.dryRun) {
        if (deploy && choice.ok())
            outcome.deployPlan = planDeploy(choice, system, request.deployTo);
        else if (choice.ok())
            outcome.environment = planEnvironment(choice, system, request.effectiveScope());
        return outcome;
    }
    Diagnostic why;
    const std::unique_ptr<InstallLog> log = openLog(request.logFile, request.log, &why);
    if (!log && !request.logFile.isEmpty()) {
        outcome.refusal = SetupOutcome::Refusal{TaskStatus::Failed, why};
        return outcome;
    }
    if (!choice.ok()) {
        InstallLog::to(log.get(),
                       QStringLiteral("no package to install (%1)").arg(taskStatusName(choice.taskStatus())));
        return outcome;
    }
    const PackageCandidate* chosen = choice.chosen();
    if (!request.judgedSha256.isEmpty() && chosen->inspection.sha256 != request.judgedSha256) {
        outcome.refusal = SetupOutcome::Refusal{
            TaskStatus::Rejected,
            Diagnostic::of(ElevationCode::PackageChanged,
                           SetupOutcome::tr("%1 is not the archive that was checked: its SHA-256 is %2, not %3. "
                                            "Nothing was changed.")
                               .arg(chosen->inspection.file, chosen->inspection.sha256, request.judgedSha256),
                           SetupOutcome::tr("Check the archive again (another file was put in its place), then "
                                            "install it."))
                .about(chosen->inspection.file)};
        InstallLog::to(log.get(), outcome.refusal->why.message);
        return outcome;
    }
    if (deploy) {
        outcome.environment.scope = request.effectiveScope();
        outcome.environment.reason = EnvironmentOutcome::tr("a deploy copies next to the application, whose folder "
                                                            "is searched first: the search path is not changed");
    } else {
        outcome.environment = planEnvironment(choice, system, request.effectiveScope());
    }

    const std::optional<ElevationRequest> privileged
        = request.elevation == InstallRequest::Elevation::AskForRights && m_launcher && !deploy
        ? privilegedStep(choice, system, request.effectiveScope())
        : std::nullopt;
    if (privileged && outcome.plan && outcome.plan->writesNothing() && request.effectiveScope() != PathScope::Machine) {
        // The privileged step already ran outside (its command, run by hand): the toolkit holds exactly these
        // files, so nobody is asked for rights again, and the user's own search path is fixed here.
        outcome.install = alreadyInstalled(*outcome.plan, log.get());
        applyUserSearchPath(outcome, log.get());
    } else if (privileged) {
        if (progress) {
            ProgressUpdate asking;
            asking.phase = SetupOutcome::tr("Asking for administrator rights");
            asking.elevated = true;
            progress->report(asking);
        }
        installElevated(*privileged, outcome, log.get(), progress);
    } else {
        InstallOptions installing = installOptions(outcome.environment.fix());
        installing.log = log.get();
        installing.searchFolders = deploySearchFolders();
        outcome.install = deploy
            ? InstallService::deploy(choice, system, request.deployTo, installing, progress, cancel)
            : InstallService::install(choice, system, installing, progress, cancel);
    }

    settleEnvironment(outcome);
    // A root-owned toolkit's files are root's, found where root looks; but the search path fix written here, after
    // the root command or the elevated copy, is this user's: listed, another install's undo puts it back.
    const bool userFixWritten = outcome.environment.status == EnvironmentOutcome::Status::Applied
        && outcome.environment.scope == PathScope::User;
    if (request.listInstall && (!privileged || userFixWritten))
        recordInstall(outcome);
    prove(outcome, request, progress, cancel);
    return outcome;
}

QString Engine::notChangedBecause(InstallResult::Status status)
{
    switch (status) {
    case InstallResult::Status::Rejected:
        return SetupOutcome::tr("the package was not accepted");
    case InstallResult::Status::NeedsElevation:
        return SetupOutcome::tr("writing into the toolkit needs administrator rights");
    default:
        return SetupOutcome::tr("cuDNN was not installed");
    }
}

SetupOutcome Engine::installOnePass(const OnePass& pass,
                                    const QString& toolkitRoot,
                                    const SystemSnapshot& system,
                                    const InstallRequest& request,
                                    ProgressSink* progress,
                                    CancellationToken cancel) const
{
    SetupOutcome outcome;
    outcome.environment.scope = request.effectiveScope();
    Diagnostic why;
    const std::unique_ptr<InstallLog> log = openLog(request.logFile, request.log, &why);
    if (!log && !request.logFile.isEmpty()) {
        outcome.refusal = SetupOutcome::Refusal{TaskStatus::Failed, why};
        return outcome;
    }
    if (const auto refusal = managedFilesRefusal(toolkitRoot, system)) {
        outcome.refusal = refusal;
        InstallLog::to(log.get(), refusal->why.message);
        return outcome;
    }
    InstallOptions installing = installOptions();
    installing.log = log.get();
    // The search path step is planned once the pass has judged the package: its cuDNN version is known then.
    installing.operationsAfterFiles = [&](const PackageChoice& choice) {
        outcome.environment = planEnvironment(choice, system, request.effectiveScope());
        return environmentSteps(outcome.environment.fix());
    };
    InstallService::JudgedPackage judged;
    outcome.install = pass(installing, &judged);
    outcome.choice = std::move(judged.choice);
    outcome.plan = std::move(judged.plan);
    if (!outcome.ranInstall())
        outcome.environment = EnvironmentOutcome{};
    else if (outcome.environment.status == EnvironmentOutcome::Status::NotRun && outcome.environment.reason.isEmpty())
        outcome.environment.reason = notChangedBecause(outcome.install.status); // stopped before it was planned
    settleEnvironment(outcome);
    if (request.listInstall)
        recordInstall(outcome);
    prove(outcome, request, progress, cancel);
    return outcome;
}

SetupOutcome Engine::installUnjudged(const InstallRequest& request,
                                     const SystemSnapshot& system,
                                     ProgressSink* progress,
                                     CancellationToken cancel) const
{
    const PackageRequest& package = request.package;
    const bool judgeFirst = request.dryRun || request.deploys() || !request.judgedSha256.isEmpty();
    const CudaToolkit* toolkit = nullptr;
    if (!judgeFirst)
        toolkit = package.cudaRoot        ? system.toolkitAt(*package.cudaRoot)
            : system.toolkits.size() == 1 ? &system.toolkits.first()
                                          : nullptr; // the package picks the toolkit
    if (toolkit && QFileInfo(package.path).isFile()) {
        return installOnePass(
            [&](const InstallOptions& installing, InstallService::JudgedPackage* judged) {
                return InstallService::installArchive(
                    package.path, system, *toolkit, package.force, installing, progress, cancel, judged);
            },
            toolkit->root,
            system,
            request,
            progress,
            cancel);
    }
    if (toolkit && QFileInfo(package.path).isDir()) {
        const PackageSurvey folder = PackagePicker().survey(package.path, system, package.cudaRoot, package.force);
        if (folder.toRead().size() == 1) { // the others are ruled out by name (or known): read that one once
            return installOnePass(
                [&](const InstallOptions& installing, InstallService::JudgedPackage* judged) {
                    return InstallService::installFromFolder(
                        folder, system, *toolkit, package.force, installing, progress, cancel, judged);
                },
                toolkit->root,
                system,
                request,
                progress,
                cancel);
        }
    }
    return installChoice(choosePackage(package, system, progress, cancel), system, request, progress, cancel);
}

std::optional<SetupOutcome::Refusal> Engine::managedFilesRefusal(const QString& toolkitRoot,
                                                                 const SystemSnapshot& system) const
{
    const OsFlavor os = system.os;
    const ManagedFiles managed
        = ManagedFiles::read(os, m_host->dpkgInfoDirectory, system.pythonEnvironments, ManagedFiles::Scope::Everything);
    if (managed.isEmpty() || toolkitRoot.isEmpty())
        return std::nullopt;
    QStringList folders = CudnnInstallScanner::toolkitLibraryDirs(os, toolkitRoot)
        + CudnnInstallScanner::toolkitIncludeDirs(os, toolkitRoot);
    if (os == OsFlavor::Windows)
        folders.append(QDir(toolkitRoot).filePath(QStringLiteral("lib/x64")));
    QStringList files;
    QStringList commands;
    QSet<QString> seen; // lib64 is often a link to lib: each file once
    for (const QString& folder : std::as_const(folders)) {
        const QDir dir(folder);
        for (const QString& name : dir.entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDir::Name)) {
            if (!name.contains(QLatin1String("cudnn"), Qt::CaseInsensitive))
                continue;
            const std::optional<FileOwner> owner = managed.ownerOf(dir.filePath(name));
            const QString file = QFileInfo(dir.filePath(name)).canonicalFilePath();
            if (!owner || seen.contains(file))
                continue;
            seen.insert(file);
            files.append(
                QStringLiteral("%1 (%2 %3)")
                    .arg(displayPath(os, dir.filePath(name)), packageManagerName(owner->manager), owner->package));
            const QString command = owner->reinstallCommand(os);
            if (!commands.contains(command))
                commands.append(command);
        }
    }
    if (files.isEmpty())
        return std::nullopt;
    return SetupOutcome::Refusal{
        TaskStatus::Rejected,
        Diagnostic::of(InstallCode::ManagedFiles,
                       SetupOutcome::tr("%1 holds cuDNN files that a package manager keeps: %2. cudnn-setup does "
                                        "not write over them, so nothing was changed.")
                           .arg(displayPath(os, toolkitRoot), files.join(QStringLiteral(", "))),
                       SetupOutcome::tr("Let each manager put its own files right (%1), or install into a toolkit "
                                        "whose cuDNN no package manager keeps.")
                           .arg(commands.join(QStringLiteral("; "))))
            .about(toolkitRoot)};
}

void Engine::settleEnvironment(SetupOutcome& outcome)
{
    using Status = EnvironmentOutcome::Status;
    if (outcome.environment.status != Status::Planned)
        return;
    if (!outcome.environment.fix())
        outcome.environment.status = Status::Refused;
    else if (outcome.install.status == InstallResult::Status::Ok)
        outcome.environment.status = Status::Applied;
    else
        outcome.environment.status = Status::RolledBack;
}

void Engine::recordInstall(const SetupOutcome& outcome) const
{
    const InstallResult& install = outcome.install;
    const bool installed
        = install.status == InstallResult::Status::Ok || install.status == InstallResult::Status::Unchanged;
    if (!installed || install.command != QLatin1String("install") || install.toolkitRoot.isEmpty())
        return;
    UserInstallList::Entry entry;
    entry.root = install.toolkitRoot;
    if (const EnvironmentPlan* fix = outcome.environment.fix();
        fix && outcome.environment.status == EnvironmentOutcome::Status::Applied) {
        for (const std::shared_ptr<EnvironmentStep>& step : fix->steps) {
            if (const auto* file = dynamic_cast<const FileEditStep*>(step.get()))
                entry.fixes.append(file->fixWritten());
        }
    }
    QString error;
    if (!UserInstallList(m_environment->installList()).record(entry, &error))
        qWarning("cudnn-setup: the list of this user's installs cannot be written: %s", qPrintable(error));
}

/** The search path step the elevated copy reported (machine scope), by the report's status word. */
static EnvironmentOutcome::Status elevatedEnvironmentStatus(const QJsonObject& report)
{
    using Status = EnvironmentOutcome::Status;
    const QString name
        = report.value(QStringLiteral("environment")).toObject().value(QStringLiteral("status")).toString();
    for (Status status : {Status::Planned, Status::Unchanged, Status::Applied, Status::RolledBack, Status::Refused}) {
        if (EnvironmentOutcome::statusName(status) == name)
            return status;
    }
    return Status::NotRun;
}

void Engine::installElevated(const ElevationRequest& request,
                             SetupOutcome& outcome,
                             InstallLog* log,
                             ProgressSink* progress) const
{
    const ElevationOutcome elevated = ElevatedInstall(*m_launcher, m_program).run(request, progress, log);
    outcome.elevation = elevated;
    if (elevated.status == ElevationOutcome::Status::Ran) {
        outcome.install = InstallResult::fromReport(elevated.report);
    } else {
        // Nothing is known to have changed: the toolkit still needs rights this process does not have.
        outcome.install.command = QStringLiteral("install");
        outcome.install.status
            = elevated.nothingRan() ? InstallResult::Status::NeedsElevation : InstallResult::Status::Failed;
        outcome.install.root = request.cudaRoot;
        outcome.install.toolkitRoot = request.cudaRoot;
    }

    if (outcome.environment.status == EnvironmentOutcome::Status::Planned
        && outcome.environment.scope == PathScope::Machine) {
        outcome.environment.status = elevatedEnvironmentStatus(elevated.report);
        return;
    }
    applyUserSearchPath(outcome, log);
}

InstallResult Engine::alreadyInstalled(const InstallPlan& plan, InstallLog* log)
{
    InstallResult result;
    result.command = QStringLiteral("install");
    result.status = InstallResult::Status::Unchanged;
    result.root = QFileInfo(plan.toolkitRoot).canonicalFilePath();
    result.toolkitRoot = plan.toolkitRoot;
    for (const InstallItem& item : plan.items)
        result.files.append({item.destination, QStringLiteral("unchanged"), item.sha256, item.linkTarget});
    // Where the files came from, so the page and the report say one thing: installed, by that command.
    result.diagnostics.append(Diagnostic::of(
        InstallCode::Unchanged,
        SetupOutcome::tr("The command run with administrator rights installed these files into %1; nothing more "
                         "was written there.")
            .arg(displayPath(plan.os, plan.toolkitRoot))));
    InstallLog::to(log, QCoreApplication::translate("Installer", "nothing to change in %1").arg(plan.toolkitRoot));
    return result;
}

void Engine::applyUserSearchPath(SetupOutcome& outcome, InstallLog* log) const
{
    using Status = EnvironmentOutcome::Status;
    EnvironmentOutcome& environment = outcome.environment;
    if (environment.status != Status::Planned || environment.scope == PathScope::Machine)
        return;
    // The user's own search path: never the elevated copy's business (it may be another administrator's account).
    const bool installed = outcome.install.status == InstallResult::Status::Ok
        || outcome.install.status == InstallResult::Status::Unchanged;
    const EnvironmentPlan* fix = environment.fix();
    if (!installed || !fix) {
        environment.status = installed ? Status::Refused : Status::RolledBack;
        return;
    }
    // No journal can hold it: the toolkit's state folder is the elevated copy's. Performed all or nothing here.
    QString error;
    if (EnvironmentService(*m_environment).apply(*fix, &error)) {
        environment.status = Status::Applied;
        InstallLog::to(log, QStringLiteral("search path (user scope): applied"));
    } else {
        environment.status = Status::Refused;
        environment.reason = error;
        InstallLog::to(log, QStringLiteral("search path (user scope): %1").arg(error));
    }
}

void Engine::prove(SetupOutcome& outcome,
                   const InstallRequest& request,
                   ProgressSink* progress,
                   CancellationToken cancel) const
{
    const bool deploy = request.deploys();
    const bool installed = outcome.install.status == InstallResult::Status::Ok
        || outcome.install.status == InstallResult::Status::Unchanged;
    if (!request.verify)
        outcome.verifyNotRun = SetupOutcome::tr("as asked");
    else if (!installed)
        outcome.verifyNotRun = SetupOutcome::tr("cuDNN was not installed");
    else if (deploy)
        outcome.verifyNotRun = SetupOutcome::tr("a deploy is loaded by the application itself");
    else {
        if (progress)
            progress->report(ProgressUpdate{SetupOutcome::tr("Checking what loads"), 0, 0, 0, 0, {}});
        outcome.verify = verify(outcome.install.toolkitRoot, request.pathScope);
    }

    if (!request.benchmark)
        outcome.benchmarkNotRun = SetupOutcome::tr("as asked");
    else if (!installed)
        outcome.benchmarkNotRun = SetupOutcome::tr("cuDNN was not installed");
    else if (deploy)
        outcome.benchmarkNotRun = SetupOutcome::tr("a deploy is measured by the application itself");
    else if (cancel.isCanceled())
        outcome.benchmarkNotRun = SetupOutcome::tr("canceled");
    else {
        if (progress)
            progress->report(ProgressUpdate{SetupOutcome::tr("Measuring convolutions"), 0, 0, 0, 0, {}});
        BenchmarkRequest measure;
        measure.toolkitRoot = outcome.install.toolkitRoot;
        measure.quick = request.quickBenchmark;
        // Per case on the progress line; Ctrl+C (a cancel) stops it and keeps what was measured.
        outcome.benchmark = benchmark(measure, progress, cancel);
    }
}
