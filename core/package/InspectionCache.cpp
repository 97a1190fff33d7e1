#include "InspectionCache.h"

#include <QFileInfo>

InspectionCache& InspectionCache::instance()
{
    static InspectionCache cache;
    return cache;
}

std::optional<InspectionCache::Key> InspectionCache::keyOf(const QString& path)
{
    const QFileInfo info(path);
    if (!info.isFile())
        return std::nullopt;
    return Key{info.size(), info.lastModified().toUTC()};
}

std::optional<PackageInspection> InspectionCache::find(const QString& path) const
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const std::optional<Key> key = keyOf(absolute);
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto it = m_entries.constFind(absolute);
    if (!key || it == m_entries.constEnd() || !(it->first == *key))
        return std::nullopt;
    return it->second;
}

void InspectionCache::keep(const PackageInspection& inspection)
{
    if (!inspection.readCompletely || inspection.sha256.isEmpty())
        return;
    const std::optional<Key> key = keyOf(inspection.file);
    if (!key || key->size != inspection.fileSize)
        return; // changed while it was read
    std::lock_guard<std::mutex> lock(m_mutex);
    m_entries.insert(inspection.file, {*key, inspection});
}

void InspectionCache::clear()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_entries.clear();
}
