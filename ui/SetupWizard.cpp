#include "SetupWizard.h"

#include "pages/BenchmarkPage.h"
#include "pages/EnvironmentPage.h"
#include "pages/PackagePage.h"
#include "pages/PlanPage.h"
#include "pages/SystemPage.h"
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
    m_state.setTask(initialTask);

    setPage(WelcomePageId, new WelcomePage(m_state, this));
    setPage(SystemPageId, new SystemPage(m_engine, m_state, m_work, this));
    setPage(PackagePageId, new PackagePage(m_engine, m_state, m_work, this));
    setPage(PlanPageId, new PlanPage(m_state, this));
    setPage(EnvironmentPageId, new EnvironmentPage(m_engine, m_state, m_work, this));
    setPage(BenchmarkPageId, new BenchmarkPage(m_engine, m_state, m_work, this));
}

SetupWizard::~SetupWizard()
{
    m_work.cancelAndWait(); // before the pages go: their work may still report to them
}
