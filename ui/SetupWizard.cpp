#include "SetupWizard.h"

#include "ProgressRelay.h"
#include "StepList.h"
#include "pages/BenchmarkPage.h"
#include "pages/DeployPage.h"
#include "pages/EnvironmentPage.h"
#include "pages/FinishPage.h"
#include "pages/InstallPage.h"
#include "pages/PackagePage.h"
#include "pages/PlanPage.h"
#include "pages/RepairPage.h"
#include "pages/SystemPage.h"
#include "pages/UninstallPage.h"
#include "pages/VerifyPage.h"
#include "pages/WelcomePage.h"

#include <QEvent>
#include <QIcon>
#include <QMargins>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <algorithm>

namespace {

/** Room for the window manager's frame and title bar around the wizard's own geometry. */
const QMargins windowFrame(8, 32, 8, 8);

/** Holds the work's progress reports, so the work waits at its next step, until it goes out of scope. */
class HeldWork
{
public:
    explicit HeldWork(ProgressRelay* relay)
        : m_relay(relay)
    {
        if (m_relay)
            m_relay->hold();
    }
    ~HeldWork()
    {
        if (m_relay)
            m_relay->release();
    }
    HeldWork(const HeldWork&) = delete;
    HeldWork& operator=(const HeldWork&) = delete;

private:
    ProgressRelay* m_relay;
};

/**
 * Takes a double click on a wizard button as one click: the second press of it lands on the next page's button
 * (Next on Welcome would skip the System page, Next on the plan would press Install).
 */
class OneClickPerDoubleClick : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::MouseButtonDblClick)
            return false;
        if (auto* button = qobject_cast<QAbstractButton*>(watched))
            button->setDown(false); // its release clicks nothing
        return true;
    }
};

} // namespace

SetupWizard::SetupWizard(const Engine& engine, std::optional<SetupTask> initialTask, QWidget* parent)
    : QWizard(parent)
    , m_engine(engine)
{
    setObjectName(QStringLiteral("setupWizard"));
    setWindowTitle(tr("cudnn-setup"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/cudnn-setup.svg")));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setOption(QWizard::NoCancelButtonOnLastPage); // Finish ends it; nothing is left to cancel
    setButtonText(QWizard::CommitButton, tr("&Install"));
    m_state.setTask(initialTask.value_or(SetupTask::Install));
    m_state.setTaskChosen(initialTask.has_value());

    m_installPage = new InstallPage(m_engine, m_state, m_work, this);
    // Before the wizard's own connection: the commit flag is set before the buttons are updated from it.
    connect(m_installPage, &QWizardPage::completeChanged, this, &SetupWizard::allowBackAfterInstall);
    setPage(WelcomePageId, new WelcomePage(m_engine, m_state, m_work, this));
    setPage(SystemPageId, new SystemPage(m_engine, m_state, m_work, this));
    setPage(PackagePageId, new PackagePage(m_engine, m_state, m_work, this));
    setPage(PlanPageId, new PlanPage(m_state, this));
    setPage(EnvironmentPageId, new EnvironmentPage(m_engine, m_state, m_work, this));
    setPage(InstallPageId, m_installPage);
    setPage(VerifyPageId, new VerifyPage(m_engine, m_state, m_work, this));
    setPage(BenchmarkPageId, new BenchmarkPage(m_engine, m_state, m_work, this));
    setPage(FinishPageId, new FinishPage(m_engine, m_state, m_work, this));
    m_repairPage = new RepairPage(m_engine, m_state, m_work, this);
    setPage(RepairPageId, m_repairPage);
    m_uninstallPage = new UninstallPage(m_engine, m_state, m_work, this);
    setPage(UninstallPageId, m_uninstallPage);
    setPage(DeployPageId, new DeployPage(m_engine, m_state, m_work, this));

    auto* oneClick = new OneClickPerDoubleClick(this);
    for (QWizard::WizardButton which :
         {QWizard::BackButton, QWizard::NextButton, QWizard::CommitButton, QWizard::FinishButton})
        button(which)->installEventFilter(oneClick);

    m_steps = new StepList(this);
    setSideWidget(m_steps);
    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        if (id == EnvironmentPageId || id == DeployPageId)
            page(id)->setCommitPage(true); // back from an install that changed nothing: Install again
        // Back onto a page of one task (from a switch's Package page to Uninstall): the route is that task's again.
        if (id == UninstallPageId)
            m_state.setTask(SetupTask::SwitchOrUninstall);
        else if (id == RepairPageId)
            m_state.setTask(SetupTask::Repair);
        else if (id == DeployPageId)
            m_state.setTask(SetupTask::DeployToApplication);
        showSteps();
    });
    connect(&m_state, &WizardState::taskChanged, this, &SetupWizard::showSteps);
    connect(m_repairPage, &RepairPage::finished, this, &SetupWizard::showSteps); // Verify joins once it repaired
    connect(m_uninstallPage, &UninstallPage::switchChosen, this, &QWizard::next);
    showSteps();
}

