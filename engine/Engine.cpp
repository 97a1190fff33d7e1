#include "Engine.h"

#include "detect/CudnnCopyFinder.h"
#include "detect/CudnnInstallScanner.h"
#include "detect/ManagedFiles.h"
#include "elevation/ElevatedInstall.h"
#include "elevation/ProgressLines.h"
#include "env/EnvironmentOperations.h"
#include "env/EnvironmentService.h"
#include "host/PrivateFiles.h"
#include "env/EnvironmentStep.h"
#include "frameworks/FrameworkFacts.h"
#include "install/InstallCode.h"
#include "install/InstallLog.h"
#include "install/InstallService.h"
#include "install/UserInstallList.h"
#include "package/CudnnCopyJudge.h"
#include "package/PackagePicker.h"
#include "repair/RepairService.h"
#include "report/Report.h"
#include "verify/BenchmarkRunner.h"
#include "verify/VerifyRunner.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSet>
#include <algorithm>

Engine::Engine()
    : Engine(HostEnvironment::current(), std::make_shared<ProcessRunner>())
{
}

Engine::Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner)
    : m_host(std::move(host))
    , m_runner(std::move(runner))
    , m_environment(EnvironmentLocations::current(m_host, m_runner))
{
}

Engine::Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner, EnvironmentLocations environment)
    : m_host(std::move(host))
    , m_runner(std::move(runner))
    , m_environment(std::move(environment))
{
}

SystemSnapshot Engine::detect(const DetectOptions& options) const
{
    SystemSnapshot snapshot = Detector(m_host, *m_runner).detect(options);
    snapshot.diagnostics.append(InstallService::interruptedRuns(snapshot));
    // Every copy, wherever it came from, by the rules a toolkit's copy gets (the release table is package's).
    CudnnCopyJudge().judge(snapshot);
    snapshot.frameworks = FrameworkFacts::judge(snapshot);
    return snapshot;
}

std::optional<EnvironmentTarget> Engine::environmentTarget(const PackageChoice& choice, const SystemSnapshot& system)
{
    const CudaToolkit* toolkit = system.toolkitAt(choice.toolkitRoot);
    const PackageCandidate* chosen = choice.chosen();
    if (!toolkit || !chosen)
        return std::nullopt;
    EnvironmentTarget target;
    target.toolkitRoot = toolkit->root;
    target.cudaVersion = toolkit->version.value_or(Version());
    target.cudnnVersion = chosen->inspection.cudnnVersion.value_or(Version());
    return target;
}

EnvironmentReport Engine::analyseEnvironment(const EnvironmentTarget& target, EnvironmentScope scope) const
{
    return EnvironmentService(m_environment).analyse(target, scope);
}

EnvironmentOutcome
Engine::planEnvironment(const PackageChoice& choice, const SystemSnapshot& system, PathScope scope) const
{
    EnvironmentOutcome outcome;
    outcome.scope = scope;
    const std::optional<EnvironmentTarget> target = environmentTarget(choice, system);
    if (!target) {
        outcome.reason = EnvironmentOutcome::tr("no package and toolkit were chosen");
        return outcome;
    }
    outcome.analysis
        = analyseEnvironment(*target, scope == PathScope::Machine ? EnvironmentScope::Machine : EnvironmentScope::User);
    if (scope == PathScope::None) {
        outcome.reason = EnvironmentOutcome::tr("not asked for");
        outcome.analysis->plan.steps.clear(); // nothing will be changed: show what wins, not a fix
    } else {
        outcome.status = outcome.analysis->plan.isEmpty() ? EnvironmentOutcome::Status::Unchanged
                                                          : EnvironmentOutcome::Status::Planned;
    }
    return outcome;
}

/** The toolkit whose search path matters: the first named (or any) toolkit that holds cuDNN, the active first. */
static const CudnnInstall* installedTarget(const SystemSnapshot& system, const QStringList& roots)
{
    const CudnnInstall* best = nullptr;
    for (const CudnnInstall& install : system.cudnnInstalls) {
        if (install.location != CudnnInstall::Location::Toolkit || install.libraries.isEmpty())
            continue;
        const CudaToolkit* toolkit = system.toolkitAt(install.root);
        if (!roots.isEmpty()) {
            const bool named = std::any_of(roots.cbegin(), roots.cend(), [&](const QString& root) {
                return system.toolkitAt(root) == toolkit && toolkit;
            });
            if (!named)
                continue;
        }
        if (!best || (toolkit && toolkit->active))
            best = &install;
    }
    return best;
}

