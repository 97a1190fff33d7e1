#include "FrameworkFacts.h"

#include "detect/CudnnInstallScanner.h"
#include "detect/SystemSnapshot.h"

#include <QFileInfo>
#include <QHash>

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
            const QString package = table.packageFor(distribution.name);
            if (package.isEmpty())
                continue;
            FrameworkSubject subject;
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
    if (system.driver.found)
        facts.driver = system.driver.version;
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
