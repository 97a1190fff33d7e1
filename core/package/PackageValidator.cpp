#include "PackageValidator.h"

#include <QCoreApplication>

namespace {

QString describePackage(const PackageInspection& package)
{
    QString text
        = QStringLiteral("cuDNN %1")
              .arg(package.cudnnVersion ? package.cudnnVersion->truncated(3).toString()
                                        : QCoreApplication::translate("PackageValidator", "(unknown version)"));
    if (package.cudaVersion)
        text += QCoreApplication::translate("PackageValidator", " for CUDA %1").arg(package.cudaVersion->toString());
    return text;
}

QString gpuLabel(const GpuInfo& gpu)
{
    return QStringLiteral("GPU %1 (%2, compute capability %3)")
        .arg(gpu.index)
        .arg(gpu.name, gpu.computeCapability.toString());
}

/** NVIDIA's name for the build of the same release for another CUDA major. */
QString siblingArchiveName(const PackageInspection& package, int cudaMajor)
{
    const OsFlavor os = package.platform.value_or(OsFlavor::Linux);
    const auto& named = package.folderName ? package.folderName : package.name;
    const Version version = named ? named->cudnnVersion : *package.cudnnVersion;
    return QStringLiteral("cudnn-%1-%2_cuda%3-archive.%4")
        .arg(PackageName::platformKey(os, package.arch == CpuArch::Unknown ? CpuArch::X86_64 : package.arch),
             version.toString())
        .arg(cudaMajor)
        .arg(os == OsFlavor::Windows ? QStringLiteral("zip") : QStringLiteral("tar.xz"));
}

/** The CUDA this package builds for, when the package does not say: the release's only build, if it has one. */
std::optional<Version> inferredCuda(const PackageInspection& package, const CudnnReleaseTable::Release* release)
{
    if (package.cudaVersion)
        return package.cudaVersion;
    if (release && release->builds.size() == 1)
        return Version{release->builds.first().cudaMajor};
    return std::nullopt;
}

} // namespace

PackageValidator::PackageValidator(const CudnnReleaseTable& releases, const CudaDriverTable& drivers, CpuArch hostArch)
    : m_releases(releases)
    , m_drivers(drivers)
    , m_hostArch(hostArch)
{
}

PackageVerdict PackageValidator::validate(const PackageInspection& package,
                                          const SystemSnapshot& system,
                                          const CudaToolkit& target,
                                          bool force) const
{
    PackageVerdict verdict;
    verdict.forced = force;
    verdict.toolkitRoot = target.root;
    verdict.toolkitVersion = target.version;
    verdict.reasons = package.findings;

    const CudnnReleaseTable::Release* release
        = package.cudnnVersion ? m_releases.releaseFor(*package.cudnnVersion) : nullptr;
    const auto cuda = inferredCuda(package, release);
    const CudnnReleaseTable::Build* build = release && cuda ? release->buildFor(*cuda) : nullptr;

    checkPlatform(package, system, verdict.reasons);
    if (package.isCudnn()) {
        if (!release) {
            verdict.reasons.append(
                PackageFinding::info(PackageCode::RulesUnknown,
                                     QCoreApplication::translate("PackageValidator",
                                                                 "cuDNN %1 is not in this program's release table; "
                                                                 "only its CUDA major and the toolkit's driver are "
                                                                 "checked.")
                                         .arg(package.cudnnVersion->toString()),
                                     QCoreApplication::translate(
                                         "PackageValidator", "Check NVIDIA's cuDNN support matrix for this release."))
                    .about(package.file));
        }
        checkCuda(package, target, release, verdict.reasons);
        checkDriver(system, target, build, verdict.reasons);
        checkGpus(package, system, target, build, verdict.reasons);
        checkOs(package, system, verdict.reasons);
        checkZlibwapi(package, verdict.reasons);
    }

    for (PackageFinding& reason : verdict.reasons) {
        if (force && reason.blocking == PackageFinding::Blocking::Overridable) {
            reason.overridden = true;
            reason.diagnostic.severity = Severity::Warning;
        }
    }
    const bool blocked = std::any_of(
        verdict.reasons.cbegin(), verdict.reasons.cend(), [](const PackageFinding& f) { return f.blocks(); });
    const Diagnostics diagnostics = diagnosticsOf(verdict.reasons);
    verdict.level = blocked                               ? PackageVerdict::Level::Blocked
        : worstSeverity(diagnostics) >= Severity::Warning ? PackageVerdict::Level::Warning
                                                          : PackageVerdict::Level::Ok;
    return verdict;
}

