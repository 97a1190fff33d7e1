#pragma once

#include "install/Manifest.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>

/**
 * What cudnn-setup's manifest says a root should hold now (for each path, the newest entry that put something
 * there, minus what a later entry took away), compared with the disk: the one check detection cannot make,
 * because only the manifest knows each file's SHA-256 and the package it came from.
 */
class ManifestCheck
{
    Q_DECLARE_TR_FUNCTIONS(ManifestCheck)

public:
    /** One path that does not hold what the manifest says. */
    struct Damage
    {
        enum class Kind {
            Missing, // nothing there, or a link to nothing
            Empty, // a file of 0 bytes where the package's has bytes
            Altered, // other bytes (or a link where a file belongs)
            LinkFlattened, // a copy where a link belongs
            LinkChanged, // a link to somewhere else
            NotReadable, // the right bytes, but not readable by all
        };
        Kind kind = Kind::Missing;
        QString path; // absolute
        ManifestFile expected;
        QJsonObject package; // of the entry that put it there
    };

    /** One path as the manifest expects it, with the package of the entry that put it there. */
    struct Expected
    {
        ManifestFile file;
        QJsonObject package;
    };

    /** root: canonical. False (with error) when the manifest exists but cannot be read; an absent one is empty. */
    bool load(const QString& root, QString* error);
    const Manifest& manifest() const { return m_manifest; }

    /** Root-relative path -> what belongs there. */
    const QHash<QString, Expected>& expected() const { return m_expected; }
    QList<Damage> damages() const;

    /** The path with its folder's links resolved and the last part kept as it is (a link stays a link). */
    static QString canonicalEntry(const QString& path);

private:
    QString m_root;
    Manifest m_manifest;
    QHash<QString, Expected> m_expected;
};
