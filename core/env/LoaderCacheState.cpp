#include "LoaderCacheState.h"

#include "binary/ElfImage.h"
#include "binary/LoaderCache.h"
#include "common/FileIdentity.h"
#include "env/EnvironmentRefresh.h"
#include "env/EnvironmentStep.h"
#include "env/LdSoConf.h"
#include "host/BoundedFile.h"

#include <QFile>
#include <QFileInfo>

#ifndef Q_OS_WIN
#include <unistd.h>
#endif

namespace LoaderCacheState {

namespace {

// A real cache is a few hundred kilobytes; a larger file is not one.
constexpr qint64 MaxCacheBytes = 64 * 1024 * 1024;

/** The one read of the cache file: a regular file, opened without blocking, at most MaxCacheBytes. */
QByteArray readCacheBytes(const QString& path, QString* error)
{
    const BoundedRead read = readBoundedFile(path, MaxCacheBytes);
    if (!read.ok || read.truncated) {
        *error
            = read.truncated ? QStringLiteral("%1 is larger than %2 bytes").arg(path).arg(MaxCacheBytes) : read.error;
        return {};
    }
    return read.data;
}

/** Entries of another word size (ldconfig lists the 32-bit copies too); this machine's loader skips them. */
bool otherWordSize(const QString& path)
{
    for (const char* marker : {"/i386-linux-gnu/", "/i686-linux-gnu/", "/lib32/", "/libx32/"}) {
        if (path.contains(QLatin1String(marker)))
            return true;
    }
    return false;
}

} // namespace

Snapshot read(const SystemRoot& root)
{
    Snapshot snapshot;
    const QByteArray bytes = readCacheBytes(root.hostPath(QString::fromLatin1(CacheFile)), &snapshot.error);
    if (bytes.isEmpty()) {
        if (snapshot.error.isEmpty())
            snapshot.error = QStringLiteral("the cache is empty");
        return snapshot;
    }
    const cudnnsetup::binary::MemorySource source(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    std::string error;
    const auto cache = cudnnsetup::binary::parseLoaderCache(source, &error);
    if (!cache) {
        snapshot.error = QString::fromStdString(error);
        return snapshot;
    }
    snapshot.read = true;
    for (const auto& [name, paths] : *cache) {
        QStringList kept;
        for (const std::string& path : paths) {
            const QString text = QString::fromStdString(path);
            if (!otherWordSize(text))
                kept.append(text);
        }
        if (!kept.isEmpty())
            snapshot.entries.insert(QString::fromStdString(name), kept);
    }
    return snapshot;
}

QList<SearchLocation> locations(const Snapshot& cache, const SystemRoot& root, const QStringList& names)
{
    QList<SearchLocation> found;
    for (const QString& name : names) {
        const QStringList paths = cache.entries.value(name);
        if (paths.isEmpty())
            continue;
        SearchLocation location;
        location.origin = SearchOrigin::LdCache;
        location.written = QFileInfo(paths.constFirst()).path();
        location.directory = normalizedPath(OsFlavor::Linux, root.hostPath(location.written));
        location.source = QString::fromLatin1(CacheFile);
        location.onlyNames = {name};
        found.append(location);
    }
    return found;
}

bool holdsSoname(const QString& path, const QString& soname)
{
    const auto source = cudnnsetup::binary::FileSource::open(QFile::encodeName(path).toStdString());
    if (!source)
        return false;
    const auto image = cudnnsetup::binary::parseElf(*source);
    return image && image->soname == soname.toStdString();
}

bool mayRebuild(const EnvironmentLocations& locations)
{
    if (locations.loaderCacheRebuildable)
        return *locations.loaderCacheRebuildable;
#ifdef Q_OS_WIN
    return false;
#else
    return locations.os() == OsFlavor::Linux && ::geteuid() == 0;
#endif
}

bool covers(const EnvironmentLocations& locations, const Snapshot& cache, const QStringList& folders)
{
    QStringList covered;
    for (const SearchLocation& location : LdSoConf::cacheDirectories(locations.systemRoot))
        covered.append(location.directory);
    for (const QStringList& paths : cache.entries) {
        for (const QString& path : paths)
            covered.append(locations.systemRoot.hostPath(QFileInfo(path).path()));
    }
    covered.removeDuplicates();
    return std::any_of(folders.cbegin(), folders.cend(), [&](const QString& folder) {
        return std::any_of(covered.cbegin(), covered.cend(), [&](const QString& directory) {
            return sameLocation(OsFlavor::Linux, directory, folder);
        });
    });
}

QList<OperationPointer> framing(const EnvironmentLocations& locations, const QStringList& folders, bool evenUncovered)
{
    if (locations.os() != OsFlavor::Linux || (folders.isEmpty() && !evenUncovered) || !mayRebuild(locations))
        return {};
    if (!evenUncovered && !covers(locations, read(locations.systemRoot), folders))
        return {};
    return {std::make_shared<EnvironmentRefresh>(
                EnvironmentStep::LoaderConfigChanged, EnvironmentRefresh::When::AfterUndo, locations),
            std::make_shared<EnvironmentRefresh>(
                EnvironmentStep::LoaderConfigChanged, EnvironmentRefresh::When::AfterPerform, locations)};
}

} // namespace LoaderCacheState
