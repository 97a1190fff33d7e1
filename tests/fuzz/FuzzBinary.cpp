// The binary-image parsers (core/binary) over arbitrary bytes: ELF (DT_NEEDED, RUNPATH, SONAME), PE (imports,
// delay-imports, VERSIONINFO) and the glibc loader cache, each as a library file or ld.so.cache would hand them.

#include "FuzzTarget.h"
#include "binary/BinaryKind.h"
#include "binary/ByteSource.h"
#include "binary/ElfImage.h"
#include "binary/LoaderCache.h"
#include "binary/PeImage.h"

using namespace cudnnsetup::binary;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const MemorySource source(data, size);
    std::string error;
    (void)identifyBinary(source);
    (void)parseElf(source, &error);
    (void)parsePe(source, &error);
    (void)parseLoaderCache(source, &error);
    return 0;
}
