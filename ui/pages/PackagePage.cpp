#include "PackagePage.h"

#include "BackgroundWork.h"
#include "DiagnosticList.h"
#include "ProgressRelay.h"
#include "ToolkitChooser.h"
#include "common/OsFlavor.h"
#include "engine/Engine.h"
#include "fetch/FetchCode.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
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
#include <QStandardPaths>
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
    , m_stopCheck(new QPushButton(tr("&Stop"), this))
    , m_bar(new QProgressBar(this))
    , m_current(new QLabel(this))
    , m_verdict(new QLabel(this))
    , m_toolkits(new ToolkitChooser(engine, state, work, this))
    , m_force(new QCheckBox(tr("Install anyway (override the compatibility check; never a damaged archive)"), this))
    , m_reasons(new DiagnosticList(this))
    , m_candidates(new QTreeWidget(this))
    , m_fetchProgress(new ProgressRelay(this))
    , m_fetchPanel(nullptr)
    , m_mirror(new QLineEdit(this))
    , m_fetchPlan(new QLabel(this))
    , m_fetchStart(new QPushButton(this))
    , m_fetchStop(new QPushButton(tr("Cancel download"), this))
    , m_fetchBar(new QProgressBar(this))
    , m_fetchStatus(new QLabel(this))
{
    setTitle(tr("cuDNN package"));
    setSubTitle(hostOsFlavor() == OsFlavor::Windows
                    ? tr("Drop a cuDNN archive (.zip) or the folder it was extracted into on this window, browse to "
                         "one, choose a folder of archives and the best match is picked, or let the right one be "
                         "downloaded.")
                    : tr("Drop a cuDNN archive (.tar.xz) or the folder it was extracted into on this window, browse "
                         "to one, choose a folder of archives and the best match is picked, or let the right one be "
                         "downloaded."));
    setAcceptDrops(true);

    m_path->setObjectName(QStringLiteral("packagePath"));
    m_path->setAccessibleName(tr("Archive or folder"));
    m_path->setPlaceholderText(hostOsFlavor() == OsFlavor::Windows
                                   ? tr("cudnn-windows-x86_64-9.19.0.56_cuda13-archive.zip, or a folder")
                                   : tr("cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz, or a folder"));
    auto* browseFileButton = new QPushButton(tr("&Archive…"), this);
    auto* browseFolderButton = new QPushButton(tr("&Folder…"), this);
    browseFileButton->setObjectName(QStringLiteral("browseArchive"));
    browseFolderButton->setObjectName(QStringLiteral("browseFolder"));
    m_check->setObjectName(QStringLiteral("checkPackage"));
    m_stopCheck->setObjectName(QStringLiteral("stopCheck"));
    m_stopCheck->setToolTip(tr("Stop reading the archive; the wizard stays open."));
    m_stopCheck->hide();
    connect(m_stopCheck, &QPushButton::clicked, this, [this] { m_checkCancel.cancel(); });
    connect(browseFileButton, &QPushButton::clicked, this, &PackagePage::browseFile);
    connect(browseFolderButton, &QPushButton::clicked, this, &PackagePage::browseFolder);
    connect(m_check, &QPushButton::clicked, this, &PackagePage::check);
    auto* fetchButton = new QPushButton(tr("&Download the right one…"), this);
    fetchButton->setObjectName(QStringLiteral("fetchPackage"));
    connect(fetchButton, &QPushButton::clicked, this, &PackagePage::planFetch);
    connect(m_path, &QLineEdit::returnPressed, this, &PackagePage::checkOrGoOn);

    m_bar->hide();
    m_current->setWordWrap(true);
    m_verdict->setObjectName(QStringLiteral("packageVerdict"));
    m_verdict->setWordWrap(true);
    connect(m_toolkits, &ToolkitChooser::chosen, this, &PackagePage::check);
    connect(m_toolkits, &ToolkitChooser::busyChanged, this, &PackagePage::completeChanged);
    connect(
        &m_state, &WizardState::snapshotChanged, m_toolkits, [this] { m_toolkits->refresh(m_state.targetToolkit()); });
    m_force->setObjectName(QStringLiteral("forceInstall"));
    m_force->hide();
    connect(m_force, &QCheckBox::toggled, this, &PackagePage::check);
    m_reasons->setObjectName(QStringLiteral("packageReasons"));
    offerFixes();
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

    // The path has a row of its own, so a whole file name shows; the ways to fill it are under it.
    auto* row = new QHBoxLayout;
    row->addWidget(m_path, 1);
    row->addWidget(m_check);
    row->addWidget(m_stopCheck);
    auto* sources = new QHBoxLayout;
    sources->addWidget(browseFileButton);
    sources->addWidget(browseFolderButton);
    sources->addWidget(fetchButton);
    sources->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addLayout(sources);
    m_fetchPanel = makeFetchPanel();
    layout->addWidget(m_fetchPanel);
    layout->addWidget(m_bar);
    layout->addWidget(m_current);
    layout->addWidget(m_verdict);
    layout->addWidget(m_toolkits);
    layout->addWidget(m_force);
    layout->addWidget(m_reasons, 2);
    layout->addWidget(m_candidates, 1);
}

