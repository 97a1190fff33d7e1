#pragma once

#include <QString>

/** The instruction set a library is built for. */
enum class CpuArch {
    Unknown,
    X86_64,
    Arm64, // NVIDIA's "sbsa" (servers) and "aarch64" (Jetson) packages alike
    Ppc64le,
};

/** "x86_64", "aarch64", "ppc64le", "unknown". */
QString cpuArchName(CpuArch arch);
CpuArch hostCpuArch();
/** The processor of one of NVIDIA's platform keys: "linux-sbsa" -> Arm64; Unknown for anything else. */
CpuArch cpuArchOfPlatform(const QString& redistPlatform);
