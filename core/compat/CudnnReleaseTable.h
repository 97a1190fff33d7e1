#pragma once

#include "common/OsFlavor.h"
#include "common/Version.h"

#include <QJsonObject>
#include <QList>
#include <optional>

/**
 * What NVIDIA built each cuDNN release for, from resources/compat/cudnn-releases.json: per release range, the CUDA
 * builds (major, and the minors a build covers where that is narrower than the whole major), the minimum driver of
 * each build and the compute capabilities it supports. Unknown facts stay unknown (nullopt), never guessed.
 */
class CudnnReleaseTable
{
public:
    struct Build
    {
        int cudaMajor = 0;
        std::optional<int> cudaMinorMin; // a build for one minor (7.x, 8.0.x) has min == max
        std::optional<int> cudaMinorMax;
        std::optional<Version> ccMin;
        std::optional<Version> ccMax;
        std::optional<Version> linuxDriver;
        std::optional<Version> windowsDriver;
        QStringList platforms; // NVIDIA's platform keys the manifests show it on; empty = not known
        /** What some GPUs need beyond the build's own rules (Blackwell on CUDA 12 builds: 12.8+, driver 570+). */
        struct GpuRequirement
        {
            Version ccMin;
            Version ccMax;
            std::optional<int> cudaMinorMin;
            std::optional<Version> linuxDriver;
            std::optional<Version> windowsDriver;
            std::optional<Version> minimumDriver(OsFlavor os) const
            {
                return os == OsFlavor::Windows ? windowsDriver : linuxDriver;
            }
        };
        QList<GpuRequirement> gpuRequirements;

        /** The extra requirement for a GPU of this compute capability, or nullptr. */
        const GpuRequirement* requirementFor(const Version& cc) const;
        /** True when a toolkit of this version can use the build. */
        bool coversCuda(const Version& toolkit) const;
        std::optional<Version> minimumDriver(OsFlavor os) const
        {
            return os == OsFlavor::Windows ? windowsDriver : linuxDriver;
        }
        /** "12.x", "11.0-11.5", "10.2". */
        QString cudaRange() const;
    };

    struct Release
    {
        Version from;
        std::optional<Version> to; // inclusive; fewer parts cover every release below ("9.16" holds 9.16.2)
        QList<Build> builds;
        QString source;

        bool contains(const Version& cudnn) const;
        /**
         * The build a package targeting this CUDA is: of its major, the one covering its minor where the package
         * names one (7.x had a build per minor). nullptr if NVIDIA made none for that major.
         */
        const Build* buildFor(const Version& cuda) const;
    };

    static const CudnnReleaseTable& builtIn();
    static CudnnReleaseTable fromJson(const QJsonObject& json);

    /** The row for this cuDNN version; nullptr when the table does not know it. */
    const Release* releaseFor(const Version& cudnn) const;
    bool needsZlibwapi(const Version& cudnn, OsFlavor os) const;
    /** cuDNN 9.0+ built with CUDA 12+: a GPU newer than the build knows runs in forward-compatibility mode. */
    bool forwardCompatible(const Version& cudnn, int cudaMajor) const;
    /** The oldest glibc this release supports on Linux; nullopt when no source states it. */
    std::optional<Version> glibcFloor(const Version& cudnn) const;
    /**
     * The newest release whose build for this CUDA major still supports a GPU of this compute capability (its "to"
     * bound, or its "from" when open): what advice may name. nullopt when none does.
     */
    std::optional<Version> newestSupporting(const Version& cc, int cudaMajor) const;
    const QList<Release>& releases() const { return m_releases; }

private:
    struct Range
    {
        Version from;
        std::optional<Version> to;
        OsFlavor os = OsFlavor::Windows;
    };

    struct Floor
    {
        Range range;
        Version glibc;
    };

    QList<Release> m_releases;
    QList<Range> m_zlibwapi;
    struct ForwardRule
    {
        Range range;
        int cudaMajorMin = 0;
    };
    QList<ForwardRule> m_forwardCompatible;
    QList<Floor> m_glibcFloors;
};
