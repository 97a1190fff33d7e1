#include "RepairResult.h"

#include "env/EnvironmentCode.h"

#include <QJsonArray>
#include <algorithm>

QString RepairResult::statusName(Status status)
{
    switch (status) {
    case Status::Repaired:
        return QStringLiteral("repaired");
    case Status::NothingToApply:
        return QStringLiteral("nothing_to_apply");
    case Status::DryRun:
        return QStringLiteral("dry_run");
    case Status::PackageRejected:
        return QStringLiteral("package_rejected");
    case Status::PackageNotFound:
        return QStringLiteral("package_not_found");
    case Status::NeedsElevation:
        return QStringLiteral("needs_elevation");
    case Status::RolledBack:
        return QStringLiteral("rolled_back");
    case Status::Failed:
        return QStringLiteral("failed");
    }
    return QStringLiteral("failed");
}

QJsonObject RepairResult::toJson() const
{
    QJsonArray fixes;
    for (const Applied& applied : applied) {
        QJsonObject json = applied.fix.toJson();
        if (!applied.transaction.isEmpty())
            json.insert(QStringLiteral("transaction"), applied.transaction);
        fixes.append(json);
    }
    return {{QStringLiteral("status"), statusName(status)},
            {QStringLiteral("applied"), fixes},
            {QStringLiteral("transactions"), QJsonArray::fromStringList(transactions)},
            {QStringLiteral("diagnostics"), diagnosticsToJson(diagnostics)}};
}

TaskStatus repairTaskStatus(const RepairResult& result, const RepairScan& after)
{
    switch (result.status) {
    case RepairResult::Status::PackageRejected:
        return TaskStatus::Rejected;
    case RepairResult::Status::PackageNotFound:
        return TaskStatus::NothingFound;
    case RepairResult::Status::RolledBack:
        return TaskStatus::RolledBack;
    case RepairResult::Status::NeedsElevation:
        return TaskStatus::NeedsElevation;
    case RepairResult::Status::Failed:
        return TaskStatus::Failed;
    case RepairResult::Status::Repaired:
    case RepairResult::Status::NothingToApply:
    case RepairResult::Status::DryRun:
        break;
    }
    if (after.isClean())
        return TaskStatus::Ok;
    // A dry run fails on something broken. A tool the search path does not find at all, which repair would add
    // (information), is not broken: nothing wrong runs instead. A cuDNN library no new program finds is: every
    // framework that loads it by name fails.
    const auto isLibrary = [](const QString& name) {
        return name.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive) || name.contains(QLatin1String(".so"));
    };
    // One finding of one cause names its libraries in subjects, one of one library in subject.
    const auto aboutLibrary = [&isLibrary](const Diagnostic& d) {
        return isLibrary(d.subject) || std::any_of(d.subjects.cbegin(), d.subjects.cend(), isLibrary);
    };
    const auto broken = [&aboutLibrary](const RepairFinding& f) {
        return f.isProblem()
            && !(f.diagnostic.severity == Severity::Info && f.diagnostic.code == EnvironmentCode::NotFound
                 && !aboutLibrary(f.diagnostic));
    };
    if (result.status == RepairResult::Status::DryRun
        && std::none_of(after.findings.cbegin(), after.findings.cend(), broken))
        return TaskStatus::Ok;
    // Running again elevated makes progress: say so before "a person must act".
    return after.count(RepairFinding::Remedy::NeedsElevation) > 0 ? TaskStatus::NeedsElevation : TaskStatus::Failed;
}
