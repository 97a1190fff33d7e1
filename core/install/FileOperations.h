#pragma once

#include "Operation.h"

#include <QCoreApplication>

/**
 * Puts source (a staged file or link, or on uninstall a backup) at destination in one rename. When the plan says
 * destination holds something (replaces), that is moved to backup first; when reality disagrees with the plan,
 * perform() fails rather than guess. undo() moves the new entry back to source and the backup back to destination,
 * from any point perform() may have reached.
 */
class PlaceEntry final : public Operation
{
    Q_DECLARE_TR_FUNCTIONS(PlaceEntry)

public:
    static inline const QString Name = QStringLiteral("place");

    PlaceEntry(const QString& source, const QString& destination, const QString& backup, bool replaces);
    static OperationPointer fromJson(const QJsonObject& data, QString* error);

    QString name() const override { return Name; }
    bool perform() override;
    bool undo() override;
    QString errorString() const override { return m_error; }
    QStringList paths() const override { return {m_source, m_destination, m_backup}; }
    QJsonObject toJson() const override;

    QString destination() const { return m_destination; }
    QString backup() const { return m_backup; }
    bool replaces() const { return m_replaces; }

private:
    QString m_source;
    QString m_destination;
    QString m_backup;
    bool m_replaces;
    QString m_error;
};

/** Moves what is at path aside into backup (a superseded file; on uninstall, a file the install added). */
class RemoveEntry final : public Operation
{
    Q_DECLARE_TR_FUNCTIONS(RemoveEntry)

public:
    static inline const QString Name = QStringLiteral("remove");

    RemoveEntry(const QString& path, const QString& backup);
    static OperationPointer fromJson(const QJsonObject& data, QString* error);

    QString name() const override { return Name; }
    bool perform() override;
    bool undo() override;
    QString errorString() const override { return m_error; }
    QStringList paths() const override { return {m_path, m_backup}; }
    QJsonObject toJson() const override;

    QString path() const { return m_path; }
    QString backup() const { return m_backup; }

private:
    QString m_path;
    QString m_backup;
    QString m_error;
};

/** Creates one missing folder level; undo removes it again if it is empty. */
class MakeFolder final : public Operation
{
    Q_DECLARE_TR_FUNCTIONS(MakeFolder)

public:
    static inline const QString Name = QStringLiteral("mkdir");

    explicit MakeFolder(const QString& path);
    static OperationPointer fromJson(const QJsonObject& data, QString* error);

    QString name() const override { return Name; }
    bool perform() override;
    bool undo() override;
    QString errorString() const override { return m_error; }
    QStringList paths() const override { return {m_path}; }
    QJsonObject toJson() const override;

    QString path() const { return m_path; }

private:
    QString m_path;
    QString m_error;
};

/** Removes a folder an install created, if nothing else was put in it since; undo creates it again. */
class RemoveFolder final : public Operation
{
    Q_DECLARE_TR_FUNCTIONS(RemoveFolder)

public:
    static inline const QString Name = QStringLiteral("rmdir");

    explicit RemoveFolder(const QString& path);
    static OperationPointer fromJson(const QJsonObject& data, QString* error);

    QString name() const override { return Name; }
    bool perform() override;
    bool undo() override;
    QString errorString() const override { return m_error; }
    QStringList paths() const override { return {m_path}; }
    QJsonObject toJson() const override;

    QString path() const { return m_path; }

private:
    QString m_path;
    QString m_error;
};
