#pragma once

#include "RedistIndex.h"
#include "package/PackagePicker.h"
#include "package/PackageValidator.h"

#include <QCoreApplication>

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

class FetchPlanner
{
public:
    explicit FetchPlanner(CpuArch hostArch = hostCpuArch(), const PackageValidator& validator = PackageValidator());

    FetchPlan plan(const QList<RedistArchive>& offered,
                   const SystemSnapshot& system,
                   const std::optional<QString>& cudaRoot,
                   bool force) const;

    /** What the manifest entry says, in the form the picker and the validator read. */
    static PackageInspection describe(const RedistArchive& archive);
    /** The OS and processor a platform key names ("linux-sbsa": Linux, Arm64). */
    static std::pair<OsFlavor, CpuArch> platformOf(const QString& key);

private:
    void explainNothingFits(FetchPlan& plan,
                            const SystemSnapshot& system,
                            const std::optional<QString>& cudaRoot,
                            const QList<RedistArchive>& offered) const;

    CpuArch m_hostArch;
    PackageValidator m_validator;
};
