#include "ProgramSearchOrder.h"

#include "env/EnvironmentLocations.h"
#include "env/LdSoConf.h"
#include "env/LoaderCacheState.h"
#include "env/ShellProfile.h"
#include "env/WindowsEnvironment.h"
#include "host/PathList.h"

namespace ProgramSearchOrder {

namespace {

/** The folders as the walker opens them: one separator style (Path holds backslashes, the folders we add slashes). */
std::vector<std::string> local(OsFlavor os, const QStringList& paths)
{
    std::vector<std::string> out;
    for (const QString& path : paths)
        out.push_back(normalizedPath(os, path).toStdString());
    return out;
}

QStringList variableEntries(const EnvironmentLocations& locations, Session session)
{
    const HostEnvironment& host = locations.host;
    if (locations.os() == OsFlavor::Windows) {
        if (session == Session::NewLogin && locations.store) {
            // What Explorer hands a new process: the machine Path, then the user's, from the registry as it is now.
            const WindowsEnvironment registry(*locations.store,
                                              [&host](const QString& name) { return host.variable(name); });
            return PathList::split(OsFlavor::Windows, registry.effective(QStringLiteral("Path")));
        }
        return PathList::split(OsFlavor::Windows, host.variable(QStringLiteral("PATH")));
    }
    const QString name = QStringLiteral("LD_LIBRARY_PATH");
    QString value = host.variable(name);
    if (session == Session::NewLogin)
        value = ShellProfile::loginVariables(locations.homeDirectory, locations.shell(), {{name, value}}, {name})
                    .value(name);
    return PathList::split(OsFlavor::Linux, value);
}

} // namespace

Order forSession(const EnvironmentLocations& locations, Session session, const QStringList& ownFolders)
{
    Order order;
    order.variableEntries = variableEntries(locations, session);
    cudnnsetup::binary::SearchOrder& loader = order.loader;
    loader.listFolder = cudnnsetup::binary::listFolderOnDisk;
    loader.openFile = cudnnsetup::binary::openFileOnDisk;
    if (locations.os() == OsFlavor::Windows) {
        // The DLL search of a desktop program (SafeDllSearchMode): its own folder, System32, the Windows folder, Path.
        loader.rules = cudnnsetup::binary::LoaderRules::Windows;
        loader.folders = local(OsFlavor::Windows, ownFolders + locations.systemFolders() + order.variableEntries);
        return order;
    }
    loader.rules = cudnnsetup::binary::LoaderRules::Linux;
    // The walker searches RPATH before LD_LIBRARY_PATH; a program's own folders stand for its RPATH here.
    loader.folders = local(OsFlavor::Linux, ownFolders + order.variableEntries);
    const LoaderCacheState::Snapshot cache = LoaderCacheState::read(locations.systemRoot);
    for (auto it = cache.entries.cbegin(); it != cache.entries.cend(); ++it) {
        std::vector<std::string>& paths = loader.loaderCache[it.key().toStdString()];
        for (const QString& path : it.value())
            paths.push_back(locations.systemRoot.hostPath(path).toStdString());
    }
    for (const SearchLocation& location : LdSoConf::defaultDirectories(locations.systemRoot))
        loader.defaultFolders.push_back(location.directory.toStdString());
    return order;
}

} // namespace ProgramSearchOrder
