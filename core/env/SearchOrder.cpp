#include "SearchOrder.h"

#include <QJsonArray>

QString searchOriginName(SearchOrigin origin)
{
    switch (origin) {
    case SearchOrigin::KnownDlls:
        return QStringLiteral("known_dlls");
    case SearchOrigin::ApplicationDir:
        return QStringLiteral("application_dir");
    case SearchOrigin::System32:
        return QStringLiteral("system32");
    case SearchOrigin::WindowsDir:
        return QStringLiteral("windows_dir");
    case SearchOrigin::CurrentDir:
        return QStringLiteral("current_dir");
    case SearchOrigin::MachinePath:
        return QStringLiteral("machine_path");
    case SearchOrigin::UserPath:
        return QStringLiteral("user_path");
    case SearchOrigin::LdLibraryPath:
        return QStringLiteral("ld_library_path");
    case SearchOrigin::LdCache:
        return QStringLiteral("ld_cache");
    case SearchOrigin::DefaultDir:
        return QStringLiteral("default_dir");
    case SearchOrigin::Path:
        return QStringLiteral("path");
    }
    return QStringLiteral("path");
}

QJsonObject SearchLocation::toJson(OsFlavor os) const
{
    QJsonObject json{{QStringLiteral("via"), searchOriginName(origin)},
                     {QStringLiteral("directory"), displayPath(os, directory)}};
    if (!written.isEmpty() && written != displayPath(os, directory))
        json.insert(QStringLiteral("written"), written);
    if (!source.isEmpty())
        json.insert(QStringLiteral("source"), source);
    return json;
}

namespace SearchOrders {

static SearchLocation location(SearchOrigin origin, const QString& directory, const QString& written = {})
{
    SearchLocation l;
    l.origin = origin;
    l.directory = directory;
    l.written = written.isEmpty() ? directory : written;
    return l;
}

static void appendPath(OsFlavor os,
                       SearchOrder& order,
                       SearchOrigin origin,
                       const QStringList& entries,
                       const PathList::VariableLookup& lookup)
{
    for (const QString& entry : entries) {
        const QString unquoted = PathList::split(os, entry).value(0);
        if (unquoted.isEmpty())
            continue;
        order.append(location(origin, normalizedPath(os, PathList::expand(os, unquoted, lookup)), entry.trimmed()));
    }
}

SearchOrder windowsDlls(const WindowsDllSearchInputs& inputs)
{
    const OsFlavor os = OsFlavor::Windows;
    SearchOrder order;
    if (!inputs.knownDlls.isEmpty()) {
        SearchLocation known = location(SearchOrigin::KnownDlls, normalizedPath(os, inputs.system32));
        known.onlyNames = inputs.knownDlls;
        order.append(known);
    }
    if (!inputs.applicationDir.isEmpty())
        order.append(location(SearchOrigin::ApplicationDir, normalizedPath(os, inputs.applicationDir)));
    order.append(location(SearchOrigin::System32, normalizedPath(os, inputs.system32)));
    order.append(location(SearchOrigin::WindowsDir, normalizedPath(os, inputs.windowsDir)));
    if (!inputs.currentDir.isEmpty())
        order.append(location(SearchOrigin::CurrentDir, normalizedPath(os, inputs.currentDir)));
    appendPath(os, order, SearchOrigin::MachinePath, inputs.machinePath, inputs.machineLookup);
    appendPath(os, order, SearchOrigin::UserPath, inputs.userPath, inputs.userLookup);
    return order;
}

SearchOrder linuxLibraries(const LinuxLibrarySearchInputs& inputs)
{
    const OsFlavor os = OsFlavor::Linux;
    SearchOrder order;
    for (const QString& entry : inputs.ldLibraryPath)
        order.append(location(SearchOrigin::LdLibraryPath, normalizedPath(os, entry), entry));
    order.append(inputs.cacheDirectories);
    order.append(inputs.defaultDirectories);
    return order;
}

SearchOrder tools(OsFlavor os, const QStringList& pathEntries, const PathList::VariableLookup& lookup)
{
    SearchOrder order;
    appendPath(os, order, SearchOrigin::Path, pathEntries, lookup);
    return order;
}

} // namespace SearchOrders
