#pragma once

#include "binary/ByteSource.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

/**
 * The glibc loader cache (/etc/ld.so.cache, written by ldconfig): which file each library name resolves to. Read
 * from bytes in the "glibc-ld.so.cache1.1" format, alone or after the old "ld.so-1.7.0" table.
 */
namespace cudnnsetup::binary {

/** name ("libz.so.1") -> every path the cache lists for it, in cache order (one per architecture). */
using LoaderCache = std::map<std::string, std::vector<std::string>>;

/** nullopt with `error` set when the bytes are not a loader cache. */
std::optional<LoaderCache> parseLoaderCache(const ByteSource& source, std::string* error = nullptr);

} // namespace cudnnsetup::binary
