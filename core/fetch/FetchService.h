#pragma once

#include "Downloader.h"
#include "FetchPlanner.h"
#include "FetchPlanning.h"

class Report;

/**
 * How the engine gets an archive: plan() reads the manifests and chooses, download()
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
