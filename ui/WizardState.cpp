#include "WizardState.h"

WizardState::WizardState(QObject* parent)
    : QObject(parent)
{
}

void WizardState::setTask(SetupTask task)
{
    if (task == m_task)
        return;
    m_task = task;
    emit taskChanged(task);
}

void WizardState::setSnapshot(const SystemSnapshot& snapshot)
{
    m_snapshot = snapshot;
    emit snapshotChanged();
}
