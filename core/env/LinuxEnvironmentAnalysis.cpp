#include "LinuxEnvironmentAnalysis.h"

#include "common/FileIdentity.h"
#include "env/ConflictFinder.h"
#include "env/EnvironmentCode.h"
#include "env/LibraryResolver.h"
#include "env/ProgramSearchOrder.h"
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
    // ld.so asks the cache file, never the conf files: what ldconfig built last, until it runs again.
    inputs.cacheDirectories = state.cacheAsIs && m_cache.read
        ? LoaderCacheState::locations(m_cache, m_locations.systemRoot, m_libraryNames)
        : LdSoConf::cacheDirectories(m_locations.systemRoot, state.pendingConf);
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

void LinuxEnvironmentAnalysis::planUser(State& after, EnvironmentReport& report) const
{
    const ShellProfile::LoginFile login = ShellProfile::loginFile(
        m_locations.homeDirectory, m_locations.shell(), [](const QString& path) { return QFileInfo::exists(path); });
    if (!login.readByShell) {
        report.diagnostics.append(
            Diagnostic::of(EnvironmentCode::ShellUnsupported,
                           tr("Your login shell, %1, does not read %2; only programs started from sh-compatible "
                              "login sessions and graphical sessions see the change.")
                               .arg(login.shell, login.path),
                           tr("Add the toolkit's bin to PATH and its lib64 to LD_LIBRARY_PATH in your shell's "
                              "own start-up file."))
                .about(login.path));
    }
    const QByteArray current = FileEditStep::readFile(login.path).value_or(QByteArray());
    const QByteArray profile
        = ShellProfile::withBlock(current, ShellProfile::shellExports(report.toolDirs, report.libraryDirs));
    addFileStep(report, login.path, FileEditStep::Ownership::MarkedBlock, profile);
    addFileStep(report,
                QDir(m_locations.homeDirectory).filePath(QString::fromLatin1(EnvironmentDConf)),
                FileEditStep::Ownership::WholeFile,
                ShellProfile::environmentDLines(report.toolDirs, report.libraryDirs));
    // What a new login gets with the block in place: a start-up file read after it (~/.bashrc) may still come first.
    const QMap<QString, QString> withBlock = ProgramSearchOrder::sessionVariables(
        m_locations, ProgramSearchOrder::Session::NewLogin, {{login.path, profile}});
    after.ldLibraryPath = PathList::split(LinuxOs, withBlock.value(QStringLiteral("LD_LIBRARY_PATH")));
    after.path = PathList::split(LinuxOs, withBlock.value(QStringLiteral("PATH")));
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

void LinuxEnvironmentAnalysis::judgeLoaderCache(const QStringList& libraries,
                                                const State& before,
                                                EnvironmentReport& report) const
{
    LoaderCacheFacts& facts = *report.loaderCache;
    const ListingSnapshot disk(*m_locations.listing);
    const LibraryResolver resolver(LinuxOs, disk);
    State rebuilt = before;
    rebuilt.cacheAsIs = false;
    const SearchOrder nowOrder = libraryOrder(before);
    const SearchOrder rebuiltOrder = libraryOrder(rebuilt);
    for (const QString& name : libraries) {
        const LibraryResolution now = resolver.resolve(nowOrder, name);
        const LibraryResolution then = resolver.resolve(rebuiltOrder, name);
        const bool same = now.winner && then.winner ? sameLocation(LinuxOs, now.winner->path, then.winner->path)
                                                    : !now.winner && !then.winner;
        // ldconfig files a library under the SONAME inside it: a file it cannot read as one is never in the cache.
        const bool cacheable = !then.winner || then.winner->location.origin != SearchOrigin::LdCache
            || LoaderCacheState::holdsSoname(then.winner->path, name);
        if (!same && cacheable)
            facts.stale.append({name, now.winner, then.winner});
    }
    for (const LoaderCacheFacts::Stale& entry : std::as_const(facts.stale)) {
        const QString nowText = entry.now ? displayPath(LinuxOs, entry.now->path) : tr("no copy at all");
        const QString thenText = entry.rebuilt ? displayPath(LinuxOs, entry.rebuilt->path) : tr("no copy at all");
        report.diagnostics.append(
            Diagnostic::of(
                EnvironmentCode::LoaderCacheStale,
                tr("The loader cache is out of date: new programs get %1 for %2 until it is rebuilt; then they get "
                   "%3.")
                    .arg(nowText, entry.library, thenText),
                facts.mayRebuild ? tr("A repair rebuilds it (ldconfig).") : tr("Run ldconfig as root to rebuild it."))
                .about(entry.rebuilt ? entry.rebuilt->path : entry.library));
    }
}

EnvironmentReport LinuxEnvironmentAnalysis::analyse(const EnvironmentTarget& target,
                                                    EnvironmentScope scope,
                                                    const EnvironmentOptions& options)
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

    m_cache = LoaderCacheState::read(m_locations.systemRoot);
    m_libraryNames = libraries;
    State before;
    // What a new login gets: nothing of this terminal's LD_LIBRARY_PATH, the login's files as the shell applies them.
    const QMap<QString, QString> login
        = ProgramSearchOrder::sessionVariables(m_locations, ProgramSearchOrder::Session::NewLogin);
    before.ldLibraryPath = PathList::split(LinuxOs, login.value(QStringLiteral("LD_LIBRARY_PATH")));
    before.path = PathList::split(LinuxOs, login.value(QStringLiteral("PATH")));
    const SearchOrder beforeLibraries = libraryOrder(before);

    // The cache: a change whose files land in a folder it covers rebuilds it in the same transaction (root), and
    // so does a repair of a stale cache. A user who may not rebuild it keeps what it names now.
    report.loaderCache = LoaderCacheFacts{};
    report.loaderCache->read = m_cache.read;
    report.loaderCache->mayRebuild = LoaderCacheState::mayRebuild(m_locations);
    report.loaderCache->coversTarget
        = m_cache.read && LoaderCacheState::covers(m_locations, m_cache, report.libraryDirs);
    if (m_cache.read)
        judgeLoaderCache(libraries, before, report);
    report.loaderCache->rebuilt = m_cache.read && report.loaderCache->mayRebuild
        && (report.loaderCache->coversTarget || !report.loaderCache->stale.isEmpty());
    report.plan.rebuildsLoaderCache = report.loaderCache->mayRebuild && !report.loaderCache->stale.isEmpty();
    State planning = before;
    planning.cacheAsIs = !report.loaderCache->rebuilt;
    const SearchOrder planningLibraries = libraryOrder(planning);
    const SearchOrder beforeTools = SearchOrders::tools(LinuxOs, before.path, {});
    const LibraryResolver resolver(LinuxOs, installed);

    const auto targetLoses = [&](const QStringList& names, const SearchOrder& order, const QStringList& dirs) {
        return std::any_of(names.cbegin(), names.cend(), [&](const QString& name) {
            return !resolver.resolve(order, name).wonFrom(LinuxOs, dirs);
        });
    };
    State after = planning;
    if (targetLoses(libraries, planningLibraries, report.libraryDirs)
        || targetLoses(tools, beforeTools, report.toolDirs)
        || (scope == EnvironmentScope::Machine && options.retargetCudaLink && !report.cudaLink->pointsAtTarget)) {
        if (const auto refusal = RootSearchPath::refusal(LinuxOs, scope, report.toolDirs + report.libraryDirs))
            report.plan.diagnostics.append(*refusal);
        else if (scope == EnvironmentScope::User)
            planUser(after, report);
        else
            planMachine(after, options, report);
    }
    if (report.loaderCache->coversTarget && !report.loaderCache->mayRebuild) {
        State rebuilt = planning;
        rebuilt.cacheAsIs = false;
        if (targetLoses(libraries, planningLibraries, report.libraryDirs)
            && !targetLoses(libraries, libraryOrder(rebuilt), report.libraryDirs)) {
            report.diagnostics.append(Diagnostic::of(
                EnvironmentCode::LoaderCacheRootOnly,
                tr("The loader cache covers %1, but only root can rebuild it, so new programs would go on getting "
                   "the copies it names now; the fix puts the toolkit first on LD_LIBRARY_PATH instead.")
                    .arg(displayPath(LinuxOs, report.libraryDirs.constFirst())),
                tr("Install as root to have the loader cache rebuilt, or keep the LD_LIBRARY_PATH fix.")));
        }
    }
    if (std::any_of(report.plan.steps.cbegin(), report.plan.steps.cend(), [](const auto& step) {
            return step->effects() & EnvironmentStep::LoaderConfigChanged;
        }))
        after.cacheAsIs = false; // the conf step's ldconfig rebuilds it

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

    report.diagnostics.append(report.conflictDiagnostics());
    report.diagnostics.append(report.plan.diagnostics);
    if (const std::optional<Diagnostic> link = report.cudaLinkDiagnostic())
        report.diagnostics.append(*link);
    report.notes.append(
        tr("pip-installed PyTorch ignores all of this: its RPATH points at its own nvidia-cudnn wheel."));
    if (report.restartNeeded())
        report.notes.append(report.restartNote());
    return report;
}
