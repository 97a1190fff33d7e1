#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

/**
 * The write-ahead record of one transaction (<root>/.cudnn-setup/journal.json), on disk and flushed before the
 * first change and again before each operation runs. After a crash it tells the next run everything needed to put
 * the root back: the operations in order, how far they got, the staged files to delete, and how to tell whether
 * the transaction had in fact committed (the manifest then holds, or no longer holds, one entry).
 */
struct Journal
{
    Q_DECLARE_TR_FUNCTIONS(Journal)

public:
    static constexpr int Schema = 1;

    QString transaction;
    QString kind; // "install", "deploy", "uninstall"
    QDateTime started;
    QList<QJsonObject> operations; // OperationFactory::serialize() of each
    int performing = -1; // the operation running or last run; every one before it is done
    QStringList temporaries; // staged files; they come into being after `stagedAfter` operations have run
    int stagedAfter = 0;
    bool staging = false; // the package is staged in the transaction's staging folder (ToolkitState::stagingFolder)
    QString commitEntry; // the manifest entry whose presence (commitWhenPresent) or absence means committed
    bool commitWhenPresent = true;
    QStringList discardAfterCommit; // what is no longer needed once committed (an uninstall's backups)

    QJsonObject toJson() const;
    static std::optional<Journal> fromJson(const QJsonObject& json, QString* error);

    /** nullopt without error when there is no journal; with error when it cannot be read. */
    static std::optional<Journal> load(const QString& path, QString* error);
    bool save(const QString& path, QString* error) const;
};
