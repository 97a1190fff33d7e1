#pragma once

#include "CpuArch.h"
#include "common/OsFlavor.h"

#include <QByteArrayView>
#include <optional>

/**
 * Which OS and CPU a library is built for, from its first bytes: ELF (e_ident, e_machine) or PE ("MZ", e_lfanew,
 * "PE\0\0", Machine). The first HeadSize bytes of a file are enough for every real DLL and shared object.
 */
struct BinaryIdentity
{
    static constexpr int HeadSize = 4096;

    OsFlavor os = OsFlavor::Linux;
    CpuArch arch = CpuArch::Unknown;
    int machine = 0; // the raw e_machine / IMAGE_FILE_HEADER.Machine, for messages

    static std::optional<BinaryIdentity> identify(QByteArrayView head);
};
