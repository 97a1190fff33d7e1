#include "BinaryIdentity.h"

#include "binary/BinaryKind.h"
#include "binary/ElfImage.h"
#include "binary/PeImage.h"

// One parser for ELF and PE headers in the project: core/binary (also used by the probe and the verifier).
std::optional<BinaryIdentity> BinaryIdentity::identify(QByteArrayView head)
{
    using namespace cudnnsetup::binary;
    const MemorySource source(head.data(), std::size_t(head.size()));
    const std::optional<BinaryKind> kind = identifyBinary(source);
    if (!kind)
        return std::nullopt;
    BinaryIdentity id;
    id.machine = kind->machine;
    if (kind->format == BinaryFormat::Elf) {
        id.os = OsFlavor::Linux;
        if (kind->machine == kElfMachineX86_64)
            id.arch = CpuArch::X86_64;
        else if (kind->machine == kElfMachineAarch64)
            id.arch = CpuArch::Arm64;
        else if (kind->machine == kElfMachinePpc64 && !kind->bigEndian)
            id.arch = CpuArch::Ppc64le;
        return id;
    }
    id.os = OsFlavor::Windows;
    if (kind->machine == kPeMachineAmd64)
        id.arch = CpuArch::X86_64;
    else if (kind->machine == kPeMachineArm64)
        id.arch = CpuArch::Arm64;
    return id;
}
