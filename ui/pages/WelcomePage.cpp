#include "WelcomePage.h"

#include "BackgroundWork.h"
#include "FrameworkList.h"
#include "ScrollingColumn.h"
#include "engine/Engine.h"

#include <QButtonGroup>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

WelcomePage::WelcomePage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_verdict(new QLabel(this))
    , m_frameworksHeadline(FrameworkList::headlineLabel(QStringLiteral("welcomeFrameworksHeadline"), this))
    , m_frameworks(new FrameworkList(this))
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
    m_frameworks->setObjectName(QStringLiteral("welcomeFrameworks"));
    m_frameworks->setHeightFollowsRows();
    m_frameworks->hide();
    m_verdict->setObjectName(QStringLiteral("welcomeVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->hide();

    // What was found scrolls as a whole above the tasks: a verdict and a long framework list never push the
    // intro under the list or the tasks off the page.
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(
        scrollingColumn(QStringLiteral("welcomeScroll"), {m_verdict, m_frameworksHeadline, m_frameworks, intro}, this),
        1);
    layout->addSpacing(12);
    for (const Choice& choice : choices) {
        auto* button = new QRadioButton(choice.text, this);
        button->setObjectName(choice.name);
        button->setAccessibleName(choice.text);
        m_tasks->addButton(button, int(choice.task));
        layout->addWidget(button);
    }
    // Chosen at once, so the side panel shows the chosen task's steps before Next.
    connect(m_tasks, &QButtonGroup::idClicked, this, [this](int id) {
        m_state.setTaskChosen(true);
        m_state.setTask(SetupTask(id));
    });
    // The System page may look again (Look again, an added environment): back here, the same verdicts show.
    connect(&m_state, &WizardState::snapshotChanged, this, [this] { showFrameworks(*m_state.snapshot()); });
}

void WelcomePage::initializePage()
{
    if (QAbstractButton* button = m_tasks->button(int(m_state.task())))
        button->setChecked(true);
    if (m_state.snapshot())
        showFrameworks(*m_state.snapshot());
    else if (!m_detecting)
        detect();
}

void WelcomePage::detect()
{
    m_detecting = true;
    m_frameworksHeadline->setText(tr("Looking for PyTorch, TensorFlow, ONNX Runtime, JAX, PaddlePaddle and other "
                                     "programs that use cuDNN in your Python environments…"));
    DetectOptions options;
    if (!m_state.preferredToolkit().isEmpty()) // the toolkit named at start, as the System page looks
        options.cudaRoots = {m_state.preferredToolkit()};
    const Engine* engine = &m_engine;
    m_work.run<SystemSnapshot>(
        this,
        [engine, options] { return engine->detect(options); },
        [this](const SystemSnapshot& snapshot) {
            m_detecting = false;
            if (!m_state.snapshot()) // the System page may have looked meanwhile: its snapshot is newer
                m_state.setSnapshot(snapshot); // shown through snapshotChanged
        });
}

void WelcomePage::showVerdict(const SystemSnapshot& snapshot)
{
    const MachineVerdict& verdict = snapshot.verdict;
    m_verdict->setVisible(verdict.repairFixes());
    if (!verdict.repairFixes())
        return;
    const QString more = verdict.problems > 1
        ? tr("Repair lists all %n problems found with cuDNN and fixes what it can.", nullptr, verdict.problems)
        : tr("Repair shows it with its fix and fixes what it can.");
    m_verdict->setText(QStringLiteral("<b>%1</b><br>%2 %3")
                           .arg(verdict.summary.message.toHtmlEscaped(),
                                verdict.finding ? verdict.finding->message.toHtmlEscaped() : QString(),
                                more.toHtmlEscaped()));
    layout()->activate(); // the lines it now needs at once, not after the next layout pass (no clipped verdict)
    // Chosen for the person who came without a task in mind; never over a choice made (a task named at start, a
    // click), and never while another page is shown (a look again there must not change the route).
    if (!m_state.taskChosen() && isVisible() && m_state.task() == SetupTask::Install) {
        m_state.setTask(SetupTask::Repair);
        if (QAbstractButton* button = m_tasks->button(int(SetupTask::Repair)))
            button->setChecked(true);
    }
}

void WelcomePage::showFrameworks(const SystemSnapshot& snapshot)
{
    showVerdict(snapshot);
    m_frameworksHeadline->setText(FrameworkList::headline(snapshot.frameworks));
    m_frameworks->setVerdicts(snapshot.frameworks);
    m_frameworks->setVisible(!snapshot.frameworks.isEmpty());
}

bool WelcomePage::validatePage()
{
    m_state.setTask(SetupTask(m_tasks->checkedId()));
    return true;
}
