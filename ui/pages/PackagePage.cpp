#include "PackagePage.h"

#include "BackgroundWork.h"
#include "DiagnosticList.h"
#include "ProgressRelay.h"
#include "engine/Engine.h"
#include "package/PackageService.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

PackagePage::PackagePage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_progress(new ProgressRelay(this))
    , m_path(new QLineEdit(this))
    , m_check(new QPushButton(tr("C&heck"), this))
    , m_bar(new QProgressBar(this))
    , m_current(new QLabel(this))
    , m_verdict(new QLabel(this))
    , m_toolkitRow(new QWidget(this))
    , m_toolkit(new QComboBox(m_toolkitRow))
    , m_force(new QCheckBox(tr("Install anyway (override the compatibility check; never a damaged archive)"), this))
    , m_reasons(new DiagnosticList(this))
    , m_candidates(new QTreeWidget(this))
{
    setTitle(tr("cuDNN package"));
    setSubTitle(tr("Drop a cuDNN archive (.zip or .tar.xz) on this window, browse to one, or choose a folder of "
                   "archives and the best match is picked."));
    setAcceptDrops(true);

    m_path->setObjectName(QStringLiteral("packagePath"));
    m_path->setAccessibleName(tr("Archive or folder"));
    m_path->setPlaceholderText(tr("cudnn-windows-x86_64-9.19.0.56_cuda13-archive.zip, or a folder"));
    auto* browseFileButton = new QPushButton(tr("&Archive…"), this);
    auto* browseFolderButton = new QPushButton(tr("&Folder…"), this);
    m_check->setObjectName(QStringLiteral("checkPackage"));
    connect(browseFileButton, &QPushButton::clicked, this, &PackagePage::browseFile);
    connect(browseFolderButton, &QPushButton::clicked, this, &PackagePage::browseFolder);
    connect(m_check, &QPushButton::clicked, this, &PackagePage::check);
    connect(m_path, &QLineEdit::returnPressed, this, &PackagePage::check);

    m_bar->hide();
    m_current->setWordWrap(true);
    m_verdict->setObjectName(QStringLiteral("packageVerdict"));
    m_verdict->setWordWrap(true);
    m_toolkit->setObjectName(QStringLiteral("targetToolkit"));
    m_toolkit->setAccessibleName(tr("Target toolkit"));
    connect(m_toolkit, QOverload<int>::of(&QComboBox::activated), this, &PackagePage::check);
    m_force->setObjectName(QStringLiteral("forceInstall"));
    m_force->hide();
    connect(m_force, &QCheckBox::toggled, this, &PackagePage::check);
    m_reasons->setObjectName(QStringLiteral("packageReasons"));
    m_candidates->setObjectName(QStringLiteral("packageCandidates"));
    m_candidates->setHeaderLabels({tr("Archive"), tr("Why it was not chosen")});
    m_candidates->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_candidates->setRootIsDecorated(false);
    m_candidates->hide();

    connect(m_progress, &ProgressRelay::progressed, this, [this](const ProgressUpdate& update) {
        m_bar->setValue(int(update.fraction() * 1000));
        m_current->setText(QStringLiteral("%1: %2").arg(update.phase, QFileInfo(update.currentItem).fileName()));
    });
    m_bar->setRange(0, 1000);

    auto* row = new QHBoxLayout;
    row->addWidget(m_path, 1);
    row->addWidget(browseFileButton);
    row->addWidget(browseFolderButton);
    row->addWidget(m_check);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_bar);
    layout->addWidget(m_current);
    layout->addWidget(m_verdict);
    auto* toolkitRow = new QFormLayout(m_toolkitRow);
    toolkitRow->setContentsMargins(0, 0, 0, 0);
    toolkitRow->addRow(tr("Install into:"), m_toolkit);
    m_toolkitRow->hide();
    layout->addWidget(m_toolkitRow);
    layout->addWidget(m_force);
    layout->addWidget(m_reasons, 2);
    layout->addWidget(m_candidates, 1);
}

bool PackagePage::isComplete() const
{
    if (m_busy || !m_state.packageChoice())
        return false;
    const PackageVerdict* verdict = m_state.packageChoice()->chosenVerdict();
    return m_state.packageChoice()->ok() && verdict && !verdict->blocked();
}

