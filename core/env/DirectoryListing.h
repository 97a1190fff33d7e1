#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

/**
 * Which files a directory holds, by name. The search-order model asks only this, so tests describe a Windows
 * machine (System32, CUDA\v11.2\bin) as a table and never touch a disk.
 */
class DirectoryListing
{
public:
    virtual ~DirectoryListing() = default;
    /** Names of the files (and links to files) in directory; empty when it does not exist. */
    virtual QStringList fileNames(const QString& directory) const = 0;
};

/** The disk as it is. */
class LocalDirectoryListing final : public DirectoryListing
{
public:
    QStringList fileNames(const QString& directory) const override;
};

/**
 * Another listing, each directory read once. One analysis asks for the same folders many times (an install's report
 * listed /usr/lib/x86_64-linux-gnu 76 times, 55,000 stat calls), and the disk is taken as it was when first asked.
 */
class ListingSnapshot final : public DirectoryListing
{
public:
    explicit ListingSnapshot(const DirectoryListing& base);
    QStringList fileNames(const QString& directory) const override;

private:
    const DirectoryListing& m_base;
    mutable QHash<QString, QStringList> m_names;
};

/**
 * Another listing with files added and hidden: how the disk will look once the target's libraries are in place and
 * stale copies are renamed aside. A folder that exists is one key under all its names (locationKey: lib64 -> lib);
 * other paths are compared normalised and case-folded, as we produced them ourselves.
 */
class ListingOverlay final : public DirectoryListing
{
public:
    explicit ListingOverlay(const DirectoryListing& base);
    void add(const QString& directory, const QString& name);
    void hide(const QString& path);
    QStringList fileNames(const QString& directory) const override;

private:
    static QString key(const QString& path);

    const DirectoryListing& m_base;
    QHash<QString, QStringList> m_added; // directory key -> names
    QSet<QString> m_hidden;
};
