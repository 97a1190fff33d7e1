#include "Detector.h"

#include "CudnnCopyFinder.h"
#include "CudnnInstallScanner.h"
#include "DetectCode.h"
#include "DriverDetector.h"
#include "PlatformDetector.h"
#include "PythonEnvironmentFinder.h"
#include "ToolOutputParsers.h"
#include "ToolkitLocator.h"
#include "common/FileIdentity.h"
#include "common/Logging.h"
#include "compat/CudaDriverTable.h"
#include "host/PathList.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSet>
#include <future>

static constexpr int LdconfigTimeoutMs = 5000;

Detector::Detector(const HostEnvironment& host, const ProcessRunner& runner)
    : m_host(host)
    , m_runner(runner)
{
}

QStringList Detector::librarySearchDirs() const
{
    const OsFlavor os = m_host.os;
    const auto lookup = [this](const QString& name) { return m_host.variable(name); };
    QStringList dirs;
    const auto add = [&](const QString& dir) {
        const QString normalized = normalizedPath(os, PathList::expand(os, dir, lookup));
        const bool known = std::any_of(
            dirs.cbegin(), dirs.cend(), [&](const QString& d) { return sameLocation(os, d, normalized); });
        if (!known)
            dirs.append(normalized);
    };

    if (os == OsFlavor::Windows) {
        // The DLL search order of a desktop program: System32, the Windows folder, then PATH.
        for (const QString& dir : m_host.systemLibraryDirs)
            add(dir);
        for (const QString& entry : PathList::split(os, m_host.variable(QStringLiteral("PATH"))))
            add(entry);
        return dirs;
    }

    // ld.so: LD_LIBRARY_PATH, then the cache built from /etc/ld.so.conf.d, then the default directories.
    for (const QString& entry : PathList::split(os, m_host.variable(QStringLiteral("LD_LIBRARY_PATH"))))
        add(entry);
    if (!m_host.ldconfigProgram.isEmpty()) {
        const ProcessResult cache = m_runner.run(m_host.ldconfigProgram, {QStringLiteral("-p")}, LdconfigTimeoutMs);
        if (cache.succeeded()) {
            for (const auto& entry : ToolOutputParsers::parseLdconfigCache(cache.standardOutput)) {
                if (CudnnInstallScanner::isCudnnLibraryName(os, entry.name))
                    add(QFileInfo(entry.path).absolutePath());
            }
        }
    }
    for (const QString& dir : m_host.systemLibraryDirs)
        add(dir);
    return dirs;
}

SystemSnapshot Detector::detect(const DetectOptions& options) const
{
    QElapsedTimer timer;
    timer.start();

    SystemSnapshot snapshot;
    snapshot.os = m_host.os;
    const PlatformDetector platform(m_host);
    snapshot.redistPlatform = platform.redistPlatform();
    snapshot.osRelease = platform.osRelease();

    // The driver answers from another process; look at the files meanwhile.
    std::future<DriverDetector::Result> driverResult;
    if (options.queryDriver) {
        driverResult = std::async(std::launch::async, [this] { return DriverDetector(m_host, m_runner).detect(); });
    }

    const ToolkitLocator::Result located = ToolkitLocator(m_host, m_runner).locate(options.cudaRoots);
    snapshot.toolkits = located.toolkits;
    snapshot.toolkitProblems = located.problems;
    snapshot.diagnostics.append(located.diagnostics());

    const CudnnInstallScanner scanner(m_host.os);
    QSet<QString> toolkitLibraryDirs;
    for (const CudaToolkit& toolkit : snapshot.toolkits) {
        snapshot.cudnnInstalls.append(scanner.scanToolkit(toolkit.root));
        for (const QString& dir : CudnnInstallScanner::toolkitLibraryDirs(m_host.os, toolkit.root)) {
            const QString canonical = QFileInfo(dir).canonicalFilePath();
            if (!canonical.isEmpty())
                toolkitLibraryDirs.insert(canonical);
        }
    }
    QSet<QString> scannedDirs;
    snapshot.librarySearchDirs = librarySearchDirs();
    const auto lookup = [this](const QString& name) { return m_host.variable(name); };
    QStringList searched = snapshot.librarySearchDirs;
    for (const QString& entry : options.newLoginSearchDirs)
        searched.append(normalizedPath(m_host.os, PathList::expand(m_host.os, entry, lookup)));
    for (const QString& dir : std::as_const(searched)) {
        const QString canonical = QFileInfo(dir).canonicalFilePath();
        if (canonical.isEmpty() || toolkitLibraryDirs.contains(canonical) || scannedDirs.contains(canonical))
            continue;
        scannedDirs.insert(canonical);
        snapshot.cudnnInstalls.append(scanner.scanSearchPathDirectory(canonical));
    }
    findCopiesElsewhere(options, snapshot, scanner, toolkitLibraryDirs + scannedDirs);
    for (const CudnnInstall& install : snapshot.cudnnInstalls)
        snapshot.diagnostics.append(install.diagnostics());

    if (driverResult.valid()) {
        DriverDetector::Result driver = driverResult.get();
        snapshot.driver = driver.driver;
        snapshot.gpus = driver.gpus;
        snapshot.diagnostics = driver.diagnostics + snapshot.diagnostics;
        checkDriverAgainstToolkits(snapshot);
    }
    snapshot.elapsedMs = timer.elapsed();
    qCDebug(lcDetect) << "detected in" << snapshot.elapsedMs << "ms:" << snapshot.toolkits.size() << "toolkit(s),"
                      << snapshot.cudnnInstalls.size() << "cuDNN install(s)," << snapshot.gpus.size() << "GPU(s),"
                      << snapshot.diagnostics.size() << "diagnostic(s); scanned search-path folders" << scannedDirs;
    return snapshot;
}

