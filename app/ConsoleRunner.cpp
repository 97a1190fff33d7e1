#include "ConsoleRunner.h"

#include "ConsoleProgress.h"
#include "DetectSummary.h"
#include "FetchCommand.h"
#include "MachineJudge.h"
#include "PackageSummary.h"
#include "RemedyText.h"
#include "RepairCommand.h"
#include "elevation/ElevationRequest.h"
#include "elevation/ElevationSession.h"
#include "elevation/PrivateFiles.h"
#include "elevation/ProgressLines.h"
#include "install/InstallCode.h"
#include "install/InstallLog.h"
#include "install/InstallService.h"
#include "package/PackageService.h"
#include "report/Report.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcessEnvironment>

void ConsoleRunner::addStepsNotRun(Report& report, const QString& reason)
{
    const QJsonObject notRun{{QStringLiteral("status"), QStringLiteral("not_run")}, {QStringLiteral("reason"), reason}};
    report.setSection(QStringLiteral("environment"), notRun);
    report.setSection(QStringLiteral("benchmark"), notRun);
}

QString ConsoleRunner::actionText(const QString& action)
{
    if (action == QLatin1String("added"))
        return tr("added");
    if (action == QLatin1String("replaced"))
        return tr("replaced");
    if (action == QLatin1String("unchanged"))
        return tr("unchanged");
    if (action == QLatin1String("removed"))
        return tr("removed");
    if (action == QLatin1String("restored"))
        return tr("restored");
    return action;
}

QString ConsoleRunner::summary(const InstallResult& result)
{
    QMap<QString, int> counts;
    for (const InstallResult::File& file : result.files)
        ++counts[file.action];
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts.append(QStringLiteral("%1 %2").arg(it.value()).arg(actionText(it.key())));
    const QString root = displayPath(hostOsFlavor(), result.root);
    QString text;
    switch (result.status) {
    case InstallResult::Status::Ok:
        text = result.command == QLatin1String("deploy") ? tr("Deployed into %1: %2.\n")
                                                         : tr("Installed into %1: %2.\n");
        text = text.arg(root, parts.join(QStringLiteral(", ")));
        break;
    case InstallResult::Status::Unchanged:
        text = tr("Nothing to do: %1 already holds exactly these files.\n").arg(root);
        break;
    case InstallResult::Status::Uninstalled:
        text = tr("Uninstalled from %1: %2.\n").arg(root, parts.join(QStringLiteral(", ")));
        break;
    case InstallResult::Status::NotInstalled:
        text = tr("Nothing to uninstall in %1.\n").arg(root);
        break;
    case InstallResult::Status::RolledBack:
        text = tr("Stopped and rolled back: %1 is as it was.\n").arg(root);
        break;
    default:
        text = tr("Nothing was done (%1).\n").arg(InstallResult::statusName(result.status));
        break;
    }
    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity != Severity::Info)
            text += QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message)
                + (RemedyText::fix(d).isEmpty() ? QString() : QStringLiteral("    %1\n").arg(RemedyText::fix(d)));
    }
    return text;
}

ConsoleRunner::ConsoleRunner(const Engine& engine, QTextStream& out, QTextStream& err)
    : m_engine(engine)
    , m_out(out)
    , m_err(err)
{
}

ExitCode ConsoleRunner::run(const Invocation& invocation)
{
    switch (invocation.mode) {
    case Invocation::Mode::Detect:
        return detect(invocation);
    case Invocation::Mode::Install:
        return invocation.judgesOtherMachines() ? judgeOtherMachines(invocation) : install(invocation);
    case Invocation::Mode::Uninstall:
        return uninstall(invocation);
    case Invocation::Mode::Repair:
        return RepairCommand(m_engine, m_out, m_err).run(invocation);
    case Invocation::Mode::Wizard:
    case Invocation::Mode::Help:
    case Invocation::Mode::Version:
        break;
    }
    return ExitCode::UsageError;
}

