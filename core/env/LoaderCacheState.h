#pragma once

#include "env/EnvironmentLocations.h"
#include "env/SearchLocation.h"
#include "install/Operation.h"

#include <QMap>
#include <QStringList>

/**
 * The loader cache as it is: the file (/etc/ld.so.cache) a bare-name dlopen consults after LD_LIBRARY_PATH. ldconfig
 * builds it from the folders /etc/ld.so.conf(.d) names, but only when it runs: a file added to such a folder is not
 * in the cache until then, and a file removed stays named in it (the loader then falls through to the default
 * folders). LdSoConf says what the cache would hold once rebuilt; this says what it holds now.
 */
namespace LoaderCacheState {

inline constexpr char CacheFile[] = "/etc/ld.so.cache";

struct Snapshot
{
    bool read = false; // false: no cache file (or not one): the loader then uses only the default folders
    QString error;
    QMap<QString, QStringList> entries; // SONAME -> system paths, in cache order, for this machine's word size
};

/** <root>/etc/ld.so.cache. Every read of it goes through here (one place for the bounded read of issue #38). */
Snapshot read(const SystemRoot& root);

/**
 * Where the cache sends each of names: one location per name it lists (the folder of its first entry, serving that
 * name only), host paths, source CacheFile.
 */
QList<SearchLocation> locations(const Snapshot& cache, const SystemRoot& root, const QStringList& names);

/** Whether path is an ELF shared object whose SONAME is soname: what ldconfig files in the cache. */
bool holdsSoname(const QString& path, const QString& soname);

/** Whether this process may rebuild the cache: root (tests say it through EnvironmentLocations). */
bool mayRebuild(const EnvironmentLocations& locations);

/**
 * Whether any of folders (host paths) is one the cache covers: named by a conf file, or holding a file the cache
 * names now. A change to such a folder's files leaves the cache stale until ldconfig runs.
 */
bool covers(const EnvironmentLocations& locations, const Snapshot& cache, const QStringList& folders);

/**
 * The two operations that make the cache part of a transaction whose files change in folders: the first goes
 * before every file (it rebuilds once they are undone: a rollback, a recovery), the second after them (it rebuilds
 * once they are performed). Empty when no folder is covered (evenUncovered: the rebuild is the fix itself) or this
 * process may not rebuild.
 */
QList<OperationPointer>
framing(const EnvironmentLocations& locations, const QStringList& folders, bool evenUncovered = false);

} // namespace LoaderCacheState
