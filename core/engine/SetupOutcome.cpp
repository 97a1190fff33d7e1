#include "SetupOutcome.h"

#include "report/Report.h"

QString pathScopeName(PathScope scope)
{
    switch (scope) {
    case PathScope::User:
        return QStringLiteral("user");
    case PathScope::Machine:
        return QStringLiteral("machine");
    case PathScope::None:
        break;
    }
    return QStringLiteral("none");
}

std::optional<PathScope> pathScopeFromName(const QString& name)
{
    for (PathScope scope : {PathScope::User, PathScope::Machine, PathScope::None}) {
        if (pathScopeName(scope) == name)
            return scope;
    }
    return std::nullopt;
}

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

ExitCode SetupOutcome::exitCode() const
{
    const ExitCode installed = install.exitCode();
    if (installed != ExitCode::Ok)
        return installed;
    if ((verify && !verify->passed()) || (benchmark && benchmark->diagnostic().severity == Severity::Error))
        return ExitCode::VerifyFailed;
    return installed;
}

void SetupOutcome::addToReport(Report& report) const
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
    }
    if (exitCode() == ExitCode::VerifyFailed)
        report.setStatus(exitCodeName(ExitCode::VerifyFailed)); // installed, but it does not work
}