SetupWizard::~SetupWizard()
{
    m_work.cancelAndWait(); // before the pages go: their work may still report to them
}

QList<int> SetupWizard::route() const
{
    switch (m_state.task()) {
    case SetupTask::Install:
        break;
    case SetupTask::DeployToApplication:
        return {WelcomePageId, SystemPageId, PackagePageId, DeployPageId, InstallPageId, FinishPageId};
    case SetupTask::SwitchOrUninstall:
        return {WelcomePageId, SystemPageId, UninstallPageId, FinishPageId};
    case SetupTask::Repair: {
        const std::optional<RepairOutcome>& repair = m_state.repairOutcome();
        const bool changed
            = repair && repair->result.status == RepairResult::Status::Repaired && !repair->result.applied.isEmpty();
        if (changed) // the repaired toolkit is proven the way an install is
            return {WelcomePageId, SystemPageId, RepairPageId, VerifyPageId, FinishPageId};
        return {WelcomePageId, SystemPageId, RepairPageId, FinishPageId};
    }
    }
    return {WelcomePageId,
            SystemPageId,
            PackagePageId,
            PlanPageId,
            EnvironmentPageId,
            InstallPageId,
            VerifyPageId,
            BenchmarkPageId,
            FinishPageId};
}

int SetupWizard::nextId() const
{
    const QList<int> steps = route();
    qsizetype at = steps.indexOf(currentId());
    if (at < 0) // the task changed on a page of the old one (Switch to another version): on from the System page
        at = steps.indexOf(SystemPageId);
    return at >= 0 && at + 1 < steps.size() ? steps.at(at + 1) : -1;
}

QRect SetupWizard::fittedGeometry(const QRect& wanted, const QRect& available)
{
    const QRect room = available.marginsRemoved(windowFrame);
    QRect fitted(wanted.topLeft(), wanted.size().boundedTo(room.size()));
    // Moved inside, so Next and Cancel are on the screen.
    fitted.moveLeft(std::clamp(fitted.left(), room.left(), room.right() + 1 - fitted.width()));
    fitted.moveTop(std::clamp(fitted.top(), room.top(), room.bottom() + 1 - fitted.height()));
    return fitted;
}

QSize SetupWizard::minimumSizeFor(const QRect& available)
{
    return QSize(720, 520).boundedTo(available.marginsRemoved(windowFrame).size());
}

void SetupWizard::showEvent(QShowEvent* event)
{
    if (const QScreen* screen = this->screen()) {
        const QRect available = screen->availableGeometry();
        setMinimumSize(minimumSizeFor(available));
        setGeometry(fittedGeometry(geometry(), available));
    }
    updateLogo();
    QWizard::showEvent(event);
}

void SetupWizard::updateLogo()
{
    const int side = 48;
    setPixmap(QWizard::LogoPixmap,
              QIcon(QStringLiteral(":/icons/cudnn-setup.svg")).pixmap(QSize(side, side), devicePixelRatioF()));
}

void SetupWizard::showSteps()
{
    QStringList names;
    const QList<int> steps = route();
    for (int id : steps) {
        switch (PageId(id)) {
        case WelcomePageId:
            names << tr("Welcome");
            break;
        case SystemPageId:
            names << tr("System");
            break;
        case PackagePageId:
            names << tr("Package");
            break;
        case PlanPageId:
            names << tr("Plan");
            break;
        case EnvironmentPageId:
            names << tr("Search path");
            break;
        case InstallPageId:
            names << (m_state.task() == SetupTask::DeployToApplication ? tr("Copy") : tr("Install"));
            break;
        case VerifyPageId:
            names << tr("Verify");
            break;
        case BenchmarkPageId:
            names << tr("Benchmark");
            break;
        case FinishPageId:
            names << tr("Finish");
            break;
        case RepairPageId:
            names << tr("Repair");
            break;
        case UninstallPageId:
            names << tr("Uninstall");
            break;
        case DeployPageId:
            names << tr("Application folder");
            break;
        }
    }
    m_steps->setSteps(names, int(steps.indexOf(currentId())), skippedSteps(steps));
}

