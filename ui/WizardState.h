#pragma once

#include "detect/SystemSnapshot.h"

#include <QObject>
#include <optional>

/** What the person chose on the welcome page. */
enum class SetupTask {
    Install,
    Repair,
    SwitchOrUninstall,
    DeployToApplication,
};

/**
 * What the pages have learned and chosen so far, shared by all of them. Pages write what they collect and read
 * what earlier pages found; going Back never throws it away, so returning to a page does not redo work.
 */
class WizardState : public QObject
{
    Q_OBJECT

public:
    explicit WizardState(QObject* parent = nullptr);

    SetupTask task() const { return m_task; }
    void setTask(SetupTask task);

    const std::optional<SystemSnapshot>& snapshot() const { return m_snapshot; }
    void setSnapshot(const SystemSnapshot& snapshot);

signals:
    void taskChanged(SetupTask task);
    void snapshotChanged();

private:
    SetupTask m_task = SetupTask::Install;
    std::optional<SystemSnapshot> m_snapshot;
};
