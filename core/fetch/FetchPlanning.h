#pragma once

#include "FetchPlan.h"
#include "FetchSource.h"
#include "RedistIndex.h"

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
