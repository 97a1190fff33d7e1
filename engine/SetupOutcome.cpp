#include "SetupOutcome.h"

#include "install/PackageService.h"
#include "report/Report.h"

QString EnvironmentOutcome::statusName(Status status)
{
    switch (status) {
    case Status::NotRun:
        return QStringLiteral("not_run");
    case Status::Planned:
        return QStringLiteral("planned");
    case Status::Unchanged:
        return QStringLiteral("unchanged");
    case Status::Applied:
        return QStringLiteral("applied");
    case Status::RolledBack:
        return QStringLiteral("rolled_back");
    case Status::Refused:
        return QStringLiteral("refused");
    }
    return {};
}

const EnvironmentPlan* EnvironmentOutcome::fix() const
{
    if (scope == PathScope::None || !analysis || analysis->plan.isEmpty() || !analysis->plan.canApply())
        return nullptr;
    return &analysis->plan;
}

Diagnostics EnvironmentOutcome::diagnostics() const
{
    return analysis ? analysis->diagnostics : Diagnostics();
}

QJsonObject EnvironmentOutcome::toJson() const
{
    QJsonObject json = analysis ? analysis->toJson() : QJsonObject();
    json.insert(QStringLiteral("status"), statusName(status));
    json.insert(QStringLiteral("scope"), pathScopeName(scope));
    if (!reason.isEmpty())
        json.insert(QStringLiteral("reason"), reason);
    return json;
}

bool SetupOutcome::ranInstall() const
{
    return !dryRun && !refusal && choice.ok();
}

bool SetupOutcome::endedInFetch() const
{
    return fetched && (fetched->taskStatus() != TaskStatus::Ok || fetched->archive.isEmpty());
}

TaskStatus SetupOutcome::taskStatus() const
{
    if (refusal)
        return refusal->status;
    if (endedInFetch())
        return fetched->taskStatus();
    if (!ranInstall())
        return choice.taskStatus();
    const TaskStatus installed = install.taskStatus();
    if (installed != TaskStatus::Ok)
        return installed;
    if ((verify && !verify->passed()) || (benchmark && benchmark->diagnostic().severity == Severity::Error))
        return TaskStatus::VerifyFailed;
    return installed;
}

Report SetupOutcome::toReport() const
{
    const bool deploy = install.command == QLatin1String("deploy") || deployPlan;
    Report report(dryRun ? QStringLiteral("dry-run") : deploy ? QStringLiteral("deploy") : QStringLiteral("install"));
    const TaskStatus status = taskStatus();
    if (endedInFetch()) {
        // There is no package to describe.
        report.setStatus(status == TaskStatus::Ok ? QStringLiteral("planned") : taskStatusName(status));
        fetched->addToReport(report);
        return report;
    }
    if (!choice.candidates.isEmpty() || !refusal)
        PackageService::addToReport(report, choice, plan ? &*plan : nullptr);
    if (refusal) {
        report.setStatus(taskStatusName(status));
        report.addDiagnostic(refusal->why);
        const QJsonObject notRun{{QStringLiteral("status"), QStringLiteral("not_run")},
                                 {QStringLiteral("reason"), refusal->why.message}};
        report.setSection(QStringLiteral("environment"), notRun);
        report.setSection(QStringLiteral("benchmark"), notRun);
        return report;
    }
    if (fetched)
        fetched->addToReport(report);
    if (ranInstall()) {
        report.setStatus(QStringLiteral("planned"));
        addRunToReport(report);
        return report;
    }
    report.setStatus(status == TaskStatus::Ok ? QStringLiteral("planned") : taskStatusName(status));
    if (status != TaskStatus::Ok) {
        const QJsonObject notRun{
            {QStringLiteral("status"), QStringLiteral("not_run")},
            {QStringLiteral("reason"), tr("no package to install (%1)").arg(taskStatusName(status))}};
        report.setSection(QStringLiteral("environment"), notRun);
        report.setSection(QStringLiteral("benchmark"), notRun);
    } else if (deployPlan) {
        deployPlan->addToReport(report);
    } else {
        report.setSection(QStringLiteral("environment"), environment.toJson());
        report.addDiagnostics(environment.diagnostics());
    }
    return report;
}

void SetupOutcome::addRunToReport(Report& report) const
{
    install.addToReport(report);
    report.setSection(QStringLiteral("environment"), environment.toJson());
    report.addDiagnostics(environment.diagnostics());
    if (verify) {
        report.setSection(QStringLiteral("verify"), verify->toJson());
        report.addDiagnostics(verify->diagnostics);
    } else {
        report.setSection(QStringLiteral("verify"),
                          QJsonObject{{QStringLiteral("status"), QStringLiteral("not_run")},
                                      {QStringLiteral("reason"), verifyNotRun}});
    }
    if (benchmark) {
        report.setSection(QStringLiteral("benchmark"), benchmark->toJson());
        report.addDiagnostic(benchmark->diagnostic());
    } else {
        report.setSection(QStringLiteral("benchmark"),
                          QJsonObject{{QStringLiteral("status"), QStringLiteral("not_run")},
                                      {QStringLiteral("reason"), benchmarkNotRun}});
    }
    if (elevation) {
        QJsonObject json = elevation->toJson();
        if (!elevation->report.isEmpty())
            json.insert(QStringLiteral("report"), elevation->report); // the elevated copy's own, as it wrote it
        report.setSection(QStringLiteral("elevation"), json);
    } else if (!elevationCommand.isEmpty()) {
        report.setSection(QStringLiteral("elevation"),
                          QJsonObject{{QStringLiteral("status"), QStringLiteral("needed")},
                                      {QStringLiteral("command"), elevationCommand}});
    }
    if (taskStatus() == TaskStatus::VerifyFailed)
        report.setStatus(taskStatusName(TaskStatus::VerifyFailed)); // installed, but it does not work
}