CpuArch PackageValidator::machineArch(const SystemSnapshot& system) const
{
    const CpuArch named = cpuArchOfPlatform(system.redistPlatform);
    return named != CpuArch::Unknown ? named : m_hostArch;
}

void PackageValidator::checkPlatform(const PackageInspection& package,
                                     const SystemSnapshot& system,
                                     PackageFindings& out) const
{
    const CpuArch arch = machineArch(system);
    const QString machineKey
        = system.redistPlatform.isEmpty() ? PackageName::platformKey(system.os, arch) : system.redistPlatform;
    // Files that cannot load here are not a matter of opinion, so force does not lift these.
    if (package.platform && *package.platform != system.os) {
        out.append(
            PackageFinding::hardBlock(
                PackageCode::PlatformMismatch,
                QCoreApplication::translate("PackageValidator", "This is the %1 build of %2; this machine runs %3.")
                    .arg(osDisplayName(*package.platform), describePackage(package), osDisplayName(system.os)),
                QCoreApplication::translate("PackageValidator",
                                            "Download the %1 archive of the same release "
                                            "(cudnn-%1-...-archive).")
                    .arg(machineKey))
                .about(package.file));
        return;
    }
    if (package.arch != CpuArch::Unknown && arch != CpuArch::Unknown && package.arch != arch) {
        out.append(PackageFinding::hardBlock(
                       PackageCode::ArchMismatch,
                       QCoreApplication::translate("PackageValidator",
                                                   "The libraries are built for %1 processors; this machine is %2.")
                           .arg(cpuArchName(package.arch), cpuArchName(arch)),
                       QCoreApplication::translate("PackageValidator", "Download the %1 archive of the same release.")
                           .arg(machineKey))
                       .about(package.file));
        return;
    }
    // Both Arm64, yet not interchangeable: linux-aarch64 is built for Jetson's integrated GPUs, linux-sbsa for
    // servers with discrete ones.
    const auto& named = package.folderName ? package.folderName : package.name;
    const QString packageKey = named ? named->redistPlatform() : QString();
    const auto isArmLinux = [](const QString& key) {
        return key == QLatin1String("linux-sbsa") || key == QLatin1String("linux-aarch64");
    };
    if (isArmLinux(packageKey) && isArmLinux(system.redistPlatform) && packageKey != system.redistPlatform) {
        const bool jetsonBuild = packageKey == QLatin1String("linux-aarch64");
        out.append(PackageFinding::hardBlock(
                       PackageCode::PlatformMismatch,
                       jetsonBuild ? QCoreApplication::translate("PackageValidator",
                                                                 "This is the Jetson build (linux-aarch64) of %1; this "
                                                                 "machine is an Arm server (linux-sbsa).")
                                         .arg(describePackage(package))
                                   : QCoreApplication::translate("PackageValidator",
                                                                 "This is the Arm server build (linux-sbsa) of %1; "
                                                                 "this machine is a Jetson (linux-aarch64).")
                                         .arg(describePackage(package)),
                       QCoreApplication::translate("PackageValidator", "Download the %1 archive of the same release.")
                           .arg(system.redistPlatform))
                       .about(package.file));
    }
}

