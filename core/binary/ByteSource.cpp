#include "binary/ByteSource.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#endif

namespace cudnnsetup::binary {

bool ByteSource::read(std::uint64_t offset, std::size_t count, void* out) const
{
    const std::uint64_t total = size();
    if (offset > total || count > total - offset) {
        return false;
    }
    return count == 0 || readUnchecked(offset, count, out);
}

std::optional<std::uint8_t> ByteSource::u8(std::uint64_t offset) const
{
    std::uint8_t value = 0;
    return read(offset, 1, &value) ? std::optional<std::uint8_t>(value) : std::nullopt;
}

namespace {

template <typename Int> std::optional<Int> decode(const ByteSource& source, std::uint64_t offset, bool bigEndian)
{
    std::uint8_t bytes[sizeof(Int)];
    if (!source.read(offset, sizeof bytes, bytes)) {
        return std::nullopt;
    }
    Int value = 0;
    for (std::size_t i = 0; i < sizeof bytes; ++i) {
        const std::size_t index = bigEndian ? i : sizeof bytes - 1 - i;
        value = static_cast<Int>(value << 8 | bytes[index]);
    }
    return value;
}

} // namespace

std::optional<std::uint16_t> ByteSource::u16(std::uint64_t offset, bool bigEndian) const
{
    return decode<std::uint16_t>(*this, offset, bigEndian);
}

std::optional<std::uint32_t> ByteSource::u32(std::uint64_t offset, bool bigEndian) const
{
    return decode<std::uint32_t>(*this, offset, bigEndian);
}

std::optional<std::uint64_t> ByteSource::u64(std::uint64_t offset, bool bigEndian) const
{
    return decode<std::uint64_t>(*this, offset, bigEndian);
}

std::optional<std::string> ByteSource::cString(std::uint64_t offset, std::size_t maxLength) const
{
    std::string text;
    char chunk[64];
    while (text.size() <= maxLength) {
        const std::uint64_t total = size();
        if (offset >= total) {
            return std::nullopt;
        }
        const std::size_t count = static_cast<std::size_t>(std::min<std::uint64_t>(sizeof chunk, total - offset));
        if (!read(offset, count, chunk)) {
            return std::nullopt;
        }
        const void* nul = std::memchr(chunk, '\0', count);
        if (nul) {
            text.append(chunk, static_cast<const char*>(nul) - chunk);
            return text.size() <= maxLength ? std::optional<std::string>(text) : std::nullopt;
        }
        text.append(chunk, count);
        offset += count;
    }
    return std::nullopt;
}

MemorySource::MemorySource(const void* data, std::size_t size)
    : m_data(static_cast<const std::uint8_t*>(data))
    , m_size(data ? size : 0)
{
}

bool MemorySource::readUnchecked(std::uint64_t offset, std::size_t count, void* out) const
{
    std::memcpy(out, m_data + offset, count);
    return true;
}

#ifdef _WIN32
namespace {

std::wstring widePath(const std::string& utf8)
{
    const int length = MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), nullptr, 0);
    std::wstring wide(static_cast<std::size_t>(length > 0 ? length : 0), L'\0');
    if (length > 0) {
        MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), wide.data(), length);
    }
    return wide;
}

} // namespace
#endif

std::unique_ptr<FileSource> FileSource::open(const std::string& path, std::string* error)
{
#ifdef _WIN32
    std::FILE* file = _wfopen(widePath(path).c_str(), L"rb");
#else
    std::FILE* file = std::fopen(path.c_str(), "rb");
#endif
    if (!file) {
        if (error) {
            *error = path + ": " + std::strerror(errno);
        }
        return nullptr;
    }
#ifdef _WIN32
    const bool sought = _fseeki64(file, 0, SEEK_END) == 0;
    const long long end = sought ? _ftelli64(file) : -1;
#else
    const bool sought = fseeko(file, 0, SEEK_END) == 0;
    const long long end = sought ? static_cast<long long>(ftello(file)) : -1;
#endif
    if (end < 0) {
        if (error) {
            *error = path + ": cannot determine the file size";
        }
        std::fclose(file);
        return nullptr;
    }
    return std::unique_ptr<FileSource>(new FileSource(file, static_cast<std::uint64_t>(end)));
}

FileSource::FileSource(std::FILE* file, std::uint64_t size)
    : m_file(file)
    , m_size(size)
{
}

FileSource::~FileSource()
{
    std::fclose(m_file);
}

bool FileSource::readUnchecked(std::uint64_t offset, std::size_t count, void* out) const
{
#ifdef _WIN32
    if (_fseeki64(m_file, static_cast<long long>(offset), SEEK_SET) != 0) {
#else
    if (fseeko(m_file, static_cast<off_t>(offset), SEEK_SET) != 0) {
#endif
        return false;
    }
    return std::fread(out, 1, count, m_file) == count;
}

} // namespace cudnnsetup::binary
