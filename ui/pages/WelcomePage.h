#pragma once

#include "WizardState.h"

#include <QWizardPage>

class QButtonGroup;

/** Says what the wizard does and lets the person choose the task: install, repair, switch/uninstall, deploy. */
class WelcomePage : public QWizardPage
{
    Q_OBJECT

public:
    WelcomePage(WizardState& state, QWidget* parent = nullptr);
    void initializePage() override;
    bool validatePage() override;

private:
    WizardState& m_state;
    QButtonGroup* m_tasks;
};
