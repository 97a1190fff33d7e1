#include "WelcomePage.h"

#include <QButtonGroup>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

WelcomePage::WelcomePage(WizardState& state, QWidget* parent)
    : QWizardPage(parent)
    , m_state(state)
    , m_tasks(new QButtonGroup(this))
{
    setTitle(tr("Welcome to cudnn-setup"));
    setSubTitle(tr("Installs NVIDIA cuDNN into your CUDA toolkit, fixes the search path, and proves it works."));

    auto* intro = new QLabel(tr("The wizard looks at your driver, GPUs and CUDA toolkits, checks that the cuDNN "
                                "archive fits them, copies its files in one step that can be undone, and finally "
                                "runs a convolution on your GPU. Nothing is changed before you confirm the plan."),
                             this);
    intro->setWordWrap(true);

    struct Choice
    {
        SetupTask task;
        QString text;
        QString name;
    };
    const QList<Choice> choices{
        {SetupTask::Install, tr("&Install cuDNN into a CUDA toolkit"), QStringLiteral("taskInstall")},
        {SetupTask::Repair, tr("&Repair: find what is broken and fix it"), QStringLiteral("taskRepair")},
        {SetupTask::SwitchOrUninstall,
         tr("&Switch to another cuDNN version, or uninstall"),
         QStringLiteral("taskSwitch")},
        {SetupTask::DeployToApplication,
         tr("&Deploy the runtime libraries next to an application"),
         QStringLiteral("taskDeploy")},
    };
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addSpacing(12);
    for (const Choice& choice : choices) {
        auto* button = new QRadioButton(choice.text, this);
        button->setObjectName(choice.name);
        button->setAccessibleName(choice.text);
        m_tasks->addButton(button, int(choice.task));
        layout->addWidget(button);
    }
    layout->addStretch();
    // Chosen at once, so the side panel shows the chosen task's steps before Next.
    connect(m_tasks, &QButtonGroup::idClicked, this, [this](int id) { m_state.setTask(SetupTask(id)); });
}

void WelcomePage::initializePage()
{
    if (QAbstractButton* button = m_tasks->button(int(m_state.task())))
        button->setChecked(true);
}

bool WelcomePage::validatePage()
{
    m_state.setTask(SetupTask(m_tasks->checkedId()));
    return true;
}
