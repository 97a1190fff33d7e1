#include "RepairCommand.h"

#include "ConsoleProgress.h"
#include "RemedyText.h"
#include "detect/CudnnInstallScanner.h"
#include "env/EnvironmentService.h"
#include "install/InstallLog.h"
#include "repair/PythonConsumers.h"
#include "repair/RepairCode.h"
#include "repair/RepairScanner.h"
#include "repair/RepairService.h"
#include "report/Report.h"

#include <QFileInfo>
#include <QJsonArray>
#include <memory>
#include <optional>

RepairCommand::RepairCommand(const Engine& engine, QTextStream& out, QTextStream& err)
    : m_engine(engine)
    , m_out(out)
    , m_err(err)
{
}

ExitCode RepairCommand::run(const Invocation& invocation)
{
    Report report(invocation.dryRun ? QStringLiteral("repair-dry-run") : QStringLiteral("repair"));
    std::unique_ptr<FileInstallLog> log;
    if (!invocation.logFile.isEmpty() && !invocation.dryRun) {
        log = std::make_unique<FileInstallLog>();
        QString error;
        if (!log->open(invocation.logFile, &error)) {
            m_err << tr("cudnn-setup: cannot write the log to %1: %2\n").arg(invocation.logFile, error);
            m_err.flush();
            return ExitCode::Failed;
        }
        log->write(QStringLiteral("cudnn-setup %1: %2")
                       .arg(QStringLiteral(CUDNN_SETUP_VERSION), QCoreApplication::arguments().join(QLatin1Char(' '))));
    }
    if (!invocation.package.isEmpty() && !QFileInfo(invocation.package).isFile()) {
        RepairResult result;
        result.status = RepairResult::Status::PackageNotFound;
        result.diagnostics.append(
            Diagnostic::error(RepairCode::PackageMissing,
                              tr("There is no package at %1, so nothing was changed.").arg(invocation.package),
                              tr("Give --package the archive the files were installed from."))
                .about(invocation.package));
        report.setSection(QStringLiteral("repair"), section({}, result, {}));
        report.addDiagnostics(result.diagnostics);
        report.setStatus(RepairResult::statusName(result.status));
        m_out << summary({}, result, {});
        return finish(report, ExitCode::NothingFound, invocation.reportFile);
    }

    DetectOptions detectOptions;
    detectOptions.cudaRoots = invocation.cudaRoots;
    SystemSnapshot system = m_engine.detect(detectOptions);

    // What an interrupted run left is finished or put back first, so the scan sees the toolkits as they stand.
    RepairOptions options;
    std::optional<EnvironmentService> environment;
    if (invocation.pathScope != QLatin1String("none"))
        environment.emplace(m_engine.environmentLocations());
    options.package = invocation.package;
    options.dryRun = invocation.dryRun;
    options.log = log.get();
    options.operations = RepairService::operationFactory(environment ? &*environment : nullptr);
    QStringList roots;
    for (const CudaToolkit& toolkit : system.toolkits)
        roots.append(toolkit.root);
    const Diagnostics recovered = invocation.dryRun ? Diagnostics{} : RepairService::recoverInterrupted(roots, options);
    if (!recovered.isEmpty()) {
        report.addDiagnostics(recovered);
        for (const Diagnostic& d : recovered)
            m_out << QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message);
        system = m_engine.detect(detectOptions);
    }

    // The search path of the toolkit that holds cuDNN, in the scope asked for (--path-scope none: not looked at).
    std::optional<EnvironmentReport> analysis;
    if (environment)
        analysis = m_engine.analyseInstalledCudnn(
            system, pathScopeFromName(invocation.pathScope).value_or(PathScope::User), invocation.cudaRoots);

    RepairScanOptions scanOptions;
    scanOptions.roots = invocation.cudaRoots;
    scanOptions.package = invocation.package;
    scanOptions.environment = analysis ? &*analysis : nullptr;
    RepairScan before = RepairScanner(scanOptions).scan(system);
    const PythonConsumers consumers(
        m_engine.host(), m_engine.sharedRunner(), m_engine.environmentLocations().homeDirectory);
    const RepairFindings pythonFindings = consumers.findings(consumers.inspect());
    before.findings.append(pythonFindings);

    options.environment = environment ? &*environment : nullptr;
    options.environmentPlan = analysis ? &analysis->plan : nullptr;
    ConsoleProgress progress;
    const RepairResult result = RepairService::repair(before, system, options, &progress);
    progress.finish();

    RepairScan after = before;
    if (result.status == RepairResult::Status::Repaired) {
        const SystemSnapshot again = m_engine.detect(detectOptions);
        std::optional<EnvironmentReport> reanalysis;
        if (analysis)
            reanalysis = environment->analyse(analysis->target, analysis->scope);
        scanOptions.environment = reanalysis ? &*reanalysis : nullptr;
        after = RepairScanner(scanOptions).scan(again);
        after.findings.append(pythonFindings); // facts about other programs: a repair does not change them
    }

    const ExitCode code = repairExitCode(result, after);
    report.setSection(QStringLiteral("repair"), section(before, result, after));
    report.addDiagnostics(result.diagnostics);
    for (const RepairFinding& finding : after.findings)
        report.addDiagnostic(finding.diagnostic);
    if (analysis)
        report.setSection(QStringLiteral("environment"), analysis->toJson());
    report.setStatus(code == ExitCode::Ok && result.status == RepairResult::Status::NothingToApply
                         ? QStringLiteral("nothing_to_repair")
                         : (code == ExitCode::Ok || result.status != RepairResult::Status::Repaired
                                ? RepairResult::statusName(result.status)
                                : QStringLiteral("incomplete")));
    m_out << summary(before, result, after);
    InstallLog::to(log.get(), tr("repair: %1, exit code %2").arg(report.status()).arg(toInt(code)));
    return finish(report, code, invocation.reportFile);
}

