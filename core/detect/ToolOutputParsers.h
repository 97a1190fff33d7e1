#pragma once

#include "SystemSnapshot.h"

#include <QByteArray>
#include <QList>
#include <QString>

/** Pure parsers for what system tools print. Tested against real outputs of several generations. */
namespace ToolOutputParsers {

/** One line of `ldconfig -p`: "libcudnn.so.9 (libc6,x86-64) => /usr/local/cuda/lib64/libcudnn.so.9". */
struct LdCacheEntry
{
    QString name;
    QString flags;
    QString path;
};
QList<LdCacheEntry> parseLdconfigCache(const QByteArray& output);

/** The header of plain `nvidia-smi`: "Driver Version: 550.144.03   CUDA Version: 12.4". */
struct SmiHeader
{
    std::optional<Version> driverVersion;
    std::optional<Version> cudaVersion;
};
SmiHeader parseNvidiaSmiHeader(const QByteArray& output);

/**
 * `nvidia-smi --query-gpu=index,name,compute_cap,memory.total,driver_version --format=csv,noheader,nounits`.
 * Drivers before ~510 do not know compute_cap; ask without it (withComputeCapability = false) and the GPUs come
 * back with a null capability.
 */
QList<GpuInfo> parseNvidiaSmiQuery(const QByteArray& output, bool withComputeCapability, QString* driverVersion);
QStringList nvidiaSmiQueryArguments(bool withComputeCapability);

/** The JSON of `cudnn-probe driver` (docs/probe.md) into driver facts and GPUs. False if it is not that JSON. */
bool parseProbeDriverJson(const QByteArray& json, DriverInfo* driver, QList<GpuInfo>* gpus);

} // namespace ToolOutputParsers
