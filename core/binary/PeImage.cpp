#include "binary/PeImage.h"

#include <algorithm>

namespace cudnnsetup::binary {

namespace {

// Offsets and limits from the PE/COFF specification (learn.microsoft.com/windows/win32/debug/pe-format).
constexpr std::uint64_t kLfanewOffset = 0x3C;
constexpr std::uint64_t kCoffHeaderSize = 20;
constexpr std::uint64_t kSectionHeaderSize = 40;
constexpr std::uint16_t kMagicPe32 = 0x10B;
constexpr std::uint16_t kMagicPe32Plus = 0x20B;
constexpr std::uint16_t kCharacteristicDll = 0x2000;
constexpr std::uint32_t kDirectoryImport = 1;
constexpr std::uint32_t kDirectoryResource = 2;
constexpr std::uint32_t kDirectoryDelayImport = 13;
constexpr std::uint64_t kImportDescriptorSize = 20;
constexpr std::uint64_t kDelayDescriptorSize = 32;
constexpr std::uint32_t kResourceTypeVersion = 16; // RT_VERSION
constexpr std::uint32_t kFixedFileInfoSignature = 0xFEEF04BD;
// A hostile file could claim millions of entries; real images have a few dozen.
constexpr std::size_t kMaxSections = 96; // the loader's own limit
constexpr std::size_t kMaxImports = 4096;
constexpr std::size_t kMaxResourceEntries = 4096;
constexpr std::size_t kMaxDllNameLength = 512;

struct Section
{
    std::uint32_t virtualAddress = 0;
    std::uint32_t virtualSize = 0;
    std::uint32_t rawSize = 0;
    std::uint32_t rawOffset = 0;
};

struct Headers
{
    std::uint64_t peOffset = 0;
    std::uint16_t machine = 0;
    std::uint16_t characteristics = 0;
    bool is64 = false;
    std::uint64_t imageBase = 0;
    std::uint32_t sizeOfHeaders = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> directories; // (RVA, size)
    std::vector<Section> sections;
};

/** The file offset of an RVA, if some section (or the headers) holds it in the file. */
std::optional<std::uint64_t> fileOffset(const Headers& headers, std::uint32_t rva)
{
    for (const Section& section : headers.sections) {
        const std::uint64_t span = std::max(section.virtualSize, section.rawSize);
        if (rva >= section.virtualAddress && rva - std::uint64_t(section.virtualAddress) < span) {
            const std::uint64_t delta = rva - std::uint64_t(section.virtualAddress);
            if (delta >= section.rawSize) {
                return std::nullopt; // uninitialised data: nothing in the file
            }
            return std::uint64_t(section.rawOffset) + delta;
        }
    }
    if (rva < headers.sizeOfHeaders) {
        return rva;
    }
    return std::nullopt;
}

bool readHeaders(const ByteSource& source, Headers& headers, std::string& error)
{
    const auto lfanew = source.u32(kLfanewOffset);
    const auto signature = lfanew ? source.u32(*lfanew) : std::nullopt;
    if (!signature || *signature != 0x00004550) { // "PE\0\0"
        error = "no PE signature";
        return false;
    }
    headers.peOffset = *lfanew;
    const std::uint64_t coff = headers.peOffset + 4;
    const auto machine = source.u16(coff);
    const auto sectionCount = source.u16(coff + 2);
    const auto optionalSize = source.u16(coff + 16);
    const auto characteristics = source.u16(coff + 18);
    if (!machine || !sectionCount || !optionalSize || !characteristics) {
        error = "the COFF header is cut off";
        return false;
    }
    headers.machine = *machine;
    headers.characteristics = *characteristics;
    const std::uint64_t optional = coff + kCoffHeaderSize;
    const auto magic = source.u16(optional);
    if (!magic || (*magic != kMagicPe32 && *magic != kMagicPe32Plus)) {
        error = "the optional header is missing or of an unknown kind";
        return false;
    }
    headers.is64 = *magic == kMagicPe32Plus;
    std::uint64_t imageBase = 0;
    bool haveImageBase = false;
    if (headers.is64) {
        const auto base = source.u64(optional + 24);
        haveImageBase = base.has_value();
        imageBase = base.value_or(0);
    } else {
        const auto base = source.u32(optional + 28);
        haveImageBase = base.has_value();
        imageBase = base.value_or(0);
    }
    const auto sizeOfHeaders = source.u32(optional + 60);
    const std::uint64_t countOffset = optional + (headers.is64 ? 108 : 92);
    const auto directoryCount = source.u32(countOffset);
    if (!haveImageBase || !sizeOfHeaders || !directoryCount) {
        error = "the optional header is cut off";
        return false;
    }
    headers.imageBase = imageBase;
    headers.sizeOfHeaders = *sizeOfHeaders;
    // Only the directories that fit inside the declared optional header count.
    const std::uint64_t directoriesStart = countOffset + 4;
    const std::uint64_t optionalEnd = optional + *optionalSize;
    const std::uint64_t room = optionalEnd > directoriesStart ? (optionalEnd - directoriesStart) / 8 : 0;
    const std::uint32_t count = static_cast<std::uint32_t>(std::min<std::uint64_t>({*directoryCount, room, 16}));
    for (std::uint32_t i = 0; i < count; ++i) {
        const auto rva = source.u32(directoriesStart + 8ull * i);
        const auto size = source.u32(directoriesStart + 8ull * i + 4);
        if (!rva || !size) {
            error = "the data directories are cut off";
            return false;
        }
        headers.directories.emplace_back(*rva, *size);
    }
    if (*sectionCount > kMaxSections) {
        error = "more sections than Windows loads (" + std::to_string(*sectionCount) + ")";
        return false;
    }
    const std::uint64_t table = optionalEnd;
    for (std::uint16_t i = 0; i < *sectionCount; ++i) {
        const std::uint64_t at = table + kSectionHeaderSize * i;
        Section section;
        const auto virtualSize = source.u32(at + 8);
        const auto virtualAddress = source.u32(at + 12);
        const auto rawSize = source.u32(at + 16);
        const auto rawOffset = source.u32(at + 20);
        if (!virtualSize || !virtualAddress || !rawSize || !rawOffset) {
            error = "the section table is cut off";
            return false;
        }
        section.virtualSize = *virtualSize;
        section.virtualAddress = *virtualAddress;
        section.rawSize = *rawSize;
        section.rawOffset = *rawOffset;
        headers.sections.push_back(section);
    }
    return true;
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> directory(const Headers& headers, std::uint32_t index)
{
    if (index >= headers.directories.size() || headers.directories[index].first == 0) {
        return std::nullopt;
    }
    return headers.directories[index];
}

std::optional<std::string> nameAt(const ByteSource& source, const Headers& headers, std::uint32_t rva)
{
    const auto offset = fileOffset(headers, rva);
    if (!offset) {
        return std::nullopt;
    }
    auto name = source.cString(*offset, kMaxDllNameLength);
    if (!name || name->empty()) {
        return std::nullopt;
    }
    return name;
}

void readImports(const ByteSource& source, const Headers& headers, PeImage& image)
{
    const auto table = directory(headers, kDirectoryImport);
    if (!table) {
        return;
    }
    const auto start = fileOffset(headers, table->first);
    if (!start) {
        image.warnings.push_back("the import table lies outside the file");
        return;
    }
    for (std::size_t i = 0; i < kMaxImports; ++i) {
        const std::uint64_t at = *start + kImportDescriptorSize * i;
        std::uint8_t descriptor[kImportDescriptorSize];
        if (!source.read(at, sizeof descriptor, descriptor)) {
            image.warnings.push_back("the import table is cut off");
            return;
        }
        if (std::all_of(std::begin(descriptor), std::end(descriptor), [](std::uint8_t b) { return b == 0; })) {
            return; // the terminating null descriptor
        }
        const std::uint32_t nameRva = *source.u32(at + 12);
        if (auto name = nameAt(source, headers, nameRva)) {
            image.imports.push_back(std::move(*name));
        } else {
            image.warnings.push_back("import " + std::to_string(i) + " has an unreadable DLL name");
        }
    }
    image.warnings.push_back("the import table has no end");
}

void readDelayImports(const ByteSource& source, const Headers& headers, PeImage& image)
{
    const auto table = directory(headers, kDirectoryDelayImport);
    if (!table) {
        return;
    }
    const auto start = fileOffset(headers, table->first);
    if (!start) {
        image.warnings.push_back("the delay-import table lies outside the file");
        return;
    }
    // Bounded by the directory's size as well as by the null descriptor: not every linker writes the terminator.
    const bool sized = table->second >= kDelayDescriptorSize;
    const std::size_t count
        = sized ? std::min<std::size_t>(table->second / kDelayDescriptorSize, kMaxImports) : kMaxImports;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t at = *start + kDelayDescriptorSize * i;
        const auto attributes = source.u32(at);
        const auto dllName = source.u32(at + 4);
        const auto moduleHandle = source.u32(at + 8);
        if (!attributes || !dllName || !moduleHandle) {
            image.warnings.push_back("the delay-import table is cut off");
            return;
        }
        if (*attributes == 0 && *dllName == 0 && *moduleHandle == 0) {
            return;
        }
        // Attribute bit 0 clear: an old (Visual C++ 6) descriptor holding virtual addresses, not RVAs.
        std::uint64_t rva = *dllName;
        if ((*attributes & 1) == 0 && rva >= headers.imageBase) {
            rva -= headers.imageBase;
        }
        auto name = rva <= 0xFFFFFFFFu ? nameAt(source, headers, static_cast<std::uint32_t>(rva)) : std::nullopt;
        if (name) {
            image.delayImports.push_back(std::move(*name));
        } else {
            image.warnings.push_back("delay import " + std::to_string(i) + " has an unreadable DLL name");
        }
    }
    if (!sized) {
        image.warnings.push_back("the delay-import table has no end");
    }
}

/**
 * The entry of a resource directory (offsets relative to the resource section start `base`) whose ID is `id`, or
 * the first entry when `id` is empty. Returns OffsetToData as stored (high bit: a sub-directory).
 */
std::optional<std::uint32_t> resourceEntry(const ByteSource& source,
                                           std::uint64_t base,
                                           std::uint32_t directoryOffset,
                                           std::optional<std::uint32_t> id)
{
    const std::uint64_t at = base + directoryOffset;
    const auto named = source.u16(at + 12);
    const auto ids = source.u16(at + 14);
    if (!named || !ids) {
        return std::nullopt;
    }
    const std::size_t count = std::min<std::size_t>(std::size_t(*named) + *ids, kMaxResourceEntries);
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t entry = at + 16 + 8ull * i;
        const auto nameOrId = source.u32(entry);
        const auto offset = source.u32(entry + 4);
        if (!nameOrId || !offset) {
            return std::nullopt;
        }
        if (!id || (!(*nameOrId & 0x80000000u) && *nameOrId == *id)) {
            return offset;
        }
    }
    return std::nullopt;
}

std::optional<FourPartVersion> versionFrom(std::uint32_t high, std::uint32_t low)
{
    FourPartVersion version;
    version.parts = {
        std::uint16_t(high >> 16), std::uint16_t(high & 0xFFFF), std::uint16_t(low >> 16), std::uint16_t(low & 0xFFFF)};
    return version;
}

void readVersionResource(const ByteSource& source, const Headers& headers, PeImage& image)
{
    const auto table = directory(headers, kDirectoryResource);
    if (!table) {
        return;
    }
    const auto base = fileOffset(headers, table->first);
    if (!base) {
        image.warnings.push_back("the resource section lies outside the file");
        return;
    }
    // Three levels: type (RT_VERSION) -> name (the first, normally 1) -> language (the first).
    std::optional<std::uint32_t> entry = resourceEntry(source, *base, 0, kResourceTypeVersion);
    for (int level = 0; entry && level < 2; ++level) {
        if (!(*entry & 0x80000000u)) {
            entry.reset();
            break;
        }
        entry = resourceEntry(source, *base, *entry & 0x7FFFFFFFu, std::nullopt);
    }
    if (!entry) {
        return; // no version resource: allowed, common for small DLLs
    }
    if (*entry & 0x80000000u) {
        image.warnings.push_back("the version resource tree is deeper than three levels");
        return;
    }
    const auto dataRva = source.u32(*base + *entry);
    const auto dataSize = source.u32(*base + *entry + 4);
    const auto data = dataRva ? fileOffset(headers, *dataRva) : std::nullopt;
    if (!dataSize || !data) {
        image.warnings.push_back("the version resource lies outside the file");
        return;
    }
    // VS_VERSIONINFO: wLength, wValueLength, wType, L"VS_VERSION_INFO\0", padding to 32 bits, VS_FIXEDFILEINFO.
    const std::uint64_t end = *data + std::min<std::uint32_t>(*dataSize, 0x10000);
    std::uint64_t at = *data + 6;
    while (at + 2 <= end) {
        const auto character = source.u16(at);
        if (!character) {
            break;
        }
        at += 2;
        if (*character == 0) {
            break;
        }
    }
    at = (at + 3) & ~std::uint64_t(3);
    const auto readFixed = [&](std::uint64_t probe) {
        const auto signature = source.u32(probe);
        const auto fileMs = source.u32(probe + 8);
        const auto fileLs = source.u32(probe + 12);
        const auto productMs = source.u32(probe + 16);
        const auto productLs = source.u32(probe + 20);
        if (!signature || *signature != kFixedFileInfoSignature || !fileMs || !fileLs || !productMs || !productLs) {
            return false;
        }
        image.fileVersion = versionFrom(*fileMs, *fileLs);
        image.productVersion = versionFrom(*productMs, *productLs);
        return true;
    };
    // The structured place first; then any aligned signature, as some resource compilers pad differently.
    if (at + 52 <= end && readFixed(at)) {
        return;
    }
    for (std::uint64_t probe = *data; probe + 52 <= end; probe += 4) {
        if (readFixed(probe)) {
            return;
        }
    }
    image.warnings.push_back("the version resource has no VS_FIXEDFILEINFO");
}

} // namespace

