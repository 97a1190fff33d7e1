#include "UninstallPage.h"

#include "BackgroundWork.h"
#include "DiagnosticList.h"
#include "ProgressRelay.h"
#include "engine/Engine.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

UninstallPage::UninstallPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_relay(new ProgressRelay(this))
    , m_summary(new QLabel(this))
    , m_installs(new QTreeWidget(this))
    , m_uninstall(new QPushButton(tr("&Uninstall the newest install from the selected toolkit"), this))
    , m_switch(new QPushButton(tr("S&witch to another cuDNN version…"), this))
    , m_bar(new QProgressBar(this))
    , m_result(new QLabel(this))
    , m_findings(new DiagnosticList(this))
{
    setTitle(tr("Switch or uninstall"));
    setSubTitle(tr("Uninstalling takes back the newest install and brings back what it replaced. Switching "
                   "installs the version you choose in its place, in one step; uninstalling that later brings this "
                   "one back."));
    m_summary->setObjectName(QStringLiteral("uninstallSummary"));
    m_summary->setWordWrap(true);
    m_installs->setObjectName(QStringLiteral("uninstallInstalls"));
    m_installs->setAccessibleName(tr("Toolkits with an install by cudnn-setup"));
    m_installs->setHeaderLabels({tr("Toolkit"), tr("cuDNN"), tr("Installed")});
    m_installs->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_installs->setRootIsDecorated(false);
    m_uninstall->setObjectName(QStringLiteral("uninstallButton"));
    m_switch->setObjectName(QStringLiteral("uninstallSwitch"));
    m_switch->setToolTip(tr("Choose the cuDNN package to install into the selected toolkit instead"));
    m_bar->setObjectName(QStringLiteral("uninstallProgress"));
    m_bar->setRange(0, 1000);
    m_bar->hide();
    m_result->setObjectName(QStringLiteral("uninstallResult"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::PlainText); // paths
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_installs, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_uninstall);
    buttons->addWidget(m_switch);
    buttons->addStretch();
    layout->addLayout(buttons);
    layout->addWidget(m_bar);
    layout->addWidget(m_result);
    layout->addWidget(m_findings, 1);
    m_findings->setObjectName(QStringLiteral("uninstallFindings"));
    m_findings->hide();
    connect(m_uninstall, &QPushButton::clicked, this, &UninstallPage::confirmAndUninstall);
    connect(m_switch, &QPushButton::clicked, this, &UninstallPage::switchVersion);
    connect(m_installs, &QTreeWidget::itemSelectionChanged, this, &UninstallPage::updateButtons);
    connect(m_relay, &ProgressRelay::progressed, this, [this](const ProgressUpdate& update) {
        m_bar->setValue(int(update.fraction() * 1000));
    });
}

void UninstallPage::initializePage()
{
    listInstalls();
}

bool UninstallPage::isComplete() const
{
    return !m_busy;
}

void UninstallPage::listInstalls()
{
    m_installs->clear();
    const std::optional<SystemSnapshot>& system = m_state.snapshot();
    const QList<InstalledCopy> copies = system ? m_engine.installedCopies(*system) : QList<InstalledCopy>();
    for (const InstalledCopy& copy : copies) {
        auto* row = new QTreeWidgetItem(m_installs,
                                        {displayPath(system->os, copy.root),
                                         copy.problem.isEmpty() ? copy.cudnnVersion : copy.problem,
                                         copy.installed.isValid()
                                             ? QLocale().toString(copy.installed.toLocalTime(), QLocale::ShortFormat)
                                             : QString()});
        row->setData(0, Qt::UserRole, copy.root);
    }
    m_copies = copies;
    if (m_installs->topLevelItemCount() > 0)
        m_installs->setCurrentItem(m_installs->topLevelItem(0));
    m_summary->setText(copies.isEmpty() ? tr("cudnn-setup has installed nothing into the toolkits found here.")
                                        : tr("Toolkits holding a cuDNN that cudnn-setup installed:"));
    updateButtons();
}

void UninstallPage::updateButtons()
{
    const bool chosen = !m_busy && m_installs->currentItem();
    m_uninstall->setEnabled(chosen);
    m_switch->setEnabled(chosen);
}

const InstalledCopy* UninstallPage::selectedCopy() const
{
    const QTreeWidgetItem* item = m_installs->currentItem();
    const QString root = item ? item->data(0, Qt::UserRole).toString() : QString();
    for (const InstalledCopy& copy : m_copies) {
        if (!root.isEmpty() && copy.root == root)
            return &copy;
    }
    return nullptr;
}

