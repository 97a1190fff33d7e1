#include "SystemPage.h"

#include "AllRowsHeight.h"
#include "BackgroundWork.h"
#include "CudnnCopyList.h"
#include "DiagnosticList.h"
#include "FrameworkList.h"
#include "ScrollingColumn.h"
#include "ToolkitChooser.h"
#include "engine/Engine.h"

#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTreeWidget>
#include <QVBoxLayout>

SystemPage::SystemPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_status(new QLabel(this))
    , m_busyBar(new QProgressBar(this))
    , m_facts(new QTreeWidget(this))
    , m_findings(new DiagnosticList(this))
    , m_rescan(new QPushButton(tr("&Look again"), this))
    , m_toolkits(new ToolkitChooser(engine, state, work, this))
    , m_copies(new CudnnCopyList(this))
    , m_addEnvironment(new QPushButton(tr("Add an environment…"), this))
    , m_frameworks(new FrameworkList(this))
{
    setTitle(tr("Your system"));
    setSubTitle(tr("The NVIDIA driver, GPUs, CUDA toolkits and cuDNN found on this machine."));

    m_busyBar->setRange(0, 0);
    m_facts->setObjectName(QStringLiteral("systemFacts"));
    m_facts->setAccessibleName(tr("Detected components"));
    m_facts->setColumnCount(2);
    m_facts->setHeaderLabels({tr("Component"), tr("Details")});
    m_facts->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_facts->setRootIsDecorated(false);
    m_findings->setObjectName(QStringLiteral("systemFindings"));
    m_rescan->setObjectName(QStringLiteral("rescan"));
    connect(m_rescan, &QPushButton::clicked, this, &SystemPage::rescan);
    m_toolkits->setObjectName(QStringLiteral("systemToolkits"));
    connect(m_toolkits, &ToolkitChooser::chosen, this, [this] { showSnapshot(*m_state.snapshot()); });
    connect(m_toolkits, &ToolkitChooser::busyChanged, this, &SystemPage::completeChanged);

    m_addEnvironment->setObjectName(QStringLiteral("addPythonEnvironment"));
    m_addEnvironment->setToolTip(tr("A Python environment (a venv or conda env folder) to look for cuDNN in, besides "
                                    "those found."));
    connect(m_addEnvironment, &QPushButton::clicked, this, &SystemPage::addEnvironment);

    m_frameworks->setObjectName(QStringLiteral("systemFrameworks"));
    auto* frameworks = new QWidget(this);
    auto* frameworksLayout = new QVBoxLayout(frameworks);
    frameworksLayout->setContentsMargins(0, 0, 0, 0);
    frameworksLayout->addWidget(new QLabel(tr("Programs that will use cuDNN"), frameworks));
    frameworksLayout->addWidget(m_frameworks);

    // One area that scrolls as a whole, each list as tall as its rows: on a small window no list hides a row (the
    // toolkit of three facts) behind a scroll bar of its own.
    for (QTreeView* list : std::initializer_list<QTreeView*>{m_facts, m_copies, m_frameworks, m_findings})
        new AllRowsHeight(list);
    QScrollArea* scroll
        = scrollingColumn(QStringLiteral("systemScroll"), {m_facts, m_copies, frameworks, m_findings}, this);

    // The answer takes the page's whole width (beside two buttons it wrapped into a line too low for it).
    auto* actions = new QHBoxLayout;
    actions->addStretch(1);
    actions->addWidget(m_addEnvironment);
    actions->addWidget(m_rescan);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addLayout(actions);
    layout->addWidget(m_busyBar);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_toolkits);
}

void SystemPage::initializePage()
{
    m_toolkits->setVisible(m_state.task() == SetupTask::Install);
    if (m_state.snapshot())
        showSnapshot(*m_state.snapshot()); // coming back: no need to look again
    else
        rescan();
}

bool SystemPage::isComplete() const
{
    return !m_busy && !m_toolkits->isBusy() && m_state.snapshot().has_value();
}

void SystemPage::addEnvironment()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Choose a Python environment's folder"));
    if (folder.isEmpty())
        return;
    if (!m_pythonEnvironments.contains(folder))
        m_pythonEnvironments.append(folder);
    rescan();
}

void SystemPage::rescan()
{
    m_busy = true;
    m_status->setText(tr("Looking at this machine…"));
    m_busyBar->show();
    m_rescan->setEnabled(false);
    m_addEnvironment->setEnabled(false);
    emit completeChanged();
    const Engine* engine = &m_engine;
    DetectOptions options;
    options.cudaRoots = m_toolkits->extraRoots(); // the toolkit named at start and those browsed to
    options.pythonEnvironments = m_pythonEnvironments;
    m_work.run<SystemSnapshot>(
        this,
        [engine, options] { return engine->detect(options); },
        [this](const SystemSnapshot& snapshot) {
            m_busy = false;
            m_state.setSnapshot(snapshot);
            showSnapshot(snapshot);
            emit completeChanged();
        });
}

static QTreeWidgetItem* addFact(QTreeWidget* tree, const QString& component, const QString& details, Severity severity)
{
    auto* item = new QTreeWidgetItem(tree, {component, details});
    item->setIcon(0, severity == Severity::Info ? DiagnosticList::okIcon() : DiagnosticList::iconFor(severity));
    item->setToolTip(1, details);
    return item;
}

void SystemPage::showSnapshot(const SystemSnapshot& s)
{
    m_busyBar->hide();
    m_rescan->setEnabled(true);
    m_addEnvironment->setEnabled(true);
    m_facts->clear();

    if (s.driver.found) {
        const QString version = s.driver.version ? s.driver.version->toString() : tr("unknown version");
        const QString details = s.driver.newestCuda
            ? tr("%1 — runs CUDA up to %2").arg(version, s.driver.newestCuda->toString())
            : version;
        addFact(m_facts, tr("NVIDIA driver"), details, s.driver.error.isEmpty() ? Severity::Info : Severity::Warning);
    } else {
        addFact(m_facts, tr("NVIDIA driver"), tr("not found"), Severity::Warning);
    }
    for (const GpuInfo& gpu : s.gpus) {
        addFact(m_facts,
                tr("GPU %1").arg(gpu.index),
                tr("%1, compute capability %2, %3 GiB")
                    .arg(gpu.name, gpu.computeCapability.isNull() ? tr("unknown") : gpu.computeCapability.toString())
                    .arg(double(gpu.memoryBytes) / (1024.0 * 1024.0 * 1024.0), 0, 'f', 1),
                Severity::Info);
    }
    if (s.toolkits.isEmpty())
        addFact(m_facts, tr("CUDA toolkit"), tr("none found"), Severity::Error);
    for (const CudaToolkit& t : s.toolkits) {
        const QString version = t.version ? t.version->toString() : tr("unknown version");
        QString details = QStringLiteral("%1  %2").arg(version, displayPath(s.os, t.root));
        if (t.active)
            details += QLatin1Char(' ') + tr("(active)");
        addFact(m_facts, tr("CUDA toolkit"), details, t.version ? Severity::Info : Severity::Warning);
    }
    m_copies->showCopies(s);
    m_frameworks->setVerdicts(s.frameworks);
    m_findings->setDiagnostics(s.diagnostics);
    m_toolkits->refresh();

    const Severity worst = worstSeverity(s.diagnostics);
    m_status->setText(worst == Severity::Error         ? tr("Some problems need attention; see the findings below.")
                          : worst == Severity::Warning ? tr("Detection finished with warnings.")
                                                       : tr("Detection finished."));
}