ExitCode ConsoleRunner::detect(const Invocation& invocation)
{
    DetectOptions options;
    options.cudaRoots = invocation.cudaRoots;
    const SystemSnapshot snapshot = m_engine.detect(options);

    Report report(QStringLiteral("detect"));
    report.setStatus(QStringLiteral("ok"));
    const QJsonObject facts = snapshot.toJson();
    for (auto it = facts.begin(); it != facts.end(); ++it)
        report.setSection(it.key(), it.value());
    report.addDiagnostics(snapshot.diagnostics);

    if (invocation.json)
        m_out << report.toJsonBytes();
    else
        m_out << detectSummary(snapshot);
    m_out.flush();

    if (!writeReport(report, invocation.reportFile))
        return ExitCode::Failed;
    return ExitCode::Ok; // detection ran, whatever it found
}

ExitCode ConsoleRunner::judgeOtherMachines(const Invocation& invocation)
{
    Report report(QStringLiteral("dry-run"));
    const ExitCode code = MachineJudge(m_out, m_err).run(invocation, report);
    return writeReport(report, invocation.reportFile) ? code : ExitCode::Failed;
}

bool ConsoleRunner::writeReport(const Report& report, const QString& path)
{
    if (path.isEmpty())
        return true;
    QString error;
    if (!m_elevationToken.isEmpty()) {
        // Into the file the unelevated process made (its owner's, 0600), never through a link, with its token.
        Report tokened = report;
        tokened.setSection(ElevationSession::reportSection(), QJsonObject{{QStringLiteral("token"), m_elevationToken}});
        QFile file;
        if (PrivateFiles::openExisting(file, path, PrivateFiles::Write::Truncate, &error)
            && file.write(tokened.toJsonBytes()) >= 0 && file.flush())
            return true;
        if (error.isEmpty())
            error = file.errorString();
    } else if (report.writeTo(path, &error)) {
        return true;
    }
    m_err << QStringLiteral("cudnn-setup: cannot write the report to %1: %2\n").arg(path, error);
    m_err.flush();
    return false;
}

bool ConsoleRunner::checkElevatedArguments(const Invocation& invocation)
{
    ElevationRequest request;
    request.package = invocation.package;
    request.packageSha256 = invocation.packageSha256;
    request.cudaRoot = invocation.cudaRoots.value(0);
    request.pathScope = pathScopeFromName(invocation.pathScope).value_or(PathScope::User);
    request.reportFile = invocation.reportFile;
    request.logFile = invocation.logFile;
    request.progressFile = invocation.progressFile;
    request.token = invocation.elevationToken;
    const QString problem = request.validate();
    if (problem.isEmpty())
        return true;
    m_err << QStringLiteral("cudnn-setup: refused: %1\n").arg(problem);
    m_err.flush();
    return false;
}

bool ConsoleRunner::checkPackageSha256(const Invocation& invocation, const PackageChoice& choice, Report& report)
{
    const PackageCandidate* chosen = choice.chosen();
    if (invocation.packageSha256.isEmpty() || !chosen || chosen->inspection.sha256 == invocation.packageSha256)
        return true;
    report.setStatus(exitCodeName(ExitCode::PackageRejected));
    report.addDiagnostic(
        Diagnostic::error(QStringLiteral("ELEVATION-PACKAGE-CHANGED"),
                          tr("%1 is not the archive that was checked: its SHA-256 is %2, not %3. Nothing was changed.")
                              .arg(chosen->inspection.file, chosen->inspection.sha256, invocation.packageSha256),
                          tr("Check the archive again (another file was put in its place), then install it."))
            .about(chosen->inspection.file));
    addStepsNotRun(report, tr("the archive is not the one that was checked"));
    m_err << tr("cudnn-setup: refused: %1 changed since it was checked (SHA-256 %2, expected %3); nothing was "
                "changed.\n")
                 .arg(chosen->inspection.file, chosen->inspection.sha256, invocation.packageSha256);
    m_err.flush();
    return false;
}

