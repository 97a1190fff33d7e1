#pragma once

#include <QString>

struct RedistArchive;

/**
 * The folder downloaded archives are kept in, so a reinstall or a second machine sharing the folder does not
 * download again: <folder>/<NVIDIA's file name> (names already carry version, platform and CUDA variant), with
 * "<name>.part" while it downloads and "<name>.sha256" once verified. A hit is trusted only after its SHA-256 is
 * checked again.
 */
class ArchiveCache
{
public:
    explicit ArchiveCache(const QString& folder = {});

    /** Under QStandardPaths::CacheLocation ("~/.cache/cudnn-setup/archives" on Linux). */
    static QString defaultFolder();
    QString folder() const { return m_folder; }
    QString pathFor(const RedistArchive& archive) const;
    static QString partPath(const QString& path) { return path + QStringLiteral(".part"); }
    static QString sidecarPath(const QString& path) { return path + QStringLiteral(".sha256"); }

private:
    QString m_folder;
};
