#pragma once

#include "env/EnvironmentLocations.h"
#include "install/Operation.h"

#include <QCoreApplication>

/**
 * What follows environment steps once, as an operation of the same transaction: WM_SETTINGCHANGE after registry
 * writes (Explorer then hands new programs the new variables), ldconfig after an ld.so.conf.d change. A plan's steps
 * are framed by two: the one after them refreshes once they are performed, the one before them refreshes once they
 * are undone (a rollback, a recovery and an uninstall all undo newest first, so it comes last there).
 */
class EnvironmentRefresh final : public Operation
{
    Q_DECLARE_TR_FUNCTIONS(EnvironmentRefresh)

public:
    static inline const QString Name = QStringLiteral("environment_refresh");
    static constexpr int LdconfigTimeoutMs = 120000;

    enum class When {
        AfterPerform, // the last operation of the plan
        AfterUndo, // the first
    };

    /** effects: EnvironmentStep::Effect flags, those of the steps it follows. */
    EnvironmentRefresh(int effects, When when, EnvironmentLocations locations);
    static OperationPointer fromJson(const QJsonObject& data, EnvironmentLocations locations, QString* error);

    QString name() const override { return Name; }
    /** AfterPerform: refreshes; a failed ldconfig fails it, and the transaction undoes the steps. */
    bool perform() override;
    /** AfterUndo: refreshes as best it can; what failed is a note, never a reason to keep the journal. */
    bool undo() override;
    QString errorString() const override { return m_error; }
    QJsonObject toJson() const override;
    /** "WM_SETTINGCHANGE", "ldconfig" or both. */
    QString description() const override;

    int effects() const { return m_effects; }
    When when() const { return m_when; }
    /** What did not follow the last refresh (a broadcast nobody confirmed, a failed ldconfig on undo). */
    QString note() const { return m_note; }

private:
    bool refresh();

    int m_effects;
    When m_when;
    EnvironmentLocations m_locations;
    QString m_error;
    QString m_note;
};
