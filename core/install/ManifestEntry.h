#pragma once

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
