// What detection reads from other programs and files, over arbitrary bytes: nvidia-smi's banner and its --query
// CSV, nvcc --version, ldconfig -p, the probe's driver JSON, the toolkit's version.json / version.txt.

#include "FuzzTarget.h"
#include "detect/ToolOutputParsers.h"
#include "detect/VersionParsers.h"

using namespace ToolOutputParsers;
using namespace VersionParsers;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    (void)parseNvidiaSmiHeader(bytes);
    QString driverVersion;
    (void)parseNvidiaSmiQuery(bytes, true, &driverVersion);
    (void)parseNvidiaSmiQuery(bytes, false, &driverVersion);
    (void)parseLdconfigCache(bytes);
    DriverInfo driver;
    QList<GpuInfo> gpus;
    (void)parseProbeDriverJson(bytes, &driver, &gpus);
    (void)cudaFromNvccOutput(bytes);
    (void)cudaFromVersionJson(bytes);
    (void)cudaFromVersionTxt(bytes);
    (void)cudnnFromLibraryName(QString::fromUtf8(bytes.left(300)));
    return 0;
}