void PackageValidator::checkCuda(const PackageInspection& package,
                                 const CudaToolkit& target,
                                 const CudnnReleaseTable::Release* release,
                                 PackageFindings& out) const
{
    if (!target.version) {
        out.append(PackageFinding::warning(
                       PackageCode::ToolkitUnknown,
                       QCoreApplication::translate("PackageValidator",
                                                   "The CUDA version of the toolkit at %1 is "
                                                   "unknown, so the package's CUDA build cannot be "
                                                   "checked against it.")
                           .arg(target.root),
                       QCoreApplication::translate("PackageValidator",
                                                   "Make sure the toolkit has version.json or include/cuda.h."))
                       .about(target.root));
        return;
    }
    const Version toolkit = target.version->truncated(2);
    const auto cuda = inferredCuda(package, release);
    if (!cuda) {
        out.append(PackageFinding::warning(
                       PackageCode::CudaUnknown,
                       QCoreApplication::translate("PackageValidator",
                                                   "Neither the name nor the libraries of %1 say "
                                                   "which CUDA it was built for.")
                           .arg(describePackage(package)),
                       QCoreApplication::translate("PackageValidator",
                                                   "Use the archive under its original NVIDIA name, which ends in "
                                                   "_cuda<N>-archive."))
                       .about(package.file));
        return;
    }
    if (cuda->major() != toolkit.major()) {
        const bool sameReleaseHasIt = release && release->buildFor(Version{toolkit.major()});
        const QString fix = sameReleaseHasIt
            ? QCoreApplication::translate("PackageValidator", "Use the cuda%1 build of the same release: %2.")
                  .arg(toolkit.major())
                  .arg(siblingArchiveName(package, toolkit.major()))
            : QCoreApplication::translate("PackageValidator",
                                          "This release has no build for CUDA %1; choose a cuDNN release built for "
                                          "CUDA %1, or install into a CUDA %2 toolkit.")
                  .arg(toolkit.major())
                  .arg(cuda->major());
        out.append(
            PackageFinding::block(PackageCode::CudaMismatch,
                                  QCoreApplication::translate("PackageValidator", "This is %1; your toolkit is %2.")
                                      .arg(describePackage(package), toolkit.toString()),
                                  fix)
                .about(target.root));
        return;
    }
    const CudnnReleaseTable::Build* build = release ? release->buildFor(*cuda) : nullptr;
    if (build && !build->coversCuda(toolkit)) {
        out.append(PackageFinding::block(
                       PackageCode::CudaMismatch,
                       QCoreApplication::translate("PackageValidator", "%1 works with CUDA %2; your toolkit is %3.")
                           .arg(describePackage(package), build->cudaRange(), toolkit.toString()),
                       QCoreApplication::translate("PackageValidator",
                                                   "Choose the cuDNN build made for your toolkit's CUDA version, or a "
                                                   "toolkit in the range this build supports."))
                       .about(target.root));
    }
}

