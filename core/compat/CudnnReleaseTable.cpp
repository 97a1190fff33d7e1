#include "CudnnReleaseTable.h"

#include "compat/CompatResource.h"

#include <QJsonArray>

namespace {

std::optional<int> optionalInt(const QJsonValue& value)
{
    if (!value.isDouble())
        return std::nullopt;
    return value.toInt();
}

bool inRange(const Version& v, const Version& from, const std::optional<Version>& to)
{
    return v >= from && (!to || v.truncated(to->size()) <= *to);
}

} // namespace

const CudnnReleaseTable::Build::GpuRequirement* CudnnReleaseTable::Build::requirementFor(const Version& cc) const
{
    for (const GpuRequirement& requirement : gpuRequirements) {
        if (cc >= requirement.ccMin && cc <= requirement.ccMax)
            return &requirement;
    }
    return nullptr;
}

bool CudnnReleaseTable::Build::coversCuda(const Version& toolkit) const
{
    if (toolkit.major() != cudaMajor)
        return false;
    return (!cudaMinorMin || toolkit.minor() >= *cudaMinorMin) && (!cudaMinorMax || toolkit.minor() <= *cudaMinorMax);
}

QString CudnnReleaseTable::Build::cudaRange() const
{
    if (!cudaMinorMin && !cudaMinorMax)
        return QStringLiteral("%1.x").arg(cudaMajor);
    if (cudaMinorMin == cudaMinorMax)
        return QStringLiteral("%1.%2").arg(cudaMajor).arg(*cudaMinorMin);
    return QStringLiteral("%1.%2-%1.%3").arg(cudaMajor).arg(cudaMinorMin.value_or(0)).arg(cudaMinorMax.value_or(99));
}

bool CudnnReleaseTable::Release::contains(const Version& cudnn) const
{
    return inRange(cudnn, from, to);
}

const CudnnReleaseTable::Build* CudnnReleaseTable::Release::buildFor(const Version& cuda) const
{
    const Build* sameMajor = nullptr;
    for (const Build& build : builds) {
        if (build.cudaMajor != cuda.major())
            continue;
        if (cuda.size() < 2 || build.coversCuda(cuda))
            return &build;
        if (!sameMajor)
            sameMajor = &build;
    }
    return sameMajor;
}

const CudnnReleaseTable& CudnnReleaseTable::builtIn()
{
    static const CudnnReleaseTable table = fromJson(CompatResource::load(QStringLiteral("cudnn-releases.json")));
    return table;
}

