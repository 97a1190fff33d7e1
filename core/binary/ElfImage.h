#pragma once

#include "binary/ByteSource.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/**
 * What an ELF shared object says about its loading, read from its bytes: the machine, DT_NEEDED, DT_RUNPATH,
 * DT_RPATH and DT_SONAME from the dynamic segment (PT_DYNAMIC; strings from DT_STRTAB, mapped through PT_LOAD).
 * Dependencies are read for ELF64 (every platform cuDNN ships for); a 32-bit file reports its machine only.
 */
namespace cudnnsetup::binary {

constexpr std::uint16_t kElfMachineX86_64 = 62;
constexpr std::uint16_t kElfMachineAarch64 = 183;
constexpr std::uint16_t kElfMachinePpc64 = 21;
constexpr std::uint16_t kElfMachineI386 = 3;

struct ElfImage
{
    std::uint16_t machine = 0; // e_machine
    bool is64 = false; // ELFCLASS64
    bool bigEndian = false; // ELFDATA2MSB
    std::vector<std::string> needed; // DT_NEEDED, in order
    std::vector<std::string> runpath; // DT_RUNPATH split at ':', tokens such as $ORIGIN kept
    std::vector<std::string> rpath; // DT_RPATH, likewise (the loader ignores it when DT_RUNPATH exists)
    std::string soname;
    bool hasDynamicSection = false; // false for a static executable or a 32-bit file
    std::vector<std::string> warnings;
};

bool looksLikeElf(const ByteSource& source);

/** nullopt with `error` set when it is not an ELF file or its header is cut off. */
std::optional<ElfImage> parseElf(const ByteSource& source, std::string* error = nullptr);

} // namespace cudnnsetup::binary