void ConsoleRunner::explainElevation(const Invocation& invocation, const PackageChoice& choice, Report& report)
{
    const PackageCandidate* chosen = choice.chosen();
    ElevationRequest request;
    request.package = chosen ? QFileInfo(chosen->inspection.file).canonicalFilePath() : invocation.package;
    request.packageSha256 = chosen ? chosen->inspection.sha256 : QString();
    request.cudaRoot = QFileInfo(choice.toolkitRoot).canonicalFilePath();
    const PathScope asked = pathScopeFromName(invocation.pathScope).value_or(PathScope::User);
    request.pathScope = ElevationRequest::elevatedScope(asked);
    request.force = invocation.force;
    const QString command = pasteCommand(hostOsFlavor(), QCoreApplication::applicationFilePath(), request);
    report.setSection(
        QStringLiteral("elevation"),
        QJsonObject{{QStringLiteral("status"), QStringLiteral("needed")}, {QStringLiteral("command"), command}});
    m_out << (hostOsFlavor() == OsFlavor::Windows
                  ? tr("This needs administrator rights, and --silent never asks for them. Run exactly this in an "
                       "administrator prompt:\n  %1\n")
                  : tr("This needs root, and --silent never asks for it. Run exactly:\n  %1\n"))
                 .arg(command);
    if (asked == PathScope::User)
        m_out << tr("(Elevated, it leaves your own search path alone: --path-scope none. Use --path-scope machine "
                    "to fix it for every user.)\n");
}

ExitCode ConsoleRunner::install(const Invocation& invocation)
{
    m_elevationToken.clear();
    if (!invocation.elevationToken.isEmpty()) {
        if (!checkElevatedArguments(invocation))
            return ExitCode::UsageError;
        m_elevationToken = invocation.elevationToken;
    }
    std::unique_ptr<InstallLog> log;
    if (!invocation.dryRun && !openLog(invocation, log))
        return ExitCode::Failed;
    DetectOptions detectOptions;
    detectOptions.cudaRoots = invocation.cudaRoots;
    // A --cuda-root that is not even a folder is said at once, without detecting the machine first.
    const bool noSuchRoot = !invocation.cudaRoots.isEmpty() && !QFileInfo(invocation.cudaRoots.first()).isDir();
    SystemSnapshot system;
    system.os = hostOsFlavor();
    if (!noSuchRoot)
        system = m_engine.detect(detectOptions);

    ConsoleProgress console;
    ProgressLineWriter lines;
    if (!invocation.progressFile.isEmpty()) {
        QString error;
        if (!lines.open(invocation.progressFile, &error)) {
            m_err << tr("cudnn-setup: cannot write progress to %1: %2\n").arg(invocation.progressFile, error);
            m_err.flush();
            return ExitCode::Failed;
        }
    }
    ProgressSink* progress = invocation.progressFile.isEmpty() ? static_cast<ProgressSink*>(&console) : &lines;
    const std::optional<QString> cudaRoot
        = invocation.cudaRoots.isEmpty() ? std::nullopt : std::optional<QString>(invocation.cudaRoots.first());
    const bool deploy = !invocation.deployTo.isEmpty();
    Report report(invocation.dryRun ? QStringLiteral("dry-run")
                      : deploy      ? QStringLiteral("deploy")
                                    : QStringLiteral("install"));
    // Cheap inputs first: a toolkit that is not there is said before any archive is read or fetched.
    if (cudaRoot && !system.toolkitAt(*cudaRoot)) {
        const PackageChoice none = PackagePicker().choose({}, system, cudaRoot, invocation.force);
        PackageService::addToReport(report, none, nullptr);
        return endWithoutInstall(invocation, none, nullptr, system, report, log.get());
    }
    // --fetch: download (or reuse) the archive the rules choose, then go on as if --package had named it.
    FetchCommand fetch(m_out, m_err);
    const std::optional<QString> fetched = invocation.fetch ? fetch.run(invocation, system, progress) : std::nullopt;
    console.finish();
    if (invocation.fetch && !fetched)
        return fetch.exitCode();
    const QString package = fetched.value_or(invocation.package);
    if (const CudaToolkit* toolkit = onePassTarget(invocation, package, system)) {
        fetch.addToReport(report);
        return installInOnePass(invocation, package, *toolkit, system, report, log.get(), progress);
    }

    const PackageChoice choice = PackageService::pick(package, system, cudaRoot, invocation.force, progress);
    console.finish();
    const std::optional<InstallPlan> plan = PackageService::plan(choice, system);
    PackageService::addToReport(report, choice, plan ? &*plan : nullptr);
    fetch.addToReport(report);
    if (!checkPackageSha256(invocation, choice, report))
        return writeReport(report, invocation.reportFile) ? ExitCode::PackageRejected : ExitCode::Failed;
    if (invocation.dryRun || exitCodeForChoice(choice) != ExitCode::Ok)
        return endWithoutInstall(invocation, choice, plan ? &*plan : nullptr, system, report, log.get());

    report.setStatus(QStringLiteral("planned"));
    const SetupOutcome outcome = m_engine.install(choice, system, setupOptions(invocation, log.get()), progress);
    console.finish();
    return endWithInstall(invocation, outcome, choice, report);
}