std::string FourPartVersion::text() const
{
    return std::to_string(parts[0]) + '.' + std::to_string(parts[1]) + '.' + std::to_string(parts[2]) + '.'
        + std::to_string(parts[3]);
}

bool looksLikePe(const ByteSource& source)
{
    const auto mz = source.u16(0);
    if (!mz || *mz != 0x5A4D) {
        return false;
    }
    const auto lfanew = source.u32(kLfanewOffset);
    const auto signature = lfanew ? source.u32(*lfanew) : std::nullopt;
    return signature && *signature == 0x00004550;
}

std::optional<PeImage> parsePe(const ByteSource& source, std::string* error)
{
    std::string reason;
    Headers headers;
    const auto mz = source.u16(0);
    if (!mz || *mz != 0x5A4D) {
        reason = "not a PE image (no MZ header)";
    } else if (readHeaders(source, headers, reason)) {
        PeImage image;
        image.machine = headers.machine;
        image.is64 = headers.is64;
        image.isDll = (headers.characteristics & kCharacteristicDll) != 0;
        readImports(source, headers, image);
        readDelayImports(source, headers, image);
        readVersionResource(source, headers, image);
        return image;
    }
    if (error) {
        *error = reason;
    }
    return std::nullopt;
}

} // namespace cudnnsetup::binary
