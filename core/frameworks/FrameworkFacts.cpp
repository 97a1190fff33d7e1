#include "FrameworkFacts.h"

#include "PackageRequirement.h"
#include "detect/CudnnInstallScanner.h"
#include "detect/SystemSnapshot.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

namespace {

QString resolvedPath(const QString& path)
{
    const QString resolved = QFileInfo(path).canonicalFilePath();
    return resolved.isEmpty() ? path : resolved;
}

CudnnCopyFact factOf(const CudnnInstall& install, const QString& folder)
{
    CudnnCopyFact fact;
    fact.version = install.version();
    if (!fact.version && install.packageVersion)
        fact.version = install.packageVersion;
    fact.major = fact.version ? fact.version->major() : install.major;
    fact.path = folder;
    fact.origin = cudnnOriginName(install.origin);
    fact.environment = install.environment;
    fact.package = install.package;
    return fact;
}

/** An environment's folder as a key: resolved, and folded where the OS ignores case. */
QString environmentKey(const QString& folder, OsFlavor os)
{
    const QString resolved = resolvedPath(folder);
    return fileNameCase(os) == Qt::CaseInsensitive ? resolved.toLower() : resolved;
}

bool holds(const CudnnInstall& install, const QString& folder, OsFlavor os)
{
    for (const QString& dir : install.libraryDirs) {
        if (resolvedPath(dir).compare(folder, fileNameCase(os)) == 0)
            return true;
    }
    return false;
}

/** A build file's CUDA or cuDNN value: "13.0", "12.5.1", "9" (TensorFlow on Linux states the cuDNN major),
 *  TensorFlow on Windows "64_112" (cudart64_112.dll: 11.2) and "64_8"; nullopt for "None", "False", "". */
std::optional<Version> statedVersion(const QString& text)
{
    QString value = text.trimmed();
    if (value.startsWith(QLatin1String("64_"))) {
        value = value.mid(3);
        // "112" is CUDA 11.2, "8" cuDNN 8; a two- or three-digit code is major and one minor digit
        if (value.size() >= 2 && !value.contains(QLatin1Char('.')))
            value = value.chopped(1) + QLatin1Char('.') + value.right(1);
    }
    return Version::parse(value);
}

void setStated(std::optional<Version>& into, QString& source, const std::optional<Version>& value, const QString& from)
{
    if (!value || into)
        return;
    into = value;
    source = from;
}

/** What the distribution's own files state, build file first, then its METADATA's cuDNN requirement. */
FrameworkSubject::Stated
statedFacts(const PythonDistribution& distribution, const PythonEnvironment& environment, const SystemSnapshot& system)
{
    FrameworkSubject::Stated stated;
    const QHash<QString, QString>& facts = distribution.buildFacts;
    const QString file = distribution.buildFile;
    const QString name = distribution.normalizedName();
    if (!file.isEmpty()) {
        if (name == QLatin1String("torch")) {
            const QString variant = FrameworkTable::variantOf(facts.value(QStringLiteral("__version__")));
            if (!variant.isEmpty()) {
                stated.variant = variant;
                stated.variantSource = file;
            }
            const QString cuda = facts.value(QStringLiteral("cuda"));
            if (cuda == QLatin1String("None") && facts.contains(QStringLiteral("cuda"))) {
                stated.noCuda = true;
                stated.noCudaSource = file;
            }
            setStated(stated.cuda, stated.cudaSource, statedVersion(cuda), file);
        } else if (name.startsWith(QLatin1String("tensorflow"))) {
            if (facts.value(QStringLiteral("is_cuda_build")) == QLatin1String("False")) {
                stated.noCuda = true;
                stated.noCudaSource = file;
            }
            setStated(stated.cuda, stated.cudaSource, statedVersion(facts.value(QStringLiteral("cuda_version"))), file);
            setStated(
                stated.cudnn, stated.cudnnSource, statedVersion(facts.value(QStringLiteral("cudnn_version"))), file);
        } else if (name.startsWith(QLatin1String("onnxruntime"))) {
            setStated(stated.cuda, stated.cudaSource, statedVersion(facts.value(QStringLiteral("cuda_version"))), file);
            // cudart_version is an integer: 12020 is CUDA 12.2
            bool ok = false;
            const int cudart = facts.value(QStringLiteral("cudart_version")).toInt(&ok);
            if (ok && cudart > 1000)
                setStated(stated.cuda, stated.cudaSource, Version::fromCudaCode(cudart), file);
            if (facts.value(QStringLiteral("package_name")) == QLatin1String("onnxruntime")) {
                stated.noCuda = true;
                stated.noCudaSource = file;
            }
        } else if (name.startsWith(QLatin1String("paddlepaddle"))) {
            if (facts.value(QStringLiteral("cuda_version")) == QLatin1String("False")) {
                stated.noCuda = true;
                stated.noCudaSource = file;
            }
            setStated(stated.cuda, stated.cudaSource, statedVersion(facts.value(QStringLiteral("cuda_version"))), file);
            setStated(
                stated.cudnn, stated.cudnnSource, statedVersion(facts.value(QStringLiteral("cudnn_version"))), file);
        }
    }

    // Requires-Dist: a requirement under an extra counts when the environment holds the wheel it names (pip
    // installed it for that extra); the platform markers are this machine's.
    for (const PythonDistribution::Requirement& requirement : distribution.cudnnRequirements) {
        PackageRequirement::MarkerEnvironment markers
            = PackageRequirement::MarkerEnvironment::of(system.os, system.redistPlatform, environment.pythonVersion);
        if (environment.distribution(requirement.name)) {
            static const QRegularExpression extra(QStringLiteral("extra\\s*==\\s*['\"]([^'\"]+)['\"]"));
            auto it = extra.globalMatch(requirement.marker);
            while (it.hasNext())
                markers.extras.append(it.next().captured(1).toLower().replace(QLatin1Char('_'), QLatin1Char('-')));
        }
        if (!PackageRequirement::evaluate(requirement.marker, markers).value_or(false))
            continue;
        stated.cudnnWheel = requirement.name;
        stated.cudnnSpecifier = requirement.specifier;
        setStated(stated.cudnn,
                  stated.cudnnSource,
                  PackageRequirement::lowest(requirement.specifier),
                  QStringLiteral("METADATA"));
        // nvidia-cudnn-cu13: a build for CUDA 13
        static const QRegularExpression cudaMajor(QStringLiteral("-cu(\\d+)$"));
        const auto match = cudaMajor.match(requirement.name);
        if (match.hasMatch())
            setStated(stated.cuda, stated.cudaSource, Version::parse(match.captured(1)), QStringLiteral("METADATA"));
        break;
    }
    return stated;
}

} // namespace