const CudaToolkit*
ConsoleRunner::onePassTarget(const Invocation& invocation, const QString& package, const SystemSnapshot& system)
{
    // A dry run only reads; a deploy and the elevated copy (--package-sha256) install what was judged before.
    if (invocation.dryRun || !invocation.deployTo.isEmpty() || !invocation.packageSha256.isEmpty()
        || !QFileInfo(package).isFile())
        return nullptr;
    if (!invocation.cudaRoots.isEmpty())
        return system.toolkitAt(invocation.cudaRoots.first());
    return system.toolkits.size() == 1 ? &system.toolkits.first() : nullptr; // else the package picks the toolkit
}

SetupOptions ConsoleRunner::setupOptions(const Invocation& invocation, InstallLog* log)
{
    const bool deploy = !invocation.deployTo.isEmpty();
    SetupOptions options;
    options.pathScope = deploy ? PathScope::None : pathScopeFromName(invocation.pathScope).value_or(PathScope::User);
    options.verify = invocation.verify;
    options.benchmark = invocation.benchmark;
    options.deployTo = invocation.deployTo;
    options.searchFolders = searchPath();
    options.log = log;
    return options;
}

ExitCode ConsoleRunner::installInOnePass(const Invocation& invocation,
                                         const QString& package,
                                         const CudaToolkit& toolkit,
                                         const SystemSnapshot& system,
                                         Report& report,
                                         InstallLog* log,
                                         ProgressSink* progress)
{
    const SetupOutcome outcome
        = m_engine.installArchive(package, system, toolkit, invocation.force, setupOptions(invocation, log), progress);
    if (auto* console = dynamic_cast<ConsoleProgress*>(progress))
        console->finish();
    const InstallService::JudgedPackage& judged = *outcome.judged;
    const InstallPlan* plan = judged.plan ? &*judged.plan : nullptr;
    PackageService::addToReport(report, judged.choice, plan);
    if (outcome.install.status == InstallResult::Status::Rejected && exitCodeForChoice(judged.choice) != ExitCode::Ok)
        return endWithoutInstall(invocation, judged.choice, plan, system, report, log);
    report.setStatus(QStringLiteral("planned"));
    return endWithInstall(invocation, outcome, judged.choice, report);
}

ExitCode ConsoleRunner::endWithoutInstall(const Invocation& invocation,
                                          const PackageChoice& choice,
                                          const InstallPlan* plan,
                                          const SystemSnapshot& system,
                                          Report& report,
                                          InstallLog* log)
{
    const ExitCode code = exitCodeForChoice(choice);
    report.setStatus(code == ExitCode::Ok ? QStringLiteral("planned") : exitCodeName(code));
    m_out << packageSummary(choice, plan, system.os);
    if (code != ExitCode::Ok)
        addStepsNotRun(report, tr("no package to install (%1)").arg(exitCodeName(code)));
    else if (!invocation.deployTo.isEmpty())
        planDeploy(choice, system, invocation.deployTo, report);
    else
        planEnvironment(
            m_engine.planEnvironment(choice, system, pathScopeFromName(invocation.pathScope).value_or(PathScope::User)),
            report);
    m_out.flush();
    InstallLog::to(log, tr("no package to install (%1)").arg(exitCodeName(code)));
    if (!writeReport(report, invocation.reportFile))
        return ExitCode::Failed;
    return code;
}

