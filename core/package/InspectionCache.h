#pragma once

#include "PackageInspection.h"

#include <QDateTime>
#include <QHash>
#include <mutex>
#include <optional>

/**
 * The facts of every archive this process has read, so judging the same file again (another toolkit, the plan, a
 * repair naming it) costs milliseconds instead of a decompression. Keyed by absolute path, size and modification
 * time: a file that changed is read again. Only complete inspections are kept; an install still checks the
 * SHA-256 of the bytes it writes against the one kept here. Safe to use from worker threads.
 */
class InspectionCache
{
public:
    static InspectionCache& instance();

    /** The facts of path, when it was read completely and has not changed since. */
    std::optional<PackageInspection> find(const QString& path) const;
    /** Keeps inspection (its file's current size and time) when it read the archive completely. */
    void keep(const PackageInspection& inspection);
    void clear();

private:
    struct Key
    {
        qint64 size = -1;
        QDateTime modified;
        bool operator==(const Key& o) const { return size == o.size && modified == o.modified; }
    };
    static std::optional<Key> keyOf(const QString& path);

    mutable std::mutex m_mutex;
    QHash<QString, std::pair<Key, PackageInspection>> m_entries;
};
