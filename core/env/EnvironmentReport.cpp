#include "EnvironmentReport.h"

#include "common/FileIdentity.h"
#include "detect/SystemSnapshot.h"
#include "env/EnvironmentCode.h"
#include "report/CauseGrouping.h"

#include <QFileInfo>
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

ConflictStanding EnvironmentReport::standing(const EnvironmentConflict& conflict) const
{
    if (conflict.conflictClass == ConflictClass::NotSearchPath)
        return ConflictStanding::NotSearchPath;
    if (conflict.fixedByPlan && plan.isEmpty())
        return ConflictStanding::FixInPlace;
    if (conflict.fixedByPlan && plan.canApply())
        return ConflictStanding::FixedByPlan;
    const QStringList targetDirs = libraryDirs + toolDirs;
    const auto inTarget = [&](const QString& directory) {
        return std::any_of(targetDirs.cbegin(), targetDirs.cend(), [&](const QString& target) {
            return sameLocation(os, target, directory);
        });
    };
    const bool listed = std::any_of(conflict.shadowed.cbegin(), conflict.shadowed.cend(), [&](const LibraryCopy& c) {
        return inTarget(c.location.directory);
    });
    const bool onDisk = std::any_of(targetDirs.cbegin(), targetDirs.cend(), [&](const QString& directory) {
        return QFileInfo::exists(joinPath(os, directory, conflict.library));
    });
    return listed || onDisk ? ConflictStanding::Open : ConflictStanding::TargetHasNone;
}

bool EnvironmentReport::loadableInTarget(const QString& library) const
{
    // QFileInfo::exists follows links: false for a link to nothing, as the loader finds it.
    return std::any_of(libraryDirs.cbegin(), libraryDirs.cend(), [&](const QString& directory) {
        return QFileInfo::exists(joinPath(os, directory, library));
    });
}

Diagnostic EnvironmentReport::diagnosticFor(const EnvironmentConflict& conflict) const
{
    const QString& library = conflict.library;
    const QString where = conflict.winner ? displayPath(os, conflict.winner->path) : EnvironmentConflict::tr("nowhere");
    // The folder the winner is in: files of one stray copy are one cause, whichever of them is asked for.
    const QString from = conflict.winner ? displayPath(os, conflict.winner->location.directory) : QString();
    const QString root = displayPath(os, target.toolkitRoot);
    QString code;
    switch (conflict.conflictClass) {
    case ConflictClass::UserSearchPath:
        // Nothing wins instead of the toolkit's file: nothing is shadowed, the file is only not on the search path.
        code = conflict.winner ? EnvironmentCode::ShadowUser : EnvironmentCode::NotFound;
        break;
    case ConflictClass::MachineScope:
        code = EnvironmentCode::ShadowMachine; // nothing found at all is never this class (ConflictFinder)
        break;
    case ConflictClass::NotSearchPath:
        code = EnvironmentCode::NotSearchPath;
        break;
    }
    QString message;
    QString cause; // what every library of this cause has in common, said without naming one
    Severity severity = Severity::Warning;
    switch (standing(conflict)) {
    case ConflictStanding::NotSearchPath:
        severity = Severity::Info;
        message = EnvironmentConflict::tr("%1 is loaded from %2 regardless of any search path.").arg(library, where);
        if (conflict.winner)
            cause = EnvironmentConflict::tr("These are loaded from %1 regardless of any search path.").arg(from);
        break;
    case ConflictStanding::TargetHasNone:
        severity = Severity::Info;
        message = EnvironmentConflict::tr("%1 has no %2 of its own; a new program gets %3.")
                      .arg(root, library, conflict.winner ? where : EnvironmentConflict::tr("none"));
        cause = conflict.winner
            ? EnvironmentConflict::tr("%1 has none of these of its own; a new program gets them from %2.")
                  .arg(root, from)
            : EnvironmentConflict::tr("%1 has none of these of its own, and a new program finds them nowhere.")
                  .arg(root);
        break;
    case ConflictStanding::FixInPlace:
        severity = Severity::Info;
        // The fix puts the target first, but a missing file or a link to nothing there is no copy a program gets:
        // the loader goes on to the next folder. Said as it is, beside the missing file's own finding.
        if (loadableInTarget(library)) {
            message = EnvironmentConflict::tr(
                          "New logins get %1 from %2 (the search path fix is in place); programs started before it "
                          "still get %3.")
                          .arg(library, root, conflict.winner ? where : EnvironmentConflict::tr("nothing"));
            cause = conflict.winner
                ? EnvironmentConflict::tr("New logins get these from %1 (the search path fix is in place); programs "
                                          "started before it still get them from %2.")
                      .arg(root, from)
                : EnvironmentConflict::tr("New logins get these from %1 (the search path fix is in place); programs "
                                          "started before it find them nowhere.")
                      .arg(root);
        } else {
            message = EnvironmentConflict::tr(
                          "%2 has no loadable %1 now (the file is missing, or a link to nothing), so a new program "
                          "gets %3. Once the file is there again, new logins get it from %2: the search path fix is in "
                          "place.")
                          .arg(library, root, conflict.winner ? where : EnvironmentConflict::tr("none"));
        }
        break;
    case ConflictStanding::FixedByPlan:
    case ConflictStanding::Open:
        // Another copy winning now is a problem even where the plan fixes it (an install, a repair leaves it right):
        // a program started now gets that copy. Only a name found nowhere, which the plan adds, is information.
        severity = standing(conflict) == ConflictStanding::Open || conflict.winner ? Severity::Warning : Severity::Info;
        if (conflict.conflictClass == ConflictClass::MachineScope) {
            message
                = EnvironmentConflict::tr("A new program loading %1 gets %2, which a user PATH change cannot override.")
                      .arg(library, where);
            if (conflict.winner)
                cause = EnvironmentConflict::tr(
                            "New programs get these from %1, not from %2, and a user PATH change cannot override "
                            "that.")
                            .arg(from, root);
        } else if (conflict.winner) {
            message = EnvironmentConflict::tr("A new program loading %1 gets %2, not the target toolkit's copy.")
                          .arg(library, where);
            cause = EnvironmentConflict::tr("New programs get these from %1, not from %2.").arg(from, root);
        } else {
            message = EnvironmentConflict::tr("A new program cannot find %1 at all.").arg(library);
            cause = EnvironmentConflict::tr("A new program cannot find these at all: %1 is not on the search path.")
                        .arg(root);
        }
        break;
    }
    return Diagnostic::of(severity, code, message, conflict.fix).about(library).because(cause);
}