void UninstallPage::confirmAndUninstall()
{
    const InstalledCopy* copy = selectedCopy();
    if (!copy || m_busy)
        return;
    const QString root = displayPath(hostOsFlavor(), copy->root);
    QMessageBox question(QMessageBox::Question,
                         title(),
                         copy->cudnnVersion.isEmpty() ? tr("Uninstall the newest install from %1?").arg(root)
                                                      : tr("Uninstall cuDNN %1 from %2?").arg(copy->cudnnVersion, root),
                         QMessageBox::Yes | QMessageBox::No,
                         this);
    question.setObjectName(QStringLiteral("uninstallQuestion"));
    QStringList removed;
    removed << (hostOsFlavor() == OsFlavor::Windows
                    ? tr("%n files are removed.", nullptr, int(copy->files.size()))
                    : tr("%n files and links are removed.", nullptr, int(copy->files.size())));
    removed << (copy->restoredVersion.isEmpty()
                    ? tr("What was there before is put back.")
                    : tr("cuDNN %1, which it replaced, comes back.").arg(copy->restoredVersion));
    if (copy->searchPathChanged)
        removed << tr("The search path change made with them is taken back.");
    for (const SearchPathUndo& undo : copy->searchPath)
        removed << QStringLiteral("• ") + undo.sentence(hostOsFlavor());
    question.setInformativeText(removed.join(QLatin1Char('\n')));
    question.setDetailedText(copy->files.join(QLatin1Char('\n')));
    question.button(QMessageBox::Yes)->setText(tr("&Uninstall"));
    question.button(QMessageBox::No)->setText(tr("&Keep it"));
    question.setDefaultButton(QMessageBox::No);
    if (question.exec() == QMessageBox::Yes)
        uninstallSelected();
}

void UninstallPage::switchVersion()
{
    const InstalledCopy* copy = selectedCopy();
    if (!copy || m_busy)
        return;
    // A switch is an install into the same toolkit: it takes back the other cuDNN's files in its own transaction.
    m_state.setPreferredToolkit(copy->root);
    m_state.setTask(SetupTask::Install);
    emit switchChosen();
}

void UninstallPage::uninstallSelected()
{
    const QTreeWidgetItem* item = m_installs->currentItem();
    if (!item || m_busy)
        return;
    const QString root = item->data(0, Qt::UserRole).toString();
    m_busy = true;
    updateButtons();
    m_bar->setValue(0);
    m_bar->show();
    m_result->setText(tr("Taking back the newest install from %1…").arg(item->text(0)));
    emit completeChanged();
    UninstallRequest request;
    request.root = root;
    request.logFile = m_state.logFile();
    request.machine = m_state.snapshot(); // looked at again afterwards: Finish says what the frameworks load now
    ProgressRelay* relay = m_relay;
    m_cancellation = m_work.separateCancellation();
    const CancellationToken cancel = m_cancellation;
    const Engine* engine = &m_engine;
    m_work.run<UninstallOutcome>(
        this,
        [engine, request, relay, cancel] { return engine->uninstall(request, relay, cancel); },
        [this](const UninstallOutcome& outcome) {
            m_busy = false;
            m_bar->hide();
            m_state.setUninstallOutcome(outcome);
            const InstallResult& result = outcome.result;
            QStringList said{result.status == InstallResult::Status::Uninstalled
                                 ? tr("Uninstalled: %1 is back as it was before that install.")
                                       .arg(displayPath(hostOsFlavor(), result.root))
                                 : tr("Nothing was changed (%1).").arg(InstallResult::statusName(result.status))};
            if (outcome.takenBack && !outcome.takenBack->searchPath.isEmpty()) {
                said << tr("Search path:");
                for (const SearchPathUndo& undo : outcome.takenBack->searchPath)
                    said << QStringLiteral("• ") + undo.sentence(hostOsFlavor());
            }
            m_result->setText(said.join(QLatin1Char('\n')));
            // An uninstall judges no toolkit: an empty list must not read as "no problems found".
            m_findings->setDiagnostics(result.diagnostics);
            m_findings->setVisible(!result.diagnostics.isEmpty());
            listInstalls();
            emit completeChanged();
            emit finished();
        });
}

void UninstallPage::cancelUninstall()
{
    if (m_busy)
        m_cancellation.cancel();
}
