#include "PlatformDetector.h"

#include "host/BoundedFile.h"

#include <QFile>
#include <QFileInfo>

PlatformDetector::PlatformDetector(const HostEnvironment& host)
    : m_host(host)
{
}

bool PlatformDetector::isTegra() const
{
    return std::any_of(m_host.tegraMarkers.cbegin(), m_host.tegraMarkers.cend(), [](const QString& marker) {
        return QFileInfo::exists(marker);
    });
}

QString PlatformDetector::redistPlatform() const
{
    const QString& cpu = m_host.cpuArchitecture;
    const bool arm = cpu == QLatin1String("arm64") || cpu == QLatin1String("aarch64");
    if (m_host.os == OsFlavor::Windows) {
        if (cpu == QLatin1String("x86_64"))
            return QStringLiteral("windows-x86_64");
        return arm ? QStringLiteral("windows-arm64") : QString();
    }
    if (cpu == QLatin1String("x86_64"))
        return QStringLiteral("linux-x86_64");
    if (arm)
        return isTegra() ? QStringLiteral("linux-aarch64") : QStringLiteral("linux-sbsa");
    if (cpu == QLatin1String("power64"))
        return QStringLiteral("linux-ppc64le");
    return {};
}

OsRelease PlatformDetector::osRelease() const
{
    OsRelease release;
    if (m_host.os == OsFlavor::Windows) {
        release.name = m_host.productName;
        release.version = m_host.productVersion;
        return release;
    }
    if (!m_host.osReleaseFile.isEmpty()) {
        const BoundedRead file = readBoundedFile(m_host.osReleaseFile, 64 * 1024);
        if (file.ok)
            release = parseOsRelease(file.data);
    }
    release.glibc = Version::parse(m_host.glibcVersion);
    return release;
}

static QString unquoted(QString value)
{
    value = value.trimmed();
    if (value.size() >= 2 && (value.front() == QLatin1Char('"') || value.front() == QLatin1Char('\''))
        && value.back() == value.front())
        value = value.mid(1, value.size() - 2);
    QString out;
    for (qsizetype i = 0; i < value.size(); ++i) {
        if (value.at(i) == QLatin1Char('\\') && i + 1 < value.size())
            ++i;
        out.append(value.at(i));
    }
    return out;
}

OsRelease PlatformDetector::parseOsRelease(const QByteArray& text)
{
    OsRelease release;
    for (const QByteArray& raw : text.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        if (line.startsWith(QLatin1Char('#')) || equals <= 0)
            continue;
        const QString key = line.left(equals);
        if (key == QLatin1String("NAME"))
            release.name = unquoted(line.mid(equals + 1));
        else if (key == QLatin1String("VERSION_ID"))
            release.version = unquoted(line.mid(equals + 1));
    }
    return release;
}
