#include "ArchiveCache.h"

#include "RedistIndex.h"

#include <QDir>
#include <QStandardPaths>

ArchiveCache::ArchiveCache(const QString& folder)
    : m_folder(QDir::cleanPath(QDir(folder.isEmpty() ? defaultFolder() : folder).absolutePath()))
{
}

QString ArchiveCache::defaultFolder()
{
    QString base = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (base.isEmpty())
        base = QDir::tempPath() + QStringLiteral("/cudnn-setup");
    return base + QStringLiteral("/archives");
}

QString ArchiveCache::pathFor(const RedistArchive& archive) const
{
    return m_folder + QLatin1Char('/') + archive.fileName();
}
