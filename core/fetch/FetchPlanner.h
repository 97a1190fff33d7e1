#pragma once

#include "FetchPlan.h"
#include "RedistIndex.h"
#include "package/PackagePicker.h"
#include "package/PackageValidator.h"

#include <QCoreApplication>

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
