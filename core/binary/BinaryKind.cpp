#include "binary/BinaryKind.h"

#include "binary/ElfImage.h"
#include "binary/PeImage.h"

namespace cudnnsetup::binary {

std::optional<BinaryKind> identifyBinary(const ByteSource& source)
{
    if (looksLikeElf(source)) {
        const auto data = source.u8(5);
        const bool bigEndian = data && *data == 2;
        const auto machine = source.u16(18, bigEndian);
        if (!machine) {
            return std::nullopt;
        }
        return BinaryKind{BinaryFormat::Elf, *machine, bigEndian};
    }
    if (looksLikePe(source)) {
        const auto machine = source.u16(*source.u32(0x3C) + 4);
        if (!machine) {
            return std::nullopt;
        }
        return BinaryKind{BinaryFormat::Pe, *machine, false};
    }
    return std::nullopt;
}

} // namespace cudnnsetup::binary
