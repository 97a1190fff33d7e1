#include "FetchService.h"

#include "ArchiveCache.h"

FetchOptions::FetchOptions()
{
    source.root = FetchSource::nvidiaRoot();
}

Diagnostics FetchPlanning::diagnostics() const
{
    return index.diagnostics + diagnosticsOf(plan.choice.findings) + diagnosticsOf(plan.findings);
}

namespace FetchService {

FetchPlanning plan(const FetchOptions& options,
                   const SystemSnapshot& system,
                   const std::optional<QString>& cudaRoot,
                   bool force,
                   CancellationToken cancel)
{
    FetchPlanning planning;
    NetworkSession session(options.transferTimeoutMs);
    planning.index = RedistIndex::load(options.source, session, cancel);
    if (!planning.index.empty())
        planning.plan = FetchPlanner().plan(planning.index.archives, system, cudaRoot, force);
    return planning;
}

DownloadResult download(const FetchOptions& options,
                        const RedistArchive& archive,
                        ProgressSink* progress,
                        CancellationToken cancel,
                        CancellationToken alsoCancel)
{
    NetworkSession session(options.transferTimeoutMs);
    const ArchiveCache cache(options.cacheFolder);
    DownloadRequest request;
    request.url = archive.url;
    request.size = archive.size;
    request.sha256 = archive.sha256;
    request.destination = cache.pathFor(archive);
    Downloader downloader(session, progress, std::move(cancel));
    downloader.alsoCancelWith(std::move(alsoCancel));
    return downloader.download(request);
}

QJsonObject toJson(const FetchPlanning& planning, const DownloadResult* download)
{
    QJsonObject json = planning.plan.toJson();
    json.insert(QStringLiteral("index"), planning.index.toJson());
    json.insert(QStringLiteral("download"), download ? QJsonValue(download->toJson()) : QJsonValue(QJsonValue::Null));
    return json;
}

} // namespace FetchService
