#include "LinuxEnvironmentAnalysis.h"

#include "common/FileIdentity.h"
#include "env/ConflictFinder.h"
#include "env/EnvironmentCode.h"
#include "env/LibraryResolver.h"
#include "env/RootSearchPath.h"
#include "env/ShellProfile.h"

#include <QDir>
#include <QFileInfo>

static constexpr OsFlavor LinuxOs = OsFlavor::Linux;

LinuxEnvironmentAnalysis::LinuxEnvironmentAnalysis(const EnvironmentLocations& locations)
    : m_locations(locations)
{
}

SearchOrder LinuxEnvironmentAnalysis::libraryOrder(const State& state) const
{
    LinuxLibrarySearchInputs inputs;
    inputs.ldLibraryPath = state.ldLibraryPath;
    inputs.cacheDirectories = LdSoConf::cacheDirectories(m_locations.systemRoot, state.pendingConf);
    inputs.defaultDirectories = LdSoConf::defaultDirectories(m_locations.systemRoot);
    return SearchOrders::linuxLibraries(inputs);
}

void LinuxEnvironmentAnalysis::addFileStep(EnvironmentReport& report,
                                           const QString& path,
                                           FileEditStep::Ownership ownership,
                                           const QByteArray& wanted,
                                           int effects) const
{
    const std::optional<QByteArray> current = FileEditStep::readFile(path);
    if (current == wanted)
        return;
    auto step = std::make_shared<FileEditStep>(path, ownership, current, wanted, effects);
    step->setInstallList(m_locations.installList());
    report.plan.steps.append(step);
}

void LinuxEnvironmentAnalysis::planUser(const State& before, State& after, EnvironmentReport& report) const
{
    const ShellProfile::LoginFile login = ShellProfile::loginFile(
        m_locations.homeDirectory, m_locations.shell(), [](const QString& path) { return QFileInfo::exists(path); });
    if (!login.readByShell) {
        report.diagnostics.append(
            Diagnostic::warning(EnvironmentCode::ShellUnsupported,
                                tr("Your login shell, %1, does not read %2; only programs started from sh-compatible "
                                   "login sessions and graphical sessions see the change.")
                                    .arg(login.shell, login.path),
                                tr("Add the toolkit's bin to PATH and its lib64 to LD_LIBRARY_PATH in your shell's "
                                   "own start-up file."))
                .about(login.path));
    }
    const QByteArray current = FileEditStep::readFile(login.path).value_or(QByteArray());
    addFileStep(report,
                login.path,
                FileEditStep::Ownership::MarkedBlock,
                ShellProfile::withBlock(current, ShellProfile::shellExports(report.toolDirs, report.libraryDirs)));
    addFileStep(report,
                QDir(m_locations.homeDirectory).filePath(QString::fromLatin1(EnvironmentDConf)),
                FileEditStep::Ownership::WholeFile,
                ShellProfile::environmentDLines(report.toolDirs, report.libraryDirs));
    after.ldLibraryPath = report.libraryDirs + before.ldLibraryPath;
    after.path = report.toolDirs + before.path;
}

void LinuxEnvironmentAnalysis::planMachine(State& after,
                                           const EnvironmentOptions& options,
                                           EnvironmentReport& report) const
{
    const SystemRoot& root = m_locations.systemRoot;
    QStringList systemToolDirs;
    for (const QString& directory : report.toolDirs)
        systemToolDirs.append(root.systemPath(directory));
    QByteArray loaderConf = "# Written by cudnn-setup: the chosen CUDA toolkit's libraries. Delete this file and run "
                            "ldconfig to undo.\n";
    for (const QString& directory : report.libraryDirs)
        loaderConf += root.systemPath(directory).toUtf8() + '\n';

    // Libraries go through the loader cache; the profile script only puts the tools on PATH.
    addFileStep(report,
                root.hostPath(QString::fromLatin1(ProfileScript)),
                FileEditStep::Ownership::WholeFile,
                ShellProfile::shellExports(systemToolDirs, {}));
    addFileStep(report,
                root.hostPath(QString::fromLatin1(LoaderConf)),
                FileEditStep::Ownership::WholeFile,
                loaderConf,
                EnvironmentStep::LoaderConfigChanged);
    after.pendingConf.insert(QString::fromLatin1(LoaderConf), loaderConf);
    after.path = report.toolDirs + after.path;

    if (options.retargetCudaLink && report.cudaLink && !report.cudaLink->pointsAtTarget) {
        report.plan.steps.append(std::make_shared<SymlinkStep>(root.hostPath(QString::fromLatin1(CudaLinkPath)),
                                                               report.cudaLink->target,
                                                               root.systemPath(report.target.toolkitRoot)));
    }
}