QList<int> SetupWizard::skippedSteps(const QList<int>& steps) const
{
    // A step passed without its work done gets no tick: an uninstall not made, a check or benchmark that did not run.
    QList<int> skipped;
    const std::optional<UninstallOutcome>& uninstall = m_state.uninstallOutcome();
    const std::optional<SetupOutcome>& outcome = m_state.outcome();
    const std::optional<BenchmarkResult>& benchmark = m_state.benchmark();
    for (int i = 0; i < steps.size(); ++i) {
        switch (PageId(steps.at(i))) {
        case UninstallPageId:
            if (!uninstall || uninstall->result.status != InstallResult::Status::Uninstalled)
                skipped.append(i);
            break;
        case VerifyPageId:
            if (m_state.task() != SetupTask::Repair && (!outcome || !outcome->verify))
                skipped.append(i);
            break;
        case BenchmarkPageId:
            if (!benchmark || !benchmark->measured())
                skipped.append(i);
            break;
        default:
            break;
        }
    }
    return skipped;
}

void SetupWizard::allowBackAfterInstall()
{
    const QList<int> history = visitedIds();
    if (currentId() != InstallPageId || history.size() < 2)
        return;
    const int before = history.at(history.size() - 2);
    if (before != EnvironmentPageId && before != DeployPageId)
        return;
    const std::optional<SetupOutcome>& outcome = m_state.outcome();
    const bool changedNothing = !m_installPage->isBusy() && outcome && !outcome->install.succeeded();
    page(before)->setCommitPage(!changedNothing); // QWizard offers Back unless the page before is a commit page
}

QWizardPage* SetupWizard::stoppablePage() const
{
    if (m_installPage->isBusy())
        return m_installPage;
    if (m_repairPage->isRepairing())
        return m_repairPage;
    if (m_uninstallPage->isBusy())
        return m_uninstallPage;
    return nullptr;
}

QString SetupWizard::stopQuestion() const
{
    const QWizardPage* page = stoppablePage();
    if (page == m_repairPage)
        return tr("cuDNN is being repaired. Stop and put everything back?");
    if (page == m_uninstallPage)
        return tr("cuDNN is being uninstalled. Stop and put everything back?");
    if (page == m_installPage)
        return m_state.task() == SetupTask::DeployToApplication
            ? tr("cuDNN is being copied into the application's folder. Stop and put everything back?")
            : tr("cuDNN is being installed. Stop and put everything back?");
    return {};
}

void SetupWizard::stopWorkOf(QWizardPage* page)
{
    if (page == m_installPage)
        m_installPage->cancelInstall();
    else if (page == m_repairPage)
        m_repairPage->cancelRepair();
    else if (page == m_uninstallPage)
        m_uninstallPage->cancelUninstall();
}

void SetupWizard::reject()
{
    QWizardPage* running = stoppablePage();
    if (!running) {
        QWizard::reject(); // a scan still running is waited for when the wizard goes
        return;
    }
    if (running == m_installPage && !m_installPage->canStop()) {
        QMessageBox::information(this,
                                 windowTitle(),
                                 tr("The step with administrator rights cannot be stopped from here. It finishes, or "
                                    "puts everything back, on its own; this window shows which."));
        return;
    }
    QMessageBox question(
        QMessageBox::Question, windowTitle(), stopQuestion(), QMessageBox::Yes | QMessageBox::No, this);
    question.setObjectName(QStringLiteral("stopQuestion"));
    question.setInformativeText(tr("What was done so far is undone, and this window shows the result."));
    question.button(QMessageBox::Yes)->setText(tr("&Stop and put back"));
    question.button(QMessageBox::No)->setText(tr("&Continue"));
    question.setDefaultButton(QMessageBox::No);
    int answer = QMessageBox::No;
    {
        // The work waits at its next step while the person decides. The page's only relay is the one its work
        // reports to.
        const HeldWork held(running->findChild<ProgressRelay*>(QString(), Qt::FindDirectChildrenOnly));
        answer = question.exec();
    }
    if (answer == QMessageBox::Yes && stoppablePage() == running)
        stopWorkOf(running); // the page shows the roll back; the window stays
}
