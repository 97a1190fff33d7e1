#include "InstallResult.h"

#include "report/Report.h"

#include <QJsonArray>

QString InstallResult::statusName(Status status)
{
    switch (status) {
    case Status::Ok:
        return QStringLiteral("ok");
    case Status::Unchanged:
        return QStringLiteral("unchanged");
    case Status::Rejected:
        return QStringLiteral("rejected");
    case Status::NeedsElevation:
        return QStringLiteral("needs_elevation");
    case Status::RolledBack:
        return QStringLiteral("rolled_back");
    case Status::Failed:
        return QStringLiteral("failed");
    case Status::Uninstalled:
        return QStringLiteral("uninstalled");
    case Status::NotInstalled:
        return QStringLiteral("not_installed");
    case Status::Refused:
        return QStringLiteral("refused");
    }
    return QStringLiteral("failed");
}

TaskStatus InstallResult::taskStatus() const
{
    switch (status) {
    case Status::Ok:
    case Status::Unchanged:
    case Status::Uninstalled:
    case Status::NotInstalled:
        return TaskStatus::Ok;
    case Status::Rejected:
        return TaskStatus::Rejected;
    case Status::NeedsElevation:
        return TaskStatus::NeedsElevation;
    case Status::RolledBack:
        return TaskStatus::RolledBack;
    case Status::Failed:
    case Status::Refused:
        return TaskStatus::Failed;
    }
    return TaskStatus::Failed;
}

bool InstallResult::succeeded() const
{
    return taskStatus() == TaskStatus::Ok;
}

QJsonObject InstallResult::toJson() const
{
    QJsonArray list;
    for (const File& file : files) {
        QJsonObject json{{QStringLiteral("path"), file.path},
                         {QStringLiteral("action"), file.action},
                         {QStringLiteral("sha256"), file.sha256.isEmpty() ? QJsonValue() : QJsonValue(file.sha256)}};
        if (!file.linkTarget.isEmpty())
            json.insert(QStringLiteral("link_target"), file.linkTarget);
        list.append(json);
    }
    return {{QStringLiteral("command"), command},
            {QStringLiteral("status"), statusName(status)},
            {QStringLiteral("root"), root},
            {QStringLiteral("toolkit"),
             QJsonObject{
                 {QStringLiteral("root"), toolkitRoot},
                 {QStringLiteral("version"), toolkitVersion ? QJsonValue(toolkitVersion->toString()) : QJsonValue()}}},
            {QStringLiteral("transaction"), transaction.isEmpty() ? QJsonValue() : QJsonValue(transaction)},
            {QStringLiteral("recovered"), recovered},
            {QStringLiteral("files"), list},
            {QStringLiteral("changes"), changes},
            {QStringLiteral("diagnostics"), diagnosticsToJson(diagnostics)}};
}

void InstallResult::addToReport(Report& report) const
{
    const QJsonObject json = toJson();
    report.setStatus(statusName(status));
    report.setSection(QStringLiteral("toolkit"), json.value(QStringLiteral("toolkit")));
    if (command == QLatin1String("deploy"))
        report.setSection(QStringLiteral("deploy"), QJsonObject{{QStringLiteral("folder"), root}});
    report.setSection(QStringLiteral("transaction"),
                      QJsonObject{{QStringLiteral("id"), json.value(QStringLiteral("transaction"))},
                                  {QStringLiteral("root"), root},
                                  {QStringLiteral("recovered"), recovered}});
    report.setSection(QStringLiteral("files"), json.value(QStringLiteral("files")));
    if (!changes.isEmpty())
        report.setSection(QStringLiteral("changes"), changes);
    report.addDiagnostics(diagnostics);
}

InstallResult InstallResult::fromReport(const QJsonObject& report)
{
    InstallResult result;
    result.command = report.value(QStringLiteral("command")).toString();
    const QString status = report.value(QStringLiteral("status")).toString();
    result.status = Status::Rejected; // rejected, choice_needed, nothing_found: no package to install
    for (Status known : {Status::Ok,
                         Status::Unchanged,
                         Status::Rejected,
                         Status::NeedsElevation,
                         Status::RolledBack,
                         Status::Failed,
                         Status::Uninstalled,
                         Status::NotInstalled,
                         Status::Refused}) {
        if (statusName(known) == status)
            result.status = known;
    }
    if (status == taskStatusName(TaskStatus::Failed) || status == taskStatusName(TaskStatus::UsageError))
        result.status = Status::Failed;
    const QJsonObject toolkit = report.value(QStringLiteral("toolkit")).toObject();
    result.toolkitRoot = toolkit.value(QStringLiteral("root")).toString();
    if (toolkit.value(QStringLiteral("version")).isString())
        result.toolkitVersion = Version::parse(toolkit.value(QStringLiteral("version")).toString());
    const QJsonObject transaction = report.value(QStringLiteral("transaction")).toObject();
    result.root = transaction.value(QStringLiteral("root")).toString(result.toolkitRoot);
    result.transaction = transaction.value(QStringLiteral("id")).toString();
    result.recovered = transaction.value(QStringLiteral("recovered")).toBool();
    for (const QJsonValue& value : report.value(QStringLiteral("files")).toArray()) {
        const QJsonObject file = value.toObject();
        result.files.append({file.value(QStringLiteral("path")).toString(),
                             file.value(QStringLiteral("action")).toString(),
                             file.value(QStringLiteral("sha256")).toString(),
                             file.value(QStringLiteral("link_target")).toString()});
    }
    result.changes = report.value(QStringLiteral("changes")).toObject();
    for (const QJsonValue& value : report.value(QStringLiteral("diagnostics")).toArray())
        result.diagnostics.append(Diagnostic::fromJson(value.toObject()));
    return result;
}
