#pragma once

#include "BackgroundWork.h"
#include "WizardState.h"

#include <QWizard>

class Engine;
class InstallPage;
class RepairPage;
class UninstallPage;

/**
 * The double-click face of cudnn-setup. Each page shows an engine result and collects a choice; none computes
 * one. Engine work runs off the GUI thread. The search path page is the commit point: its Next button installs,
 * and from then on Back is gone, because the install is a fact (undone by an uninstall, not by Back).
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
        InstallPageId,
        VerifyPageId,
        BenchmarkPageId,
        FinishPageId,
        RepairPageId, // task Repair: System -> Repair -> Finish
        UninstallPageId, // task Switch or uninstall: System -> Uninstall -> Finish
        DeployPageId, // task Deploy: System -> Package -> Deploy -> Install -> Finish
    };

    explicit SetupWizard(const Engine& engine, SetupTask initialTask = SetupTask::Install, QWidget* parent = nullptr);
    ~SetupWizard() override;
    WizardState& state() { return m_state; }
    /** The install path goes by page order; the Repair task goes System -> Repair -> Finish. */
    int nextId() const override;

public slots:
    /** Cancel or closing the window: an install, repair or uninstall under way is rolled back first, then the window
     * closes. */
    void reject() override;

private:
    const Engine& m_engine;
    WizardState m_state;
    InstallPage* m_installPage = nullptr;
    RepairPage* m_repairPage = nullptr;
    UninstallPage* m_uninstallPage = nullptr;
    bool m_closeWhenInstallStops = false;
    BackgroundWork m_work; // declared last: destroyed first, waiting for work that uses the engine
};
