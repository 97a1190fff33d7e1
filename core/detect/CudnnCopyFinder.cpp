#include "CudnnCopyFinder.h"

#include "DetectCode.h"
#include "compat/CudnnFileSets.h"
#include "host/BoundedFile.h"
#include "host/PathList.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace {

bool isInside(OsFlavor os, const QString& path, const QString& folder)
{
    if (folder.isEmpty())
        return false;
    const QString p = QDir::cleanPath(QDir::fromNativeSeparators(path));
    const QString f = QDir::cleanPath(QDir::fromNativeSeparators(folder));
    return samePath(os, p, f) || p.startsWith(f + QLatin1Char('/'), fileNameCase(os));
}

/** "nvidia-cudnn-cu12" and "libcudnn9-cuda-12" name their CUDA major; so do torch's "+cu124" and dpkg's "+cuda12.2". */
std::optional<int> cudaMajorFromPackage(const QString& name, const QString& version)
{
    static const QRegularExpression inName(QStringLiteral("[-_]cu(?:da[-_]?)?(\\d+)$"));
    if (const auto match = inName.match(name); match.hasMatch())
        return match.captured(1).toInt();
    static const QRegularExpression torchLocal(QStringLiteral("\\+cu(\\d+)(\\d)$"));
    if (const auto match = torchLocal.match(version); match.hasMatch())
        return match.captured(1).toInt();
    static const QRegularExpression debianSuffix(QStringLiteral("\\+cuda(\\d+)\\."));
    if (const auto match = debianSuffix.match(version); match.hasMatch())
        return match.captured(1).toInt();
    return std::nullopt;
}

/** conda's cudnn depends on "cuda-version >=12,<13" (conda-forge's recipe pins it to the build's major). */
std::optional<int> cudaMajorFromCondaRecord(const QString& record)
{
    static const QRegularExpression pin(QStringLiteral("^cuda-version\\s*>=\\s*(\\d+)"));
    const QJsonArray depends = QJsonDocument::fromJson(readBoundedFile(record, ManagedFiles::MaxRecordBytes).whole())
                                   .object()
                                   .value(QStringLiteral("depends"))
                                   .toArray();
    for (const QJsonValue& dependency : depends) {
        if (const auto match = pin.match(dependency.toString()); match.hasMatch())
            return match.captured(1).toInt();
    }
    return std::nullopt;
}

std::optional<FileOwner> ownerOfCopy(const CudnnInstall& copy, const ManagedFiles& owners)
{
    for (const CudnnLibraryFile& file : copy.libraries) {
        if (auto owner = owners.ownerOf(file.path))
            return owner;
    }
    return std::nullopt;
}

} // namespace

CudnnCopyFinder::CudnnCopyFinder(const HostEnvironment& host, const CudnnInstallScanner& scanner)
    : m_host(host)
    , m_scanner(scanner)
{
}

QList<CudnnInstall> CudnnCopyFinder::inEnvironment(const PythonEnvironment& environment) const
{
    QList<CudnnInstall> copies;
    const OsFlavor os = m_host.os;
    if (!environment.sitePackages.isEmpty()) {
        const QDir wheel(QDir(environment.sitePackages).filePath(QStringLiteral("nvidia/cudnn")));
        if (wheel.exists()) {
            copies.append(
                m_scanner.scanCopy(wheel.absolutePath(),
                                   {wheel.filePath(QStringLiteral("include"))},
                                   {wheel.filePath(QStringLiteral("lib")), wheel.filePath(QStringLiteral("bin"))}));
        }
        const QDir torch(QDir(environment.sitePackages).filePath(QStringLiteral("torch")));
        if (torch.exists(QStringLiteral("lib")))
            copies.append(m_scanner.scanCopy(torch.absolutePath(), {}, {torch.filePath(QStringLiteral("lib"))}));
        // Any other distribution whose own RECORD lists cuDNN libraries carries its own copy (paddle's libs/).
        for (const PythonDistribution& distribution : environment.distributions) {
            for (const QString& folder : distribution.cudnnLibraryDirs) {
                if (isInside(os, folder, wheel.absolutePath()) || isInside(os, folder, torch.absolutePath()))
                    continue;
                for (CudnnInstall copy : m_scanner.scanCopy(folder, {}, {folder})) {
                    copy.package = distribution.name; // its version is the package's, not cuDNN's
                    copies.append(copy);
                }
            }
        }
    }
    if (environment.kind == PythonEnvironment::Kind::Conda) {
        const QDir prefix(environment.root);
        const bool windows = os == OsFlavor::Windows;
        copies.append(m_scanner.scanCopy(
            environment.root,
            {prefix.filePath(windows ? QStringLiteral("Library/include") : QStringLiteral("include"))},
            {prefix.filePath(windows ? QStringLiteral("Library/bin") : QStringLiteral("lib"))}));
    }
    return copies;
}

