#include "EngineInternals.h"
#include "RepairOutcome.h"
#include "SetupOutcome.h"
#include "detect/ManagedFiles.h"
#include "env/EnvironmentService.h"
#include "env/LoaderCacheState.h"
#include "install/InstallLog.h"
#include "repair/PythonConsumers.h"
#include "repair/RepairCode.h"
#include "repair/RepairScanner.h"
#include "repair/RepairService.h"
#include "report/Report.h"

#include <QFileInfo>
#include <QJsonArray>
#include <algorithm>

RepairSurvey Engine::surveyRepair(const RepairRequest& request) const
{
    if (!request.package.isEmpty() && !QFileInfo(request.package).isFile()) {
        RepairSurvey refused;
        refused.refusal
            = Diagnostic::of(
                  RepairCode::PackageMissing,
                  RepairOutcome::tr("There is no package at %1, so nothing was changed.").arg(request.package),
                  RepairOutcome::tr("Give the archive the files were installed from."))
                  .about(request.package);
        return refused;
    }
    // What an interrupted run left is finished or put back first, so the scan sees the toolkits as they stand.
    Diagnostics recovered;
    if (!request.dryRun) {
        DetectOptions detecting;
        detecting.cudaRoots = request.roots;
        detecting.pythonEnvironments = request.pythonEnvironments;
        recovered = recoverInterrupted(detect(detecting));
    }
    RepairSurvey found = survey(request, nullptr);
    found.recovered = recovered;
    return found;
}

RepairSurvey Engine::survey(const RepairRequest& request, const RepairFindings* consumers) const
{
    RepairSurvey found;
    DetectOptions detecting;
    detecting.cudaRoots = request.roots;
    detecting.pythonEnvironments = request.pythonEnvironments;
    found.system = detect(detecting);
    found.analysis = analyseInstalledCudnn(found.system, request.pathScope, request.roots);
    RepairScanOptions scanning;
    scanning.roots = request.roots;
    scanning.package = request.package;
    scanning.environment = found.analysis ? &*found.analysis : nullptr;
    // Every record is read: a repair must not write a file any package manager keeps, cuDNN's package or not.
    const ManagedFiles managed = ManagedFiles::read(
        found.system.os, m_host->dpkgInfoDirectory, found.system.pythonEnvironments, ManagedFiles::Scope::Everything);
    scanning.managedFiles = &managed;
    found.scan = RepairScanner(scanning).scan(found.system);
    if (consumers) {
        found.consumers = *consumers;
    } else {
        const PythonConsumers python(*m_host, m_runner, m_environment->homeDirectory);
        found.consumers = python.findings(python.inspect());
    }
    found.scan.findings.append(found.consumers);
    return found;
}

RepairOutcome Engine::repair(const RepairRequest& request, ProgressSink* progress, CancellationToken cancel) const
{
    return repair(surveyRepair(request), request, progress, cancel);
}

RepairOutcome Engine::repair(const RepairSurvey& survey,
                             const RepairRequest& request,
                             ProgressSink* progress,
                             CancellationToken cancel) const
{
    RepairOutcome outcome;
    outcome.before = survey;
    outcome.frameworks = survey.system.frameworks; // nothing changed, until a repair does
    outcome.after = survey.scan;
    outcome.dryRun = request.dryRun;
    if (survey.refusal) {
        outcome.result.status = RepairResult::Status::PackageNotFound;
        outcome.result.diagnostics.append(*survey.refusal);
        outcome.after = {};
        return outcome;
    }
    Diagnostic why;
    const std::unique_ptr<InstallLog> log = request.dryRun ? nullptr : openLog(request.logFile, nullptr, &why);
    if (!log && !request.dryRun && !request.logFile.isEmpty()) {
        outcome.result.status = RepairResult::Status::Failed;
        outcome.result.diagnostics.append(why);
        return outcome;
    }

    const bool pathLookedAt = request.pathScope != PathScope::None;
    const EnvironmentService environment(*m_environment);
    RepairOptions options;
    options.package = request.package;
    options.dryRun = request.dryRun;
    options.log = log.get();
    options.operations = operations();
    options.environment = pathLookedAt ? &environment : nullptr;
    options.environmentPlan = survey.analysis ? &survey.analysis->plan : nullptr;
    options.loaderCacheFraming = [locations = *m_environment](const QStringList& folders, bool always) {
        return LoaderCacheState::framing(locations, folders, always);
    };
    outcome.result = RepairService::repair(survey.scan, survey.system, options, progress, cancel);
    outcome.analysisAfter = survey.analysis;

    if (outcome.result.status == RepairResult::Status::Repaired) {
        const RepairSurvey again = this->survey(request, &survey.consumers);
        outcome.after = again.scan;
        outcome.analysisAfter = again.analysis;
        outcome.frameworks = again.system.frameworks;
    }
    InstallLog::to(log.get(), QStringLiteral("repair: %1").arg(taskStatusName(outcome.taskStatus())));
    return outcome;
}

