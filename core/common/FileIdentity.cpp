#include "FileIdentity.h"

#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_WIN
/** The canonical path, case-folded; empty when path does not exist. */
static QString existingIdentity(const QString& path)
{
    return QFileInfo(path).canonicalFilePath().toCaseFolded();
}
#else
#include <sys/stat.h>

/** "device:inode"; empty when path does not exist. */
static QString existingIdentity(const QString& path)
{
    struct stat info = {};
    if (path.isEmpty() || ::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return QStringLiteral("%1:%2").arg(quint64(info.st_dev)).arg(quint64(info.st_ino));
}
#endif

static bool sameExistingLocation(const QString& a, const QString& b)
{
    const QString first = existingIdentity(a);
    return !first.isEmpty() && first == existingIdentity(b);
}

bool sameLocation(OsFlavor os, const QString& a, const QString& b)
{
    if (samePath(os, a, b))
        return true;
    if (os != hostOsFlavor() || a.isEmpty() || b.isEmpty())
        return false;
    return sameExistingLocation(a, b);
}

QString locationKey(OsFlavor os, const QString& path)
{
    const QString identity = os == hostOsFlavor() ? existingIdentity(path) : QString();
    if (!identity.isEmpty())
        return QStringLiteral("id:") + identity;
    const QString normalized = normalizedPath(os, path);
    return os == OsFlavor::Windows ? normalized.toCaseFolded() : normalized;
}
