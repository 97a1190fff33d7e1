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

void WizardState::setPackageChoice(const QString& path, const PackageChoice& choice)
{
    m_packagePath = path;
    m_choice = choice;
    m_plan.reset(); // a new choice invalidates the old plan
    emit packageChoiceChanged();
}

void WizardState::setPlan(const std::optional<InstallPlan>& plan)
{
    m_plan = plan;
}

QString WizardState::targetToolkit() const
{
    return m_choice ? m_choice->toolkitRoot : QString();
}

void WizardState::setBenchmark(const BenchmarkResult& result)
{
    m_benchmark = result;
    emit benchmarkChanged();
}

void WizardState::setOutcome(const SetupOutcome& outcome)
{
    m_outcome = outcome;
    emit outcomeChanged();
}
