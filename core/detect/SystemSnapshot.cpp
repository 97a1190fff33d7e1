#include "SystemSnapshot.h"

#include "common/FileIdentity.h"
#include "detect/DetectCode.h"

#include <QJsonArray>
#include <algorithm>

bool CudaToolkit::reachedVia(const QString& path) const
{
    for (const ToolkitOrigin& origin : origins) {
        if (origin.path == path)
            return true;
    }
    return false;
}

bool CudnnInstall::isComplete() const
{
    if (!missingLibraries.isEmpty())
        return false;
    for (const CudnnLibraryFile& file : libraries) {
        if (file.kind == CudnnLibraryFile::Kind::BrokenSymlink || file.size == 0)
            return false;
    }
    return true;
}

CudnnInstall::Verdict CudnnInstall::verdict() const
{
    if (!isComplete())
        return Verdict::Unusable;
    Verdict verdict = Verdict::Ok;
    for (const CudnnProblem& problem : problems) {
        if (problem.diagnostic.severity == Severity::Error)
            return Verdict::Unusable;
        if (problem.diagnostic.severity == Severity::Warning)
            verdict = Verdict::Warnings;
    }
    return verdict;
}

QList<CudnnOrigin> SystemSnapshot::originOrder()
{
    return {CudnnOrigin::Toolkit,
            CudnnOrigin::NvidiaInstaller,
            CudnnOrigin::SystemPackage,
            CudnnOrigin::Pip,
            CudnnOrigin::Conda,
            CudnnOrigin::AppLocal,
            CudnnOrigin::SearchPath};
}

Diagnostics CudnnInstall::diagnostics() const
{
    Diagnostics list;
    for (const CudnnProblem& problem : problems)
        list.append(problem.diagnostic);
    return list;
}

MachineVerdict SystemSnapshot::judgeVerdict() const
{
    return MachineVerdict::judge(cudnnInstalls, frameworks);
}

MachineVerdict MachineVerdict::judge(const QList<CudnnInstall>& copies, const FrameworkVerdicts& frameworks)
{
    // Damage that Repair restores, or explains with its manual step: not a copy built for another CUDA, an old
    // driver or an unsupported GPU (other tasks fix those).
    constexpr CudnnProblem::Kind broken[] = {CudnnProblem::Kind::MissingLibraries,
                                             CudnnProblem::Kind::BrokenLink,
                                             CudnnProblem::Kind::EmptyFile,
                                             CudnnProblem::Kind::NotReadable,
                                             CudnnProblem::Kind::FlattenedLink,
                                             CudnnProblem::Kind::MixedVersions,
                                             CudnnProblem::Kind::StrayCopy};
    MachineVerdict verdict;
    const Diagnostic* lead = nullptr;
    for (const CudnnInstall& copy : copies) {
        for (const CudnnProblem& problem : copy.problems) {
            const Severity severity = problem.diagnostic.severity;
            if (std::find(std::begin(broken), std::end(broken), problem.kind) == std::end(broken)
                || (severity != Severity::Error && severity != Severity::Warning))
                continue;
            ++verdict.problems;
            if (!lead || (severity == Severity::Error && lead->severity != Severity::Error))
                lead = &problem.diagnostic;
        }
    }
    if (lead) {
        verdict.lead = Lead::BrokenCudnn;
        verdict.finding = *lead;
        verdict.summary = Diagnostic::of(
            lead->severity, DetectCode::VerdictCudnnBroken, tr("cuDNN on this machine needs repair."), lead->fix);
        return verdict;
    }
    const auto firstWhere = [&](auto wanted) -> const FrameworkVerdict* {
        const auto found = std::find_if(frameworks.cbegin(), frameworks.cend(), wanted);
        return found == frameworks.cend() ? nullptr : &*found;
    };
    const auto misfit = [](const FrameworkVerdict& v) { return v.fits.has_value() && !*v.fits; };
    const auto unknown = [](const FrameworkVerdict& v) { return !v.fits.has_value(); };
    const int misfits = int(std::count_if(frameworks.cbegin(), frameworks.cend(), misfit));
    const int unknowns = int(std::count_if(frameworks.cbegin(), frameworks.cend(), unknown));
    const FrameworkVerdict* first = nullptr;
    if (misfits > 0) {
        verdict.lead = Lead::FrameworksWillNotFit;
        verdict.problems = misfits;
        first = firstWhere(misfit);
        verdict.summary = Diagnostic::of(Severity::Error,
                                         DetectCode::VerdictFrameworksWillNotFit,
                                         tr("%n frameworks will not load a cuDNN that fits them.", nullptr, misfits));
    } else if (unknowns > 0) {
        verdict.lead = Lead::FrameworksUnknown;
        verdict.problems = unknowns;
        first = firstWhere(unknown);
        verdict.summary
            = Diagnostic::of(Severity::Warning,
                             DetectCode::VerdictFrameworksUnknown,
                             tr("For %n frameworks it is not known which cuDNN they will load.", nullptr, unknowns));
    } else if (!frameworks.isEmpty()) {
        verdict.lead = Lead::FrameworksFit;
        verdict.summary = Diagnostic::of(
            Severity::Info,
            DetectCode::VerdictFrameworksFit,
            tr("Each of the %n frameworks found will load a cuDNN that fits it.", nullptr, int(frameworks.size())));
    } else {
        verdict.lead = Lead::NoFramework;
        verdict.summary = Diagnostic::of(
            Severity::Info, DetectCode::VerdictNoFramework, tr("No Python framework that uses cuDNN was found."));
    }
    if (first && !first->findings.isEmpty())
        verdict.finding = first->findings.constFirst();
    if (verdict.finding && verdict.summary.fix.isEmpty())
        verdict.summary.fix = verdict.finding->fix;
    return verdict;
}

