#include "ProgramSearchOrder.h"

#include "env/EnvironmentLocations.h"
#include "env/LdSoConf.h"
#include "env/LoaderCacheState.h"
#include "env/ShellProfile.h"
#include "env/WindowsEnvironment.h"
#include "host/PathList.h"

#include <QFileInfo>
#include <algorithm>

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

/** What a Linux login starts with before its files: this process's PATH (see sessionVariables), no LD_LIBRARY_PATH. */
QMap<QString, QString> loginBase(const EnvironmentLocations& locations)
{
    return {{QStringLiteral("PATH"), locations.host.variable(QStringLiteral("PATH"))},
            {QStringLiteral("LD_LIBRARY_PATH"), QString()}};
}

} // namespace

QMap<QString, QString>
sessionVariables(const EnvironmentLocations& locations, Session session, const QMap<QString, QByteArray>& planned)
{
    const HostEnvironment& host = locations.host;
    const QString path = QStringLiteral("PATH");
    const QString libraryPath = QStringLiteral("LD_LIBRARY_PATH");
    QMap<QString, QString> variables{{path, host.variable(path)}};
    if (locations.os() == OsFlavor::Windows) {
        if (session == Session::NewLogin && locations.store) {
            const WindowsEnvironment registry(*locations.store,
                                              [&host](const QString& name) { return host.variable(name); });
            const QString effective = registry.effective(QStringLiteral("Path"));
            if (!effective.isEmpty())
                variables.insert(path, effective);
        }
        return variables;
    }
    if (session == Session::ThisTerminal) {
        variables.insert(libraryPath, host.variable(libraryPath));
        return variables;
    }
    const QMap<QString, QString> base = loginBase(locations);
    return ShellProfile::loginVariables(
        locations.homeDirectory, locations.shell(), locations.systemRoot, base, base.keys(), planned);
}

QString newLoginFileNaming(const EnvironmentLocations& locations, const QString& folder)
{
    if (locations.os() == OsFlavor::Windows)
        return {};
    const QString wanted = QFileInfo(folder).canonicalFilePath();
    const auto names = [&wanted](const QMap<QString, QString>& variables) {
        const QStringList entries
            = PathList::split(OsFlavor::Linux, variables.value(QStringLiteral("LD_LIBRARY_PATH")));
        return std::any_of(entries.cbegin(), entries.cend(), [&wanted](const QString& entry) {
            return !wanted.isEmpty() && QFileInfo(entry).canonicalFilePath() == wanted;
        });
    };
    const QMap<QString, QString> base = loginBase(locations);
    const QString file = ShellProfile::fileThatMakes(
        locations.homeDirectory, locations.shell(), locations.systemRoot, base, base.keys(), names);
    return file.isEmpty() ? file : locations.systemRoot.systemPath(file);
}

QStringList variableEntries(const EnvironmentLocations& locations, Session session)
{
    const QString name
        = locations.os() == OsFlavor::Windows ? QStringLiteral("PATH") : QStringLiteral("LD_LIBRARY_PATH");
    return PathList::split(locations.os(), sessionVariables(locations, session).value(name));
}

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
