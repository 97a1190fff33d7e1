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

ExitCode InstallResult::exitCode() const
{
    switch (status) {
    case Status::Ok:
    case Status::Unchanged:
    case Status::Uninstalled:
    case Status::NotInstalled:
        return ExitCode::Ok;
    case Status::Rejected:
        return ExitCode::PackageRejected;
    case Status::NeedsElevation:
        return ExitCode::NeedsElevation;
    case Status::RolledBack:
        return ExitCode::RolledBack;
    case Status::Failed:
    case Status::Refused:
        return ExitCode::Failed;
    }
    return ExitCode::Failed;
}

bool InstallResult::succeeded() const
{
    return exitCode() == ExitCode::Ok;
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
