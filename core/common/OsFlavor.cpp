#include "OsFlavor.h"

#include <QDir>

OsFlavor hostOsFlavor()
{
#ifdef Q_OS_WIN
    return OsFlavor::Windows;
#else
    return OsFlavor::Linux;
#endif
}

QString osDisplayName(OsFlavor os)
{
    return os == OsFlavor::Windows ? QStringLiteral("Windows") : QStringLiteral("Linux");
}

QString osFlavorName(OsFlavor os)
{
    return os == OsFlavor::Windows ? QStringLiteral("windows") : QStringLiteral("linux");
}

QChar pathListSeparator(OsFlavor os)
{
    return os == OsFlavor::Windows ? QLatin1Char(';') : QLatin1Char(':');
}

Qt::CaseSensitivity fileNameCase(OsFlavor os)
{
    return os == OsFlavor::Windows ? Qt::CaseInsensitive : Qt::CaseSensitive;
}

QString normalizedPath(OsFlavor os, const QString& path)
{
    QString p = path;
    if (os == OsFlavor::Windows)
        p.replace(QLatin1Char('\\'), QLatin1Char('/'));
    return QDir::cleanPath(p);
}

QString joinPath(OsFlavor os, const QString& base, const QString& child)
{
    return normalizedPath(os, base + QLatin1Char('/') + child);
}

QString displayPath(OsFlavor os, const QString& path)
{
    QString shown = normalizedPath(os, path);
    if (os == OsFlavor::Windows)
        shown.replace(QLatin1Char('/'), QLatin1Char('\\'));
    return shown;
}

bool samePath(OsFlavor os, const QString& a, const QString& b)
{
    return normalizedPath(os, a).compare(normalizedPath(os, b), fileNameCase(os)) == 0;
}

bool isPathInside(OsFlavor os, const QString& root, const QString& path)
{
    const QString r = normalizedPath(os, root);
    const QString p = normalizedPath(os, path);
    const QString prefix = r.endsWith(QLatin1Char('/')) ? r : r + QLatin1Char('/'); // the root "/" keeps its slash
    return p.compare(r, fileNameCase(os)) == 0 || p.startsWith(prefix, fileNameCase(os));
}

QString executableName(OsFlavor os, const QString& base)
{
    return os == OsFlavor::Windows ? base + QStringLiteral(".exe") : base;
}
