#pragma once

#include "Downloader.h"
#include "FetchPlanner.h"
#include "FetchSource.h"
#include "RedistIndex.h"

class Report;

/** Where to fetch from and where to keep what was fetched. */
struct FetchOptions
{
    FetchSource source; // NVIDIA's redist root unless a mirror or a manifest is named
    QString cacheFolder; // empty: ArchiveCache::defaultFolder()
    int transferTimeoutMs = 30000; // no byte for this long counts as a dropped connection

    FetchOptions();
};

/** The index a source offered and the choice made over it. */
struct FetchPlanning
{
    RedistIndex index;
    FetchPlan plan;
    bool ok() const { return plan.ok(); }
    /** Every diagnostic: the index's, the choice's and the plan's. */
    Diagnostics diagnostics() const;
};

/**
 * What the silent runner and the wizard call to get an archive: plan() reads the manifests and chooses, download()
 * fetches the choice into the cache (or finds it there) and verifies it. Each call uses its own network session,
 * so each may run on any thread; both block and honour the token.
 */
namespace FetchService {

FetchPlanning plan(const FetchOptions& options,
                   const SystemSnapshot& system,
                   const std::optional<QString>& cudaRoot,
                   bool force,
                   CancellationToken cancel = {});

DownloadResult download(const FetchOptions& options,
                        const RedistArchive& archive,
                        ProgressSink* progress = nullptr,
                        CancellationToken cancel = {},
                        CancellationToken alsoCancel = {});

/** The report's "fetch" section: source, manifests, the choice with every candidate, and the download. */
QJsonObject toJson(const FetchPlanning& planning, const DownloadResult* download);

} // namespace FetchService
