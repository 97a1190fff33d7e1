#include "binary/LoaderCache.h"

#include <cstring>

namespace cudnnsetup::binary {

namespace {

// glibc sysdeps/generic/dl-cache.h: struct cache_file (old), struct cache_file_new and struct file_entry_new.
constexpr char kOldMagic[] = "ld.so-1.7.0";
constexpr char kNewMagic[] = "glibc-ld.so.cache1.1";
constexpr std::uint64_t kOldHeaderSize = 16; // magic[11] padded, nlibs
constexpr std::uint64_t kOldEntrySize = 12;
constexpr std::uint64_t kNewHeaderSize = 48;
constexpr std::uint64_t kNewEntrySize = 24;
constexpr std::uint32_t kMaxEntries = 1u << 20;

bool hasMagic(const ByteSource& source, std::uint64_t at, const char* magic)
{
    const std::size_t length = std::strlen(magic);
    std::string bytes(length, '\0');
    return source.read(at, length, bytes.data()) && bytes == magic;
}

} // namespace

std::optional<LoaderCache> parseLoaderCache(const ByteSource& source, std::string* error)
{
    std::uint64_t start = 0;
    if (hasMagic(source, 0, kOldMagic)) {
        const auto oldCount = source.u32(12);
        if (!oldCount || *oldCount > kMaxEntries) {
            if (error) {
                *error = "the old cache table is cut off";
            }
            return std::nullopt;
        }
        start = (kOldHeaderSize + kOldEntrySize * *oldCount + 7) & ~std::uint64_t(7);
    }
    if (!hasMagic(source, start, kNewMagic)) {
        if (error) {
            *error = "not a glibc loader cache (no glibc-ld.so.cache1.1 header)";
        }
        return std::nullopt;
    }
    const auto count = source.u32(start + 20);
    if (!count || *count > kMaxEntries) {
        if (error) {
            *error = "the cache header is cut off";
        }
        return std::nullopt;
    }
    LoaderCache cache;
    for (std::uint32_t i = 0; i < *count; ++i) {
        const std::uint64_t at = start + kNewHeaderSize + kNewEntrySize * i;
        const auto key = source.u32(at + 4);
        const auto value = source.u32(at + 8);
        if (!key || !value) {
            if (error) {
                *error = "the cache entries are cut off";
            }
            return std::nullopt;
        }
        // String offsets count from the new header (the start of the file when the old table is absent).
        auto name = source.cString(start + *key, 1024);
        auto path = source.cString(start + *value, 4096);
        if (name && path && !name->empty()) {
            cache[*name].push_back(std::move(*path));
        }
    }
    return cache;
}

} // namespace cudnnsetup::binary
