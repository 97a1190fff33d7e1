#include "EngineInternals.h"
#include "detect/CudnnCopyFinder.h"
#include "detect/CudnnInstallScanner.h"
#include "detect/ManagedFiles.h"
#include "elevation/ElevatedInstall.h"
#include "elevation/ProgressLines.h"
#include "env/EnvironmentOperations.h"
#include "env/EnvironmentService.h"
#include "env/EnvironmentStep.h"
#include "env/LoaderCacheState.h"
#include "env/ProgramSearchOrder.h"
#include "env/StrayCopySessions.h"
#include "env/WindowsEnvironment.h"
#include "frameworks/FrameworkFacts.h"
#include "host/PrivateFiles.h"
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
    : m_host(std::make_shared<const HostEnvironment>(std::move(host)))
    , m_runner(std::move(runner))
    , m_environment(std::make_shared<const EnvironmentLocations>(EnvironmentLocations::current(*m_host, m_runner)))
{
}

Engine::Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner, EnvironmentLocations environment)
    : m_host(std::make_shared<const HostEnvironment>(std::move(host)))
    , m_runner(std::move(runner))
    , m_environment(std::make_shared<const EnvironmentLocations>(std::move(environment)))
{
}

SystemSnapshot Engine::detect(const DetectOptions& options) const
{
    DetectOptions looking = options;
    looking.newLoginSearchDirs
        = ProgramSearchOrder::variableEntries(*m_environment, ProgramSearchOrder::Session::NewLogin);
    SystemSnapshot snapshot = Detector(*m_host, *m_runner).detect(looking);
    snapshot.diagnostics.append(InstallService::interruptedRuns(snapshot));
    // Every copy, wherever it came from, by the rules a toolkit's copy gets (the release table is package's).
    CudnnCopyJudge().judge(snapshot);
    StrayCopySessions::judge(snapshot, *m_environment); // for a new login, and this terminal where it differs
    snapshot.frameworks = FrameworkFacts::judge(snapshot);
    snapshot.verdict = snapshot.judgeVerdict(); // what every page that leads with the machine says first
    if (options.searchPath && !options.cudaRoots.isEmpty()) {
        if (const auto analysis = analyseInstalledCudnn(snapshot, PathScope::User, options.cudaRoots))
            snapshot.diagnostics.append(analysis->conflictDiagnostics());
    }
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
    return EnvironmentService(*m_environment).analyse(target, scope);
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
    outcome.analysis->attributeCopies(system.cudnnInstalls); // a pip wheel or conda env that wins is named as such
    if (scope == PathScope::None) {
        outcome.reason = EnvironmentOutcome::tr("as asked");
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

/** The analysis with each file that belongs to a copy detection found named by that copy (pip, conda, ...). */
static EnvironmentReport attributed(EnvironmentReport report, const SystemSnapshot& system)
{
    report.attributeCopies(system.cudnnInstalls);
    return report;
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
        return attributed(analyseEnvironment(
                              target, scope == PathScope::Machine ? EnvironmentScope::Machine : EnvironmentScope::User),
                          system);
    }
    if (!installed)
        return std::nullopt;
    EnvironmentTarget target;
    target.toolkitRoot = installed->root;
    const CudaToolkit* toolkit = system.toolkitAt(installed->root);
    target.cudaVersion = toolkit && toolkit->version ? *toolkit->version : Version{};
    target.cudnnVersion = installed->version() ? *installed->version() : Version{installed->major};
    return attributed(
        analyseEnvironment(target, scope == PathScope::Machine ? EnvironmentScope::Machine : EnvironmentScope::User),
        system);
}

void Engine::setElevation(QString program, std::shared_ptr<const ElevationLauncher> launcher)
{
    m_launcher = launcher ? std::move(launcher) : ElevationLauncher::forThisMachine();
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
    return handOver(choice, *toolkit, scope);
}

ElevationRequest Engine::handOver(const PackageChoice& choice, const CudaToolkit& toolkit, PathScope scope)
{
    const PackageCandidate* chosen = choice.chosen();
    const PackageVerdict* verdict = choice.chosenVerdict();
    ElevationRequest request;
    request.package = QFileInfo(chosen->inspection.file).canonicalFilePath();
    request.packageSha256 = chosen->inspection.sha256;
    request.cudaRoot = QFileInfo(toolkit.root).canonicalFilePath();
    request.pathScope = ElevationRequest::elevatedScope(scope);
    request.force = verdict && verdict->forced; // the elevated copy judges again: what was accepted stays accepted
    request.language = QLocale().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
    return request;
}

QString Engine::program() const
{
    return m_program.isEmpty() ? QCoreApplication::applicationFilePath() : m_program;
}

std::optional<QString>
Engine::privilegedCommand(const PackageChoice& choice, const SystemSnapshot& system, PathScope scope) const
{
    const std::optional<ElevationRequest> privileged = privilegedStep(choice, system, scope);
    const std::optional<InstallPlan> plan = planInstall(choice, system);
    if (!privileged || (plan && plan->writesNothing() && scope != PathScope::Machine))
        return std::nullopt;
    return pasteCommand(hostOsFlavor(), program(), *privileged);
}

bool Engine::canAskForRights() const
{
    return m_launcher && m_launcher->canAsk();
}

InstallOptions Engine::installOptions(const EnvironmentPlan* environmentFix) const
{
    InstallOptions options;
    EnvironmentOperations::addBuilders(options.operations, *m_environment);
    options.loaderCacheFraming = [locations = *m_environment](const QStringList& folders) {
        return LoaderCacheState::framing(locations, folders);
    };
    const QList<OperationPointer> steps = environmentSteps(environmentFix);
    if (!steps.isEmpty())
        options.operationsAfterFiles = [steps](const PackageChoice&) { return steps; };
    return options;
}

QList<OperationPointer> Engine::environmentSteps(const EnvironmentPlan* fix) const
{
    if (!fix || fix->isEmpty() || !fix->canApply())
        return {};
    return EnvironmentOperations::fromPlan(*fix, *m_environment);
}

QMap<QString, QString> Engine::newLoginEnvironment() const
{
    return ProgramSearchOrder::sessionVariables(*m_environment, ProgramSearchOrder::Session::NewLogin);
}

VerifyResult Engine::verify(const QString& toolkitRoot, PathScope pathScope) const
{
    VerifyRunner::Options options;
    options.toolkitRoot = toolkitRoot;
    options.newLogin = newLoginEnvironment();
    options.newProgramsMustGetIt = pathScope != PathScope::None;
    return VerifyRunner(*m_host, *m_runner).run(options);
}

BenchmarkResult Engine::benchmark(const QString& toolkitRoot, bool quick) const
{
    BenchmarkRequest request;
    request.toolkitRoot = toolkitRoot;
    request.quick = quick;
    return benchmark(request);
}

BenchmarkResult
Engine::benchmark(const BenchmarkRequest& request, ProgressSink* progress, const CancellationToken& cancel) const
{
    BenchmarkRunner::Options options;
    options.toolkitRoot = request.toolkitRoot;
    options.quick = request.quick;
    if (request.budgetMs > 0)
        options.timeoutMs = request.budgetMs;
    if (request.stallMs > 0)
        options.stallMs = request.stallMs;
    return BenchmarkRunner(*m_host, *m_runner).run(options, progress, cancel, request.measured);
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
                *why = Diagnostic::of(InstallCode::LogUnwritable,
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
    return m_host->variable(QStringLiteral("PATH")).split(pathListSeparator(m_host->os), Qt::SkipEmptyParts);
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