QString MachineVerdict::leadName(Lead lead)
{
    switch (lead) {
    case Lead::BrokenCudnn:
        return QStringLiteral("broken-cudnn");
    case Lead::FrameworksWillNotFit:
        return QStringLiteral("frameworks-will-not-fit");
    case Lead::FrameworksUnknown:
        return QStringLiteral("frameworks-unknown");
    case Lead::FrameworksFit:
        return QStringLiteral("frameworks-fit");
    case Lead::NoFramework:
        break;
    }
    return QStringLiteral("no-framework");
}

QJsonObject MachineVerdict::toJson() const
{
    return QJsonObject{
        {QStringLiteral("lead"), leadName(lead)},
        {QStringLiteral("code"), summary.code},
        {QStringLiteral("severity"), severityName(summary.severity)},
        {QStringLiteral("message"), summary.message},
        {QStringLiteral("problems"), problems},
        {QStringLiteral("finding"), finding ? QJsonValue(finding->toJson()) : QJsonValue(QJsonValue::Null)},
    };
}

const CudaToolkit* SystemSnapshot::activeToolkit() const
{
    for (const CudaToolkit& toolkit : toolkits) {
        if (toolkit.active)
            return &toolkit;
    }
    return nullptr;
}

const CudaToolkit* SystemSnapshot::toolkitAt(const QString& path) const
{
    for (const CudaToolkit& toolkit : toolkits) {
        if (sameLocation(os, toolkit.root, path))
            return &toolkit;
        for (const ToolkitOrigin& origin : toolkit.origins) {
            if (sameLocation(os, origin.path, path))
                return &toolkit;
        }
    }
    return nullptr;
}

QList<CudnnInstall> SystemSnapshot::cudnnInToolkit(const QString& root) const
{
    QList<CudnnInstall> found;
    for (const CudnnInstall& install : cudnnInstalls) {
        if (install.location == CudnnInstall::Location::Toolkit && sameLocation(os, install.root, root))
            found.append(install);
    }
    return found;
}

