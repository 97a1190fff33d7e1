#pragma once

#include "common/OsFlavor.h"
#include "env/DirectoryListing.h"

#include <QMap>

/** A disk described as a table of file paths, compared under one OS's rules ("C:\Windows\System32\x.dll"). */
class MemoryListing final : public DirectoryListing
{
public:
    explicit MemoryListing(OsFlavor os, const QStringList& files = {})
        : m_os(os)
    {
        for (const QString& file : files)
            addFile(file);
    }

    void addFile(const QString& path)
    {
        const QString normalized = normalizedPath(m_os, path);
        const qsizetype slash = normalized.lastIndexOf(QLatin1Char('/'));
        m_files[key(normalized.left(slash))].append(normalized.mid(slash + 1));
    }

    QStringList fileNames(const QString& directory) const override { return m_files.value(key(directory)); }

private:
    QString key(const QString& directory) const
    {
        const QString normalized = normalizedPath(m_os, directory);
        return m_os == OsFlavor::Windows ? normalized.toCaseFolded() : normalized;
    }

    OsFlavor m_os;
    QMap<QString, QStringList> m_files;
};
