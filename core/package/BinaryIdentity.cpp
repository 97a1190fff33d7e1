#include "BinaryIdentity.h"

namespace {

constexpr int ElfMachineX86_64 = 62;
constexpr int ElfMachineAarch64 = 183;
constexpr int ElfMachinePpc64 = 21;
constexpr int PeMachineAmd64 = 0x8664;
constexpr int PeMachineArm64 = 0xAA64;

unsigned byteAt(QByteArrayView bytes, qsizetype at)
{
    return static_cast<unsigned char>(bytes[at]);
}

unsigned little16(QByteArrayView b, qsizetype at)
{
    return byteAt(b, at) | byteAt(b, at + 1) << 8;
}

unsigned big16(QByteArrayView b, qsizetype at)
{
    return byteAt(b, at) << 8 | byteAt(b, at + 1);
}

quint32 little32(QByteArrayView b, qsizetype at)
{
    return quint32(little16(b, at)) | quint32(little16(b, at + 2)) << 16;
}

std::optional<BinaryIdentity> identifyElf(QByteArrayView head)
{
    constexpr qsizetype MachineOffset = 18;
    if (head.size() < MachineOffset + 2)
        return std::nullopt;
    const bool bigEndian = byteAt(head, 5) == 2; // EI_DATA
    BinaryIdentity id;
    id.os = OsFlavor::Linux;
    id.machine = int(bigEndian ? big16(head, MachineOffset) : little16(head, MachineOffset));
    if (id.machine == ElfMachineX86_64)
        id.arch = CpuArch::X86_64;
    else if (id.machine == ElfMachineAarch64)
        id.arch = CpuArch::Arm64;
    else if (id.machine == ElfMachinePpc64 && !bigEndian)
        id.arch = CpuArch::Ppc64le;
    return id;
}

std::optional<BinaryIdentity> identifyPe(QByteArrayView head)
{
    constexpr qsizetype LfanewOffset = 0x3C;
    if (head.size() < LfanewOffset + 4)
        return std::nullopt;
    const quint32 peOffset = little32(head, LfanewOffset);
    if (peOffset > quint32(head.size()) - 6 || head.sliced(peOffset, 4) != QByteArrayView("PE\0\0", 4))
        return std::nullopt;
    BinaryIdentity id;
    id.os = OsFlavor::Windows;
    id.machine = int(little16(head, peOffset + 4));
    if (id.machine == PeMachineAmd64)
        id.arch = CpuArch::X86_64;
    else if (id.machine == PeMachineArm64)
        id.arch = CpuArch::Arm64;
    return id;
}

} // namespace

std::optional<BinaryIdentity> BinaryIdentity::identify(QByteArrayView head)
{
    if (head.startsWith(QByteArrayView("\x7F"
                                       "ELF")))
        return identifyElf(head);
    if (head.startsWith(QByteArrayView("MZ")))
        return identifyPe(head);
    return std::nullopt;
}