QWidget* PackagePage::makeFetchPanel()
{
    auto* panel = new QWidget(this);
    panel->setObjectName(QStringLiteral("fetchPanel"));
    m_mirror->setObjectName(QStringLiteral("fetchMirror"));
    m_mirror->setAccessibleName(tr("Download from"));
    m_mirror->setText(Engine::nvidiaSource());
    m_mirror->setToolTip(tr("NVIDIA's cuDNN redist folder, or a lab mirror with the same layout (http://, https:// "
                            "or file://)."));
    m_fetchPlan->setObjectName(QStringLiteral("fetchExplanation"));
    m_fetchPlan->setWordWrap(true);
    m_fetchPlan->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fetchStart->setObjectName(QStringLiteral("fetchStart"));
    m_fetchStart->hide();
    m_fetchStop->setObjectName(QStringLiteral("fetchCancel"));
    m_fetchStop->hide();
    m_fetchBar->setObjectName(QStringLiteral("fetchProgress"));
    m_fetchBar->setRange(0, 1000);
    m_fetchBar->hide();
    m_fetchStatus->setObjectName(QStringLiteral("fetchStatus"));
    connect(m_fetchStart, &QPushButton::clicked, this, &PackagePage::startFetch);
    connect(m_fetchStop, &QPushButton::clicked, this, [this] { m_fetchCancel.cancel(); });
    connect(m_mirror, &QLineEdit::returnPressed, this, &PackagePage::planFetch);
    connect(m_fetchProgress, &ProgressRelay::progressed, this, &PackagePage::showFetchProgress);

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Download from:"), m_mirror);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_fetchBar, 1);
    bar->addWidget(m_fetchStart);
    bar->addWidget(m_fetchStop);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_fetchPlan);
    layout->addLayout(bar);
    layout->addWidget(m_fetchStatus);
    panel->hide();
    return panel;
}

void PackagePage::setFetchRequest(const FetchRequest& request)
{
    m_fetchRequest = request;
    m_mirror->setText(!request.manifest.isEmpty()     ? request.manifest
                          : !request.mirror.isEmpty() ? request.mirror
                                                      : Engine::nvidiaSource());
}

void PackagePage::planFetch()
{
    m_fetchPanel->show();
    if (m_busy || !m_state.snapshot())
        return;
    FetchRequest request = m_fetchRequest;
    request.mirror = m_mirror->text().trimmed();
    request.manifest.clear();
    request.cudaRoot = chosenToolkit();
    request.force = m_force->isChecked();
    m_busy = true;
    m_fetchPlanned.reset();
    m_fetchStart->hide();
    m_fetchStatus->clear();
    m_fetchPlan->setText(tr("Reading the cuDNN manifests at %1…").arg(request.mirror));
    emit completeChanged();

    const SystemSnapshot system = *m_state.snapshot();
    const CancellationToken cancel = m_work.cancellation();
    const Engine* engine = &m_engine;
    m_work.run<FetchOutcome>(
        this,
        [=] { return engine->planFetch(request, system, cancel); },
        [this](const FetchOutcome& planned) {
            m_busy = false;
            if (!planned.problems.isEmpty()) {
                m_fetchPlan->setText(planned.problems.first().message);
                forgetChoice();
                m_reasons->setDiagnostics(planned.problems);
                emit completeChanged();
                return;
            }
            const FetchPlanning& planning = planned.planning;
            m_fetchPlan->setText(planning.index.empty() ? tr("Nothing could be read from the mirror.")
                                                        : planning.plan.explanation());
            m_reasons->setDiagnostics(planning.diagnostics());
            if (const RedistArchive* archive = planning.plan.chosen()) {
                m_fetchPlanned = planned;
                m_fetchStart->setText(tr("Download %1 MiB").arg(double(archive->size) / (1024.0 * 1024.0), 0, 'f', 1));
                m_fetchStart->show();
                m_fetchStart->setFocus();
            } else if (!planning.plan.choice.ambiguousToolkits.isEmpty()) {
                m_toolkits->refresh(planning.plan.choice.ambiguousToolkits.first());
                m_fetchStatus->setText(tr("Choose the toolkit to install into, then ask again."));
            }
            emit completeChanged();
        });
}

