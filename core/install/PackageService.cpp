#include "PackageService.h"

#include "common/Logging.h"
#include "package/PackageInspector.h"
#include "package/PackageValidator.h"
#include "report/Report.h"

#include <QJsonArray>

namespace PackageService {

PackageInspection inspect(const QString& archive, ProgressSink* progress, CancellationToken cancel)
{
    PackageInspection inspection = PackageInspector(progress, std::move(cancel)).inspect(archive);
    qCDebug(lcPackage) << "inspected" << inspection.file << "read completely" << inspection.readCompletely
                       << inspection.files.size() << "entries, sha256" << inspection.sha256;
    return inspection;
}

PackageVerdict
validate(const PackageInspection& package, const SystemSnapshot& system, const CudaToolkit& target, bool force)
{
    return PackageValidator().validate(package, system, target, force);
}

PackageChoice pick(const QString& folderOrFile,
                   const SystemSnapshot& system,
                   const std::optional<QString>& cudaRoot,
                   bool force,
                   ProgressSink* progress,
                   CancellationToken cancel)
{
    PackageChoice choice = PackagePicker(progress, std::move(cancel)).pick(folderOrFile, system, cudaRoot, force);
    const PackageCandidate* chosen = choice.chosen();
    qCDebug(lcPackage) << "picked from" << folderOrFile << ":"
                       << (chosen ? chosen->inspection.file : QStringLiteral("none")) << "for" << choice.toolkitRoot;
    return choice;
}

std::optional<InstallPlan> plan(const PackageChoice& choice, const SystemSnapshot& system)
{
    const PackageCandidate* chosen = choice.chosen();
    const PackageVerdict* verdict = choice.chosenVerdict();
    const CudaToolkit* toolkit = system.toolkitAt(choice.toolkitRoot);
    if (!chosen || !verdict || verdict->blocked() || !toolkit)
        return std::nullopt;
    return InstallPlanner::plan(chosen->inspection, *toolkit, system.os);
}

void addToReport(Report& report, const PackageChoice& choice, const InstallPlan* plan)
{
    // Without a winner the report still describes the one archive it was given, so a failed dry run says why.
    const PackageCandidate* shown = choice.chosen();
    if (!shown && choice.candidates.size() == 1)
        shown = &choice.candidates.first();
    if (shown)
        report.setSection(QStringLiteral("package"), shown->inspection.toJson());

    const PackageVerdict* verdict = choice.chosenVerdict();
    if (!verdict && shown && !shown->fits.isEmpty())
        verdict = &shown->fits.first().verdict;
    if (verdict)
        report.setSection(QStringLiteral("verdict"), verdict->toJson());
    if (plan)
        report.setSection(QStringLiteral("plan"), plan->toJson());
    report.setSection(QStringLiteral("candidates"), choice.toJson());

    report.addDiagnostics(diagnosticsOf(choice.findings));
    if (verdict)
        report.addDiagnostics(diagnosticsOf(verdict->reasons));
    else if (shown)
        report.addDiagnostics(diagnosticsOf(shown->inspection.findings));
    if (plan)
        report.addDiagnostics(diagnosticsOf(plan->findings));
}

} // namespace PackageService