void PackageValidator::checkDriver(const SystemSnapshot& system,
                                   const CudaToolkit& target,
                                   const CudnnReleaseTable::Build* build,
                                   PackageFindings& out) const
{
    if (!system.driver.found || !system.driver.version) {
        out.append(
            PackageFinding::warning(
                PackageCode::NoDriver,
                QCoreApplication::translate("PackageValidator",
                                            "No NVIDIA driver was found, so it cannot be checked; cuDNN needs one "
                                            "to run."),
                QCoreApplication::translate("PackageValidator",
                                            "Install the NVIDIA driver for your GPU before using cuDNN."))
                .about(target.root));
        return;
    }
    const Version& driver = *system.driver.version;
    const auto tooOld = [&](const Version& needed, const QString& what) {
        out.append(PackageFinding::block(
                       PackageCode::DriverTooOld,
                       QCoreApplication::translate("PackageValidator",
                                                   "The NVIDIA driver %1 is older than %2, the "
                                                   "oldest that runs %3.")
                           .arg(driver.toString(), needed.toString(), what),
                       QCoreApplication::translate("PackageValidator", "Update the NVIDIA driver to %1 or newer.")
                           .arg(needed.toString()))
                       .about(target.root));
    };

    if (target.version) {
        const Version toolkit = target.version->truncated(2);
        const CudaDriverTable::Fit fit = m_drivers.fit(driver, toolkit, system.os);
        if (fit.kind == CudaDriverTable::Fit::Kind::TooOld) {
            tooOld(*fit.needed, QCoreApplication::translate("PackageValidator", "CUDA %1").arg(toolkit.toString()));
            return;
        }
        if (fit.kind == CudaDriverTable::Fit::Kind::MinorCompatibility) {
            out.append(
                PackageFinding::warning(PackageCode::DriverMinorCompat,
                                        QCoreApplication::translate("PackageValidator",
                                                                    "The NVIDIA driver %1 is older than "
                                                                    "%2, which CUDA %3 asks for; it runs "
                                                                    "through minor version compatibility, "
                                                                    "without PTX JIT of newer code.")
                                            .arg(driver.toString(), fit.toolkitDriver->toString(), toolkit.toString()),
                                        QCoreApplication::translate("PackageValidator",
                                                                    "Update the NVIDIA driver to %1 or "
                                                                    "newer for full CUDA %2 support.")
                                            .arg(fit.toolkitDriver->toString(), toolkit.toString()))
                    .about(target.root));
        }
    }
    if (build) {
        if (const auto needed = build->minimumDriver(system.os); needed && driver < *needed)
            tooOld(*needed, QCoreApplication::translate("PackageValidator", "this cuDNN build"));
    }
}