static QJsonValue optionalVersionJson(const std::optional<Version>& version)
{
    return version ? QJsonValue(version->toString()) : QJsonValue(QJsonValue::Null);
}

static QString libraryKindName(CudnnLibraryFile::Kind kind)
{
    switch (kind) {
    case CudnnLibraryFile::Kind::File:
        return QStringLiteral("file");
    case CudnnLibraryFile::Kind::Symlink:
        return QStringLiteral("symlink");
    case CudnnLibraryFile::Kind::BrokenSymlink:
        return QStringLiteral("broken_symlink");
    }
    return QStringLiteral("file");
}

static QJsonObject driverJson(const DriverInfo& driver, OsFlavor os)
{
    return QJsonObject{
        {QStringLiteral("found"), driver.found},
        {QStringLiteral("source"), driver.source},
        {QStringLiteral("version"), optionalVersionJson(driver.version)},
        {QStringLiteral("newest_cuda"), optionalVersionJson(driver.newestCuda)},
        {QStringLiteral("library"), displayPath(os, driver.library)},
        {QStringLiteral("nvml_library"), displayPath(os, driver.nvmlLibrary)},
        {QStringLiteral("error"), driver.error},
    };
}

static QJsonObject gpuJson(const GpuInfo& gpu)
{
    return QJsonObject{
        {QStringLiteral("index"), gpu.index},
        {QStringLiteral("name"), gpu.name},
        {QStringLiteral("compute_capability"), gpu.computeCapability.toString()},
        {QStringLiteral("memory_bytes"), gpu.memoryBytes},
        {QStringLiteral("multiprocessors"), gpu.multiprocessors},
        {QStringLiteral("clock_khz"), gpu.clockKhz},
    };
}

static QJsonObject toolkitJson(const CudaToolkit& toolkit, OsFlavor os)
{
    QJsonArray origins;
    for (const ToolkitOrigin& origin : toolkit.origins) {
        origins.append(QJsonObject{{QStringLiteral("path"), displayPath(os, origin.path)},
                                   {QStringLiteral("source"), origin.source}});
    }
    return QJsonObject{
        {QStringLiteral("root"), displayPath(os, toolkit.root)},
        {QStringLiteral("version"), optionalVersionJson(toolkit.version)},
        {QStringLiteral("version_source"), toolkit.versionSource},
        {QStringLiteral("nvcc"), toolkit.nvcc.isEmpty() ? QString() : displayPath(os, toolkit.nvcc)},
        {QStringLiteral("active"), toolkit.active},
        {QStringLiteral("found_via"), origins},
    };
}

static QString locationName(CudnnInstall::Location location)
{
    switch (location) {
    case CudnnInstall::Location::Toolkit:
        return QStringLiteral("toolkit");
    case CudnnInstall::Location::SearchPath:
        return QStringLiteral("search_path");
    case CudnnInstall::Location::Elsewhere:
        return QStringLiteral("elsewhere");
    }
    return QStringLiteral("elsewhere");
}

static QJsonObject pythonEnvironmentJson(const PythonEnvironment& environment, OsFlavor os)
{
    return QJsonObject{
        {QStringLiteral("root"), displayPath(os, environment.root)},
        {QStringLiteral("kind"), PythonEnvironment::kindName(environment.kind)},
        {QStringLiteral("python_version"), optionalVersionJson(environment.pythonVersion)},
        {QStringLiteral("site_packages"),
         environment.sitePackages.isEmpty() ? QJsonValue(QJsonValue::Null)
                                            : QJsonValue(displayPath(os, environment.sitePackages))},
        {QStringLiteral("found_via"), environment.foundVia},
        {QStringLiteral("distributions"), int(environment.distributions.size())},
    };
}

