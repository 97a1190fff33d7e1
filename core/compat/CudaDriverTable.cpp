#include "CudaDriverTable.h"

#include "CompatResource.h"

#include <QJsonArray>

static std::optional<Version> optionalVersion(const QJsonValue& value)
{
    if (!value.isString())
        return std::nullopt;
    return Version::parse(value.toString());
}

static std::optional<Version> driverFor(const CudaDriverTable::Row& row, OsFlavor os)
{
    return os == OsFlavor::Windows ? row.windowsDriver : row.linuxDriver;
}

const CudaDriverTable& CudaDriverTable::builtIn()
{
    static const CudaDriverTable table = fromJson(CompatResource::load(QStringLiteral("cuda-drivers.json")));
    return table;
}

CudaDriverTable CudaDriverTable::fromJson(const QJsonObject& json)
{
    CudaDriverTable table;
    const QJsonArray toolkits = json.value(QStringLiteral("toolkits")).toArray();
    for (const QJsonValue& value : toolkits) {
        const QJsonObject o = value.toObject();
        const auto cuda = Version::parse(o.value(QStringLiteral("cuda")).toString());
        if (!cuda)
            continue;
        table.m_rows.append(Row{*cuda,
                                o.value(QStringLiteral("release")).toString(),
                                optionalVersion(o.value(QStringLiteral("linux"))),
                                optionalVersion(o.value(QStringLiteral("windows"))),
                                o.value(QStringLiteral("source")).toString()});
    }
    const QJsonArray families = json.value(QStringLiteral("minor_version_compatibility")).toArray();
    for (const QJsonValue& value : families) {
        const QJsonObject o = value.toObject();
        table.m_families.append(Row{Version{o.value(QStringLiteral("cuda_major")).toInt()},
                                    QStringLiteral("family"),
                                    optionalVersion(o.value(QStringLiteral("linux"))),
                                    optionalVersion(o.value(QStringLiteral("windows"))),
                                    o.value(QStringLiteral("source")).toString()});
    }
    return table;
}

std::optional<Version> CudaDriverTable::minimumDriver(const Version& cuda, OsFlavor os) const
{
    std::optional<Version> lowest;
    const Version wanted = cuda.truncated(2);
    for (const Row& row : m_rows) {
        const auto driver = driverFor(row, os);
        if (row.cuda == wanted && driver && (!lowest || *driver < *lowest))
            lowest = driver;
    }
    return lowest;
}

std::optional<Version> CudaDriverTable::newestCudaFor(const Version& driver, OsFlavor os) const
{
    std::optional<Version> newest;
    for (const Row& row : m_rows) {
        const auto needed = driverFor(row, os);
        if (needed && *needed <= driver && (!newest || row.cuda > *newest))
            newest = row.cuda;
    }
    return newest;
}

std::optional<Version> CudaDriverTable::familyMinimumDriver(int cudaMajor, OsFlavor os) const
{
    for (const Row& row : m_families) {
        if (row.cuda.major() == cudaMajor)
            return driverFor(row, os);
    }
    return std::nullopt;
}

CudaDriverTable::Fit CudaDriverTable::fit(const Version& driver, const Version& cuda, OsFlavor os) const
{
    Fit fit;
    fit.toolkitDriver = minimumDriver(cuda, os);
    const auto family = familyMinimumDriver(cuda.major(), os);
    if (fit.toolkitDriver && driver >= *fit.toolkitDriver)
        fit.kind = Fit::Kind::Native;
    else if (family && driver >= *family)
        fit.kind = fit.toolkitDriver ? Fit::Kind::MinorCompatibility : Fit::Kind::Native;
    else if (fit.toolkitDriver || family) {
        fit.kind = Fit::Kind::TooOld;
        fit.needed = fit.toolkitDriver && (!family || *fit.toolkitDriver < *family) ? fit.toolkitDriver : family;
    }
    return fit;
}