QList<FrameworkSubject> FrameworkFacts::subjects(const SystemSnapshot& system, const FrameworkTable& table)
{
    // Each copy's environment resolved once, not once per framework: a machine with hundreds of environments
    // would otherwise resolve every pair of them.
    QHash<QString, QList<CudnnCopyFact>> ownCopies;
    for (const CudnnInstall& install : system.cudnnInstalls) {
        if (!install.environment.isEmpty())
            ownCopies[environmentKey(install.environment, system.os)].append(
                factOf(install, install.libraryDirs.value(0, install.root)));
    }
    QList<FrameworkSubject> subjects;
    for (const PythonEnvironment& environment : system.pythonEnvironments) {
        const QList<CudnnCopyFact> own = ownCopies.value(environmentKey(environment.root, system.os));
        for (const PythonDistribution& distribution : environment.distributions) {
            QString package = table.packageFor(distribution.name);
            FrameworkSubject::Stated stated = statedFacts(distribution, environment, system);
            // Any other distribution that requires a cuDNN wheel or ships cuDNN is judged by what it declares.
            if (package.isEmpty() && stated.cudnnWheel.isEmpty() && distribution.cudnnLibraryDirs.isEmpty())
                continue;
            if (package.isEmpty())
                package = distribution.normalizedName();
            FrameworkSubject subject;
            subject.stated = stated;
            subject.ownLibraryDirs = distribution.cudnnLibraryDirs;
            subject.environment = environment.root;
            subject.environmentKind = PythonEnvironment::kindName(environment.kind);
            subject.pythonVersion = environment.pythonVersion;
            subject.distribution = distribution.normalizedName();
            subject.package = package;
            subject.version = distribution.version;
            subject.ownCopies = own;
            subjects.append(subject);
        }
    }
    return subjects;
}

MachineFacts FrameworkFacts::machine(const SystemSnapshot& system)
{
    MachineFacts facts;
    facts.os = system.os;
    if (system.driver.found) {
        facts.driver = system.driver.version;
        facts.newestCuda = system.driver.newestCuda;
    }
    for (const GpuInfo& gpu : system.gpus)
        facts.gpuComputeCapabilities.append(gpu.computeCapability);
    QList<const CudnnInstall*> placed;
    for (const QString& dir : system.librarySearchDirs) {
        const QString folder = resolvedPath(dir);
        for (const CudnnInstall& install : system.cudnnInstalls) {
            if (install.environment.isEmpty() && holds(install, folder, system.os)) {
                facts.searchPath.append(factOf(install, folder));
                placed.append(&install);
            }
        }
    }
    for (const CudnnInstall& install : system.cudnnInstalls) {
        if (install.environment.isEmpty() && !placed.contains(&install))
            facts.elsewhere.append(factOf(install, install.libraryDirs.value(0, install.root)));
    }
    return facts;
}

FrameworkVerdicts FrameworkFacts::judge(const SystemSnapshot& system)
{
    return FrameworkJudge().judgeAll(subjects(system), machine(system));
}

FrameworkVerdicts
FrameworkFacts::judgeWith(const SystemSnapshot& system, const QString& toolkitRoot, const Version& cudnn)
{
    MachineFacts facts = machine(system);
    const auto inToolkit = [&](const CudnnCopyFact& copy) {
        return copy.origin == QLatin1String("toolkit") && resolvedPath(copy.path).startsWith(resolvedPath(toolkitRoot));
    };
    bool replaced = false;
    for (CudnnCopyFact& copy : facts.searchPath) {
        if (inToolkit(copy) && copy.version && copy.version->major() == cudnn.major()) {
            copy.version = cudnn;
            replaced = true;
        }
    }
    // A toolkit not searched yet is reached once the install's search-path step puts it first.
    if (!replaced) {
        CudnnCopyFact added;
        added.version = cudnn;
        added.path = CudnnInstallScanner::toolkitLibraryDirs(system.os, toolkitRoot).value(0, toolkitRoot);
        added.origin = QStringLiteral("toolkit");
        facts.searchPath.prepend(added);
    }
    return FrameworkJudge().judgeAll(subjects(system), facts);
}