static QJsonObject cudnnJson(const CudnnInstall& install, OsFlavor os)
{
    QJsonArray libraries;
    for (const CudnnLibraryFile& file : install.libraries) {
        QJsonObject entry{
            {QStringLiteral("name"), file.name},
            {QStringLiteral("path"), displayPath(os, file.path)},
            {QStringLiteral("type"), libraryKindName(file.kind)},
            {QStringLiteral("size"), file.size},
        };
        if (file.kind != CudnnLibraryFile::Kind::File)
            entry.insert(QStringLiteral("target"), file.linkTarget);
        libraries.append(entry);
    }
    QJsonArray libraryDirs;
    for (const QString& dir : install.libraryDirs)
        libraryDirs.append(displayPath(os, dir));
    const QString manager = packageManagerName(install.managedBy);
    return QJsonObject{
        {QStringLiteral("location"), locationName(install.location)},
        {QStringLiteral("origin"), cudnnOriginName(install.origin)},
        {QStringLiteral("managed_by"), manager.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(manager)},
        {QStringLiteral("package"),
         install.package.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(install.package)},
        {QStringLiteral("package_version"), optionalVersionJson(install.packageVersion)},
        {QStringLiteral("environment"),
         install.environment.isEmpty() ? QJsonValue(QJsonValue::Null)
                                       : QJsonValue(displayPath(os, install.environment))},
        {QStringLiteral("cuda_major"),
         install.cudaMajor ? QJsonValue(*install.cudaMajor) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("root"), displayPath(os, install.root)},
        {QStringLiteral("major"), install.major},
        {QStringLiteral("version"), optionalVersionJson(install.version())},
        {QStringLiteral("header_version"), optionalVersionJson(install.headerVersion)},
        {QStringLiteral("library_version"), optionalVersionJson(install.libraryVersion)},
        {QStringLiteral("include_dir"), install.includeDir.isEmpty() ? QString() : displayPath(os, install.includeDir)},
        {QStringLiteral("library_dirs"), libraryDirs},
        {QStringLiteral("complete"), install.isComplete()},
        {QStringLiteral("missing"), QJsonArray::fromStringList(install.missingLibraries)},
        {QStringLiteral("libraries"), libraries},
        {QStringLiteral("diagnostics"), diagnosticsToJson(install.diagnostics())},
    };
}

QJsonObject SystemSnapshot::toJson() const
{
    QJsonArray gpuArray;
    for (const GpuInfo& gpu : gpus)
        gpuArray.append(gpuJson(gpu));
    QJsonArray toolkitArray;
    for (const CudaToolkit& toolkit : toolkits)
        toolkitArray.append(toolkitJson(toolkit, os));
    QJsonArray cudnnArray;
    for (const CudnnInstall& install : cudnnInstalls)
        cudnnArray.append(cudnnJson(install, os));
    QJsonArray environmentArray;
    for (const PythonEnvironment& environment : pythonEnvironments)
        environmentArray.append(pythonEnvironmentJson(environment, os));
    const CudaToolkit* active = activeToolkit();

    QJsonObject osJson{{QStringLiteral("name"), osRelease.name}, {QStringLiteral("version"), osRelease.version}};
    if (os == OsFlavor::Linux)
        osJson.insert(QStringLiteral("glibc"), optionalVersionJson(osRelease.glibc));

    return QJsonObject{
        {QStringLiteral("platform"), osFlavorName(os)},
        {QStringLiteral("redist_platform"),
         redistPlatform.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(redistPlatform)},
        {QStringLiteral("os"), osJson},
        {QStringLiteral("driver"), driverJson(driver, os)},
        {QStringLiteral("gpus"), gpuArray},
        {QStringLiteral("toolkits"), toolkitArray},
        {QStringLiteral("active_toolkit"),
         active ? QJsonValue(displayPath(os, active->root)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("cudnn"), cudnnArray},
        {QStringLiteral("python_environments"), environmentArray},
        {QStringLiteral("elapsed_ms"), elapsedMs},
        {QStringLiteral("frameworks"), frameworkVerdictsToJson(frameworks)},
        {QStringLiteral("verdict"), verdict.toJson()},
    };
}