Diagnostics EnvironmentReport::conflictDiagnostics() const
{
    Diagnostics each;
    for (const EnvironmentConflict& conflict : conflicts)
        each.append(diagnosticFor(conflict));
    return CauseGrouping::grouped(each);
}

void EnvironmentReport::attributeCopies(const QList<CudnnInstall>& copies)
{
    QHash<QString, const CudnnInstall*> owners; // location key of a library file -> the copy holding it
    for (const CudnnInstall& copy : copies) {
        for (const CudnnLibraryFile& file : copy.libraries) {
            if (file.kind != CudnnLibraryFile::Kind::BrokenSymlink)
                owners.insert(locationKey(os, file.path), &copy);
        }
    }
    const auto attribute = [&](LibraryCopy& file) {
        const CudnnInstall* owner = owners.value(locationKey(os, file.path));
        if (!owner) {
            file.copy.reset();
            return;
        }
        file.copy = CopyProvenance{owner->origin,
                                   owner->managedBy,
                                   owner->package,
                                   owner->packageVersion ? owner->packageVersion->toString() : QString(),
                                   owner->environment};
    };
    const auto attributeAll = [&](std::optional<LibraryCopy>& winner, QList<LibraryCopy>& shadowed) {
        if (winner)
            attribute(*winner);
        for (LibraryCopy& loser : shadowed)
            attribute(loser);
    };
    for (LibraryStatus& status : libraries) {
        attributeAll(status.before.winner, status.before.shadowed);
        attributeAll(status.after.winner, status.after.shadowed);
    }
    for (EnvironmentConflict& conflict : conflicts)
        attributeAll(conflict.winner, conflict.shadowed);
}

QString EnvironmentReport::restartNote() const
{
    if (os == OsFlavor::Windows)
        return EnvironmentConflict::tr(
            "Programs started from now on see the change (Windows tells new processes at once), but programs already "
            "running, and anything started from them (a terminal, an IDE, a Jupyter kernel), keep their old "
            "environment: restart them.");
    if (scope == EnvironmentScope::Machine)
        return EnvironmentConflict::tr(
            "The loader cache applies to every new program at once; the PATH change reaches new login shells only "
            "(/etc/profile.d). Terminals and IDEs already open keep their old PATH: open them again.");
    return EnvironmentConflict::tr(
        "The fix is in your login profile, which only login shells read, and in ~/.config/environment.d, which "
        "graphical sessions read when they start: sign out and in again so terminals, IDEs and Jupyter kernels "
        "started from the desktop get it. A terminal that starts a non-login shell in a session begun before the fix "
        "does not see it; open a login shell there.");
}

std::optional<Diagnostic> EnvironmentReport::cudaLinkDiagnostic() const
{
    if (!cudaLink || cudaLink->pointsAtTarget)
        return std::nullopt;
    return Diagnostic::of(
               EnvironmentCode::CudaLink,
               cudaLink->target.isEmpty() ? EnvironmentConflict::tr("%1 does not exist.").arg(cudaLink->path)
                                          : EnvironmentConflict::tr("%1 points at %2, not at %3.")
                                                .arg(cudaLink->path, cudaLink->target, target.toolkitRoot),
               EnvironmentConflict::tr(
                   "Build scripts that use %1 get that toolkit; retarget the link in machine scope if they should "
                   "get this one.")
                   .arg(cudaLink->path))
        .about(cudaLink->path);
}

QJsonObject LoaderCacheFacts::toJson(OsFlavor os) const
{
    QJsonArray staleJson;
    for (const Stale& entry : stale) {
        staleJson.append(QJsonObject{
            {QStringLiteral("library"), entry.library},
            {QStringLiteral("now"), entry.now ? QJsonValue(entry.now->toJson(os)) : QJsonValue()},
            {QStringLiteral("rebuilt"), entry.rebuilt ? QJsonValue(entry.rebuilt->toJson(os)) : QJsonValue()}});
    }
    return {{QStringLiteral("file"), QStringLiteral("/etc/ld.so.cache")},
            {QStringLiteral("read"), read},
            {QStringLiteral("covers_target"), coversTarget},
            {QStringLiteral("may_rebuild"), mayRebuild},
            {QStringLiteral("rebuilt"), rebuilt},
            {QStringLiteral("stale"), staleJson}};
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
    if (loaderCache)
        json.insert(QStringLiteral("loader_cache"), loaderCache->toJson(os));
    if (cudaLink) {
        json.insert(QStringLiteral("cuda_link"),
                    QJsonObject{{QStringLiteral("path"), cudaLink->path},
                                {QStringLiteral("target"),
                                 cudaLink->target.isEmpty() ? QJsonValue() : QJsonValue(cudaLink->target)},
                                {QStringLiteral("points_at_target"), cudaLink->pointsAtTarget}});
    }
    return json;
}
