#include "DeployPlan.h"
#include "EngineInternals.h"
#include "FetchOutcome.h"
#include "fetch/ArchiveCache.h"
#include "fetch/FetchCode.h"
#include "fetch/FetchService.h"
#include "fetch/NetworkSession.h"
#include "install/InstallService.h"
#include "install/PackageService.h"
#include "report/Report.h"

#include <QDir>
#include <QFileInfo>

/** The choice for the request's own toolkit (or the one the package fits), ties left as they are. */
static PackageChoice chooseAsAsked(const PackageRequest& request,
                                   const SystemSnapshot& system,
                                   ProgressSink* progress,
                                   CancellationToken cancel)
{
    if (request.cudaRoot && !system.toolkitAt(*request.cudaRoot))
        return PackagePicker().choose({}, system, request.cudaRoot, request.force); // said before anything is read
    return PackageService::pick(request.path, system, request.cudaRoot, request.force, progress, cancel);
}

PackageChoice Engine::choosePackage(const PackageRequest& request,
                                    const SystemSnapshot& system,
                                    ProgressSink* progress,
                                    CancellationToken cancel) const
{
    return checkPackage(request, system, progress, cancel).choice;
}

PackageCheck Engine::checkPackage(const PackageRequest& request,
                                  const SystemSnapshot& system,
                                  ProgressSink* progress,
                                  CancellationToken cancel) const
{
    PackageCheck check;
    check.choice = chooseAsAsked(request, system, progress, cancel);
    if (request.tie == PackageRequest::Tie::TakeActive && !request.cudaRoot
        && !check.choice.ambiguousToolkits.isEmpty()) {
        // Judged again for the toolkit taken: what the first judgement read is kept, nothing is read twice.
        check.tie = check.choice.ambiguousToolkits;
        QString taken = check.tie.first();
        for (const CudaToolkit& toolkit : system.toolkits) {
            if (toolkit.active && check.tie.contains(toolkit.root))
                taken = toolkit.root;
        }
        PackageRequest settled = request;
        settled.cudaRoot = taken;
        check.choice = chooseAsAsked(settled, system, progress, cancel);
    }
    check.plan = planInstall(check.choice, system);
    return check;
}

QString Engine::nvidiaSource()
{
    return FetchSource::nvidiaRoot().toString();
}

std::optional<InstallPlan> Engine::planInstall(const PackageChoice& choice, const SystemSnapshot& system)
{
    return PackageService::plan(choice, system);
}

FetchOutcome
Engine::planFetch(const FetchRequest& request, const SystemSnapshot& system, CancellationToken cancel) const
{
    FetchOutcome outcome;
    outcome.options.cacheFolder = request.cacheFolder;
    outcome.options.transferTimeoutMs = request.transferTimeoutMs;
    Diagnostic why;
    std::optional<FetchSource> source;
    if (!request.manifest.isEmpty())
        source = FetchSource::fromManifest(request.manifest, &why);
    else if (!request.mirror.isEmpty())
        source = FetchSource::fromMirror(request.mirror, &why);
    if ((!request.manifest.isEmpty() || !request.mirror.isEmpty()) && !source) {
        outcome.problems.append(why);
        return outcome;
    }
    if (source)
        outcome.options.source = *source;
    outcome.dryRun = request.dryRun;
    outcome.planning = FetchService::plan(outcome.options, system, request.cudaRoot, request.force, cancel);
    return outcome;
}

FetchOutcome Engine::fetch(FetchOutcome planned,
                           ProgressSink* progress,
                           CancellationToken cancel,
                           CancellationToken alsoCancel) const
{
    if (!planned.planned())
        return planned;
    const RedistArchive& archive = *planned.planning.plan.chosen();
    if (planned.dryRun) {
        // Nothing is downloaded; a verified copy already in the cache is handed on so the dry run can plan with it.
        const QString cached = ArchiveCache(planned.options.cacheFolder).pathFor(archive);
        QByteArray hex;
        qint64 size = 0;
        NetworkSession session;
        if (QFileInfo(cached).isFile()
            && Downloader(session).hashFile(
                cached, FetchOutcome::tr("Checking the cached archive"), archive.size, &hex, &size)
            && size == archive.size && QString::fromLatin1(hex) == archive.sha256)
            planned.archive = cached;
        else
            planned.wouldDownload = true;
        return planned;
    }
    planned.download = FetchService::download(planned.options, archive, progress, cancel, alsoCancel);
    if (planned.download->ok())
        planned.archive = planned.download->file;
    return planned;
}

QString FetchOutcome::cachedPath() const
{
    const RedistArchive* archive = planning.plan.chosen();
    return archive ? ArchiveCache(options.cacheFolder).pathFor(*archive) : QString();
}

TaskStatus FetchOutcome::taskStatus() const
{
    if (!problems.isEmpty())
        return TaskStatus::UsageError;
    if (!planning.ok()) {
        if (planning.index.empty()) {
            // Nothing to read at all: an address with nothing there is "nothing found"; a network that failed is not.
            for (const Diagnostic& d : planning.index.diagnostics) {
                if (d.code == FetchCode::NoNetwork || d.code == FetchCode::HttpError || d.code == FetchCode::Canceled)
                    return TaskStatus::DownloadFailed;
            }
            return TaskStatus::NothingFound;
        }
        return planning.plan.choice.taskStatus();
    }
    if (download && !download->ok())
        return TaskStatus::DownloadFailed;
    return TaskStatus::Ok;
}

void FetchOutcome::addToReport(Report& report) const
{
    report.setSection(QStringLiteral("fetch"), FetchService::toJson(planning, download ? &*download : nullptr));
    report.addDiagnostics(problems);
    report.addDiagnostics(planning.diagnostics());
    if (download)
        report.addDiagnostics(download->diagnostics);
}

DeployPlan Engine::planDeploy(const PackageChoice& choice, const SystemSnapshot& system, const QString& folder) const
{
    DeployPlan plan;
    const QFileInfo target(folder);
    plan.folder = target.exists() ? target.canonicalFilePath() : QDir::cleanPath(target.absoluteFilePath());
    const CudaToolkit* toolkit = system.toolkitAt(choice.toolkitRoot);
    if (!toolkit || !choice.chosen())
        return plan;
    plan.planned = InstallService::planDeploy(
        choice.chosen()->inspection, *toolkit, plan.folder, system.os, deploySearchFolders());
    return plan;
}

void DeployPlan::addToReport(Report& report) const
{
    report.setSection(QStringLiteral("deploy"), QJsonObject{{QStringLiteral("folder"), folder}});
    report.setSection(QStringLiteral("changes"), planned.changes.toJson());
    report.addDiagnostics(planned.diagnostics);
}
