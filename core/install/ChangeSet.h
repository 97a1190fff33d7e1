#pragma once

#include "InstallPlan.h"
#include "common/OsFlavor.h"
#include "report/Diagnostic.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

struct PackageInspection;

/** One entry a transaction puts in place, and where its content comes from. */
struct Change
{
    enum class Source {
        Archive, // streamed from the package
        Disk, // copied from a file on disk (a deploy's CUDA runtime)
    };

    Source source = Source::Archive;
    QString from; // the archive entry's path, or the file on disk
    QString contentOf; // an archive hard link: the entry whose data it repeats; empty otherwise
    QString destination; // absolute, inside the root
    InstallItem::Kind kind = InstallItem::Kind::File;
    QString linkTarget;
    qint64 size = 0;
    QString sha256; // expected content; empty for a disk copy (learnt while copying)
    int mode = 0644;
    InstallItem::Action action = InstallItem::Action::New;

    bool writes() const { return action != InstallItem::Action::Same; }
    bool isLink() const { return kind == InstallItem::Kind::Symlink; }
};

/** A cuDNN file of another version in a folder the install writes to; taken away (backed up) with the install. */
struct Removal
{
    QString path;
    bool isLink = false;
    QString linkTarget;
    qint64 size = 0;
};

/**
 * Everything one install or deploy changes in one root: the entries put in place (new, overwritten or already the
 * same), the folders created, and the superseded files removed. The transaction executes it; the dry run and the
 * report show it.
 */
struct ChangeSet
{
    QString root; // canonical
    OsFlavor os = OsFlavor::Linux;
    QList<Change> changes;
    QStringList createFolders; // every missing level, parents first
    QList<Removal> removals;

    qint64 bytesToWrite() const;
    int entriesToWrite() const;
    /** Nothing to write, create or remove: the root already holds exactly this. */
    bool changesNothing() const;
    /** Existing folders the transaction creates entries in (for the permission check). */
    QStringList foldersWritten() const;
    /** The change that puts this archive entry in place, or nullptr. */
    const Change* changeFrom(const QString& archivePath) const;

    /** {"root", "os", "bytes_to_write", "files": [...], "create_folders", "remove": [...]}. */
    QJsonObject toJson() const;

    /** The planner's plan with what the inspection knows of each entry (mode, hard links). */
    static ChangeSet fromPlan(const InstallPlan& plan, const PackageInspection& package);
    /** folders plus each missing parent below root, parents first, each once. */
    static QStringList missingLevels(const QString& root, const QStringList& folders);
};

/** A change set and what the planning of it found (a runtime library it could not find, ...). */
struct PlannedChanges
{
    ChangeSet changes;
    Diagnostics diagnostics;
};
