// Build helper for the Windows test doubles (host program, test tree only). GNU ld 2.40 links a mingw-w64 delay-import
// descriptor into a DLL but leaves data directory 13 (Delay Import Descriptor) empty, where link.exe fills it; this
// fills it as link.exe would, so the fixtures look like the DLLs NVIDIA ships.
// Usage: pe-delay-directory <nm program> <dll>   (finds __DELAY_IMPORT_DESCRIPTOR_* through nm)
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

std::uint32_t little32(const std::vector<unsigned char>& b, std::size_t at)
{
    return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16
        | std::uint32_t(b[at + 3]) << 24;
}

void putLittle32(std::vector<unsigned char>& b, std::size_t at, std::uint32_t value)
{
    for (int i = 0; i < 4; ++i) {
        b[at + i] = static_cast<unsigned char>(value >> (8 * i));
    }
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: pe-delay-directory <nm> <dll>\n");
        return 2;
    }
    const std::string command = std::string(argv[1]) + " '" + argv[2] + "'";
    FILE* nm = popen(command.c_str(), "r");
    if (!nm) {
        std::perror("popen");
        return 1;
    }
    std::vector<unsigned long long> descriptors;
    char line[1024];
    while (std::fgets(line, sizeof line, nm)) {
        if (std::strstr(line, "__DELAY_IMPORT_DESCRIPTOR_")) {
            descriptors.push_back(std::stoull(line, nullptr, 16));
        }
    }
    pclose(nm);
    if (descriptors.size() != 1) {
        std::fprintf(
            stderr, "pe-delay-directory: expected one delay-import descriptor, nm found %zu\n", descriptors.size());
        return 1;
    }
    std::ifstream in(argv[2], std::ios::binary);
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    const std::size_t pe = little32(bytes, 0x3C);
    const std::size_t optional = pe + 24;
    if (bytes.size() < optional + 112 + 16 * 8 || bytes[optional] != 0x0B || bytes[optional + 1] != 0x02) {
        std::fprintf(stderr, "pe-delay-directory: %s is not a PE32+ image\n", argv[2]);
        return 1;
    }
    std::uint64_t imageBase = 0;
    for (int i = 7; i >= 0; --i) {
        imageBase = imageBase << 8 | bytes[optional + 24 + i];
    }
    const std::size_t entry = optional + 112 + 13 * 8;
    putLittle32(bytes, entry, static_cast<std::uint32_t>(descriptors.front() - imageBase));
    putLittle32(bytes, entry + 4, 32); // one ImgDelayDescr
    std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return out ? 0 : 1;
}
