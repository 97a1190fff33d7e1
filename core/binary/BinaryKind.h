#pragma once

#include "binary/ByteSource.h"

#include <cstdint>
#include <optional>

/** ELF or PE, and for which machine: enough to tell a library a loader would skip or refuse. */
namespace cudnnsetup::binary {

enum class BinaryFormat { Elf, Pe };

struct BinaryKind
{
    BinaryFormat format = BinaryFormat::Elf;
    std::uint16_t machine = 0; // e_machine, or IMAGE_FILE_HEADER.Machine
    bool bigEndian = false; // ELF only

    bool operator==(const BinaryKind& other) const
    {
        return format == other.format && machine == other.machine && bigEndian == other.bigEndian;
    }
    bool operator!=(const BinaryKind& other) const { return !(*this == other); }
};

/** From the first bytes of a file (4096 are enough for every real library); nullopt when neither format. */
std::optional<BinaryKind> identifyBinary(const ByteSource& source);

} // namespace cudnnsetup::binary
