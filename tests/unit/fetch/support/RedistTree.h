#pragma once

#include "ArchiveBuilder.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

/**
 * A redist tree as NVIDIA lays it out, made by a test: redistrib_<release>.json manifests in the root and the
 * archives under cudnn/<platform>/, each listed with its relative_path, sha256, md5 and size.
 */
class RedistTree
{
public:
    explicit RedistTree(const QString& root);

    QString root() const { return m_root; }
    /** Packs the archive the spec describes; returns its path. Call writeManifests() after the last one. */
    QString add(const CudnnArchiveSpec& spec);
    /** Any bytes under NVIDIA's name for (version, platform, CUDA major), e.g. a large file for a benchmark. */
    QString addBytes(const Version& cudnn, const QString& platform, int cudaMajor, const QByteArray& data);
    /** Lists a file already written under the tree (relative path). */
    QString addExisting(const Version& cudnn, const QString& platform, int cudaMajor, const QString& relativePath);
    void writeManifests() const;
    /** The relative path (below the root) of an archive added under this file name. */
    QString relativePathOf(const QString& fileName) const;

    static QString platformOf(const CudnnArchiveSpec& spec);

private:
    struct Entry
    {
        Version cudnn;
        QString platform;
        int cudaMajor = 0;
        QString relativePath;
    };
    QString m_root;
    QList<Entry> m_entries;
};
