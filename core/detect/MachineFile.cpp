#include "MachineFile.h"

#include "host/BoundedFile.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace {

constexpr qint64 MaxMachineFileBytes = 16 * 1024 * 1024;

} // namespace

std::optional<SystemSnapshot> MachineFile::fromJson(const QJsonObject& json, QString* error)
{
    const QString platform = json.value(QStringLiteral("platform")).toString();
    if (platform != QLatin1String("linux") && platform != QLatin1String("windows")) {
        if (error)
            *error = QCoreApplication::translate(
                "MachineFile", "it is not a machine description: \"platform\" is neither \"linux\" nor \"windows\"");
        return std::nullopt;
    }
    SystemSnapshot snapshot;
    snapshot.os = platform == QLatin1String("windows") ? OsFlavor::Windows : OsFlavor::Linux;
    snapshot.redistPlatform = json.value(QStringLiteral("redist_platform")).toString();
    const QJsonObject os = json.value(QStringLiteral("os")).toObject();
    snapshot.osRelease.name = os.value(QStringLiteral("name")).toString();
    snapshot.osRelease.version = os.value(QStringLiteral("version")).toString();
    snapshot.osRelease.glibc = Version::fromJson(os.value(QStringLiteral("glibc")));

    const QJsonObject driver = json.value(QStringLiteral("driver")).toObject();
    snapshot.driver.found = driver.value(QStringLiteral("found")).toBool();
    snapshot.driver.source = driver.value(QStringLiteral("source")).toString();
    snapshot.driver.version = Version::fromJson(driver.value(QStringLiteral("version")));
    snapshot.driver.newestCuda = Version::fromJson(driver.value(QStringLiteral("newest_cuda")));
    snapshot.driver.error = driver.value(QStringLiteral("error")).toString();

    for (const QJsonValue& value : json.value(QStringLiteral("gpus")).toArray()) {
        const QJsonObject o = value.toObject();
        GpuInfo gpu;
        gpu.index = o.value(QStringLiteral("index")).toInt();
        gpu.name = o.value(QStringLiteral("name")).toString();
        gpu.computeCapability = Version::fromJson(o.value(QStringLiteral("compute_capability"))).value_or(Version{});
        gpu.memoryBytes = qint64(o.value(QStringLiteral("memory_bytes")).toDouble());
        gpu.multiprocessors = o.value(QStringLiteral("multiprocessors")).toInt();
        gpu.clockKhz = o.value(QStringLiteral("clock_khz")).toInt();
        snapshot.gpus.append(gpu);
    }

    const QString active = json.value(QStringLiteral("active_toolkit")).toString();
    for (const QJsonValue& value : json.value(QStringLiteral("toolkits")).toArray()) {
        const QJsonObject o = value.toObject();
        CudaToolkit toolkit;
        toolkit.root = normalizedPath(snapshot.os, o.value(QStringLiteral("root")).toString());
        if (toolkit.root.isEmpty())
            continue;
        toolkit.version = Version::fromJson(o.value(QStringLiteral("version")));
        if (toolkit.version)
            toolkit.version = toolkit.version->truncated(2);
        toolkit.versionSource = o.value(QStringLiteral("version_source")).toString();
        toolkit.active = o.value(QStringLiteral("active")).toBool()
            || (!active.isEmpty() && samePath(snapshot.os, active, toolkit.root));
        for (const QJsonValue& via : o.value(QStringLiteral("found_via")).toArray()) {
            const QJsonObject origin = via.toObject();
            toolkit.origins.append(
                ToolkitOrigin{normalizedPath(snapshot.os, origin.value(QStringLiteral("path")).toString()),
                              origin.value(QStringLiteral("source")).toString()});
        }
        snapshot.toolkits.append(toolkit);
    }
    // What the file says of that machine's verdict is not read (older files have none): what judging a package
    // there needs is above, and the verdict is of what was read.
    snapshot.verdict = snapshot.judgeVerdict();
    return snapshot;
}

std::optional<SystemSnapshot> MachineFile::read(const QString& path, QString* error)
{
    const BoundedRead file = readBoundedFile(path, MaxMachineFileBytes);
    if (!file.ok) {
        if (error)
            *error = file.error;
        return std::nullopt;
    }
    if (file.truncated) {
        if (error)
            *error = QCoreApplication::translate("MachineFile", "it is larger than a machine description can be");
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.data, &parseError);
    if (!document.isObject()) {
        if (error)
            *error = document.isNull() ? parseError.errorString()
                                       : QCoreApplication::translate("MachineFile", "it is not a JSON object");
        return std::nullopt;
    }
    return fromJson(document.object(), error);
}
