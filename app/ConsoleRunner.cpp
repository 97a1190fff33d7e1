#include "ConsoleRunner.h"

#include "ConsoleProgress.h"
#include "DetectSummary.h"
#include "ExplainCommand.h"
#include "FetchSummary.h"
#include "FindingText.h"
#include "FrameworkSummary.h"
#include "MachineJudge.h"
#include "PackageSummary.h"
#include "RemedyText.h"
#include "RepairCommand.h"
#include "ReportFile.h"
#include "SearchPathSummary.h"
#include "elevation/ElevationRequest.h"
#include "report/Report.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

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

ConsoleRunner::ConsoleRunner(const Engine& engine, QTextStream& out, QTextStream& err, CancellationToken cancel)
    : m_engine(engine)
    , m_out(out)
    , m_err(err)
    , m_cancel(std::move(cancel))
{
}

bool ConsoleRunner::outputsWritable(const Invocation& invocation)
{
    const std::pair<QString, QString> outputs[] = {{QStringLiteral("--report"), invocation.reportFile},
                                                   {QStringLiteral("--progress-file"), invocation.progressFile}};
    for (const auto& [option, path] : outputs) {
        const QString why = path.isEmpty() ? QString() : Report::whyUnwritable(path);
        if (!why.isEmpty()) {
            m_err << tr("cudnn-setup: %1 %2 cannot be written (%3), so nothing was done.\n").arg(option, path, why);
            m_err.flush();
            return false;
        }
    }
    return true;
}

ExitCode ConsoleRunner::run(const Invocation& invocation)
{
    // Like the log: an output that cannot be written is said before the first change, not after the last.
    if (!outputsWritable(invocation))
        return ExitCode::UsageError;
    switch (invocation.mode) {
    case Invocation::Mode::Detect:
        return detect(invocation);
    case Invocation::Mode::Install:
        return invocation.judgesOtherMachines() ? judgeOtherMachines(invocation) : install(invocation);
    case Invocation::Mode::Uninstall:
        return uninstall(invocation);
    case Invocation::Mode::Repair:
        return RepairCommand(m_engine, m_out, m_err, m_cancel).run(invocation);
    case Invocation::Mode::Explain:
        return ExplainCommand(m_engine, m_out, m_err).run(invocation);
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
    options.pythonEnvironments = invocation.pythonEnvironments;
    options.searchPath = true; // a named toolkit's search path, as repair says it
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
    if (!m_channel || path.isEmpty())
        return ReportFile::write(report, path, m_err);
    QString error;
    if (m_channel->writeReport(report, &error))
        return true;
    m_err << tr("cudnn-setup: cannot write the report to %1: %2\n").arg(path, error);
    m_err.flush();
    return false;
}

bool ConsoleRunner::openElevatedChannel(const Invocation& invocation)
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
    QString problem = request.validate();
    if (problem.isEmpty() && (m_channel = Engine::openElevatedChannel(request, &problem)))
        return true;
    m_err << tr("cudnn-setup: refused: %1\n").arg(problem);
    m_err.flush();
    return false;
}

void ConsoleRunner::explainElevation(const Invocation& invocation, const SetupOutcome& outcome)
{
    m_out << (hostOsFlavor() == OsFlavor::Windows
                  ? tr("This needs administrator rights, and --silent never asks for them. Run exactly this in an "
                       "administrator prompt:\n  %1\n")
                  : tr("This needs root, and --silent never asks for it. Run exactly:\n  %1\n"))
                 .arg(outcome.elevationCommand);
    if (pathScopeFromName(invocation.pathScope).value_or(PathScope::User) == PathScope::User)
        m_out << tr("(Elevated, it leaves your own search path alone: --path-scope none. Use --path-scope machine "
                    "to fix it for every user.)\n");
}

ExitCode ConsoleRunner::install(const Invocation& invocation)
{
    m_channel.reset();
    if (!invocation.elevationToken.isEmpty() && !openElevatedChannel(invocation))
        return ExitCode::UsageError;
    ConsoleProgress console;
    std::unique_ptr<ProgressSink> lines;
    if (!invocation.progressFile.isEmpty() && !m_channel) {
        QString error;
        lines = Engine::progressLines(invocation.progressFile, &error);
        if (!lines) {
            m_err << tr("cudnn-setup: cannot write progress to %1: %2\n").arg(invocation.progressFile, error);
            m_err.flush();
            return ExitCode::Failed;
        }
    }
    ProgressSink* progress = m_channel ? m_channel->progress()
        : lines                        ? lines.get()
                                       : static_cast<ProgressSink*>(&console);
    const SetupOutcome outcome = m_engine.install(installRequest(invocation), progress, m_cancel);
    console.finish();
    return end(invocation, outcome);
}

InstallRequest ConsoleRunner::installRequest(const Invocation& invocation) const
{
    InstallRequest request;
    request.package.path = invocation.package;
    if (!invocation.cudaRoots.isEmpty())
        request.package.cudaRoot = invocation.cudaRoots.first();
    request.package.force = invocation.force;
    if (invocation.fetch) {
        FetchRequest fetch;
        fetch.mirror = invocation.mirror;
        fetch.manifest = invocation.manifest;
        fetch.cacheFolder = invocation.cacheDir;
        request.fetch = fetch;
    }
    request.detect.cudaRoots = invocation.cudaRoots;
    request.detect.pythonEnvironments = invocation.pythonEnvironments;
    request.mode = invocation.deployTo.isEmpty() ? InstallRequest::Mode::Install : InstallRequest::Mode::Deploy;
    request.deployTo = invocation.deployTo;
    request.dryRun = invocation.dryRun;
    request.pathScope = pathScopeFromName(invocation.pathScope).value_or(PathScope::User);
    request.verify = invocation.verify;
    request.benchmark = invocation.benchmark;
    request.confirmFrameworks = true;
    request.logFile = m_channel ? QString() : invocation.logFile;
    request.log = m_channel ? m_channel->log() : nullptr;
    request.listInstall = !m_channel; // the elevated copy is not the user: the invoking process lists it
    request.judgedSha256 = invocation.packageSha256;
    return request;
}

