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

void WizardState::setPreferredToolkit(const QString& root)
{
    if (root == m_preferredToolkit)
        return;
    m_preferredToolkit = root;
    emit preferredToolkitChanged();
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

Report WizardState::report() const
{
    switch (m_task) {
    case SetupTask::Repair:
        if (m_repairOutcome)
            return m_repairOutcome->toReport();
        return Report(QStringLiteral("repair"));
    case SetupTask::SwitchOrUninstall:
        if (m_uninstallOutcome)
            return m_uninstallOutcome->toReport();
        return Report(QStringLiteral("uninstall"));
    case SetupTask::Install:
    case SetupTask::DeployToApplication:
        break;
    }
    if (!m_outcome)
        return Report(m_task == SetupTask::DeployToApplication ? QStringLiteral("deploy") : QStringLiteral("install"));
    SetupOutcome outcome = *m_outcome;
    if (m_benchmark) {
        outcome.benchmark = m_benchmark; // the benchmark has a page of its own
        outcome.benchmarkNotRun.clear();
    }
    return outcome.toReport();
}
