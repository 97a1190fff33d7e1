#include "FileIdentity.h"

#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_WIN
static bool sameExistingLocation(const QString& a, const QString& b)
{
    const QString first = QFileInfo(a).canonicalFilePath();
    const QString second = QFileInfo(b).canonicalFilePath();
    return !first.isEmpty() && samePath(OsFlavor::Windows, first, second);
}
#else
#include <sys/stat.h>

static bool sameExistingLocation(const QString& a, const QString& b)
{
    struct stat first = {};
    struct stat second = {};
    return ::stat(QFile::encodeName(a).constData(), &first) == 0
        && ::stat(QFile::encodeName(b).constData(), &second) == 0 && first.st_dev == second.st_dev
        && first.st_ino == second.st_ino;
}
#endif

bool sameLocation(OsFlavor os, const QString& a, const QString& b)
{
    if (samePath(os, a, b))
        return true;
    if (os != hostOsFlavor() || a.isEmpty() || b.isEmpty())
        return false;
    return sameExistingLocation(a, b);
}
