#pragma once

#include "binary/ByteSource.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/**
 * What a Windows DLL or EXE says about itself, read from its bytes (no Windows API): the machine, the DLLs it
 * imports (import table, data directory 1) and delay-loads (data directory 13), and the fixed part of its version
 * resource (VS_FIXEDFILEINFO in RT_VERSION), the "File version" Explorer shows.
 */
namespace cudnnsetup::binary {

constexpr std::uint16_t kPeMachineI386 = 0x014C;
constexpr std::uint16_t kPeMachineAmd64 = 0x8664;
constexpr std::uint16_t kPeMachineArm64 = 0xAA64;

/** a.b.c.d from dwFileVersionMS/LS (HIWORD.LOWORD pairs). */
struct FourPartVersion
{
    std::array<std::uint16_t, 4> parts{};
    std::string text() const; // "9.19.0.56"
    bool operator==(const FourPartVersion& other) const { return parts == other.parts; }
};

struct PeImage
{
    std::uint16_t machine = 0; // IMAGE_FILE_HEADER.Machine
    bool is64 = false; // PE32+ optional header
    bool isDll = false; // IMAGE_FILE_DLL
    std::vector<std::string> imports; // DLL names as written, in table order
    std::vector<std::string> delayImports;
    std::optional<FourPartVersion> fileVersion;
    std::optional<FourPartVersion> productVersion;
    /** Parts that could not be read (a bad import descriptor, a truncated resource); the rest is still valid. */
    std::vector<std::string> warnings;
};

/** True when the source starts like a PE image ("MZ" and a "PE\0\0" signature at e_lfanew). */
bool looksLikePe(const ByteSource& source);

/** The whole image; nullopt with `error` set when it is not a PE file or its headers are cut off. */
std::optional<PeImage> parsePe(const ByteSource& source, std::string* error = nullptr);

} // namespace cudnnsetup::binary
