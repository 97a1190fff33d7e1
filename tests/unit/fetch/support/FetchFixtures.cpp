#include "FetchFixtures.h"

#include "RedistTree.h"

namespace FetchFixtures {

CudnnArchiveSpec spec(const Version& cudnn, const QString& cuda)
{
    CudnnArchiveSpec s;
    s.cudnn = cudnn;
    s.cuda = cuda;
    s.libraryPayload = "libcudart.so." + cuda.toLatin1();
    return s;
}

QString addThreeReleases(RedistTree& redist)
{
    redist.add(spec(Version{9, 16, 0, 29}, QStringLiteral("13")));
    redist.add(spec(Version{9, 19, 0, 56}, QStringLiteral("12")));
    const QString best = redist.add(spec(Version{9, 19, 0, 56}, QStringLiteral("13")));
    redist.writeManifests();
    return best;
}

SystemSnapshot machine(const QString& root, const QString& cuda)
{
    SystemSnapshot system;
    system.os = OsFlavor::Linux;
    system.driver.found = true;
    system.driver.version = Version::parse(QStringLiteral("580.95.05"));
    GpuInfo gpu;
    gpu.name = QStringLiteral("NVIDIA GeForce RTX 3090");
    gpu.computeCapability = Version{8, 6};
    system.gpus.append(gpu);
    CudaToolkit toolkit;
    toolkit.root = root;
    toolkit.version = Version::parse(cuda);
    system.toolkits.append(toolkit);
    return system;
}

} // namespace FetchFixtures