/**
 * NVIDIA's Windows installer's copy for the active toolkit's CUDA: the one built for exactly its major.minor
 * (bin\12.8 for CUDA 12.8), else the newest of its major. nullptr when there is none.
 */
static const CudnnInstall* installerCopyFor(const SystemSnapshot& system)
{
    const CudaToolkit* toolkit = system.activeToolkit();
    if (!toolkit || !toolkit->version)
        return nullptr;
    const CudnnInstall* best = nullptr;
    int bestRank = -1;
    for (const CudnnInstall& copy : system.cudnnInstalls) {
        const auto folder = copy.libraryDirs.isEmpty()
            ? std::nullopt
            : CudnnCopyFinder::installerFolder(system.os, copy.libraryDirs.constFirst());
        const auto built = folder ? Version::parse(folder->cudaVersion) : std::nullopt;
        if (copy.origin != CudnnOrigin::NvidiaInstaller || !built || built->major() != toolkit->version->major()
            || !copy.isComplete())
            continue;
        const int rank = built->truncated(2) == toolkit->version->truncated(2) ? 1000 : built->minor();
        if (rank > bestRank) {
            best = &copy;
            bestRank = rank;
        }
    }
    return best;
}

std::optional<EnvironmentReport>
Engine::analyseInstalledCudnn(const SystemSnapshot& system, PathScope scope, const QStringList& roots) const
{
    const CudnnInstall* installed = installedTarget(system, roots);
    if (scope == PathScope::None)
        return std::nullopt;
    if (!installed && roots.isEmpty()) {
        // No toolkit holds cuDNN, but NVIDIA's installer does: its folder for this CUDA goes first, and its own
        // PATH entry (...\v9.x\bin, which holds no DLL) comes off.
        const CudnnInstall* copy = installerCopyFor(system);
        if (!copy)
            return std::nullopt;
        const CudaToolkit* toolkit = system.activeToolkit();
        EnvironmentTarget target;
        target.toolkitRoot = toolkit->root;
        target.cudaVersion = *toolkit->version;
        target.cudnnVersion = copy->version() ? *copy->version() : Version{copy->major};
        target.cudnnDirs = {copy->libraryDirs.constFirst()};
        const auto folder = CudnnCopyFinder::installerFolder(system.os, copy->libraryDirs.constFirst());
        target.retiredEntries = {QDir(folder->releaseRoot).filePath(QStringLiteral("bin"))};
        return analyseEnvironment(target,
                                  scope == PathScope::Machine ? EnvironmentScope::Machine : EnvironmentScope::User);
    }
    if (!installed)
        return std::nullopt;
    EnvironmentTarget target;
    target.toolkitRoot = installed->root;
    const CudaToolkit* toolkit = system.toolkitAt(installed->root);
    target.cudaVersion = toolkit && toolkit->version ? *toolkit->version : Version{};
    target.cudnnVersion = installed->version() ? *installed->version() : Version{installed->major};
    return analyseEnvironment(target, scope == PathScope::Machine ? EnvironmentScope::Machine : EnvironmentScope::User);
}

void Engine::setElevation(std::shared_ptr<const ElevationLauncher> launcher, QString program)
{
    m_launcher = std::move(launcher);
    m_program = std::move(program);
}

std::optional<ElevationRequest>
Engine::privilegedStep(const PackageChoice& choice, const SystemSnapshot& system, PathScope scope) const
{
    const PackageCandidate* chosen = choice.chosen();
    const CudaToolkit* toolkit = system.toolkitAt(choice.toolkitRoot);
    if (!chosen || !toolkit)
        return std::nullopt;
    const bool machineScope = scope == PathScope::Machine && !runsElevated();
    if (!machineScope && !InstallService::needsElevation(chosen->inspection, *toolkit, system.os))
        return std::nullopt;
    ElevationRequest request;
    request.package = QFileInfo(chosen->inspection.file).canonicalFilePath();
    request.packageSha256 = chosen->inspection.sha256;
    request.cudaRoot = QFileInfo(toolkit->root).canonicalFilePath();
    request.pathScope = ElevationRequest::elevatedScope(scope);
    request.language = QLocale().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
    return request;
}

std::optional<QString>
Engine::privilegedCommand(const PackageChoice& choice, const SystemSnapshot& system, PathScope scope) const
{
    const std::optional<ElevationRequest> privileged = privilegedStep(choice, system, scope);
    const std::optional<InstallPlan> plan = planInstall(choice, system);
    if (!privileged || (plan && plan->writesNothing() && scope != PathScope::Machine))
        return std::nullopt;
    return pasteCommand(hostOsFlavor(), m_program, *privileged);
}

