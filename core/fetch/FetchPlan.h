#pragma once

#include "RedistIndex.h"
#include "package/PackageChoice.h"

#include <QCoreApplication>
#include <QJsonObject>

/**
 * The picker's choice over what a redist tree offers, before anything is downloaded: each archive this machine's
 * platform can use is described from its manifest entry (version, CUDA variant, platform, size, digest) and given
 * to PackagePicker::choose, so the same rules decide and the same sentences explain why each other one lost.
 */
struct FetchPlan
{
    Q_DECLARE_TR_FUNCTIONS(FetchPlan)

public:
    QString platform; // the host's key, e.g. "linux-x86_64"
    QList<RedistArchive> archives; // the ones considered, in the order of choice.candidates
    int otherPlatforms = 0; // archives for other platforms, not considered
    PackageChoice choice;
    PackageFindings findings; // FETCH-CHOSEN, or FETCH-NONE-COMPATIBLE saying what would be needed

    bool ok() const { return choice.ok(); }
    const RedistArchive* chosen() const;
    /** What will be fetched and why, then each other candidate and why not (at most maxRejected of them). */
    QString explanation(int maxRejected = 8) const;
    /** {"platform", "chosen", "toolkit", "candidates": [{archive..., "chosen", "why_not"}], "diagnostics"}. */
    QJsonObject toJson() const;
};