TaskStatus RepairOutcome::taskStatus() const
{
    const TaskStatus repaired = repairTaskStatus(result, after);
    // An interrupted run that could not be put back first (an unreadable journal) leaves the toolkit unfinished,
    // whatever the fixes after it did: the README's exit code for a repair that did not finish.
    const bool unrecovered = std::any_of(before.recovered.cbegin(), before.recovered.cend(), [](const Diagnostic& d) {
        return d.severity == Severity::Error;
    });
    return unrecovered && repaired == TaskStatus::Ok ? TaskStatus::Failed : repaired;
}

Report RepairOutcome::toReport() const
{
    Report report(dryRun ? QStringLiteral("repair-dry-run") : QStringLiteral("repair"));
    report.addDiagnostics(before.recovered);
    QJsonArray manual;
    QJsonArray remaining;
    for (const RepairFinding& finding : after.findings) {
        if (!finding.isProblem())
            continue;
        remaining.append(finding.toJson());
        if (finding.remedy == RepairFinding::Remedy::Automatic)
            continue;
        QJsonObject step{{QStringLiteral("code"), finding.diagnostic.code},
                         {QStringLiteral("subject"), finding.diagnostic.subject},
                         {QStringLiteral("remedy"), RepairFinding::remedyName(finding.remedy)},
                         {QStringLiteral("step"), finding.manualStep}};
        if (!finding.diagnostic.subjects.isEmpty()) // one cause about several things: each of them
            step.insert(QStringLiteral("subjects"), QJsonArray::fromStringList(finding.diagnostic.subjects));
        manual.append(step);
    }
    QJsonObject section = result.toJson();
    section.remove(QStringLiteral("diagnostics")); // they are the report's own list
    section.insert(QStringLiteral("roots"), QJsonArray::fromStringList(before.scan.roots));
    section.insert(QStringLiteral("findings"), before.scan.toJson());
    section.insert(QStringLiteral("manual_steps"), manual);
    section.insert(QStringLiteral("remaining"), remaining);
    report.setSection(QStringLiteral("repair"), section);
    report.addDiagnostics(result.diagnostics);
    for (const RepairFinding& finding : after.findings)
        report.addDiagnostic(finding.diagnostic);
    if (before.analysis) {
        // The section's status, as an install's: the fix was carried out, would be, or nothing was to change.
        const bool environmentFixed = result.status == RepairResult::Status::Repaired
            && std::any_of(result.applied.cbegin(), result.applied.cend(), [](const RepairResult::Applied& applied) {
                                          return applied.fix.kind == RepairFix::Kind::Environment;
                                      });
        using Status = EnvironmentOutcome::Status;
        const Status status = before.analysis->plan.isEmpty() ? Status::Unchanged
            : environmentFixed                                ? Status::Applied
                                                              : Status::Planned;
        QJsonObject environment = before.analysis->toJson();
        environment.insert(QStringLiteral("status"), EnvironmentOutcome::statusName(status));
        report.setSection(QStringLiteral("environment"), environment);
    }
    const TaskStatus status = taskStatus();
    const bool repaired = result.status == RepairResult::Status::Repaired;
    if (status == TaskStatus::Ok && result.status == RepairResult::Status::NothingToApply)
        report.setStatus(QStringLiteral("nothing_to_repair"));
    else if (status == TaskStatus::Ok || !repaired)
        report.setStatus(RepairResult::statusName(result.status));
    else
        report.setStatus(QStringLiteral("incomplete"));
    return report;
}