void PackageValidator::checkGpus(const PackageInspection& package,
                                 const SystemSnapshot& system,
                                 const CudaToolkit& target,
                                 const CudnnReleaseTable::Build* build,
                                 PackageFindings& out) const
{
    if (system.gpus.isEmpty()) {
        out.append(PackageFinding::warning(
                       PackageCode::NoGpu,
                       QCoreApplication::translate("PackageValidator",
                                                   "No NVIDIA GPU was found, so compute capability was not checked."),
                       QCoreApplication::translate("PackageValidator",
                                                   "cuDNN runs only on an NVIDIA GPU; check that the driver sees yours "
                                                   "(nvidia-smi)."))
                       .about(target.root));
        return;
    }
    std::optional<Version> ccMin = build ? build->ccMin : std::nullopt;
    // CUDA 13 dropped Maxwell, Pascal and Volta: nothing built with it runs below Turing.
    const Version turing{7, 5};
    if (target.version && target.version->major() >= 13 && (!ccMin || *ccMin < turing))
        ccMin = turing;
    // The header knows the newest GPU this very build has kernels for; the table knows the series.
    const std::optional<Version> ccMax
        = package.maxComputeCapability ? package.maxComputeCapability : (build ? build->ccMax : std::nullopt);
    const QString range = QStringLiteral("%1-%2").arg(ccMin ? ccMin->toString() : QStringLiteral("?"),
                                                      ccMax ? ccMax->toString() : QStringLiteral("?"));
    const int buildCuda = build ? build->cudaMajor : package.cudaMajor().value_or(0);
    const bool forwardCompatible
        = package.cudnnVersion && m_releases.forwardCompatible(*package.cudnnVersion, buildCuda);
    if (!ccMin || !ccMax) {
        out.append(PackageFinding::info(
                       PackageCode::GpuRangeUnknown,
                       QCoreApplication::translate("PackageValidator",
                                                   "No source this program knows states the %1 "
                                                   "compute capability that %2 supports, so that "
                                                   "bound was not checked.")
                           .arg(!ccMin && !ccMax ? QCoreApplication::translate("PackageValidator", "lowest or highest")
                                    : !ccMin     ? QCoreApplication::translate("PackageValidator", "lowest")
                                                 : QCoreApplication::translate("PackageValidator", "highest"),
                                describePackage(package)),
                       QCoreApplication::translate("PackageValidator",
                                                   "Check NVIDIA's cuDNN support matrix for this "
                                                   "release and your GPU."))
                       .about(package.file));
    }
    for (const GpuInfo& gpu : system.gpus) {
        if (gpu.computeCapability.isNull())
            continue;
        const Version cc = gpu.computeCapability.truncated(2);
        if (ccMin && cc < *ccMin) {
            const auto last = m_releases.newestSupporting(cc, buildCuda);
            const QString fix = last
                ? QCoreApplication::translate("PackageValidator",
                                              "Use cuDNN %1 or older for CUDA %2 (the newest release whose CUDA %2 "
                                              "build still supports compute capability %3), or a GPU with compute "
                                              "capability %4 or newer.")
                      .arg(last->toString())
                      .arg(buildCuda)
                      .arg(cc.toString(), ccMin->toString())
                : QCoreApplication::translate("PackageValidator",
                                              "No cuDNN build for CUDA %1 that this program knows supports compute "
                                              "capability %2; use an older CUDA toolkit and cuDNN (see NVIDIA's "
                                              "cuDNN support matrix).")
                      .arg(buildCuda)
                      .arg(cc.toString());
            out.append(PackageFinding::block(PackageCode::GpuUnsupported,
                                             QCoreApplication::translate("PackageValidator",
                                                                         "%1 with a CUDA %2 toolkit supports compute "
                                                                         "capability %3; %4 is older.")
                                                 .arg(describePackage(package),
                                                      target.version ? target.version->toString() : QStringLiteral("?"),
                                                      range,
                                                      gpuLabel(gpu)),
                                             fix)
                           .about(gpu.name));
            continue;
        }
        if (ccMax && cc > *ccMax) {
            if (forwardCompatible) {
                out.append(PackageFinding::warning(
                               PackageCode::GpuForwardCompat,
                               QCoreApplication::translate("PackageValidator",
                                                           "%1 knows GPUs up to compute capability %2; %3 is newer, so "
                                                           "cuDNN runs on it in forward-compatibility mode: only a "
                                                           "subset of operation graphs, without kernels tuned for it.")
                                   .arg(describePackage(package), ccMax->toString(), gpuLabel(gpu)),
                               QCoreApplication::translate("PackageValidator",
                                                           "It works, possibly slower than it could; a newer cuDNN "
                                                           "release that lists this GPU runs it natively."))
                               .about(gpu.name));
            } else {
                out.append(PackageFinding::block(PackageCode::GpuUnsupported,
                                                 QCoreApplication::translate("PackageValidator",
                                                                             "%1 supports compute capability %2; %3 is "
                                                                             "newer than it knows, and builds made "
                                                                             "with CUDA 11 or cuDNN 8 have no "
                                                                             "forward-compatibility mode.")
                                                     .arg(describePackage(package), range, gpuLabel(gpu)),
                                                 QCoreApplication::translate(
                                                     "PackageValidator",
                                                     "Use a cuDNN 9 build for CUDA 12 or newer, or a release that "
                                                     "lists this GPU in NVIDIA's support matrix."))
                               .about(gpu.name));
            }
            continue;
        }
        const auto* requirement = build ? build->requirementFor(cc) : nullptr;
        if (!requirement)
            continue;
        const Version toolkit = target.version ? target.version->truncated(2) : Version{};
        if (requirement->cudaMinorMin && target.version && toolkit.major() == build->cudaMajor
            && toolkit.minor() < *requirement->cudaMinorMin) {
            out.append(PackageFinding::block(PackageCode::GpuUnsupported,
                                             QCoreApplication::translate("PackageValidator",
                                                                         "%1 runs %2 only with a CUDA %3.%4 or newer "
                                                                         "toolkit; this one is %5.")
                                                 .arg(describePackage(package), gpuLabel(gpu))
                                                 .arg(build->cudaMajor)
                                                 .arg(*requirement->cudaMinorMin)
                                                 .arg(toolkit.toString()),
                                             QCoreApplication::translate("PackageValidator",
                                                                         "Install CUDA %1.%2 or newer and install "
                                                                         "cuDNN into it.")
                                                 .arg(build->cudaMajor)
                                                 .arg(*requirement->cudaMinorMin))
                           .about(gpu.name));
        }
        const auto needed = requirement->minimumDriver(system.os);
        if (needed && system.driver.version && *system.driver.version < *needed) {
            out.append(PackageFinding::block(
                           PackageCode::DriverTooOld,
                           QCoreApplication::translate("PackageValidator",
                                                       "The NVIDIA driver %1 is older than %2, the "
                                                       "oldest that runs %3 with %4.")
                               .arg(system.driver.version->toString(),
                                    needed->toString(),
                                    gpuLabel(gpu),
                                    describePackage(package)),
                           QCoreApplication::translate("PackageValidator", "Update the NVIDIA driver to %1 or newer.")
                               .arg(needed->toString()))
                           .about(gpu.name));
        }
    }
}

