#include "DirectoryListing.h"

#include "common/FileIdentity.h"

#include <QDir>

QStringList LocalDirectoryListing::fileNames(const QString& directory) const
{
    return QDir(directory).entryList(QDir::Files | QDir::System | QDir::Hidden, QDir::Name);
}

ListingSnapshot::ListingSnapshot(const DirectoryListing& base)
    : m_base(base)
{
}

QStringList ListingSnapshot::fileNames(const QString& directory) const
{
    auto it = m_names.constFind(directory);
    if (it == m_names.constEnd())
        it = m_names.insert(directory, m_base.fileNames(directory));
    return *it;
}

ListingOverlay::ListingOverlay(const DirectoryListing& base)
    : m_base(base)
{
}

QString ListingOverlay::key(const QString& path)
{
    // lib64 -> lib is one folder: what is added under one name is listed under the other.
    return locationKey(hostOsFlavor(), QDir::cleanPath(QString(path).replace(QLatin1Char('\\'), QLatin1Char('/'))))
        .toCaseFolded();
}

void ListingOverlay::add(const QString& directory, const QString& name)
{
    m_added[key(directory)].append(name);
    m_hidden.remove(key(directory + QLatin1Char('/') + name));
}

void ListingOverlay::hide(const QString& path)
{
    m_hidden.insert(key(path));
}

QStringList ListingOverlay::fileNames(const QString& directory) const
{
    QStringList names = m_base.fileNames(directory) + m_added.value(key(directory));
    if (!m_hidden.isEmpty())
        names.erase(std::remove_if(names.begin(),
                                   names.end(),
                                   [&](const QString& name) {
                                       return m_hidden.contains(key(directory + QLatin1Char('/') + name));
                                   }),
                    names.end());
    names.removeDuplicates();
    return names;
}
