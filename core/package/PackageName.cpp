#include "PackageName.h"

#include <QRegularExpression>

namespace {

CpuArch archFromLabel(const QString& label)
{
    if (label == QLatin1String("x64") || label == QLatin1String("x86_64"))
        return CpuArch::X86_64;
    if (label == QLatin1String("sbsa") || label == QLatin1String("aarch64") || label == QLatin1String("aarch64sbsa")
        || label == QLatin1String("arm64"))
        return CpuArch::Arm64;
    if (label == QLatin1String("ppc64le"))
        return CpuArch::Ppc64le;
    return CpuArch::Unknown;
}

ArchiveContainer containerFromExtension(const QString& extension)
{
    if (extension == QLatin1String("zip"))
        return ArchiveContainer::Zip;
    if (extension == QLatin1String("tar.xz"))
        return ArchiveContainer::TarXz;
    return ArchiveContainer::TarGz; // tgz, tar.gz
}

} // namespace

std::optional<PackageName> PackageName::parse(const QString& fileName)
{
    // A browser saving a second copy appends " (1)"; the name is otherwise NVIDIA's.
    static const QRegularExpression file(QStringLiteral(R"(^(.+?)(?: \(\d+\))?\.(zip|tgz|tar\.gz|tar\.xz)$)"));
    const auto m = file.match(fileName);
    if (!m.hasMatch())
        return std::nullopt;
    auto parsed = parseBaseName(m.captured(1));
    if (parsed)
        parsed->container = containerFromExtension(m.captured(2));
    return parsed;
}

std::optional<PackageName> PackageName::parseBaseName(const QString& baseName)
{
    static const QRegularExpression legacy(
        QStringLiteral(R"(^cudnn-(\d+\.\d+)-(linux|windows\d*)-(x64|ppc64le|aarch64sbsa|sbsa)-v(\d+(?:\.\d+)*)$)"));
    static const QRegularExpression redist(QStringLiteral(
        R"(^cudnn-(linux|windows)-(x86_64|sbsa|ppc64le|aarch64|arm64)-(\d+(?:\.\d+)+)_cuda(\d+(?:\.\d+)?)-archive$)"));

    PackageName parsed;
    parsed.baseName = baseName;
    std::optional<Version> cudnn, cuda;
    if (const auto m = legacy.match(baseName); m.hasMatch()) {
        parsed.era = Era::Legacy;
        cuda = Version::parse(m.captured(1));
        parsed.osLabel = m.captured(2);
        parsed.archLabel = m.captured(3);
        cudnn = Version::parse(m.captured(4));
    } else if (const auto r = redist.match(baseName); r.hasMatch()) {
        parsed.era = Era::Redist;
        parsed.osLabel = r.captured(1);
        parsed.archLabel = r.captured(2);
        cudnn = Version::parse(r.captured(3));
        cuda = Version::parse(r.captured(4));
    }
    // The patterns admit only digits and dots, but a part too large for an int is not a version.
    if (!cudnn || !cuda)
        return std::nullopt;
    parsed.cudnnVersion = *cudnn;
    parsed.cudaVersion = *cuda;
    parsed.os = parsed.osLabel.startsWith(QLatin1String("windows")) ? OsFlavor::Windows : OsFlavor::Linux;
    parsed.arch = archFromLabel(parsed.archLabel);
    return parsed;
}

QString PackageName::redistPlatform() const
{
    QString archPart = archLabel;
    if (archLabel == QLatin1String("x64"))
        archPart = QStringLiteral("x86_64");
    else if (archLabel == QLatin1String("aarch64sbsa"))
        archPart = QStringLiteral("sbsa");
    return osFlavorName(os) + QLatin1Char('-') + archPart;
}

QString PackageName::platformKey(OsFlavor os, CpuArch arch, bool sbsa)
{
    QString archPart;
    switch (arch) {
    case CpuArch::X86_64:
        archPart = QStringLiteral("x86_64");
        break;
    case CpuArch::Arm64:
        archPart = sbsa ? QStringLiteral("sbsa") : QStringLiteral("aarch64");
        break;
    case CpuArch::Ppc64le:
        archPart = QStringLiteral("ppc64le");
        break;
    case CpuArch::Unknown:
        archPart = QStringLiteral("unknown");
        break;
    }
    return osFlavorName(os) + QLatin1Char('-') + archPart;
}
