#include "MachineJudgement.h"

#include "EngineInternals.h"
#include "detect/MachineFile.h"
#include "install/PackageService.h"
#include "report/Report.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

namespace {

/** Every archive at the path (a file, or a folder of them), inspected. */
QList<PackageInspection> inspectArchives(const QString& folderOrFile)
{
    QList<PackageInspection> inspections;
    for (const QString& archive : PackagePicker::archivesIn(folderOrFile)) {
        if (QFileInfo::exists(archive))
            inspections.append(PackageService::inspect(archive));
    }
    return inspections;
}

MachineJudgement
judgeMachine(const QString& file, const QList<PackageInspection>& inspections, const MachineRequest& request)
{
    MachineJudgement judgement;
    judgement.file = file;
    judgement.name = QFileInfo(file).completeBaseName();
    QString error;
    const std::optional<SystemSnapshot> machine = MachineFile::read(file, &error);
    if (!machine) {
        judgement.error = error;
        return judgement;
    }
    judgement.os = machine->os;
    judgement.redistPlatform = machine->redistPlatform;
    judgement.choice = PackagePicker().choose(inspections, *machine, request.cudaRoot, request.force);
    return judgement;
}

} // namespace

MachinesJudgement Engine::judgeMachines(const MachineRequest& request)
{
    MachinesJudgement judged;
    judged.inspections = inspectArchives(request.package);
    if (judged.inspections.isEmpty()) {
        judged.problem = MachinesJudgement::Problem::NoArchive;
        return judged;
    }
    QStringList files;
    if (!request.machineFolder.isEmpty()) {
        const QDir folder(request.machineFolder);
        for (const QString& name : folder.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            files.append(folder.filePath(name));
        if (files.isEmpty()) {
            judged.problem = MachinesJudgement::Problem::NoMachines;
            return judged;
        }
    } else {
        files = {request.machineFile};
    }
    for (const QString& file : std::as_const(files))
        judged.machines.append(judgeMachine(file, judged.inspections, request));
    return judged;
}

bool MachinesJudgement::allFit() const
{
    return problem == Problem::None
        && std::all_of(machines.cbegin(), machines.cend(), [](const MachineJudgement& m) { return m.fits(); });
}

Diagnostics MachinesJudgement::diagnostics() const
{
    Diagnostics all;
    for (const MachineJudgement& judgement : machines) {
        if (judgement.fits())
            continue;
        if (!judgement.error.isEmpty())
            all.append(Diagnostic::of(PackageCode::MachineUnreadable,
                                      tr("%1 does not describe a machine: %2.").arg(judgement.file, judgement.error),
                                      tr("Write it with cudnn-setup --detect --json on that machine."))
                           .about(judgement.file));
        Diagnostics reasons = diagnosticsOf(judgement.choice.findings);
        if (const PackageVerdict* verdict = judgement.verdict())
            reasons += diagnosticsOf(verdict->reasons);
        for (Diagnostic& reason : reasons) {
            if (reason.severity == Severity::Error || reason.severity == Severity::Warning) {
                reason.message = QStringLiteral("%1: %2").arg(judgement.name, reason.message);
                all.append(reason);
            }
        }
    }
    return all;
}

void MachineJudgement::addToReport(Report& report) const
{
    PackageService::addToReport(report, choice, nullptr);
    report.setSection(QStringLiteral("machine"), toJson());
}

const PackageVerdict* MachineJudgement::verdict() const
{
    if (const PackageVerdict* chosen = choice.chosenVerdict())
        return chosen;
    for (const PackageCandidate& candidate : choice.candidates) {
        if (!candidate.fits.isEmpty())
            return &candidate.fits.first().verdict;
    }
    return nullptr;
}

QJsonObject MachineJudgement::toJson() const
{
    QJsonObject json{
        {QStringLiteral("name"), name},
        {QStringLiteral("file"), file},
        {QStringLiteral("status"), fits() ? QStringLiteral("planned") : QStringLiteral("rejected")},
    };
    if (!error.isEmpty()) {
        json.insert(QStringLiteral("error"), error);
        return json;
    }
    json.insert(QStringLiteral("platform"), osFlavorName(os));
    json.insert(QStringLiteral("redist_platform"),
                redistPlatform.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(redistPlatform));
    json.insert(QStringLiteral("toolkit"),
                choice.toolkitRoot.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(choice.toolkitRoot));
    const PackageVerdict* shown = verdict();
    json.insert(QStringLiteral("verdict"), shown ? QJsonValue(shown->toJson()) : QJsonValue(QJsonValue::Null));
    Diagnostics diagnostics = diagnosticsOf(choice.findings);
    if (shown)
        diagnostics += diagnosticsOf(shown->reasons);
    json.insert(QStringLiteral("diagnostics"), diagnosticsToJson(diagnostics));
    return json;
}
