#include "InstallPage.h"

#include "BackgroundWork.h"
#include "CommandBox.h"
#include "DiagnosticList.h"
#include "ProgressRelay.h"
#include "engine/Engine.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <utility>

InstallPage::InstallPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_relay(new ProgressRelay(this))
    , m_phase(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_currentFile(new QLabel(this))
    , m_timing(new QLabel(this))
    , m_cancel(new QPushButton(tr("&Cancel and roll back"), this))
    , m_again(new QPushButton(tr("&Try again"), this))
    , m_result(new QLabel(this))
    , m_command(new CommandBox(this))
    , m_findings(new DiagnosticList(this))
{
    setTitle(tr("Installing"));
    setSubTitle(tr("The files and the search path change in one step: if anything fails or you cancel, everything "
                   "is put back as it was."));
    m_phase->setObjectName(QStringLiteral("installPhase"));
    m_bar->setObjectName(QStringLiteral("installProgress"));
    m_bar->setAccessibleName(tr("Install progress"));
    m_bar->setRange(0, 1000);
    m_currentFile->setObjectName(QStringLiteral("installCurrentFile"));
    m_currentFile->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_timing->setObjectName(QStringLiteral("installTiming"));
    m_timing->setWordWrap(true); // at 200 % or in Chinese it takes a second line rather than losing its end
    m_cancel->setObjectName(QStringLiteral("installCancel"));
    m_again->setObjectName(QStringLiteral("installAgain"));
    m_again->hide();
    m_result->setObjectName(QStringLiteral("installResult"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::RichText);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_timing, 1);
    buttons->addWidget(m_again);
    buttons->addWidget(m_cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_phase);
    layout->addWidget(m_bar);
    layout->addWidget(m_currentFile);
    layout->addLayout(buttons);
    layout->addSpacing(8);
    layout->addWidget(m_result);
    layout->addWidget(m_command);
    layout->addWidget(m_findings, 1);
    m_command->setObjectName(QStringLiteral("installCommand"));
    m_findings->setObjectName(QStringLiteral("installFindings"));

    connect(m_relay, &ProgressRelay::progressed, this, &InstallPage::showProgress);
    connect(m_cancel, &QPushButton::clicked, this, &InstallPage::cancelInstall);
    connect(m_again, &QPushButton::clicked, this, &InstallPage::tryAgain);
}

void InstallPage::initializePage()
{
    if (!m_state.outcome() || !m_state.outcome()->install.succeeded()) // back again after one that changed nothing
        startInstall();
}

bool InstallPage::isComplete() const
{
    return !m_busy && m_state.outcome() && m_state.outcome()->install.succeeded();
}

void InstallPage::tryAgain()
{
    // The machine may have changed meanwhile (the privileged step run by hand in a terminal): look again first.
    m_lookAgain = true;
    startInstall();
}

void InstallPage::startInstall()
{
    const std::optional<SystemSnapshot>& system = m_state.snapshot();
    const std::optional<PackageChoice>& choice = m_state.packageChoice();
    if (!system || !choice || !choice->ok()) {
        m_result->setText(tr("There is nothing to install: go back and choose a package."));
        return;
    }
    m_busy = true;
    m_again->hide();
    m_cancel->show();
    m_cancel->setEnabled(true);
    m_result->clear();
    m_command->setCommand({});
    m_findings->clear();
    m_findings->hide();
    m_timing->clear();
    m_bar->setValue(0);
    m_phase->setText(tr("Starting…"));
    m_clock.start();
    emit completeChanged();

    InstallRequest request;
    request.judged = *choice;
    request.system = *system;
    request.lookAgain = std::exchange(m_lookAgain, false);
    request.pathScope = m_state.pathScope();
    request.benchmark = false; // the benchmark has its own page, with its own progress
    request.logFile = m_state.logFile();
    if (m_state.task() == SetupTask::DeployToApplication) {
        request.mode = InstallRequest::Mode::Deploy;
        request.deployTo = m_state.deployFolder();
    }
    request.elevation = InstallRequest::Elevation::AskForRights; // only the privileged part, and only if needed
    m_elevated = false;
    m_cancellation = m_work.separateCancellation();
    const CancellationToken cancel = m_cancellation;
    ProgressRelay* relay = m_relay;
    const Engine& engine = m_engine;
    m_work.run<SetupOutcome>(
        this,
        [&engine, request, relay, cancel] { return engine.install(request, relay, cancel); },
        [this](const SetupOutcome& outcome) {
            if (outcome.lookedAgain) { // the System and Plan pages show the machine as it is now
                const QString path = m_state.packagePath();
                const PackageChoice choice = *m_state.packageChoice();
                m_state.setSnapshot(outcome.system);
                m_state.setPackageChoice(path, choice);
                m_state.setPlan(outcome.plan);
            }
            m_busy = false;
            m_state.setOutcome(outcome);
            showOutcome(outcome);
            emit completeChanged();
            emit finished();
        });
}

void InstallPage::showElevated()
{
    m_elevated = true;
    const std::optional<PackageChoice>& choice = m_state.packageChoice();
    m_result->setText(tr("Writing into %1 needs administrator rights. cudnn-setup asks for them once, for this "
                         "step only; your own settings stay with you.")
                          .arg(displayPath(hostOsFlavor(), choice ? choice->toolkitRoot : QString()).toHtmlEscaped()));
    m_cancel->hide(); // the elevated copy runs as another user: it finishes or rolls back on its own
}

void InstallPage::cancelInstall()
{
    if (!m_busy)
        return;
    m_cancellation.cancel();
    m_cancel->setEnabled(false);
    m_phase->setText(tr("Canceling: putting everything back…"));
}

void InstallPage::showProgress(const ProgressUpdate& update)
{
    if (!m_busy)
        return;
    if (update.elevated && !m_elevated)
        showElevated();
    m_phase->setText(update.phase);
    m_bar->setValue(int(update.fraction() * 1000));
    m_currentFile->setText(update.currentItem);
    const qint64 elapsedMs = m_clock.elapsed();
    QString timing = tr("%1 s elapsed").arg(elapsedMs / 1000);
    const double fraction = update.fraction();
    if (fraction > 0.02 && elapsedMs > 500) {
        const qint64 remainingS = qint64(double(elapsedMs) * (1.0 - fraction) / fraction / 1000.0);
        timing += QStringLiteral(" · ") + tr("about %1 s left").arg(remainingS);
    }
    // No byte counts: reading the archive counts compressed bytes, writing the plan's; the bar shows how far it is,
    // and the plan said once how much is written.
    m_timing->setText(timing);
}

void InstallPage::showOutcome(const SetupOutcome& outcome)
{
    m_cancel->hide();
    m_currentFile->clear();
    m_timing->clear(); // the phase says how long it took: one time, not two
    const InstallResult& result = outcome.install;
    const QString root = displayPath(hostOsFlavor(), result.root).toHtmlEscaped();
    QString text;
    if (outcome.elevation && !outcome.elevation->nothingRan()
        && outcome.elevation->status != ElevationOutcome::Status::Ran) {
        m_bar->setValue(0);
        m_again->show();
        m_phase->setText(tr("Stopped."));
        m_result->setText(elevationText(*outcome.elevation));
        showFindings(result.diagnostics);
        return;
    }
    if (outcome.elevation && outcome.elevation->nothingRan()) {
        m_bar->setValue(0);
        m_again->show();
        m_phase->setText(tr("Nothing was changed."));
        m_result->setText(elevationText(*outcome.elevation));
        using Status = ElevationOutcome::Status;
        const Status status = outcome.elevation->status;
        m_command->setCommand(status == Status::NotAuthorized || status == Status::Unavailable
                                      || status == Status::ElevationDisabled
                                  ? outcome.elevation->command
                                  : QString());
        showFindings({}); // nothing was judged: no "No problems found." under a refusal
        return;
    }
    switch (result.status) {
    case InstallResult::Status::Ok:
        m_bar->setValue(1000);
        // A Windows archive holds no links.
        if (hostOsFlavor() == OsFlavor::Windows)
            text = result.command == QLatin1String("deploy")
                ? tr("<b>Deployed</b> into %1: %n files.", nullptr, int(result.files.size())).arg(root)
                : tr("<b>Installed</b> into %1: %n files.", nullptr, int(result.files.size())).arg(root);
        else
            text = result.command == QLatin1String("deploy")
                ? tr("<b>Deployed</b> into %1: %n files and links.", nullptr, int(result.files.size())).arg(root)
                : tr("<b>Installed</b> into %1: %n files and links.", nullptr, int(result.files.size())).arg(root);
        break;
    case InstallResult::Status::Unchanged:
        m_bar->setValue(1000);
        text = tr("<b>Nothing to do</b>: %1 already holds exactly these files.").arg(root);
        break;
    case InstallResult::Status::RolledBack:
        m_bar->setValue(0);
        text = tr("<b>Stopped and rolled back</b>: %1 and the search path are exactly as they were.").arg(root);
        m_again->show();
        break;
    default:
        m_bar->setValue(0);
        text = tr("<b>Nothing was changed.</b> See below for why.");
        m_again->show();
        break;
    }
    using Status = EnvironmentOutcome::Status;
    switch (outcome.environment.status) {
    case Status::Applied:
        text += QStringLiteral("<br>")
            + tr("The search path now puts this toolkit first."); // what to restart: the Finish page says it
        break;
    case Status::Refused:
        text += QStringLiteral("<br>") + tr("The search path could not be changed; see below.");
        break;
    default:
        break;
    }
    m_phase->setText(result.succeeded() ? tr("Done in %1 s.").arg(double(m_clock.elapsed()) / 1000.0, 0, 'f', 1)
                                        : tr("Stopped."));
    m_result->setText(text);
    Diagnostics diagnostics = result.diagnostics;
    for (const Diagnostic& d : outcome.environment.diagnostics()) {
        if (d.severity != Severity::Info) // what the fix took care of is not news after the install
            diagnostics.append(d);
    }
    showFindings(diagnostics);
}

void InstallPage::showFindings(const Diagnostics& diagnostics)
{
    m_findings->setDiagnostics(diagnostics);
    m_findings->setVisible(!diagnostics.isEmpty());
}

QString InstallPage::elevationText(const ElevationOutcome& elevation)
{
    using Status = ElevationOutcome::Status;
    switch (elevation.status) {
    case Status::Ran:
        break;
    case Status::Declined:
        return tr("<b>You declined; nothing was changed.</b> Press Try again to be asked once more.");
    case Status::NotAuthorized:
        return tr("<b>Not authorized; nothing was changed.</b> This account may not get administrator rights here, "
                  "or nothing could ask for them. An administrator can run this command; then press Try again:");
    case Status::Unavailable:
        return tr("<b>Nothing was changed.</b> Nothing on this computer can ask for administrator rights "
                  "(pkexec is missing). Run this command in a terminal, then press Try again:");
    case Status::ElevationDisabled:
        return tr("<b>Nothing was changed.</b> User Account Control is turned off, so Windows cannot ask for "
                  "administrator rights. Sign in as an administrator, or ask one to run this command; then press "
                  "Try again:");
    case Status::FailedToStart:
        return tr("<b>Nothing was changed.</b> The request for administrator rights could not be started (%1).")
            .arg(elevation.detail.toHtmlEscaped());
    case Status::NoReport:
        return tr("<b>The elevated step stopped without a report</b> (exit code %1). If it stopped half way, the "
                  "next run puts everything back first.")
            .arg(elevation.exitCode);
    case Status::ReportRejected:
        return tr("<b>The elevated step's report is not from this run</b>, so it is not believed. Run the install "
                  "again.");
    }
    return {};
}