ExitCode ConsoleRunner::end(const Invocation& invocation, const SetupOutcome& outcome)
{
    const SystemSnapshot& system = outcome.system;
    if (outcome.fetched)
        FetchSummary::print(*outcome.fetched, m_out, m_err);
    const Report report = outcome.toReport();
    if (outcome.refusal) {
        m_err << tr("cudnn-setup: refused: %1\n").arg(outcome.refusal->why.message);
        m_err.flush();
    } else if (outcome.ranInstall()) {
        m_out << summary(outcome.install) << environmentSummary(outcome.environment)
              << verifySummary(outcome.verify, outcome.verifyNotRun)
              << benchmarkSummary(outcome.benchmark, outcome.benchmarkNotRun);
        // What the frameworks will load now, confirmed by their own interpreters where those can run.
        m_out << frameworkLines(outcome.frameworks);
        if (!outcome.elevationCommand.isEmpty())
            explainElevation(invocation, outcome);
    } else if (!outcome.endedInFetch()) {
        m_out << packageSummary(outcome.choice, outcome.plan ? &*outcome.plan : nullptr, system.os);
        m_out << frameworkLines(outcome.frameworks);
        if (outcome.deployPlan)
            m_out << deploySummary(*outcome.deployPlan, system.os);
        else if (outcome.choice.ok())
            m_out << environmentSummary(outcome.environment)
                  << (outcome.environment.status == EnvironmentOutcome::Status::Planned
                          ? outcome.environment.analysis->plan.diffText()
                          : QString());
    }
    m_out.flush();
    if (!writeReport(report, invocation.reportFile))
        return ExitCode::Failed;
    return exitCodeFor(outcome.taskStatus());
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
        text = tr("Search path (%1 scope): fixed. %2\n")
                   .arg(pathScopeName(environment.scope),
                        environment.analysis ? environment.analysis->restartNote() : QString());
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
            text += QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message)
                + FindingText::subjects(d, 4);
    }
    if (environment.analysis) // a pip wheel or a conda env among the copies that win or lose is named as such
        text += SearchPathSummary::winners(*environment.analysis);
    return text;
}

QString ConsoleRunner::verifySummary(const std::optional<VerifyResult>& verify, const QString& notRun)
{
    if (!verify)
        return tr("Verify: not run (%1).\n").arg(notRun);
    QString text = verify->passed()
        ? tr("Verify: cuDNN %1 and its %n libraries load from the toolkit.\n", nullptr, int(verify->libraries.size()))
              .arg(verify->versionText)
        : tr("Verify: FAILED, cuDNN does not load as it should.\n");
    for (const Diagnostic& d : verify->diagnostics) {
        if (d.severity != Severity::Info)
            text += QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message)
                + FindingText::subjects(d, 4)
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

QString ConsoleRunner::deploySummary(const DeployPlan& plan, OsFlavor os)
{
    QString text = (os == OsFlavor::Windows
                        ? tr("Deploy into %1 (nothing was changed): %2 files, %3 MiB to write, %4 to remove.\n")
                        : tr("Deploy into %1 (nothing was changed): %2 files and links, %3 MiB to write, %4 to "
                             "remove.\n"))
                       .arg(displayPath(os, plan.folder))
                       .arg(plan.planned.changes.entriesToWrite())
                       .arg(double(plan.planned.changes.bytesToWrite()) / (1024.0 * 1024.0), 0, 'f', 1)
                       .arg(plan.planned.changes.removals.size());
    for (const Diagnostic& d : plan.planned.diagnostics)
        text += QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message);
    return text;
}

ExitCode ConsoleRunner::uninstall(const Invocation& invocation)
{
    UninstallRequest request;
    request.root = invocation.deployTo.isEmpty() ? invocation.cudaRoots.value(0) : invocation.deployTo;
    request.force = invocation.force;
    request.logFile = invocation.logFile;
    ConsoleProgress progress;
    const UninstallOutcome outcome = m_engine.uninstall(request, &progress, m_cancel);
    progress.finish();
    const InstallResult& result = outcome.result;
    if (!outcome.candidates.isEmpty()) {
        QStringList roots;
        for (const InstalledCopy& copy : outcome.candidates)
            roots.append(copy.root);
        m_out << tr("Several toolkits hold an install; name one with --cuda-root: %1\n")
                     .arg(roots.join(QStringLiteral(", ")));
    } else if (result.status == InstallResult::Status::NotInstalled && result.root.isEmpty()) {
        m_out << tr("Nothing to uninstall.\n");
    } else {
        m_out << summary(result);
    }
    if (outcome.takenBack && !outcome.takenBack->searchPath.isEmpty()) {
        m_out << tr("Search path:\n");
        for (const SearchPathUndo& undo : outcome.takenBack->searchPath)
            m_out << QStringLiteral("  ") << undo.sentence(hostOsFlavor()) << QLatin1Char('\n');
    }
    if (result.status == InstallResult::Status::Refused)
        m_out << tr("--force takes the install back anyway (the changed copies are kept); --repair puts the files "
                    "back as installed first.\n");
    m_out.flush();
    if (!writeReport(outcome.toReport(), invocation.reportFile))
        return ExitCode::Failed;
    return exitCodeFor(outcome.taskStatus());
}
