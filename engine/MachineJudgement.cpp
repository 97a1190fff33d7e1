#include "MachineJudgement.h"

#include "Engine.h"
#include "detect/MachineFile.h"
#include "install/PackageService.h"
#include "report/Report.h"

#include <QFileInfo>

QList<PackageInspection> Engine::inspectArchives(const QString& folderOrFile)
{
    QList<PackageInspection> inspections;
    for (const QString& archive : PackagePicker::archivesIn(folderOrFile)) {
        if (QFileInfo::exists(archive))
            inspections.append(PackageService::inspect(archive));
    }
    return inspections;
}

MachineJudgement Engine::judgeMachine(const QString& file,
                                      const QList<PackageInspection>& inspections,
                                      const std::optional<QString>& cudaRoot,
                                      bool force)
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
    judgement.choice = PackagePicker().choose(inspections, *machine, cudaRoot, force);
    return judgement;
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
