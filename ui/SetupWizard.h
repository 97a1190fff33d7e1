#pragma once

#include "BackgroundWork.h"
#include "WizardState.h"

#include <QWizard>

class Engine;

/**
 * The double-click face of cudnn-setup. Each page shows an engine result and collects a choice; none computes
 * one. Engine work runs off the GUI thread.
 */
class SetupWizard : public QWizard
{
    Q_OBJECT

public:
    enum PageId {
        WelcomePageId,
        SystemPageId,
        PackagePageId,
        PlanPageId,
        EnvironmentPageId,
        BenchmarkPageId,
    };

    explicit SetupWizard(const Engine& engine, SetupTask initialTask = SetupTask::Install, QWidget* parent = nullptr);
    ~SetupWizard() override;
    WizardState& state() { return m_state; }

private:
    const Engine& m_engine;
    WizardState m_state;
    BackgroundWork m_work; // declared last: destroyed first, waiting for work that uses the engine
};
