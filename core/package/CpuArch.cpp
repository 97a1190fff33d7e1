#include "CpuArch.h"

#include <QSysInfo>

QString cpuArchName(CpuArch arch)
{
    switch (arch) {
    case CpuArch::X86_64:
        return QStringLiteral("x86_64");
    case CpuArch::Arm64:
        return QStringLiteral("aarch64");
    case CpuArch::Ppc64le:
        return QStringLiteral("ppc64le");
    case CpuArch::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

CpuArch hostCpuArch()
{
    const QString arch = QSysInfo::currentCpuArchitecture();
    if (arch == QLatin1String("x86_64"))
        return CpuArch::X86_64;
    if (arch == QLatin1String("arm64"))
        return CpuArch::Arm64;
    if (arch == QLatin1String("power64"))
        return CpuArch::Ppc64le;
    return CpuArch::Unknown;
}

CpuArch cpuArchOfPlatform(const QString& redistPlatform)
{
    const QString arch = redistPlatform.section(QLatin1Char('-'), 1);
    if (arch == QLatin1String("x86_64"))
        return CpuArch::X86_64;
    if (arch == QLatin1String("sbsa") || arch == QLatin1String("aarch64") || arch == QLatin1String("arm64"))
        return CpuArch::Arm64;
    if (arch == QLatin1String("ppc64le"))
        return CpuArch::Ppc64le;
    return CpuArch::Unknown;
}
