#include "DeployPage.h"

#include "BackgroundWork.h"
#include "DiagnosticList.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

DeployPage::DeployPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_folder(new QLineEdit(this))
    , m_summary(new QLabel(this))
    , m_findings(new DiagnosticList(this))
{
    setTitle(tr("Deploy next to an application"));
    setSubTitle(tr("A program finds libraries in its own folder first: cuDNN and the CUDA runtime copied there "
                   "are the ones it loads, whatever the search path says."));
    setCommitPage(true);
    setButtonText(QWizard::CommitButton, tr("&Deploy"));
    m_folder->setObjectName(QStringLiteral("deployFolder"));
    m_folder->setAccessibleName(tr("Application folder"));
    m_folder->setPlaceholderText(tr("The folder of the program's .exe or binary"));
    auto* browse = new QPushButton(tr("&Browse…"), this);
    m_summary->setObjectName(QStringLiteral("deploySummary"));
    m_summary->setWordWrap(true);
    m_findings->setObjectName(QStringLiteral("deployFindings"));

    auto* row = new QHBoxLayout;
    row->addWidget(m_folder, 1);
    row->addWidget(browse);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_summary);
    layout->addWidget(m_findings, 1);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Application folder"), m_folder->text());
        if (!folder.isEmpty())
            setFolder(folder);
    });
    connect(m_folder, &QLineEdit::editingFinished, this, [this] {
        if (QDir::fromNativeSeparators(m_folder->text().trimmed()) != m_state.deployFolder())
            setFolder(m_folder->text()); // leaving the field unchanged must not plan again
    });
}

void DeployPage::initializePage()
{
    if (!m_state.deployFolder().isEmpty())
        setFolder(m_state.deployFolder());
}

bool DeployPage::isComplete() const
{
    return !m_busy && m_planned && !m_blocked;
}

void DeployPage::setFolder(const QString& folder)
{
    m_folder->setText(QDir::toNativeSeparators(folder));
    m_state.setDeployFolder(QDir::fromNativeSeparators(folder.trimmed()));
    plan();
}

void DeployPage::plan()
{
    m_planned = false;
    const std::optional<SystemSnapshot>& system = m_state.snapshot();
    const std::optional<PackageChoice>& choice = m_state.packageChoice();
    const CudaToolkit* toolkit = system && choice ? system->toolkitAt(choice->toolkitRoot) : nullptr;
    if (!toolkit || !choice->chosen() || m_state.deployFolder().isEmpty()) {
        m_summary->setText(toolkit ? tr("Choose the application's folder.") : tr("Choose a package first."));
        emit completeChanged();
        return;
    }
    m_busy = true;
    m_summary->setText(tr("Looking at what would be copied…"));
    emit completeChanged();
    const Engine* engine = &m_engine;
    m_work.run<DeployPlan>(
        this,
        [engine, choice = *choice, system = *system, folder = m_state.deployFolder()] {
            return engine->planDeploy(choice, system, folder);
        },
        [this](const DeployPlan& plan) {
            m_busy = false;
            m_planned = true;
            m_blocked = plan.blocked();
            m_state.setDeployPlan(plan);
            const PlannedChanges& planned = plan.planned;
            m_summary->setText((hostOsFlavor() == OsFlavor::Windows
                                    ? tr("Copy into %1: %2 files, %3 to write.")
                                    : tr("Copy into %1: %2 files and links, %3 to write."))
                                   .arg(QDir::toNativeSeparators(plan.folder))
                                   .arg(planned.changes.entriesToWrite())
                                   .arg(QLocale().formattedDataSize(planned.changes.bytesToWrite())));
            m_findings->setDiagnostics(planned.diagnostics);
            emit completeChanged();
        });
}