SetupOutcome Engine::install(const PackageChoice& choice,
                             const SystemSnapshot& system,
                             const SetupOptions& options,
                             ProgressSink* progress,
                             CancellationToken cancel) const
{
    SetupOutcome outcome;
    outcome.choice = choice;
    outcome.plan = planInstall(choice, system);
    outcome.fetched = options.fetched;
    outcome.dryRun = options.dryRun;
    const bool deploy = !options.deployTo.isEmpty();
    if (const auto refusal = deploy || !choice.ok() ? std::nullopt : managedFilesRefusal(choice.toolkitRoot, system)) {
        outcome.refusal = refusal;
        return outcome;
    }
    if (options.dryRun) {
        if (deploy && choice.ok())
            outcome.deployPlan = planDeploy(choice, system, options.deployTo);
        else if (choice.ok())
            outcome.environment = planEnvironment(choice, system, options.pathScope);
        return outcome;
    }
    Diagnostic why;
    const std::unique_ptr<InstallLog> log = openLog(options.logFile, options.log, &why);
    if (!log && !options.logFile.isEmpty()) {
        outcome.refusal = SetupOutcome::Refusal{TaskStatus::Failed, why};
        return outcome;
    }
    if (!choice.ok()) {
        InstallLog::to(log.get(),
                       QStringLiteral("no package to install (%1)").arg(taskStatusName(choice.taskStatus())));
        return outcome;
    }
    const PackageCandidate* chosen = choice.chosen();
    if (!options.judgedSha256.isEmpty() && chosen->inspection.sha256 != options.judgedSha256) {
        outcome.refusal = SetupOutcome::Refusal{
            TaskStatus::Rejected,
            Diagnostic::error(QStringLiteral("ELEVATION-PACKAGE-CHANGED"),
                              SetupOutcome::tr("%1 is not the archive that was checked: its SHA-256 is %2, not %3. "
                                               "Nothing was changed.")
                                  .arg(chosen->inspection.file, chosen->inspection.sha256, options.judgedSha256),
                              SetupOutcome::tr("Check the archive again (another file was put in its place), then "
                                               "install it."))
                .about(chosen->inspection.file)};
        InstallLog::to(log.get(), outcome.refusal->why.message);
        return outcome;
    }
    if (deploy) {
        outcome.environment.scope = options.pathScope;
        outcome.environment.reason = EnvironmentOutcome::tr("a deploy copies next to the application, whose folder "
                                                            "is searched first: the search path is not changed");
    } else {
        outcome.environment = planEnvironment(choice, system, options.pathScope);
    }

    const std::optional<ElevationRequest> privileged
        = options.elevate && m_launcher && !deploy ? privilegedStep(choice, system, options.pathScope) : std::nullopt;
    if (privileged && outcome.plan && outcome.plan->writesNothing() && options.pathScope != PathScope::Machine) {
        // The privileged step already ran outside (its command, run by hand): the toolkit holds exactly these
        // files, so nobody is asked for rights again, and the user's own search path is fixed here.
        outcome.install = alreadyInstalled(*outcome.plan, log.get());
        applyUserSearchPath(outcome, log.get());
    } else if (privileged) {
        installElevated(*privileged, outcome, log.get(), progress);
    } else {
        InstallOptions installing = installOptions(outcome.environment.fix());
        installing.log = log.get();
        installing.searchFolders = deploySearchFolders();
        outcome.install = deploy
            ? InstallService::deploy(choice, system, options.deployTo, installing, progress, cancel)
            : InstallService::install(choice, system, installing, progress, cancel);
    }

    settleEnvironment(outcome);
    if (options.listInstall && !privileged) // a root-owned toolkit's install is root's, found where root looks
        recordInstall(outcome);
    prove(outcome, options, progress, cancel);
    return outcome;
}

SetupOutcome Engine::installArchive(const QString& archive,
                                    const SystemSnapshot& system,
                                    const CudaToolkit& toolkit,
                                    bool force,
                                    const SetupOptions& options,
                                    ProgressSink* progress,
                                    CancellationToken cancel) const
{
    return installOnePass(
        [&](const InstallOptions& installing, InstallService::JudgedPackage* judged) {
            return InstallService::installArchive(
                archive, system, toolkit, force, installing, progress, cancel, judged);
        },
        toolkit.root,
        system,
        options,
        progress,
        cancel);
}

