#include "ToolOutputParsers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <limits>

namespace ToolOutputParsers {

QList<LdCacheEntry> parseLdconfigCache(const QByteArray& output)
{
    static const QRegularExpression line(QStringLiteral("^\\s+(\\S+)\\s+\\(([^)]*)\\)\\s+=>\\s+(.+)$"));
    QList<LdCacheEntry> entries;
    for (const QString& text : QString::fromUtf8(output).split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch match = line.match(text);
        if (match.hasMatch())
            entries.append({match.captured(1), match.captured(2), match.captured(3).trimmed()});
    }
    return entries;
}

SmiHeader parseNvidiaSmiHeader(const QByteArray& output)
{
    static const QRegularExpression driver(QStringLiteral("Driver Version:\\s*([0-9.]+)"));
    static const QRegularExpression cuda(QStringLiteral("CUDA Version:\\s*([0-9.]+)"));
    const QString text = QString::fromUtf8(output);
    SmiHeader header;
    if (const auto m = driver.match(text); m.hasMatch())
        header.driverVersion = Version::parse(m.captured(1));
    if (const auto m = cuda.match(text); m.hasMatch())
        header.cudaVersion = Version::parse(m.captured(1));
    return header;
}

QStringList nvidiaSmiQueryArguments(bool withComputeCapability)
{
    const QString fields = withComputeCapability ? QStringLiteral("index,name,compute_cap,memory.total,driver_version")
                                                 : QStringLiteral("index,name,memory.total,driver_version");
    return {QStringLiteral("--query-gpu=") + fields, QStringLiteral("--format=csv,noheader,nounits")};
}

QList<GpuInfo> parseNvidiaSmiQuery(const QByteArray& output, bool withComputeCapability, QString* driverVersion)
{
    QList<GpuInfo> gpus;
    const int expectedFields = withComputeCapability ? 5 : 4;
    for (const QString& line : QString::fromUtf8(output).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList fields = line.split(QLatin1Char(','));
        if (fields.size() != expectedFields)
            continue;
        bool indexOk = false;
        GpuInfo gpu;
        gpu.index = fields.at(0).trimmed().toInt(&indexOk);
        if (!indexOk)
            continue;
        gpu.name = fields.at(1).trimmed();
        int next = 2;
        if (withComputeCapability) {
            if (auto cc = Version::parse(fields.at(next).trimmed()))
                gpu.computeCapability = *cc;
            ++next;
        }
        // MiB with nounits; a figure no GPU has (negative, or past what bytes can count) is unknown, not overflowed.
        const qint64 mib = fields.at(next++).trimmed().toLongLong();
        gpu.memoryBytes = mib > 0 && mib <= std::numeric_limits<qint64>::max() / (1024 * 1024) ? mib * 1024 * 1024 : 0;
        if (driverVersion)
            *driverVersion = fields.at(next).trimmed();
        gpus.append(gpu);
    }
    return gpus;
}

bool parseProbeDriverJson(const QByteArray& json, DriverInfo* driver, QList<GpuInfo>* gpus)
{
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    if (!root.contains(QStringLiteral("driver")))
        return false;
    const QJsonObject d = root.value(QStringLiteral("driver")).toObject();
    const bool loaded = d.value(QStringLiteral("loaded")).toBool();
    const int initResult = d.value(QStringLiteral("init_result")).toInt();
    driver->library = d.value(QStringLiteral("library")).toString();
    driver->nvmlLibrary = d.value(QStringLiteral("nvml_library")).toString();
    driver->error = d.value(QStringLiteral("error")).toString();
    if (const auto v = Version::parse(d.value(QStringLiteral("version")).toString()))
        driver->version = v;
    const int cudaCode = d.value(QStringLiteral("cuda_driver_version")).toInt();
    if (cudaCode > 0)
        driver->newestCuda = Version::fromCudaCode(cudaCode);
    driver->found = loaded || driver->version.has_value();
    driver->source = QStringLiteral("libraries");
    if (loaded && initResult != 0 && driver->error.isEmpty())
        driver->error = QStringLiteral("cuInit failed with CUDA error %1").arg(initResult);

    for (const QJsonValue& value : root.value(QStringLiteral("gpus")).toArray()) {
        const QJsonObject g = value.toObject();
        GpuInfo gpu;
        gpu.index = g.value(QStringLiteral("index")).toInt();
        gpu.name = g.value(QStringLiteral("name")).toString();
        if (const auto cc = Version::parse(g.value(QStringLiteral("compute_capability")).toString()))
            gpu.computeCapability = *cc;
        gpu.memoryBytes = g.value(QStringLiteral("memory_bytes")).toVariant().toLongLong();
        gpu.multiprocessors = g.value(QStringLiteral("multiprocessors")).toInt();
        gpu.clockKhz = g.value(QStringLiteral("clock_khz")).toInt();
        gpus->append(gpu);
    }
    return true;
}

} // namespace ToolOutputParsers
