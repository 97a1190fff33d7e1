#pragma once

#include "env/SearchOrder.h"
#include "env/SystemRoot.h"

#include <QMap>

/**
 * What ldconfig would put in the loader cache, as an ordered list of directories: /etc/ld.so.conf with its
 * `include` globs (sorted, as glob(3) returns them), comments and `hwcap` lines skipped. When two directories
 * hold the same SONAME the one scanned first wins, so this order is the cache's priority.
 */
namespace LdSoConf {

/** Conf files as they will be once a plan is applied: system path -> content. */
using PendingFiles = QMap<QString, QByteArray>;

/**
 * The cache directories (origin LdCache), host paths, each with the conf file that names it as source. pending
 * files are read instead of (or in addition to) the disk's.
 */
QList<SearchLocation> cacheDirectories(const SystemRoot& root,
                                       const PendingFiles& pending = {},
                                       const QString& confPath = QStringLiteral("/etc/ld.so.conf"));
/** ld.so's trusted directories for x86_64 (Debian multiarch first), searched after the cache. */
QList<SearchLocation> defaultDirectories(const SystemRoot& root);

} // namespace LdSoConf
