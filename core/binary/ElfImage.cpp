#include "binary/ElfImage.h"

#include <algorithm>

namespace cudnnsetup::binary {

namespace {

// Offsets from the System V gABI, ELF64 (refspecs.linuxfoundation.org/elf/gabi4+/ch4.eheader.html).
constexpr std::uint8_t kClass64 = 2;
constexpr std::uint8_t kDataBigEndian = 2;
constexpr std::uint32_t kProgramLoad = 1; // PT_LOAD
constexpr std::uint32_t kProgramDynamic = 2; // PT_DYNAMIC
constexpr std::uint64_t kProgramHeaderSize = 56;
constexpr std::uint64_t kDynamicEntrySize = 16;
constexpr std::int64_t kTagNull = 0;
constexpr std::int64_t kTagNeeded = 1;
constexpr std::int64_t kTagStringTable = 5;
constexpr std::int64_t kTagStringTableSize = 10;
constexpr std::int64_t kTagSoname = 14;
constexpr std::int64_t kTagRpath = 15;
constexpr std::int64_t kTagRunpath = 29;
constexpr std::size_t kMaxProgramHeaders = 4096;
constexpr std::size_t kMaxDynamicEntries = 65536;
constexpr std::size_t kMaxStringLength = 4096;

struct Segment
{
    std::uint64_t offset = 0;
    std::uint64_t address = 0;
    std::uint64_t fileSize = 0;
};

std::optional<std::uint64_t> offsetOfAddress(const std::vector<Segment>& loads, std::uint64_t address)
{
    for (const Segment& load : loads) {
        if (address >= load.address && address - load.address < load.fileSize) {
            return load.offset + (address - load.address);
        }
    }
    return std::nullopt;
}

std::vector<std::string> splitSearchPath(const std::string& text)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t colon = std::min(text.find(':', start), text.size());
        if (colon > start) {
            parts.push_back(text.substr(start, colon - start));
        }
        start = colon + 1;
    }
    return parts;
}

} // namespace

bool looksLikeElf(const ByteSource& source)
{
    const auto magic = source.u32(0, true);
    return magic && *magic == 0x7F454C46; // "\x7F" "ELF"
}

std::optional<ElfImage> parseElf(const ByteSource& source, std::string* error)
{
    const auto fail = [error](const char* reason) {
        if (error) {
            *error = reason;
        }
        return std::nullopt;
    };
    if (!looksLikeElf(source)) {
        return fail("not an ELF image");
    }
    const auto elfClass = source.u8(4);
    const auto data = source.u8(5);
    if (!elfClass || !data) {
        return fail("the ELF header is cut off");
    }
    ElfImage image;
    image.is64 = *elfClass == kClass64;
    image.bigEndian = *data == kDataBigEndian;
    const bool be = image.bigEndian;
    const auto machine = source.u16(18, be);
    if (!machine) {
        return fail("the ELF header is cut off");
    }
    image.machine = *machine;
    if (!image.is64) {
        return image;
    }
    const auto programOffset = source.u64(32, be);
    const auto programEntrySize = source.u16(54, be);
    const auto programCount = source.u16(56, be);
    if (!programOffset || !programEntrySize || !programCount) {
        return fail("the ELF header is cut off");
    }
    if (*programCount > 0 && *programEntrySize < kProgramHeaderSize) {
        return fail("the program headers are too small");
    }

    std::vector<Segment> loads;
    std::optional<Segment> dynamic;
    const std::size_t count = std::min<std::size_t>(*programCount, kMaxProgramHeaders);
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t at = *programOffset + std::uint64_t(*programEntrySize) * i;
        const auto type = source.u32(at, be);
        const auto offset = source.u64(at + 8, be);
        const auto address = source.u64(at + 16, be);
        const auto fileSize = source.u64(at + 32, be);
        if (!type || !offset || !address || !fileSize) {
            return fail("the program headers are cut off");
        }
        const Segment segment{*offset, *address, *fileSize};
        if (*type == kProgramLoad) {
            loads.push_back(segment);
        } else if (*type == kProgramDynamic) {
            dynamic = segment;
        }
    }
    if (!dynamic) {
        return image; // statically linked: nothing to load
    }
    image.hasDynamicSection = true;

    std::vector<std::pair<std::int64_t, std::uint64_t>> entries;
    std::optional<std::uint64_t> stringTable;
    std::uint64_t stringTableSize = 0;
    const std::size_t dynamicCount
        = static_cast<std::size_t>(std::min<std::uint64_t>(dynamic->fileSize / kDynamicEntrySize, kMaxDynamicEntries));
    bool terminated = false;
    for (std::size_t i = 0; i < dynamicCount; ++i) {
        const std::uint64_t at = dynamic->offset + kDynamicEntrySize * i;
        const auto tag = source.u64(at, be);
        const auto value = source.u64(at + 8, be);
        if (!tag || !value) {
            image.warnings.push_back("the dynamic section is cut off");
            break;
        }
        const auto signedTag = static_cast<std::int64_t>(*tag);
        if (signedTag == kTagNull) {
            terminated = true;
            break;
        }
        if (signedTag == kTagStringTable) {
            stringTable = offsetOfAddress(loads, *value);
        } else if (signedTag == kTagStringTableSize) {
            stringTableSize = *value;
        }
        entries.emplace_back(signedTag, *value);
    }
    if (!terminated && image.warnings.empty()) {
        image.warnings.push_back("the dynamic section has no DT_NULL end");
    }
    if (!stringTable) {
        image.warnings.push_back("the dynamic string table lies outside the file");
        return image;
    }
    const auto stringAt = [&](std::uint64_t index) -> std::optional<std::string> {
        if (stringTableSize != 0 && index >= stringTableSize) {
            return std::nullopt;
        }
        return source.cString(*stringTable + index, kMaxStringLength);
    };
    for (const auto& [tag, value] : entries) {
        if (tag != kTagNeeded && tag != kTagSoname && tag != kTagRpath && tag != kTagRunpath) {
            continue;
        }
        const auto text = stringAt(value);
        if (!text) {
            image.warnings.push_back("a dynamic entry names a string outside the string table");
            continue;
        }
        if (tag == kTagNeeded) {
            image.needed.push_back(*text);
        } else if (tag == kTagSoname) {
            image.soname = *text;
        } else {
            std::vector<std::string>& list = tag == kTagRunpath ? image.runpath : image.rpath;
            for (std::string& part : splitSearchPath(*text)) {
                list.push_back(std::move(part));
            }
        }
    }
    return image;
}

} // namespace cudnnsetup::binary
