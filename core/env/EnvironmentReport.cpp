#include "EnvironmentReport.h"

#include "env/EnvironmentCode.h"

#include <QJsonArray>

QString conflictClassName(ConflictClass conflictClass)
{
    switch (conflictClass) {
    case ConflictClass::UserSearchPath:
        return QStringLiteral("A");
    case ConflictClass::MachineScope:
        return QStringLiteral("B");
    case ConflictClass::NotSearchPath:
        return QStringLiteral("C");
    }
    return QStringLiteral("A");
}

QJsonObject EnvironmentConflict::toJson(OsFlavor os) const
{
    QJsonArray losers;
    for (const LibraryCopy& copy : shadowed)
        losers.append(copy.toJson(os));
    return {{QStringLiteral("library"), library},
            {QStringLiteral("winner"), winner ? QJsonValue(winner->toJson(os)) : QJsonValue()},
            {QStringLiteral("shadowed"), losers},
            {QStringLiteral("class"), conflictClassName(conflictClass)},
            {QStringLiteral("fix"), fix},
            {QStringLiteral("fixed_by_plan"), fixedByPlan}};
}

Diagnostic EnvironmentConflict::toDiagnostic(OsFlavor os) const
{
    const QString where = winner ? displayPath(os, winner->path) : tr("nowhere");
    QString code;
    QString message;
    switch (conflictClass) {
    case ConflictClass::UserSearchPath:
        code = EnvironmentCode::ShadowUser;
        message = winner ? tr("A new program loading %1 gets %2, not the target toolkit's copy.").arg(library, where)
                         : tr("A new program cannot find %1 at all.").arg(library);
        break;
    case ConflictClass::MachineScope:
        code = EnvironmentCode::ShadowMachine;
        message = tr("A new program loading %1 gets %2, which a user PATH change cannot override.").arg(library, where);
        break;
    case ConflictClass::NotSearchPath:
        code = EnvironmentCode::NotSearchPath;
        message = tr("%1 is loaded from %2 regardless of any search path.").arg(library, where);
        break;
    }
    const Severity severity
        = fixedByPlan || conflictClass == ConflictClass::NotSearchPath ? Severity::Info : Severity::Warning;
    Diagnostic diagnostic{code, severity, message, fix, {}, {}};
    return diagnostic.about(library);
}

QJsonObject EnvironmentReport::toJson() const
{
    QJsonArray libraryJson;
    for (const LibraryStatus& status : libraries) {
        libraryJson.append(QJsonObject{{QStringLiteral("library"), status.before.library},
                                       {QStringLiteral("before"), status.before.toJson(os)},
                                       {QStringLiteral("after"), status.after.toJson(os)}});
    }
    QJsonArray conflictJson;
    for (const EnvironmentConflict& conflict : conflicts)
        conflictJson.append(conflict.toJson(os));
    QJsonArray libraryDirJson;
    for (const QString& directory : libraryDirs)
        libraryDirJson.append(displayPath(os, directory));
    QJsonArray toolDirJson;
    for (const QString& directory : toolDirs)
        toolDirJson.append(displayPath(os, directory));
    QJsonObject targetJson = target.toJson(os);
    targetJson.insert(QStringLiteral("library_dirs"), libraryDirJson);
    targetJson.insert(QStringLiteral("tool_dirs"), toolDirJson);

    QJsonObject json{{QStringLiteral("os"), osFlavorName(os)},
                     {QStringLiteral("scope"), scopeName(scope)},
                     {QStringLiteral("target"), targetJson},
                     {QStringLiteral("before"), plan.beforeJson()},
                     {QStringLiteral("after"), plan.afterJson()},
                     {QStringLiteral("libraries"), libraryJson},
                     {QStringLiteral("conflicts"), conflictJson},
                     {QStringLiteral("plan"),
                      QJsonObject{{QStringLiteral("can_apply"), plan.canApply()},
                                  {QStringLiteral("diff"), plan.diffText()},
                                  {QStringLiteral("steps"), plan.stepsJson()}}},
                     {QStringLiteral("restart_needed"), restartNeeded()},
                     {QStringLiteral("notes"), QJsonArray::fromStringList(notes)},
                     {QStringLiteral("diagnostics"), diagnosticsToJson(diagnostics)}};
    if (cudaLink) {
        json.insert(QStringLiteral("cuda_link"),
                    QJsonObject{{QStringLiteral("path"), cudaLink->path},
                                {QStringLiteral("target"),
                                 cudaLink->target.isEmpty() ? QJsonValue() : QJsonValue(cudaLink->target)},
                                {QStringLiteral("points_at_target"), cudaLink->pointsAtTarget}});
    }
    return json;
}
