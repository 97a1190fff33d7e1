#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

/** One entry an install changed: what it put there, and where what was there before now lies. */
struct ManifestFile
{
    enum class Action {
        Added, // nothing was there
        Replaced, // the previous entry is in backup
        Removed, // another cuDNN's file, superseded; it is in backup and nothing is there now
    };
    enum class Kind {
        File,
        Symlink,
    };

    QString path; // relative to the root
    Action action = Action::Added;
    Kind kind = Kind::File; // of what the install put there (Added, Replaced) or took away (Removed)
    QString sha256; // of the file
    qint64 size = 0;
    int mode = 0644;
    QString linkTarget;
    QString backup; // relative to the state folder; empty for Added

    static QString actionName(Action action);
    QJsonObject toJson() const;
    static std::optional<ManifestFile> fromJson(const QJsonObject& json);
};

/** What one install or deploy did, enough to take it back: one level of the manifest's stack. */
struct ManifestEntry
{
    QString transaction;
    QString kind; // "install", "deploy"; "repair" only for a repair of a root no install is recorded in
    QDateTime time;
    QString toolVersion;
    QJsonObject package; // {"file", "sha256", "cudnn_version", "cuda_major", "platform", "arch"}
    QJsonObject toolkit; // {"root", "version"}
    QList<ManifestFile> files; // in the order they were put in place
    QStringList folders; // created, relative to the root, parents first
    QList<QJsonObject> operations; // other kinds of operation the install performed (OperationFactory::serialize)
    QStringList repairs; // transactions of the repairs folded into this entry, oldest first

    QJsonObject toJson() const;
    static std::optional<ManifestEntry> fromJson(const QJsonObject& json);
};

/**
 * What cudnn-setup installed into one root (<root>/.cudnn-setup/manifest.json), as a stack: each install over
 * another pushes an entry, an uninstall pops the newest and restores what it replaced, so switching cuDNN versions
 * and going back one step at a time never leaves a mixture. A repair pushes nothing: it becomes part of the entry
 * whose files it put back (RepairService), so that entry still takes the root back to what was there before it.
 */
class Manifest
{
    Q_DECLARE_TR_FUNCTIONS(Manifest)

public:
    static constexpr int Schema = 1;

    QList<ManifestEntry> entries; // oldest first

    bool isEmpty() const { return entries.isEmpty(); }
    const ManifestEntry* newest() const { return entries.isEmpty() ? nullptr : &entries.last(); }
    /** An entry of this transaction, or one a repair of this transaction was folded into. */
    bool contains(const QString& transaction) const;

    QJsonObject toJson() const;
    /** An empty manifest when there is none; nullopt with error when it cannot be read. */
    static std::optional<Manifest> load(const QString& path, QString* error);
    /** Writes it atomically; an empty manifest removes the file. */
    bool save(const QString& path, QString* error) const;
};