ExitCode RepairCommand::finish(Report& report, ExitCode code, const QString& reportFile)
{
    m_out.flush();
    if (reportFile.isEmpty())
        return code;
    QString error;
    if (report.writeTo(reportFile, &error))
        return code;
    m_err << tr("cudnn-setup: cannot write the report to %1: %2\n").arg(reportFile, error);
    m_err.flush();
    return ExitCode::Failed;
}

QJsonObject RepairCommand::section(const RepairScan& before, const RepairResult& result, const RepairScan& after)
{
    QJsonArray manual;
    QJsonArray remaining;
    for (const RepairFinding& finding : after.findings) {
        if (!finding.isProblem())
            continue;
        remaining.append(finding.toJson());
        if (finding.remedy != RepairFinding::Remedy::Automatic)
            manual.append(QJsonObject{{QStringLiteral("code"), finding.diagnostic.code},
                                      {QStringLiteral("subject"), finding.diagnostic.subject},
                                      {QStringLiteral("remedy"), RepairFinding::remedyName(finding.remedy)},
                                      {QStringLiteral("step"), RemedyText::manualStep(finding)}});
    }
    QJsonObject json = result.toJson();
    json.remove(QStringLiteral("diagnostics")); // they are the report's own list
    json.insert(QStringLiteral("roots"), QJsonArray::fromStringList(before.roots));
    json.insert(QStringLiteral("findings"), before.toJson());
    json.insert(QStringLiteral("manual_steps"), manual);
    json.insert(QStringLiteral("remaining"), remaining);
    return json;
}

QString RepairCommand::summary(const RepairScan& before, const RepairResult& result, const RepairScan& after)
{
    QString text;
    if (before.isClean() && result.applied.isEmpty() && result.status == RepairResult::Status::NothingToApply)
        text += tr("Nothing to repair.\n");
    for (const RepairFinding& finding : before.findings) {
        if (!finding.isProblem())
            continue;
        text
            += QStringLiteral("  [%1] %2: %3\n")
                   .arg(RepairFinding::remedyName(finding.remedy), finding.diagnostic.code, finding.diagnostic.message);
    }
    const bool dry = result.status == RepairResult::Status::DryRun;
    for (const RepairResult::Applied& applied : result.applied)
        text += (dry ? tr("  would %1: %2\n") : tr("  done %1: %2\n"))
                    .arg(RepairFix::kindName(applied.fix.kind), applied.fix.path);
    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity != Severity::Info || d.code == RepairCode::Applied)
            text += QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message)
                + (RemedyText::fix(d).isEmpty() ? QString() : QStringLiteral("    %1\n").arg(RemedyText::fix(d)));
    }
    int left = 0;
    for (const RepairFinding& finding : after.findings) {
        if (!finding.isProblem() || (dry && finding.remedy == RepairFinding::Remedy::Automatic))
            continue;
        ++left;
        text += tr("  left: %1 (%2)\n    %3\n")
                    .arg(finding.diagnostic.message,
                         RepairFinding::remedyName(finding.remedy),
                         finding.manualStep.isEmpty() ? RemedyText::fix(finding.diagnostic)
                                                      : RemedyText::manualStep(finding));
    }
    for (const RepairFinding& finding : after.findings) {
        if (finding.remedy == RepairFinding::Remedy::None)
            text += tr("  note: %1\n").arg(finding.diagnostic.message);
    }
    if (result.status == RepairResult::Status::Repaired)
        text += left == 0 ? tr("Repaired; nothing is left broken.\n")
                          : tr("Repaired what could be repaired; %n problem(s) left.\n", nullptr, left);
    return text;
}
