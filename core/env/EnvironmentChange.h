#pragma once

#include "env/EnvironmentLocations.h"
#include "env/EnvironmentOperation.h"
#include "env/EnvironmentPlan.h"

#include <QCoreApplication>
#include <memory>

/**
 * A plan carried out: its steps performed in order (all or nothing), then the side effects once (WM_SETTINGCHANGE
 * after registry writes, ldconfig after an ld.so.conf.d change). Before the first write the before-values are saved
 * as JSON into the scope's backup folder. Undo takes the performed steps back in reverse, each only as far as the
 * machine still holds what we wrote. Undo may be called again, and on a change rebuilt from JSON saved before a
 * crash in perform(): a step counts as performed when it says so or when the machine holds its "after".
 */
class EnvironmentChange final : public EnvironmentOperation
{
    Q_DECLARE_TR_FUNCTIONS(EnvironmentChange)

public:
    static constexpr int LdconfigTimeoutMs = 120000;

    EnvironmentChange(const EnvironmentPlan& plan, EnvironmentLocations locations);
    /** Rebuilds a change from toJson() (an uninstall's manifest); null with error when the JSON is not one. */
    static std::unique_ptr<EnvironmentChange>
    fromJson(const QJsonObject& json, EnvironmentLocations locations, QString* error);

    QString name() const override { return QStringLiteral("environment"); }
    bool perform() override;
    bool undo() override;
    QString errorString() const override { return m_error; }
    QJsonObject toJson() const override;

    bool isPerformed() const;
    /** What a person should know after perform/undo: values others changed meanwhile, a broadcast nobody heard. */
    QStringList notes() const { return m_notes; }
    /** The backup file perform() wrote; empty when none. */
    QString backupFile() const { return m_backupFile; }

private:
    EnvironmentChange(OsFlavor os, EnvironmentScope scope, EnvironmentLocations locations);
    bool writeBackup();
    /** Undoes the steps from index down to 0 that were performed, collecting notes; false if one failed. */
    bool undoFrom(qsizetype index);
    bool runEffects(int effects);

    OsFlavor m_os;
    EnvironmentScope m_scope;
    EnvironmentLocations m_locations;
    EnvironmentSteps m_steps;
    QList<bool> m_performed; // per step: it changed the machine
    QString m_backupFile;
    QString m_error;
    QStringList m_notes;
};