void PackageValidator::checkOs(const PackageInspection& package,
                               const SystemSnapshot& system,
                               PackageFindings& out) const
{
    if (system.os != OsFlavor::Linux || !package.cudnnVersion
        || (package.platform && *package.platform != OsFlavor::Linux))
        return;
    const auto floor = m_releases.glibcFloor(*package.cudnnVersion);
    const auto& glibc = system.osRelease.glibc;
    if (floor && glibc && *glibc < *floor) {
        const QString os = system.osRelease.name.isEmpty()
            ? QString()
            : QStringLiteral(" (%1 %2)").arg(system.osRelease.name, system.osRelease.version);
        out.append(
            PackageFinding::block(
                PackageCode::OsTooOld,
                QCoreApplication::translate("PackageValidator",
                                            "cuDNN %1 supports Linux with glibc %2 or newer; "
                                            "this machine has glibc %3%4.")
                    .arg(package.cudnnVersion->truncated(3).toString(), floor->toString(), glibc->toString(), os),
                QCoreApplication::translate("PackageValidator",
                                            "Use cuDNN 8.9 (which still supports glibc 2.17, "
                                            "RHEL 7), or upgrade the operating system (RHEL 8 "
                                            "and its peers have glibc 2.28)."))
                .about(package.file));
    } else if (!floor || !glibc) {
        out.append(
            PackageFinding::info(PackageCode::OsUnknown,
                                 !floor ? QCoreApplication::translate("PackageValidator",
                                                                      "No source this program knows states the "
                                                                      "oldest glibc cuDNN %1 supports, so the "
                                                                      "operating system was not checked.")
                                              .arg(package.cudnnVersion->truncated(3).toString())
                                        : QCoreApplication::translate("PackageValidator",
                                                                      "The machine's glibc version is unknown, "
                                                                      "so the operating system was not checked "
                                                                      "against cuDNN %1's floor (glibc %2).")
                                              .arg(package.cudnnVersion->truncated(3).toString(), floor->toString()))
                .about(package.file));
    }
}

void PackageValidator::checkZlibwapi(const PackageInspection& package, PackageFindings& out) const
{
    if (!package.platform || !package.cudnnVersion
        || !m_releases.needsZlibwapi(*package.cudnnVersion, *package.platform))
        return;
    out.append(PackageFinding::warning(PackageCode::NeedsZlibwapi,
                                       QCoreApplication::translate("PackageValidator",
                                                                   "cuDNN %1 on Windows loads zlibwapi.dll, which "
                                                                   "it does not ship; without it programs stop with "
                                                                   "\"Could not locate zlibwapi.dll\".")
                                           .arg(package.cudnnVersion->toString()),
                                       QCoreApplication::translate(
                                           "PackageValidator",
                                           "Install the ZLIB DLL (zlib123dllx64.zip, dll_x64\\zlibwapi.dll) into a "
                                           "folder on PATH, e.g. the toolkit's bin folder, as NVIDIA's install guide "
                                           "describes; or use cuDNN 9.2 or newer, which links zlib statically."))
                   .about(package.file));
}
