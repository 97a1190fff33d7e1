#pragma once

#include "CpuArch.h"
#include "compat/CudnnReleaseTable.h"
#include "PackageInspection.h"
#include "PackageVerdict.h"
#include "compat/CudaDriverTable.h"
#include "detect/SystemSnapshot.h"

/**
 * Decides whether an inspected package fits a toolkit on this machine: platform and architecture, the build's CUDA
 * (major, and minor range for 8.0-8.4) against the toolkit, the driver against the toolkit and the build, every
 * GPU's compute capability against what the build supports (a GPU newer than a cuDNN 9 CUDA 12+ build knows is
 * forward compatibility, a warning), the glibc floor on Linux, and zlibwapi.dll for Windows 8.3-9.1. The machine is
 * the snapshot's: its redist platform (linux-sbsa is not linux-aarch64) wins over this process's processor, so a
 * snapshot read from another machine's file is judged by that machine's rules. `force` lifts compatibility blocks,
 * never integrity or safety ones.
 */
class PackageValidator
{
public:
    PackageValidator(const CudnnReleaseTable& releases = CudnnReleaseTable::builtIn(),
                     const CudaDriverTable& drivers = CudaDriverTable::builtIn(),
                     CpuArch hostArch = hostCpuArch());

    PackageVerdict validate(const PackageInspection& package,
                            const SystemSnapshot& system,
                            const CudaToolkit& target,
                            bool force) const;

private:
    void checkPlatform(const PackageInspection& package, const SystemSnapshot& system, PackageFindings& out) const;
    void checkCuda(const PackageInspection& package,
                   const CudaToolkit& target,
                   const CudnnReleaseTable::Release* release,
                   PackageFindings& out) const;
    void checkDriver(const SystemSnapshot& system,
                     const CudaToolkit& target,
                     const CudnnReleaseTable::Build* build,
                     PackageFindings& out) const;
    void checkGpus(const PackageInspection& package,
                   const SystemSnapshot& system,
                   const CudaToolkit& target,
                   const CudnnReleaseTable::Build* build,
                   PackageFindings& out) const;
    void checkZlibwapi(const PackageInspection& package, PackageFindings& out) const;
    void checkOs(const PackageInspection& package, const SystemSnapshot& system, PackageFindings& out) const;
    /** The machine's processor: the snapshot's platform key where it names one, else this process's. */
    CpuArch machineArch(const SystemSnapshot& system) const;

    const CudnnReleaseTable& m_releases;
    const CudaDriverTable& m_drivers;
    CpuArch m_hostArch;
};
