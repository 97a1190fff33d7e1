#include "LibraryResolver.h"

#include "common/FileIdentity.h"

#include <QJsonArray>

QJsonObject CopyProvenance::toJson(OsFlavor os) const
{
    const auto textOrNull = [](const QString& text) { return text.isEmpty() ? QJsonValue() : QJsonValue(text); };
    return {
        {QStringLiteral("origin"), cudnnOriginName(origin)},
        {QStringLiteral("managed_by"), textOrNull(packageManagerName(managedBy))},
        {QStringLiteral("package"), textOrNull(package)},
        {QStringLiteral("package_version"), textOrNull(packageVersion)},
        {QStringLiteral("environment"), textOrNull(environment.isEmpty() ? QString() : displayPath(os, environment))}};
}

QJsonObject LibraryCopy::toJson(OsFlavor os) const
{
    QJsonObject json = location.toJson(os);
    json.insert(QStringLiteral("path"), displayPath(os, path));
    if (copy)
        json.insert(QStringLiteral("copy"), copy->toJson(os));
    return json;
}

bool LibraryResolution::wonFrom(OsFlavor os, const QStringList& directories) const
{
    if (!winner)
        return false;
    return std::any_of(directories.cbegin(), directories.cend(), [&](const QString& directory) {
        return sameLocation(os, directory, winner->location.directory);
    });
}

QJsonObject LibraryResolution::toJson(OsFlavor os) const
{
    QJsonArray losers;
    for (const LibraryCopy& copy : shadowed)
        losers.append(copy.toJson(os));
    return {{QStringLiteral("library"), library},
            {QStringLiteral("winner"), winner ? QJsonValue(winner->toJson(os)) : QJsonValue()},
            {QStringLiteral("shadowed"), losers}};
}

LibraryResolver::LibraryResolver(OsFlavor os, const DirectoryListing& listing)
    : m_os(os)
    , m_listing(listing)
{
}

QString LibraryResolver::findIn(const QString& directory, const QString& name) const
{
    for (const QString& present : m_listing.fileNames(directory)) {
        if (present.compare(name, fileNameCase(m_os)) == 0)
            return present;
    }
    return {};
}

LibraryResolution LibraryResolver::resolve(const SearchOrder& order, const QString& name) const
{
    LibraryResolution resolution;
    resolution.library = name;
    QStringList seenPaths;
    for (const SearchLocation& location : order) {
        if (!location.onlyNames.isEmpty() && !location.onlyNames.contains(name, fileNameCase(m_os)))
            continue;
        const QString present = findIn(location.directory, name);
        if (present.isNull())
            continue;
        const QString path = joinPath(m_os, location.directory, present);
        // A directory named twice (System32 via KnownDLLs and again, a duplicate PATH entry, /usr/local/cuda/lib64
        // and the cuda-13.0/lib the loader cache names) is one copy.
        const bool seen = std::any_of(
            seenPaths.cbegin(), seenPaths.cend(), [&](const QString& p) { return sameLocation(m_os, p, path); });
        if (seen)
            continue;
        seenPaths.append(path);
        if (!resolution.winner)
            resolution.winner = LibraryCopy{path, location, std::nullopt};
        else
            resolution.shadowed.append(LibraryCopy{path, location, std::nullopt});
    }
    return resolution;
}