SetupOutcome Engine::installOnePass(const OnePass& pass,
                                    const QString& toolkitRoot,
                                    const SystemSnapshot& system,
                                    const SetupOptions& options,
                                    ProgressSink* progress,
                                    CancellationToken cancel) const
{
    SetupOutcome outcome;
    outcome.fetched = options.fetched;
    outcome.environment.scope = options.pathScope;
    outcome.environment.reason = SetupOutcome::tr("the package was not accepted");
    Diagnostic why;
    const std::unique_ptr<InstallLog> log = openLog(options.logFile, options.log, &why);
    if (!log && !options.logFile.isEmpty()) {
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
        outcome.environment = planEnvironment(choice, system, options.pathScope);
        return environmentSteps(outcome.environment.fix());
    };
    InstallService::JudgedPackage judged;
    outcome.install = pass(installing, &judged);
    outcome.choice = std::move(judged.choice);
    outcome.plan = std::move(judged.plan);
    if (!outcome.ranInstall())
        outcome.environment = EnvironmentOutcome{};
    settleEnvironment(outcome);
    if (options.listInstall)
        recordInstall(outcome);
    prove(outcome, options, progress, cancel);
    return outcome;
}

SetupOutcome Engine::installPackage(const PackageRequest& request,
                                    const SystemSnapshot& system,
                                    const SetupOptions& options,
                                    ProgressSink* progress,
                                    CancellationToken cancel) const
{
    const bool judgeFirst = options.dryRun || !options.deployTo.isEmpty() || !options.judgedSha256.isEmpty();
    const CudaToolkit* toolkit = nullptr;
    if (!judgeFirst)
        toolkit = request.cudaRoot        ? system.toolkitAt(*request.cudaRoot)
            : system.toolkits.size() == 1 ? &system.toolkits.first()
                                          : nullptr; // the package picks the toolkit
    if (toolkit && QFileInfo(request.path).isFile())
        return installArchive(request.path, system, *toolkit, request.force, options, progress, cancel);
    if (toolkit && QFileInfo(request.path).isDir()) {
        const PackageSurvey folder = PackagePicker().survey(request.path, system, request.cudaRoot, request.force);
        if (folder.toRead().size() == 1) { // the others are ruled out by name (or known): read that one once
            return installOnePass(
                [&](const InstallOptions& installing, InstallService::JudgedPackage* judged) {
                    return InstallService::installFromFolder(
                        folder, system, *toolkit, request.force, installing, progress, cancel, judged);
                },
                toolkit->root,
                system,
                options,
                progress,
                cancel);
        }
    }
    return install(choosePackage(request, system, progress, cancel), system, options, progress, cancel);
}