CudnnReleaseTable CudnnReleaseTable::fromJson(const QJsonObject& json)
{
    CudnnReleaseTable table;
    for (const QJsonValue& value : json.value(QStringLiteral("releases")).toArray()) {
        const QJsonObject o = value.toObject();
        const auto from = Version::fromJson(o.value(QStringLiteral("cudnn_from")));
        if (!from)
            continue;
        Release release;
        release.from = *from;
        release.to = Version::fromJson(o.value(QStringLiteral("cudnn_to")));
        release.source = o.value(QStringLiteral("source")).toString();
        for (const QJsonValue& b : o.value(QStringLiteral("builds")).toArray()) {
            const QJsonObject bo = b.toObject();
            const auto cuda = Version::fromJson(bo.value(QStringLiteral("cuda")));
            if (!cuda)
                continue;
            Build build;
            build.cudaMajor = cuda->major();
            if (cuda->size() > 1) { // "10.2": a build for that minor only
                build.cudaMinorMin = cuda->minor();
                build.cudaMinorMax = cuda->minor();
            } else {
                build.cudaMinorMin = optionalInt(bo.value(QStringLiteral("cuda_minor_min")));
                build.cudaMinorMax = optionalInt(bo.value(QStringLiteral("cuda_minor_max")));
            }
            build.ccMin = Version::fromJson(bo.value(QStringLiteral("cc_min")));
            build.ccMax = Version::fromJson(bo.value(QStringLiteral("cc_max")));
            build.linuxDriver = Version::fromJson(bo.value(QStringLiteral("driver_linux")));
            build.windowsDriver = Version::fromJson(bo.value(QStringLiteral("driver_windows")));
            for (const QJsonValue& platform : bo.value(QStringLiteral("platforms")).toArray())
                build.platforms.append(platform.toString());
            for (const QJsonValue& r : bo.value(QStringLiteral("gpu_requirements")).toArray()) {
                const QJsonObject ro = r.toObject();
                const auto ccMin = Version::fromJson(ro.value(QStringLiteral("cc_min")));
                const auto ccMax = Version::fromJson(ro.value(QStringLiteral("cc_max")));
                if (!ccMin || !ccMax)
                    continue;
                build.gpuRequirements.append(
                    Build::GpuRequirement{*ccMin,
                                          *ccMax,
                                          optionalInt(ro.value(QStringLiteral("cuda_minor_min"))),
                                          Version::fromJson(ro.value(QStringLiteral("driver_linux"))),
                                          Version::fromJson(ro.value(QStringLiteral("driver_windows")))});
            }
            release.builds.append(build);
        }
        table.m_releases.append(release);
    }
    for (const QJsonValue& value : json.value(QStringLiteral("zlibwapi")).toArray()) {
        const QJsonObject o = value.toObject();
        const auto from = Version::fromJson(o.value(QStringLiteral("cudnn_from")));
        if (!from)
            continue;
        const bool windows = o.value(QStringLiteral("os")).toString() == QLatin1String("windows");
        table.m_zlibwapi.append(Range{*from,
                                      Version::fromJson(o.value(QStringLiteral("cudnn_to"))),
                                      windows ? OsFlavor::Windows : OsFlavor::Linux});
    }
    for (const QJsonValue& value : json.value(QStringLiteral("forward_compatibility")).toArray()) {
        const QJsonObject o = value.toObject();
        if (const auto from = Version::fromJson(o.value(QStringLiteral("cudnn_from")))) {
            table.m_forwardCompatible.append(
                ForwardRule{Range{*from, Version::fromJson(o.value(QStringLiteral("cudnn_to")))},
                            o.value(QStringLiteral("cuda_major_min")).toInt()});
        }
    }
    for (const QJsonValue& value : json.value(QStringLiteral("os_floors")).toArray()) {
        const QJsonObject o = value.toObject();
        const auto from = Version::fromJson(o.value(QStringLiteral("cudnn_from")));
        const auto glibc = Version::fromJson(o.value(QStringLiteral("glibc_min")));
        if (from && glibc && o.value(QStringLiteral("os")).toString() == QLatin1String("linux"))
            table.m_glibcFloors.append(
                Floor{Range{*from, Version::fromJson(o.value(QStringLiteral("cudnn_to"))), OsFlavor::Linux}, *glibc});
    }
    return table;
}

bool CudnnReleaseTable::forwardCompatible(const Version& cudnn, int cudaMajor) const
{
    return std::any_of(m_forwardCompatible.cbegin(), m_forwardCompatible.cend(), [&](const ForwardRule& rule) {
        return inRange(cudnn, rule.range.from, rule.range.to) && cudaMajor >= rule.cudaMajorMin;
    });
}

std::optional<Version> CudnnReleaseTable::glibcFloor(const Version& cudnn) const
{
    for (const Floor& floor : m_glibcFloors) {
        if (inRange(cudnn, floor.range.from, floor.range.to))
            return floor.glibc;
    }
    return std::nullopt;
}

std::optional<Version> CudnnReleaseTable::newestSupporting(const Version& cc, int cudaMajor) const
{
    std::optional<Version> newest;
    for (const Release& release : m_releases) {
        const Build* build = release.buildFor(Version{cudaMajor});
        if (!build || !build->ccMin || cc < *build->ccMin)
            continue;
        const Version last = release.to.value_or(release.from);
        if (!newest || last > *newest)
            newest = last;
    }
    return newest;
}

const CudnnReleaseTable::Release* CudnnReleaseTable::releaseFor(const Version& cudnn) const
{
    for (const Release& release : m_releases) {
        if (release.contains(cudnn))
            return &release;
    }
    return nullptr;
}

bool CudnnReleaseTable::needsZlibwapi(const Version& cudnn, OsFlavor os) const
{
    for (const Range& range : m_zlibwapi) {
        if (range.os == os && inRange(cudnn, range.from, range.to))
            return true;
    }
    return false;
}
