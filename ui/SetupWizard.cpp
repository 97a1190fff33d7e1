#include "SetupWizard.h"

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

SetupWizard::SetupWizard(const Engine& engine, SetupTask initialTask, QWidget* parent)
    : QWizard(parent)
    , m_engine(engine)
{
    setObjectName(QStringLiteral("setupWizard"));
    setWindowTitle(tr("cudnn-setup"));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setMinimumSize(760, 560);
    setButtonText(QWizard::CommitButton, tr("&Install"));
    m_state.setTask(initialTask);

    m_installPage = new InstallPage(m_engine, m_state, m_work, this);
    setPage(WelcomePageId, new WelcomePage(m_state, this));
    setPage(SystemPageId, new SystemPage(m_engine, m_state, m_work, this));
    setPage(PackagePageId, new PackagePage(m_engine, m_state, m_work, this));
    setPage(PlanPageId, new PlanPage(m_state, this));
    setPage(EnvironmentPageId, new EnvironmentPage(m_engine, m_state, m_work, this));
    setPage(InstallPageId, m_installPage);
    setPage(VerifyPageId, new VerifyPage(m_state, this));
    setPage(BenchmarkPageId, new BenchmarkPage(m_engine, m_state, m_work, this));
    setPage(FinishPageId, new FinishPage(m_state, this));
    m_repairPage = new RepairPage(m_engine, m_state, m_work, this);
    setPage(RepairPageId, m_repairPage);
    m_uninstallPage = new UninstallPage(m_engine, m_state, m_work, this);
    setPage(UninstallPageId, m_uninstallPage);
    setPage(DeployPageId, new DeployPage(m_engine, m_state, m_work, this));

    connect(m_repairPage, &RepairPage::finished, this, [this] {
        if (m_closeWhenInstallStops)
            QWizard::reject();
    });
    connect(m_installPage, &InstallPage::finished, this, [this] {
        if (m_closeWhenInstallStops)
            QWizard::reject();
    });
    connect(m_uninstallPage, &UninstallPage::finished, this, [this] {
        if (m_closeWhenInstallStops)
            QWizard::reject();
    });
}

SetupWizard::~SetupWizard()
{
    m_work.cancelAndWait(); // before the pages go: their work may still report to them
}

int SetupWizard::nextId() const
{
    if (currentId() == FinishPageId)
        return -1; // the pages of the other tasks come after it by number only
    if (m_state.task() == SetupTask::DeployToApplication) {
        if (currentId() == PackagePageId)
            return DeployPageId;
        if (currentId() == DeployPageId)
            return InstallPageId;
        if (currentId() == InstallPageId)
            return FinishPageId;
    }
    if (m_state.task() == SetupTask::SwitchOrUninstall) {
        if (currentId() == SystemPageId)
            return UninstallPageId;
        if (currentId() == UninstallPageId)
            return FinishPageId;
    }
    if (m_state.task() == SetupTask::Repair) {
        if (currentId() == SystemPageId)
            return RepairPageId;
        if (currentId() == RepairPageId)
            return FinishPageId;
    }
    return QWizard::nextId();
}

void SetupWizard::reject()
{
    if (m_repairPage->isBusy()) {
        m_closeWhenInstallStops = true;
        m_repairPage->cancelRepair();
        return;
    }
    if (m_installPage->isBusy()) {
        m_closeWhenInstallStops = true;
        m_installPage->cancelInstall();
        return;
    }
    if (m_uninstallPage->isBusy()) {
        m_closeWhenInstallStops = true;
        m_uninstallPage->cancelUninstall();
        return;
    }
    QWizard::reject();
}