std::optional<SetupOutcome::Refusal> Engine::managedFilesRefusal(const QString& toolkitRoot,
                                                                 const SystemSnapshot& system) const
{
    const OsFlavor os = system.os;
    const ManagedFiles managed
        = ManagedFiles::read(os, m_host.dpkgInfoDirectory, system.pythonEnvironments, ManagedFiles::Scope::Everything);
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
        Diagnostic::error(InstallCode::ManagedFiles,
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
    if (!UserInstallList(m_environment.installList()).record(entry, &error))
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
    // In the installer's words, as when it finds nothing to change itself.
    result.diagnostics.append(Diagnostic::info(
        InstallCode::Unchanged,
        QCoreApplication::translate("Installer", "%1 already holds exactly these files; nothing was written.")
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
    if (EnvironmentService(m_environment).apply(*fix, &error)) {
        environment.status = Status::Applied;
        InstallLog::to(log, QStringLiteral("search path (user scope): applied"));
    } else {
        environment.status = Status::Refused;
        environment.reason = error;
        InstallLog::to(log, QStringLiteral("search path (user scope): %1").arg(error));
    }
}

void Engine::prove(SetupOutcome& outcome,
                   const SetupOptions& options,
                   ProgressSink* progress,
                   CancellationToken cancel) const
{
    const bool deploy = !options.deployTo.isEmpty();
    const bool installed = outcome.install.status == InstallResult::Status::Ok
        || outcome.install.status == InstallResult::Status::Unchanged;
    if (!options.verify)
        outcome.verifyNotRun = SetupOutcome::tr("not asked for");
    else if (!installed)
        outcome.verifyNotRun = SetupOutcome::tr("cuDNN was not installed");
    else if (deploy)
        outcome.verifyNotRun = SetupOutcome::tr("a deploy is loaded by the application itself");
    else {
        if (progress)
            progress->report(ProgressUpdate{SetupOutcome::tr("Checking what loads"), 0, 0, 0, 0, {}});
        outcome.verify = verify(outcome.install.toolkitRoot);
    }

    if (!options.benchmark)
        outcome.benchmarkNotRun = SetupOutcome::tr("not asked for");
    else if (!installed)
        outcome.benchmarkNotRun = SetupOutcome::tr("cuDNN was not installed");
    else if (deploy)
        outcome.benchmarkNotRun = SetupOutcome::tr("a deploy is measured by the application itself");
    else if (cancel.isCanceled())
        outcome.benchmarkNotRun = SetupOutcome::tr("canceled");
    else {
        if (progress)
            progress->report(ProgressUpdate{SetupOutcome::tr("Measuring convolutions"), 0, 0, 0, 0, {}});
        outcome.benchmark = benchmark(outcome.install.toolkitRoot, options.quickBenchmark);
    }
}

InstallOptions Engine::installOptions(const EnvironmentPlan* environmentFix) const
{
    InstallOptions options;
    EnvironmentOperations::addBuilders(options.operations, m_environment);
    const QList<OperationPointer> steps = environmentSteps(environmentFix);
    if (!steps.isEmpty())
        options.operationsAfterFiles = [steps](const PackageChoice&) { return steps; };
    return options;
}

QList<OperationPointer> Engine::environmentSteps(const EnvironmentPlan* fix) const
{
    if (!fix || fix->isEmpty() || !fix->canApply())
        return {};
    return EnvironmentOperations::fromPlan(*fix, m_environment);
}

VerifyResult Engine::verify(const QString& toolkitRoot) const
{
    VerifyRunner::Options options;
    options.toolkitRoot = toolkitRoot;
    return VerifyRunner(m_host, *m_runner).run(options);
}

BenchmarkResult Engine::benchmark(const QString& toolkitRoot, bool quick) const
{
    BenchmarkRunner::Options options;
    options.toolkitRoot = toolkitRoot;
    options.quick = quick;
    return BenchmarkRunner(m_host, *m_runner).run(options);
}

namespace {

/** The log a caller holds open, written through for one task. */
class HeldLog final : public InstallLog
{
public:
    explicit HeldLog(InstallLog& log)
        : m_log(log)
    {
    }
    void write(const QString& line) override { m_log.write(line); }

private:
    InstallLog& m_log;
};

} // namespace

std::unique_ptr<InstallLog> Engine::openLog(const QString& path, InstallLog* held, Diagnostic* why)
{
    std::unique_ptr<InstallLog> log;
    if (held) {
        log = std::make_unique<HeldLog>(*held);
    } else if (!path.isEmpty()) {
        auto file = std::make_unique<FileInstallLog>();
        QString error;
        if (!file->open(path, &error)) {
            if (why)
                *why = Diagnostic::error(InstallCode::LogUnwritable,
                                         SetupOutcome::tr("The log %1 cannot be written (%2), so nothing was changed.")
                                             .arg(path, error),
                                         SetupOutcome::tr("Write the log into a folder you may write to."))
                           .about(path);
            return nullptr;
        }
        log = std::move(file);
    } else {
        return nullptr;
    }
    log->write(QStringLiteral("cudnn-setup %1: %2")
                   .arg(QStringLiteral(CUDNN_SETUP_VERSION), QCoreApplication::arguments().join(QLatin1Char(' '))));
    return log;
}

QStringList Engine::deploySearchFolders() const
{
    return m_host.variable(QStringLiteral("PATH")).split(pathListSeparator(m_host.os), Qt::SkipEmptyParts);
}

OperationFactory Engine::operations() const
{
    return installOptions().operations;
}

Diagnostics Engine::recoverInterrupted(const SystemSnapshot& system) const
{
    QStringList roots;
    for (const CudaToolkit& toolkit : system.toolkits)
        roots.append(toolkit.root);
    RepairOptions options;
    options.operations = operations();
    return RepairService::recoverInterrupted(roots, options);
}

std::unique_ptr<ElevatedChannel> Engine::openElevatedChannel(const ElevationRequest& request, QString* error)
{
    auto channel = std::make_unique<ElevatedChannel>();
    if (!channel->open(request, error))
        return nullptr;
    return channel;
}

std::unique_ptr<ProgressSink> Engine::progressLines(const QString& path, QString* error)
{
    auto lines = std::make_unique<ProgressLineWriter>();
    if (!lines->open(path, error))
        return nullptr;
    return lines;
}