ExitCode ConsoleRunner::endWithInstall(const Invocation& invocation,
                                       const SetupOutcome& outcome,
                                       const PackageChoice& choice,
                                       Report& report)
{
    outcome.addToReport(report);
    m_out << summary(outcome.install) << environmentSummary(outcome.environment)
          << verifySummary(outcome.verify, outcome.verifyNotRun)
          << benchmarkSummary(outcome.benchmark, outcome.benchmarkNotRun);
    if (outcome.exitCode() == ExitCode::NeedsElevation && invocation.deployTo.isEmpty())
        explainElevation(invocation, choice, report);
    m_out.flush();
    if (!writeReport(report, invocation.reportFile))
        return ExitCode::Failed;
    return outcome.exitCode();
}

void ConsoleRunner::planEnvironment(const EnvironmentOutcome& environment, Report& report)
{
    report.setSection(QStringLiteral("environment"), environment.toJson());
    report.addDiagnostics(environment.diagnostics());
    m_out << environmentSummary(environment);
    if (environment.status == EnvironmentOutcome::Status::Planned)
        m_out << environment.analysis->plan.diffText();
}

QString ConsoleRunner::environmentSummary(const EnvironmentOutcome& environment)
{
    using Status = EnvironmentOutcome::Status;
    QString text;
    switch (environment.status) {
    case Status::NotRun:
        text = tr("Search path: left as it is (%1).\n").arg(environment.reason);
        break;
    case Status::Planned:
        text = tr("Search path (%1 scope): these changes would be made:\n").arg(pathScopeName(environment.scope));
        break;
    case Status::Unchanged:
        text = tr("Search path: the new cuDNN already wins; nothing to change.\n");
        break;
    case Status::Applied:
        text = tr("Search path (%1 scope): fixed, so new programs load the new cuDNN. Open terminals, IDEs and "
                  "Jupyter kernels must be restarted to see it.\n")
                   .arg(pathScopeName(environment.scope));
        break;
    case Status::RolledBack:
        text = tr("Search path: rolled back with the files.\n");
        break;
    case Status::Refused:
        text = tr("Search path: NOT changed, the fix may not be applied (see the errors below).\n");
        break;
    }
    for (const Diagnostic& d : environment.diagnostics()) {
        if (d.severity != Severity::Info)
            text += QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message);
    }
    return text;
}

QString ConsoleRunner::verifySummary(const std::optional<VerifyResult>& verify, const QString& notRun)
{
    if (!verify)
        return tr("Verify: not run (%1).\n").arg(notRun);
    QString text = verify->passed() ? tr("Verify: cuDNN %1 and its %n librar(y/ies) load from the toolkit.\n",
                                         nullptr,
                                         int(verify->libraries.size()))
                                          .arg(verify->versionText)
                                    : tr("Verify: FAILED, cuDNN does not load as it should.\n");
    for (const Diagnostic& d : verify->diagnostics) {
        if (d.severity != Severity::Info)
            text += QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message)
                + (RemedyText::fix(d).isEmpty() ? QString() : QStringLiteral("    %1\n").arg(RemedyText::fix(d)));
    }
    return text;
}

QString ConsoleRunner::benchmarkSummary(const std::optional<BenchmarkResult>& benchmark, const QString& notRun)
{
    if (!benchmark)
        return tr("Benchmark: not run (%1).\n").arg(notRun);
    return tr("Benchmark: %1\n").arg(benchmark->headline());
}

void ConsoleRunner::planDeploy(const PackageChoice& choice,
                               const SystemSnapshot& system,
                               const QString& folder,
                               Report& report)
{
    const CudaToolkit* toolkit = system.toolkitAt(choice.toolkitRoot);
    const QFileInfo target(folder);
    const QString root = target.exists() ? target.canonicalFilePath() : QDir::cleanPath(target.absoluteFilePath());
    const PlannedChanges planned
        = InstallService::planDeploy(choice.chosen()->inspection, *toolkit, root, system.os, searchPath());
    report.setSection(QStringLiteral("deploy"), QJsonObject{{QStringLiteral("folder"), root}});
    report.setSection(QStringLiteral("changes"), planned.changes.toJson());
    report.addDiagnostics(planned.diagnostics);
    m_out << tr("Deploy into %1 (nothing was changed): %2 files and links, %3 MiB to write, %4 to remove.\n")
                 .arg(displayPath(system.os, root))
                 .arg(planned.changes.entriesToWrite())
                 .arg(double(planned.changes.bytesToWrite()) / (1024.0 * 1024.0), 0, 'f', 1)
                 .arg(planned.changes.removals.size());
    for (const Diagnostic& d : planned.diagnostics)
        m_out << QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message);
}

