#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

/**
 * Random-access bytes for the binary-image parsers: a buffer in memory or a file read on demand (a cuDNN library
 * can be 250 MB; the parsers need a few kilobytes of it). Every read is bounds-checked here, so a parser can never
 * look outside the image whatever offsets a truncated or hostile file claims.
 */
namespace cudnnsetup::binary {

class ByteSource
{
public:
    virtual ~ByteSource() = default;
    virtual std::uint64_t size() const = 0;
    /** Copies `count` bytes at `offset` into `out`; false (nothing copied) when any of them lies outside. */
    bool read(std::uint64_t offset, std::size_t count, void* out) const;

    std::optional<std::uint8_t> u8(std::uint64_t offset) const;
    std::optional<std::uint16_t> u16(std::uint64_t offset, bool bigEndian = false) const;
    std::optional<std::uint32_t> u32(std::uint64_t offset, bool bigEndian = false) const;
    std::optional<std::uint64_t> u64(std::uint64_t offset, bool bigEndian = false) const;
    /** The NUL-terminated string at `offset`, at most `maxLength` bytes; nullopt if it runs off the end or past. */
    std::optional<std::string> cString(std::uint64_t offset, std::size_t maxLength = 4096) const;

protected:
    virtual bool readUnchecked(std::uint64_t offset, std::size_t count, void* out) const = 0;
};

/** Bytes someone already holds (not copied: they must outlive the source). */
class MemorySource final : public ByteSource
{
public:
    MemorySource(const void* data, std::size_t size);
    std::uint64_t size() const override { return m_size; }

private:
    bool readUnchecked(std::uint64_t offset, std::size_t count, void* out) const override;
    const std::uint8_t* m_data;
    std::size_t m_size;
};

/** A file opened for reading; reads seek. `open` returns nullptr with the reason in `error`. */
class FileSource final : public ByteSource
{
public:
    static std::unique_ptr<FileSource> open(const std::string& path, std::string* error = nullptr);
    ~FileSource() override;
    FileSource(const FileSource&) = delete;
    FileSource& operator=(const FileSource&) = delete;
    std::uint64_t size() const override { return m_size; }

private:
    FileSource(std::FILE* file, std::uint64_t size);
    bool readUnchecked(std::uint64_t offset, std::size_t count, void* out) const override;
    std::FILE* m_file;
    std::uint64_t m_size;
};

} // namespace cudnnsetup::binary