void PackagePage::startFetch()
{
    if (m_busy || !m_fetchPlanned)
        return;
    m_busy = true;
    m_fetchCancel = CancellationToken(); // a fresh one: an earlier Cancel must not stop this download
    m_fetchStart->hide();
    m_fetchStop->show();
    m_fetchBar->setValue(0);
    m_fetchBar->show();
    m_fetchStatus->setText(tr("Connecting…"));
    emit completeChanged();

    const FetchOutcome planned = *m_fetchPlanned;
    ProgressRelay* progress = m_fetchProgress;
    const CancellationToken stop = m_fetchCancel;
    const CancellationToken closing = m_work.cancellation();
    const Engine* engine = &m_engine;
    m_work.run<FetchOutcome>(
        this,
        [=] { return engine->fetch(planned, progress, stop, closing); },
        [this](const FetchOutcome& fetched) { fetchFinished(*fetched.download); });
}

void PackagePage::showFetchProgress(const ProgressUpdate& update)
{
    m_fetchBar->setValue(int(update.fraction() * 1000));
    const QString amount = tr("%1 of %2 MiB")
                               .arg(double(update.bytesDone) / (1024.0 * 1024.0), 0, 'f', 1)
                               .arg(double(update.bytesTotal) / (1024.0 * 1024.0), 0, 'f', 1);
    m_fetchStatus->setText(update.currentItem.isEmpty()
                               ? QStringLiteral("%1 — %2").arg(update.phase, amount)
                               : QStringLiteral("%1 — %2, %3").arg(update.phase, amount, update.currentItem));
}

void PackagePage::fetchFinished(const DownloadResult& result)
{
    m_busy = false;
    m_fetchStop->hide();
    m_fetchBar->hide();
    if (!result.ok()) {
        m_fetchStatus->setText(result.status == DownloadResult::Status::Canceled
                                   ? tr("Download cancelled; what arrived is kept, so the next try resumes.")
                                   : tr("The download failed; nothing was installed."));
        m_fetchStart->setVisible(m_fetchPlanned.has_value());
        forgetChoice(); // what an earlier check said is not about this download
        m_reasons->setDiagnostics(result.diagnostics);
        emit completeChanged();
        return;
    }
    m_fetchStatus->setText(result.status == DownloadResult::Status::CacheHit
                               ? tr("Already downloaded (SHA-256 verified): %1").arg(result.file)
                               : tr("Downloaded and verified (SHA-256): %1").arg(result.file));
    // From here on it is exactly a dropped file.
    m_path->setText(QDir::toNativeSeparators(result.file));
    check();
}

void PackagePage::initializePage()
{
    if (!m_path->text().trimmed().isEmpty() || m_state.preferredPackage().isEmpty())
        return;
    m_path->setText(QDir::toNativeSeparators(m_state.preferredPackage()));
    check();
}

bool PackagePage::isComplete() const
{
    if (m_busy || m_toolkits->isBusy() || !m_state.packageChoice())
        return false;
    const PackageVerdict* verdict = m_state.packageChoice()->chosenVerdict();
    return m_state.packageChoice()->ok() && verdict && !verdict->blocked();
}

void PackagePage::offerFixes()
{
    m_reasons->offer(
        FixAction::Kind::ChooseToolkit,
        [this](const FixAction&) { m_toolkits->showList(); },
        [this] { return m_state.snapshot() && m_state.snapshot()->toolkits.size() > 1; });
    for (FixAction::Kind kind :
         {FixAction::Kind::ChoosePackage, FixAction::Kind::ChoosePackageAndToolkit, FixAction::Kind::ChooseCacheFolder})
        m_reasons->offer(kind, [this](const FixAction&) { browseFile(); });
    for (FixAction::Kind kind : {FixAction::Kind::UseMirror, FixAction::Kind::NameIndex})
        m_reasons->offer(kind, [this](const FixAction&) {
            m_fetchPanel->show();
            m_mirror->setFocus();
            m_mirror->selectAll();
        });
}

QString PackagePage::browseStart() const
{
    // What was typed, else where downloads land: never the folder the program happens to run in (its own install
    // folder, when started from the Start menu).
    const QString typed = m_path->text().trimmed();
    if (!typed.isEmpty())
        return typed;
    const QString downloads = QStandardPaths::writableLocation(QStandardPaths::DownloadLocation);
    return !downloads.isEmpty() && QFileInfo(downloads).isDir() ? downloads : QDir::homePath();
}

void PackagePage::browseFile()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Choose a cuDNN archive"), browseStart(), tr("cuDNN archives (*.zip *.tar.xz *.tgz *.tar.gz)"));
    if (!file.isEmpty()) {
        m_path->setText(QDir::toNativeSeparators(file));
        check();
    }
}

void PackagePage::browseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Choose an extracted cuDNN archive or a folder of archives"), browseStart());
    if (!folder.isEmpty()) {
        m_path->setText(QDir::toNativeSeparators(folder));
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
    m_path->setText(QDir::toNativeSeparators(event->mimeData()->urls().first().toLocalFile()));
    event->acceptProposedAction();
    check();
}

