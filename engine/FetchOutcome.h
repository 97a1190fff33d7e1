#pragma once

#include "fetch/DownloadResult.h"
#include "fetch/FetchPlanning.h"
#include "report/TaskStatus.h"

#include <QCoreApplication>
#include <optional>

class Report;

/** Where to fetch from and where to keep it; both faces fill one. */
struct FetchRequest
{
    QString mirror; // a lab mirror or a shared folder laid out like NVIDIA's redist tree; empty: NVIDIA's
    QString manifest; // one manifest (a URL or a file) instead of the source's list
    QString cacheFolder; // empty: the user's cache folder
    std::optional<QString> cudaRoot; // the toolkit the archive is for; empty: the one the rules choose
    bool force = false;
    int transferTimeoutMs = 30000; // no byte for this long counts as a dropped connection
    /** Download nothing; a copy already in the cache, verified, is still handed on so a plan can be shown. */
    bool dryRun = false;
};

/** What a fetch found and did: the manifests read, the archive chosen, the download (or the cached copy). */
struct FetchOutcome
{
    Q_DECLARE_TR_FUNCTIONS(FetchOutcome)

public:
    FetchOptions options;
    FetchPlanning planning;
    std::optional<DownloadResult> download;
    Diagnostics problems; // the request itself (a mirror that is not a usable address)
    QString archive; // the verified archive handed on to the install; empty when there is none
    bool dryRun = false;
    bool wouldDownload = false; // a dry run: the archive is not in the cache yet

    /** Where the chosen archive is (or would be) kept in the cache. */
    QString cachedPath() const;
    /** The request was usable and the manifests were read. */
    bool planned() const { return problems.isEmpty() && planning.ok(); }
    TaskStatus taskStatus() const;
    /** The "fetch" section and every fetch diagnostic. */
    void addToReport(Report& report) const;
};
