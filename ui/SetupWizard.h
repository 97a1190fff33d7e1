#pragma once

#include "BackgroundWork.h"
#include "WizardState.h"

#include <QWizard>

class Engine;
class InstallPage;
class RepairPage;
class StepList;
class UninstallPage;

/**
 * The double-click face of cudnn-setup. Each page shows an engine result and collects a choice; none computes
 * one. Engine work runs off the GUI thread. The search path page is the commit point: its Next button installs,
 * and from then on Back is gone, because the install is a fact (undone by an uninstall, not by Back); an install
 * that changed nothing (rolled back, refused) gives Back again. The side panel lists the chosen task's steps.
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
        RepairPageId, // task Repair: System -> Repair -> (Verify, when it changed something) -> Finish
        UninstallPageId, // task Switch or uninstall: System -> Uninstall -> Finish
        DeployPageId, // task Deploy: System -> Package -> Deploy -> Install -> Finish
    };

    /**
     * initialTask: the task named at start (--repair; Install with a package named; tests); nullopt when nothing
     * named one: Welcome then shows Install and lets the machine's verdict choose Repair until the person clicks.
     */
    explicit SetupWizard(const Engine& engine,
                         std::optional<SetupTask> initialTask = SetupTask::Install,
                         QWidget* parent = nullptr);
    ~SetupWizard() override;
    WizardState& state() { return m_state; }
    /** The pages of the chosen task in order (route()), from the current one to the next. */
    int nextId() const override;
    /** The chosen task's pages, Welcome to Finish; the side panel shows them. */
    QList<int> route() const;

    /** The window's geometry for `wanted` on a screen whose free area is `available`: no larger, and inside it. */
    static QRect fittedGeometry(const QRect& wanted, const QRect& available);
    /** 720 x 520, or less where the screen's free area is smaller. */
    static QSize minimumSizeFor(const QRect& available);

public slots:
    /**
     * Cancel, Escape or closing the window. While an install, repair or uninstall runs it asks first (the work
     * waits at its next step meanwhile); Yes stops it through its page, which shows the roll back, and the window
     * stays. Otherwise the window closes.
     */
    void reject() override;

protected:
    void showEvent(QShowEvent* event) override;

private:
    /** "Stop and put everything back?" for the task running now; empty when nothing runs that may be stopped. */
    QString stopQuestion() const;
    /** The page whose work is running and may be stopped; null when none. */
    QWizardPage* stoppablePage() const;
    void stopWorkOf(QWizardPage* page);
    void showSteps();
    /** The indexes among `steps` of those passed without their work done. */
    QList<int> skippedSteps(const QList<int>& steps) const;
    /** After an install that changed nothing, the commit page before it lets Back through again. */
    void allowBackAfterInstall();
    /** The brand in the pages' header, drawn from the SVG at the screen's pixel ratio. */
    void updateLogo();

    const Engine& m_engine;
    WizardState m_state;
    InstallPage* m_installPage = nullptr;
    RepairPage* m_repairPage = nullptr;
    UninstallPage* m_uninstallPage = nullptr;
    StepList* m_steps = nullptr;
    int m_reopenedCommitPage = -1; // the commit page that lets Back through, until it is shown again
    BackgroundWork m_work; // declared last: destroyed first, waiting for work that uses the engine
};