QStringList CudnnCopyFinder::installerReleaseRoots() const
{
    QStringList roots;
    for (const QString& pattern : m_host.nvidiaCudnnRoots) {
        const QString normalized = normalizedPath(m_host.os, pattern);
        const int slash = int(normalized.lastIndexOf(QLatin1Char('/')));
        const QDir parent(normalized.left(slash));
        for (const QString& name :
             parent.entryList({normalized.mid(slash + 1)}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            roots.append(parent.filePath(name));
    }
    return roots;
}

QList<CudnnInstall> CudnnCopyFinder::fromNvidiaInstaller() const
{
    QList<CudnnInstall> copies;
    static const QRegularExpression cudaFolder(QStringLiteral("^\\d+\\.\\d+$"));
    for (const QString& release : installerReleaseRoots()) {
        const QDir bin(QDir(release).filePath(QStringLiteral("bin")));
        for (const QString& cuda : bin.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            if (!cudaFolder.match(cuda).hasMatch())
                continue;
            // 9.7/9.8 put the DLLs in bin\12.8; later releases in bin\12.9\x64.
            const QDir version(bin.filePath(cuda));
            const QString libraries = version.exists(QStringLiteral("x64")) ? version.filePath(QStringLiteral("x64"))
                                                                            : version.absolutePath();
            const QString include = QDir(release).filePath(QStringLiteral("include/") + cuda);
            copies.append(m_scanner.scanCopy(libraries, {include}, {libraries}));
        }
    }
    return copies;
}

std::optional<CudnnCopyFinder::InstallerFolder> CudnnCopyFinder::installerFolder(OsFlavor os, const QString& libraryDir)
{
    static const QRegularExpression layout(QStringLiteral("^(.*/CUDNN/v\\d+\\.\\d+)/bin/(\\d+\\.\\d+)(?:/x64)?/?$"),
                                           QRegularExpression::CaseInsensitiveOption);
    Q_UNUSED(os);
    const auto match = layout.match(QDir::fromNativeSeparators(libraryDir));
    if (!match.hasMatch())
        return std::nullopt;
    return InstallerFolder{match.captured(1), match.captured(2)};
}

void CudnnCopyFinder::classify(CudnnInstall& copy,
                               const ManagedFiles& owners,
                               const QList<PythonEnvironment>& environments,
                               const QList<CudaToolkit>& toolkits) const
{
    const OsFlavor os = m_host.os;
    const QString where = copy.libraryDirs.isEmpty() ? copy.root : copy.libraryDirs.constFirst();
    const std::optional<FileOwner> owner = ownerOfCopy(copy, owners);

    // A copy belongs to an environment when it lies in its site-packages, or anywhere in a conda prefix: a system
    // interpreter's prefix (/usr) holds toolkits and system libraries that are no Python package's.
    const PythonEnvironment* environment = nullptr;
    for (const PythonEnvironment& env : environments) {
        const QString& holder = env.kind == PythonEnvironment::Kind::Conda ? env.root : env.sitePackages;
        if (copy.location != CudnnInstall::Location::Toolkit && isInside(os, where, holder)
            && (!environment || env.root.size() > environment->root.size()))
            environment = &env;
    }
    copy.environment = environment ? environment->root : QString();

    if (owner) {
        copy.managedBy = owner->manager;
        copy.package = owner->package;
        copy.packageVersion = Version::parse(owner->version);
    }

    if (copy.location == CudnnInstall::Location::Toolkit) {
        copy.origin = CudnnOrigin::Toolkit;
        for (const CudaToolkit& toolkit : toolkits) {
            if (samePath(os, toolkit.root, copy.root) && toolkit.version)
                copy.cudaMajor = toolkit.version->major();
        }
    } else if (const auto installer = installerFolder(os, where)) {
        copy.origin = CudnnOrigin::NvidiaInstaller;
        copy.managedBy = PackageManager::NvidiaInstaller;
        if (const auto cuda = Version::parse(installer->cudaVersion))
            copy.cudaMajor = cuda->major();
    } else if (owner && owner->manager == PackageManager::Dpkg) {
        copy.origin = CudnnOrigin::SystemPackage;
    } else if (environment) {
        const bool wheel = isInside(os, where, environment->sitePackages);
        copy.origin
            = wheel || environment->kind != PythonEnvironment::Kind::Conda ? CudnnOrigin::Pip : CudnnOrigin::Conda;
    } else if (os == OsFlavor::Windows && !QDir(where).entryList({QStringLiteral("*.exe")}, QDir::Files).isEmpty()) {
        copy.origin = CudnnOrigin::AppLocal;
    } else {
        copy.origin = CudnnOrigin::SearchPath;
    }

    if (!copy.cudaMajor && owner) {
        copy.cudaMajor = owner->manager == PackageManager::Conda ? cudaMajorFromCondaRecord(owner->record)
                                                                 : cudaMajorFromPackage(owner->package, owner->version);
    }
    if (!copy.cudaMajor && environment && copy.origin == CudnnOrigin::Pip
        && isInside(os, where, environment->sitePackages + QStringLiteral("/torch"))) {
        if (const PythonDistribution* torch = environment->distribution(QStringLiteral("torch")))
            copy.cudaMajor = cudaMajorFromPackage(torch->name, torch->version);
    }
}

QStringList CudnnCopyFinder::namesProgramsLoad(OsFlavor os, const CudnnInstall& copy)
{
    // By the names a program loads (libcudnn.so.9, cudnn64_8.dll), not every link and versioned file name.
    const auto fileSet = CudnnFileSets::builtIn().forMajor(copy.major);
    QStringList held;
    for (const CudnnLibraryFile& file : copy.libraries) {
        const bool loaded = !fileSet || fileSet->runtimeLibraries(os).contains(file.name, fileNameCase(os));
        if (loaded && file.kind != CudnnLibraryFile::Kind::BrokenSymlink && !held.contains(file.name, fileNameCase(os)))
            held.append(file.name);
    }
    return held;
}

Diagnostic CudnnCopyFinder::strayCopyFinding(OsFlavor os, const CudnnInstall& copy, const StrayStanding& standing)
{
    const QString where = displayPath(os, copy.libraryDirs.constFirst());
    const QString has = namesProgramsLoad(os, copy).join(QStringLiteral(", "));
    const QString lacks = copy.missingLibraries.join(QStringLiteral(", "));
    const QString variable = os == OsFlavor::Windows ? QStringLiteral("PATH") : QStringLiteral("LD_LIBRARY_PATH");
    QString fix;
    if (os == OsFlavor::Windows)
        fix = tr("Take %1 off PATH, or delete these cuDNN DLLs if nothing needs them. Repair leaves the folder alone: "
                 "it is no install to restore.")
                  .arg(where);
    else if (!standing.loginFile.isEmpty())
        fix = tr("Take the folder off LD_LIBRARY_PATH in %1, or delete these cuDNN files from %2 if nothing needs "
                 "them. Repair leaves the folder alone: it is no install to restore.")
                  .arg(standing.loginFile, where);
    else
        fix = tr("Delete these cuDNN files from %1 if nothing needs them, or take the folder off LD_LIBRARY_PATH (or "
                 "out of the ld.so.conf.d file that names it). Repair leaves the folder alone: it is no install to "
                 "restore.")
                  .arg(where);
    const QString what = tr("%1 is a stray copy of cuDNN %2, not an install: it holds %3 but not %4.")
                             .arg(where)
                             .arg(copy.major)
                             .arg(has, lacks);
    // Judged for a new login (what programs started later get); this terminal is said beside it where it differs.
    const QString& now = standing.winsHere;
    const QString& later = standing.winsAtLogin;
    QString message;
    if (!later.isEmpty() && now == later)
        message = tr("%1 It comes first on the search path, so a program that loads %2 gets it from there and fails.")
                      .arg(what, later);
    else if (!later.isEmpty()) {
        const QString why = os == OsFlavor::Windows ? tr("the Path in the registry names the folder")
            : standing.loginFile.isEmpty()          ? tr("a new login does not get this terminal's LD_LIBRARY_PATH")
                                           : tr("%1 names the folder in LD_LIBRARY_PATH").arg(standing.loginFile);
        message = tr("%1 A new login puts it first on the search path (%2), so a program started after the next "
                     "login that loads %3 gets it from there and fails; this terminal, started before, does not get "
                     "it first yet.")
                      .arg(what, why, later);
    } else if (!now.isEmpty() && !standing.activeEnvironment.isEmpty())
        message = tr("%1 It comes first in this terminal only, because this terminal's %2 names the folder, which is "
                     "inside %3, the environment active here: a program started here that loads %4 gets it from "
                     "there and fails. A new login does not get it first.")
                      .arg(what, variable, displayPath(os, standing.activeEnvironment), now);
    else if (!now.isEmpty())
        message = tr("%1 It comes first in this terminal only, because this terminal's %2 names the folder: a "
                     "program started here that loads %3 gets it from there and fails. A new login does not get it "
                     "first.")
                      .arg(what, variable, now);
    else
        message = tr("%1 Other folders come before it on the search path for now.").arg(what);
    return Diagnostic::of(
               later.isEmpty() ? Severity::Warning : Severity::Error, DetectCode::CudnnStrayCopy, message, fix)
        .about(copy.root);
}

void CudnnCopyFinder::judgeStrayCopy(CudnnInstall& copy, const QStringList& librarySearchDirs) const
{
    if (copy.origin != CudnnOrigin::SearchPath || copy.managedBy != PackageManager::None
        || copy.missingLibraries.isEmpty() || copy.libraryDirs.isEmpty())
        return;
    const OsFlavor os = m_host.os;
    const QString folder = copy.libraryDirs.constFirst();
    const QStringList held = namesProgramsLoad(os, copy);
    if (held.isEmpty())
        return;
    // The first folder of the search order that holds a name is where a program loading that name gets it. This
    // process's order stands for both sessions here; the engine judges a new login's (StrayCopySessions).
    QString wins;
    for (const QString& name : std::as_const(held)) {
        for (const QString& directory : librarySearchDirs) {
            if (!QFileInfo::exists(joinPath(os, directory, name)))
                continue;
            if (samePath(os, QFileInfo(directory).canonicalFilePath(), QFileInfo(folder).canonicalFilePath()))
                wins = name;
            break;
        }
        if (!wins.isEmpty())
            break;
    }
    StrayStanding standing;
    standing.winsHere = standing.winsAtLogin = wins;
    const Diagnostic diagnostic = strayCopyFinding(os, copy, standing);
    const QString where = displayPath(os, folder);
    copy.problems.removeIf([](const CudnnProblem& p) { return p.kind == CudnnProblem::Kind::MissingLibraries; });
    // What else is wrong inside it (an empty file, a link to nothing) is of the stray copy too: said so, with the
    // stray copy's fix, not an install's "copy it again" that repair would never do here.
    for (CudnnProblem& problem : copy.problems) {
        problem.diagnostic.message = tr("In the stray copy %1: %2").arg(where, problem.diagnostic.message);
        problem.diagnostic.fix = diagnostic.fix;
        problem.diagnostic.action = FixAction{};
    }
    copy.problems.prepend(CudnnProblem{CudnnProblem::Kind::StrayCopy, diagnostic});
}

Diagnostics CudnnCopyFinder::installerPathFindings(const QList<CudnnInstall>& copies) const
{
    Diagnostics findings;
    const OsFlavor os = m_host.os;
    const auto lookup = [this](const QString& name) { return m_host.variable(name); };
    static const QRegularExpression releaseBin(QStringLiteral("/CUDNN/v\\d+\\.\\d+/bin/?$"),
                                               QRegularExpression::CaseInsensitiveOption);
    for (const QString& entry : PathList::split(os, m_host.variable(QStringLiteral("PATH")))) {
        const QString folder = normalizedPath(os, PathList::expand(os, entry, lookup));
        if (!releaseBin.match(folder).hasMatch())
            continue;
        const bool holdsDll = std::any_of(copies.cbegin(), copies.cend(), [&](const CudnnInstall& c) {
            return std::any_of(c.libraryDirs.cbegin(), c.libraryDirs.cend(), [&](const QString& dir) {
                return samePath(os, dir, folder);
            });
        });
        if (holdsDll)
            continue;
        QStringList holders;
        for (const CudnnInstall& copy : copies) {
            if (copy.origin == CudnnOrigin::NvidiaInstaller && !copy.libraryDirs.isEmpty()
                && isInside(os, copy.libraryDirs.constFirst(), folder))
                holders.append(displayPath(os, copy.libraryDirs.constFirst()));
        }
        if (holders.isEmpty())
            continue;
        findings.append(
            Diagnostic::of(DetectCode::CudnnInstallerPathEmpty,
                           tr("PATH names %1, which NVIDIA's cuDNN installer added, but the DLLs are one level "
                              "down in %2. Windows does not search subfolders of a PATH entry, so a program that "
                              "loads cudnn64_9.dll by name fails (\"Could not locate cudnn_ops64_9.dll\").")
                               .arg(displayPath(os, folder), holders.join(QStringLiteral(", "))),
                           tr("Let the search-path fix put the folder that matches your toolkit's CUDA version on "
                              "PATH (repair does this)."))
                .about(displayPath(os, folder)) // the PATH entry as the user's PATH writes it
                .offering(FixAction::Kind::RunRepair));
    }
    return findings;
}