void PackagePage::check()
{
    if (m_busy || m_path->text().trimmed().isEmpty() || !m_state.snapshot())
        return;
    forgetChoice(); // the last check's findings are not about this one
    m_busy = true;
    m_check->hide();
    m_stopCheck->show();
    m_bar->setValue(0);
    m_bar->show();
    m_verdict->setText(tr("Reading the archive…"));
    emit completeChanged();

    const QString path = m_path->text().trimmed();
    const SystemSnapshot system = *m_state.snapshot();
    const std::optional<QString> toolkit = chosenToolkit();
    const bool force = m_force->isChecked();
    ProgressRelay* progress = m_progress;
    m_checkCancel = m_work.separateCancellation(); // Stop ends this check alone; closing the window ends it too
    const CancellationToken cancel = m_checkCancel;
    const Engine* engine = &m_engine;
    // A tie is not an error here: one toolkit is taken, and the list offers the others.
    const PackageRequest request{path, toolkit, force, PackageRequest::Tie::TakeActive};
    m_work.run<PackageCheck>(
        this,
        [=] { return engine->checkPackage(request, system, progress, cancel); },
        [this, path, cancel](const PackageCheck& judged) {
            m_busy = false;
            m_stopCheck->hide();
            m_check->show();
            m_bar->hide();
            m_current->clear();
            if (cancel.isCanceled()) {
                m_verdict->setText(tr("The check was stopped; nothing was chosen. Check again, or choose another "
                                      "archive."));
                emit completeChanged();
                return;
            }
            m_checkedPath = path;
            m_state.setPackageChoice(path, judged.choice);
            m_state.setPlan(judged.plan);
            showChoice(judged.choice, judged.tie);
            emit completeChanged();
        });
}

void PackagePage::forgetChoice()
{
    m_checkedPath.clear();
    m_state.setPackageChoice(QString(), PackageChoice());
    m_verdict->clear();
    m_reasons->clear(); // not "No problems found.": nothing has been judged
    m_candidates->clear();
    m_candidates->hide();
    m_force->hide();
}

void PackagePage::checkOrGoOn()
{
    // Enter after a check of this same path is the wizard's own: its default button, Next, goes on. A new path (or
    // one that did not fit) is checked first.
    if (m_busy || m_path->text().trimmed() != m_checkedPath || !isComplete())
        check();
}

std::optional<QString> PackagePage::chosenToolkit() const
{
    if (!m_state.preferredToolkit().isEmpty())
        return m_state.preferredToolkit();
    return std::nullopt;
}

void PackagePage::showChoice(const PackageChoice& choice, const QStringList& tie)
{
    const PackageVerdict* verdict = choice.chosenVerdict();
    // One archive given: the headline is about that file, whether it fits or not.
    const PackageCandidate* shown = choice.chosen();
    if (!shown && choice.candidates.size() == 1)
        shown = &choice.candidates.first();
    const PackageVerdict* shownVerdict
        = verdict ? verdict : (shown && !shown->fits.isEmpty() ? &shown->fits.first().verdict : nullptr);
    if (shown && shownVerdict) {
        const PackageInspection& p = shown->inspection;
        const QString what = tr("%1 — cuDNN %2 for CUDA %3")
                                 .arg(QFileInfo(p.file).fileName(),
                                      // the release the findings name (9.19.0), not NVIDIA's build (9.19.0.56)
                                      p.cudnnVersion ? p.cudnnVersion->truncated(3).toString() : tr("unknown"),
                                      p.cudaVersion ? p.cudaVersion->toString() : tr("unknown"));
        const QString state = !verdict || verdict->blocked()   ? tr("cannot be installed")
            : verdict->level == PackageVerdict::Level::Warning ? tr("fits, with warnings")
                                                               : tr("fits this machine");
        m_verdict->setText(QStringLiteral("<b>%1</b><br>%2").arg(what.toHtmlEscaped(), state));
        m_reasons->setDiagnostics(verdict ? diagnosticsOf(verdict->reasons)
                                          : diagnosticsOf(choice.findings) + diagnosticsOf(shownVerdict->reasons));
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

    m_toolkits->refresh(choice.toolkitRoot);
    m_toolkits->setNote(tie.isEmpty() ? QString()
                                      : tr("This package fits %n toolkits equally well; it goes into the one shown. "
                                           "Choose another in the list if you prefer.",
                                           nullptr,
                                           int(tie.size())));

    m_candidates->clear();
    for (const PackageCandidate& candidate : choice.candidates) {
        if (!candidate.chosen)
            new QTreeWidgetItem(m_candidates, {QFileInfo(candidate.inspection.file).fileName(), candidate.whyNot});
    }
    m_candidates->setVisible(m_candidates->topLevelItemCount() > 0);
}