CudaLink LinuxEnvironmentAnalysis::cudaLink(const EnvironmentTarget& target) const
{
    CudaLink link;
    link.path = QString::fromLatin1(CudaLinkPath);
    const QString host = m_locations.systemRoot.hostPath(link.path);
    link.target = SymlinkStep::linkTarget(host);
    if (!link.target.isEmpty()) {
        const QString resolved = QDir::isAbsolutePath(link.target) ? m_locations.systemRoot.hostPath(link.target)
                                                                   : QFileInfo(host).dir().filePath(link.target);
        link.pointsAtTarget = sameLocation(LinuxOs, resolved, target.toolkitRoot);
    }
    return link;
}

EnvironmentReport LinuxEnvironmentAnalysis::analyse(const EnvironmentTarget& target,
                                                    EnvironmentScope scope,
                                                    const EnvironmentOptions& options) const
{
    EnvironmentReport report;
    report.os = LinuxOs;
    report.scope = scope;
    report.target = target;
    report.plan.os = LinuxOs;
    report.plan.scope = scope;

    const ListingSnapshot disk(*m_locations.listing);
    report.libraryDirs = target.libraryDirs(LinuxOs, disk);
    report.toolDirs = target.toolDirs(LinuxOs);
    const QStringList libraries = target.libraryNames(LinuxOs, disk);
    const QStringList tools = target.toolNames(LinuxOs);
    ListingOverlay installed(disk);
    for (const QString& name : libraries) {
        if (!disk.fileNames(report.libraryDirs.constFirst()).contains(name))
            installed.add(report.libraryDirs.constFirst(), name);
    }
    report.cudaLink = cudaLink(target);

    State before;
    const auto variable = [this](const char* name) { return m_locations.host.variable(QString::fromLatin1(name)); };
    before.ldLibraryPath = PathList::split(LinuxOs, variable("LD_LIBRARY_PATH"));
    before.path = PathList::split(LinuxOs, variable("PATH"));
    const SearchOrder beforeLibraries = libraryOrder(before);
    const SearchOrder beforeTools = SearchOrders::tools(LinuxOs, before.path, {});
    const LibraryResolver resolver(LinuxOs, installed);

    const auto targetLoses = [&](const QStringList& names, const SearchOrder& order, const QStringList& dirs) {
        return std::any_of(names.cbegin(), names.cend(), [&](const QString& name) {
            return !resolver.resolve(order, name).wonFrom(LinuxOs, dirs);
        });
    };
    State after = before;
    if (targetLoses(libraries, beforeLibraries, report.libraryDirs) || targetLoses(tools, beforeTools, report.toolDirs)
        || (scope == EnvironmentScope::Machine && options.retargetCudaLink && !report.cudaLink->pointsAtTarget)) {
        if (const auto refusal = RootSearchPath::refusal(LinuxOs, scope, report.toolDirs + report.libraryDirs))
            report.plan.diagnostics.append(*refusal);
        else if (scope == EnvironmentScope::User)
            planUser(before, after, report);
        else
            planMachine(after, options, report);
    }

    const SearchOrder afterLibraries = libraryOrder(after);
    const SearchOrder afterTools = SearchOrders::tools(LinuxOs, after.path, {});
    const ConflictFinder libraryFinder(LinuxOs, report.libraryDirs);
    const ConflictFinder toolFinder(LinuxOs, report.toolDirs, ConflictFinder::Searched::Tools);
    for (const QString& name : libraries + tools) {
        const bool isTool = tools.contains(name);
        const SearchOrder& beforeOrder = isTool ? beforeTools : beforeLibraries;
        const LibraryStatus status{resolver.resolve(beforeOrder, name),
                                   resolver.resolve(isTool ? afterTools : afterLibraries, name)};
        report.libraries.append(status);
        const ConflictFinder& finder = isTool ? toolFinder : libraryFinder;
        if (const auto conflict = finder.searchPathConflict(status))
            report.conflicts.append(*conflict);
        for (const QString& applicationDir : m_locations.applicationDirs) {
            // An RPATH (pip PyTorch's own nvidia/cudnn/lib) is searched before everything else.
            SearchLocation own;
            own.origin = SearchOrigin::ApplicationDir;
            own.directory = own.written = normalizedPath(LinuxOs, applicationDir);
            if (const auto conflict
                = finder.applicationConflict(resolver.resolve(SearchOrder{own} + beforeOrder, name)))
                report.conflicts.append(*conflict);
        }
    }

    for (const EnvironmentConflict& conflict : report.conflicts)
        report.diagnostics.append(report.diagnosticFor(conflict));
    report.diagnostics.append(report.plan.diagnostics);
    if (const std::optional<Diagnostic> link = report.cudaLinkDiagnostic())
        report.diagnostics.append(*link);
    report.notes.append(
        tr("pip-installed PyTorch ignores all of this: its RPATH points at its own nvidia-cudnn wheel."));
    if (report.restartNeeded())
        report.notes.append(report.restartNote());
    return report;
}