void Detector::findCopiesElsewhere(const DetectOptions& options,
                                   SystemSnapshot& snapshot,
                                   const CudnnInstallScanner& scanner,
                                   const QSet<QString>& scannedDirs) const
{
    PythonEnvironmentFinder::Result environments = PythonEnvironmentFinder(m_host).find(options.pythonEnvironments);
    snapshot.pythonEnvironments = environments.environments;
    snapshot.diagnostics.append(environments.diagnostics);

    const CudnnCopyFinder finder(m_host, scanner);
    QList<CudnnInstall> elsewhere = finder.fromNvidiaInstaller();
    for (const PythonEnvironment& environment : snapshot.pythonEnvironments)
        elsewhere.append(finder.inEnvironment(environment));
    QSet<QString> seen = scannedDirs;
    for (const CudnnInstall& copy : std::as_const(elsewhere)) {
        // A folder on the search path was scanned there already; classify() names its origin.
        const bool known = std::any_of(
            copy.libraryDirs.cbegin(), copy.libraryDirs.cend(), [&](const QString& dir) { return seen.contains(dir); });
        if (known)
            continue;
        for (const QString& dir : copy.libraryDirs)
            seen.insert(dir);
        snapshot.cudnnInstalls.append(copy);
    }

    const ManagedFiles owners = ManagedFiles::read(
        m_host.os, m_host.dpkgInfoDirectory, snapshot.pythonEnvironments, ManagedFiles::Scope::CudnnPackages);
    for (CudnnInstall& copy : snapshot.cudnnInstalls) {
        finder.classify(copy, owners, snapshot.pythonEnvironments, snapshot.toolkits);
        finder.judgeStrayCopy(copy, snapshot.librarySearchDirs);
    }
    snapshot.diagnostics.append(finder.installerPathFindings(snapshot.cudnnInstalls));
}

void Detector::checkDriverAgainstToolkits(SystemSnapshot& snapshot) const
{
    if (!snapshot.driver.found || !snapshot.driver.version)
        return;
    const Version driver = *snapshot.driver.version;
    const CudaDriverTable& table = CudaDriverTable::builtIn();
    for (const CudaToolkit& toolkit : snapshot.toolkits) {
        if (!toolkit.version)
            continue;
        const CudaDriverTable::Fit fit = table.fit(driver, *toolkit.version, m_host.os);
        if (fit.kind == CudaDriverTable::Fit::Kind::Native || fit.kind == CudaDriverTable::Fit::Kind::Unknown)
            continue;
        const Version minimum = fit.kind == CudaDriverTable::Fit::Kind::TooOld ? *fit.needed : *fit.toolkitDriver;
        const QString root = displayPath(m_host.os, toolkit.root);
        if (fit.kind == CudaDriverTable::Fit::Kind::MinorCompatibility) {
            snapshot.diagnostics.append(
                Diagnostic::of(DetectCode::DriverMinorCompat,
                               tr("Driver %1 is older than CUDA %2 asks for (%3); it runs through minor version "
                                  "compatibility, without PTX JIT of newer code.")
                                   .arg(driver.toString(), toolkit.version->toString(), minimum.toString()),
                               tr("Update the driver to %1 or newer for full support.").arg(minimum.toString()))
                    .about(toolkit.root));
        } else {
            snapshot.diagnostics.append(
                Diagnostic::of(DetectCode::DriverTooOld,
                               tr("Driver %1 is too old for CUDA %2 in %3, which needs %4 or newer.")
                                   .arg(driver.toString(), toolkit.version->toString(), root, minimum.toString()),
                               tr("Update the NVIDIA driver to %1 or newer.").arg(minimum.toString()))
                    .about(toolkit.root));
        }
    }
}