QStringList ConsoleRunner::searchPath()
{
    return QProcessEnvironment::systemEnvironment()
        .value(QStringLiteral("PATH"))
        .split(pathListSeparator(hostOsFlavor()), Qt::SkipEmptyParts);
}

ExitCode ConsoleRunner::uninstall(const Invocation& invocation)
{
    std::unique_ptr<InstallLog> log;
    if (!openLog(invocation, log))
        return ExitCode::Failed;
    Report report(QStringLiteral("uninstall"));
    QString root = invocation.deployTo;
    if (root.isEmpty() && !invocation.cudaRoots.isEmpty())
        root = invocation.cudaRoots.first();
    if (root.isEmpty()) {
        DetectOptions detectOptions;
        const SystemSnapshot system = m_engine.detect(detectOptions);
        const QStringList installed = InstallService::toolkitsWithInstalls(system);
        if (installed.size() != 1) {
            const bool none = installed.isEmpty();
            report.setStatus(none ? QStringLiteral("not_installed") : exitCodeName(ExitCode::ChoiceNeeded));
            report.addDiagnostic(
                none ? Diagnostic::info(InstallCode::NotInstalled,
                                        tr("No CUDA toolkit found here holds a cuDNN that cudnn-setup installed."))
                     : Diagnostic::error(InstallCode::AmbiguousUninstall,
                                         tr("cudnn-setup installed cuDNN into several toolkits: %1.")
                                             .arg(installed.join(QStringLiteral(", "))),
                                         tr("Name the one to uninstall from with --cuda-root.")));
            m_out << (none ? tr("Nothing to uninstall.\n")
                           : tr("Several toolkits hold an install; name one with --cuda-root: %1\n")
                                 .arg(installed.join(QStringLiteral(", "))));
            m_out.flush();
            if (!writeReport(report, invocation.reportFile))
                return ExitCode::Failed;
            return none ? ExitCode::Ok : ExitCode::ChoiceNeeded;
        }
        root = installed.first();
    }

    InstallOptions options = m_engine.installOptions(); // rebuilds the search path step the manifest holds
    options.force = invocation.force;
    options.log = log.get();
    ConsoleProgress progress;
    const InstallResult result = InstallService::uninstall(root, options, &progress);
    progress.finish();
    result.addToReport(report);
    m_out << summary(result);
    if (result.status == InstallResult::Status::Refused)
        m_out << tr("--force takes the install back anyway (the changed copies are kept); --repair puts the files "
                    "back as installed first.\n");
    m_out.flush();
    if (!writeReport(report, invocation.reportFile))
        return ExitCode::Failed;
    return result.exitCode();
}

bool ConsoleRunner::openLog(const Invocation& invocation, std::unique_ptr<InstallLog>& log)
{
    if (invocation.logFile.isEmpty())
        return true;
    auto file = std::make_unique<FileInstallLog>();
    QString error;
    const bool opened = m_elevationToken.isEmpty() ? file->open(invocation.logFile, &error)
                                                   : file->openExisting(invocation.logFile, &error);
    if (!opened) {
        m_err << tr("cudnn-setup: cannot write the log to %1: %2\n").arg(invocation.logFile, error);
        m_err.flush();
        return false;
    }
    file->write(QStringLiteral("cudnn-setup %1: %2")
                    .arg(QStringLiteral(CUDNN_SETUP_VERSION), QCoreApplication::arguments().join(QLatin1Char(' '))));
    log = std::move(file);
    return true;
}

ExitCode ConsoleRunner::notAvailableYet(const QString& what)
{
    m_err << QStringLiteral("cudnn-setup: %1 is not available in this build yet; --detect is.\n").arg(what);
    return ExitCode::Failed;
}
