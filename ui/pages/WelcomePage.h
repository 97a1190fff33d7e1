#pragma once

#include "WizardState.h"

#include <QWizardPage>

class BackgroundWork;
class Engine;
class FrameworkList;
class QButtonGroup;
class QLabel;

/**
 * Leads with the machine's most important verdict (SystemSnapshot::verdict, judged once by the engine): a damaged
 * cuDNN or a stray copy on the search path first, with Repair chosen for the person who has not chosen yet; then
 * whether PyTorch, TensorFlow and ONNX Runtime in each Python environment will load a cuDNN that fits (detected
 * here, the System page then shows the same snapshot). Says what the wizard does and lets the person choose the
 * task: install, repair, switch/uninstall, deploy.
 */
class WelcomePage : public QWizardPage
{
    Q_OBJECT

public:
    WelcomePage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;
    bool validatePage() override;

private:
    void detect();
    void showFrameworks(const SystemSnapshot& snapshot);
    /** The verdict that leads; Repair chosen when it fixes it, the person has not chosen and this page is shown. */
    void showVerdict(const SystemSnapshot& snapshot);

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    QLabel* m_verdict;
    QLabel* m_frameworksHeadline;
    FrameworkList* m_frameworks;
    QButtonGroup* m_tasks;
    bool m_detecting = false;
};