void PackagePage::browseFile()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Choose a cuDNN archive"), m_path->text(), tr("cuDNN archives (*.zip *.tar.xz *.tgz *.tar.gz)"));
    if (!file.isEmpty()) {
        m_path->setText(file);
        check();
    }
}

void PackagePage::browseFolder()
{
    const QString folder
        = QFileDialog::getExistingDirectory(this, tr("Choose a folder of cuDNN archives"), m_path->text());
    if (!folder.isEmpty()) {
        m_path->setText(folder);
        check();
    }
}

void PackagePage::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile())
        event->acceptProposedAction();
}

void PackagePage::dropEvent(QDropEvent* event)
{
    m_path->setText(event->mimeData()->urls().first().toLocalFile());
    event->acceptProposedAction();
    check();
}

void PackagePage::check()
{
    if (m_busy || m_path->text().trimmed().isEmpty() || !m_state.snapshot())
        return;
    m_busy = true;
    m_check->setEnabled(false);
    m_bar->setValue(0);
    m_bar->show();
    m_verdict->setText(tr("Reading the archive…"));
    emit completeChanged();

    const QString path = m_path->text().trimmed();
    const SystemSnapshot system = *m_state.snapshot();
    const std::optional<QString> toolkit = !m_toolkitRow->isHidden() && m_toolkit->currentIndex() >= 0
        ? std::optional<QString>(m_toolkit->currentData().toString())
        : std::nullopt;
    const bool force = m_force->isChecked();
    ProgressRelay* progress = m_progress;
    const CancellationToken cancel = m_work.cancellation();
    m_work.run<std::pair<PackageChoice, std::optional<InstallPlan>>>(
        this,
        [=] {
            PackageChoice choice = PackageService::pick(path, system, toolkit, force, progress, cancel);
            std::optional<InstallPlan> plan = PackageService::plan(choice, system);
            return std::make_pair(choice, plan);
        },
        [this, path](const std::pair<PackageChoice, std::optional<InstallPlan>>& result) {
            m_busy = false;
            m_check->setEnabled(true);
            m_bar->hide();
            m_current->clear();
            m_state.setPackageChoice(path, result.first);
            m_state.setPlan(result.second);
            showChoice(result.first);
            emit completeChanged();
        });
}

void PackagePage::showChoice(const PackageChoice& choice)
{
    const PackageCandidate* chosen = choice.chosen();
    const PackageVerdict* verdict = choice.chosenVerdict();
    if (chosen && verdict) {
        const PackageInspection& p = chosen->inspection;
        const QString what = tr("%1 — cuDNN %2 for CUDA %3")
                                 .arg(QFileInfo(p.file).fileName(),
                                      p.cudnnVersion ? p.cudnnVersion->toString() : tr("unknown"),
                                      p.cudaVersion ? p.cudaVersion->toString() : tr("unknown"));
        const QString state = verdict->blocked()               ? tr("cannot be installed")
            : verdict->level == PackageVerdict::Level::Warning ? tr("fits, with warnings")
                                                               : tr("fits this machine");
        m_verdict->setText(QStringLiteral("<b>%1</b><br>%2").arg(what.toHtmlEscaped(), state));
        m_reasons->setDiagnostics(diagnosticsOf(verdict->reasons));
    } else {
        m_verdict->setText(tr("<b>No package can be installed.</b>"));
        Diagnostics all = diagnosticsOf(choice.findings);
        for (const PackageCandidate& candidate : choice.candidates) {
            if (!candidate.fits.isEmpty())
                all += diagnosticsOf(candidate.fits.first().verdict.reasons);
        }
        m_reasons->setDiagnostics(all);
    }

    m_force->setVisible(verdict && (verdict->forceWouldLift() || verdict->forced));

    m_toolkitRow->setVisible(!choice.ambiguousToolkits.isEmpty() || !m_toolkitRow->isHidden());
    if (!choice.ambiguousToolkits.isEmpty()) {
        m_toolkit->clear();
        for (const QString& root : choice.ambiguousToolkits)
            m_toolkit->addItem(root, root);
        m_verdict->setText(tr("<b>This package fits several toolkits equally.</b><br>Choose the one to install into."));
    }

    m_candidates->clear();
    for (const PackageCandidate& candidate : choice.candidates) {
        if (!candidate.chosen)
            new QTreeWidgetItem(m_candidates, {QFileInfo(candidate.inspection.file).fileName(), candidate.whyNot});
    }
    m_candidates->setVisible(m_candidates->topLevelItemCount() > 0);
}
