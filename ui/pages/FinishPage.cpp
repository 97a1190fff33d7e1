#include "FinishPage.h"

#include "AllRowsHeight.h"
#include "BackgroundWork.h"
#include "DiagnosticList.h"
#include "FrameworkList.h"
#include "ScrollingColumn.h"
#include "engine/Engine.h"
#include "repair/RepairCode.h"
#include "report/Report.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStandardPaths>
#include <QUrl>
#include <QVBoxLayout>

FinishPage::FinishPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_frameworksHeadline(FrameworkList::headlineLabel(QStringLiteral("finishFrameworksHeadline"), this))
    , m_frameworks(new FrameworkList(this))
    , m_summary(new QLabel(this))
    , m_findings(new DiagnosticList(this))
    , m_save(new QPushButton(tr("&Save the report…"), this))
    , m_openLog(new QPushButton(tr("Open the &log"), this))
    , m_saved(new QLabel(this))
{
    setTitle(tr("Finished"));
    setSubTitle(tr("What changed, what to do next, and the report to keep.")); // with it, the header and its logo
    setFinalPage(true);
    m_frameworks->setObjectName(QStringLiteral("finishFrameworks"));
    m_frameworks->setHeightFollowsRows();
    m_summary->setObjectName(QStringLiteral("finishSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_save->setObjectName(QStringLiteral("finishSaveReport"));
    m_openLog->setObjectName(QStringLiteral("finishOpenLog"));
    m_findings->setObjectName(QStringLiteral("finishFindings"));
    m_saved->setObjectName(QStringLiteral("finishSaved"));
    m_saved->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_saved->setWordWrap(true);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_save);
    buttons->addWidget(m_openLog);
    buttons->addStretch();
    // What happened scrolls as a whole, the findings as tall as their rows: on a small window nothing of it is cut
    // and no short list hides a row; the report's buttons stay in view below it.
    new AllRowsHeight(m_findings);
    QScrollArea* scroll = scrollingColumn(
        QStringLiteral("finishScroll"), {m_frameworksHeadline, m_frameworks, m_summary, m_findings}, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_saved);
    connect(m_save, &QPushButton::clicked, this, &FinishPage::askWhereToSaveReport);
    connect(m_openLog, &QPushButton::clicked, this, &FinishPage::openLog);
}

/** `restart`: the analysis's advice for this platform and scope (what to restart or sign out of), said here once. */
static QString searchPathLine(EnvironmentOutcome::Status status, const QString& restart)
{
    switch (status) {
    case EnvironmentOutcome::Status::Applied:
        return restart.isEmpty() ? FinishPage::tr("The search path puts this toolkit first.")
                                 : FinishPage::tr("The search path puts this toolkit first. %1").arg(restart);
    case EnvironmentOutcome::Status::Unchanged:
        return FinishPage::tr("The search path already found this toolkit first.");
    default:
        return FinishPage::tr("The search path was not changed.");
    }
}

void FinishPage::showVerdict(const MachineVerdict& verdict, bool frameworksLead)
{
    const bool shown = frameworksLead || verdict.repairFixes();
    m_frameworksHeadline->setVisible(shown);
    if (!shown)
        return;
    QString text = tr("Now: %1").arg(FrameworkList::headline(verdict));
    if (verdict.repairFixes() && verdict.finding)
        text += QLatin1Char(' ') + verdict.finding->message;
    m_frameworksHeadline->setText(text);
}

void FinishPage::lookAgain()
{
    const std::optional<SystemSnapshot>& before = m_state.snapshot();
    DetectOptions options;
    if (before) { // the toolkits and environments looked at before, wherever they were found
        for (const CudaToolkit& toolkit : before->toolkits)
            options.cudaRoots.append(toolkit.root);
        for (const PythonEnvironment& environment : before->pythonEnvironments)
            options.pythonEnvironments.append(environment.root);
    }
    options.queryDriver = false; // the driver is not what a task changes
    const Engine* engine = &m_engine;
    m_work.run<SystemSnapshot>(
        this,
        [engine, options] { return engine->detect(options); },
        [this](const SystemSnapshot& now) {
            const std::optional<FrameworkVerdicts> frameworks = frameworksNow();
            m_verdictNow = MachineVerdict::judge(now.cudnnInstalls, frameworks.value_or(now.frameworks));
            showVerdict(*m_verdictNow, frameworks && !frameworks->isEmpty());
        });
}

std::optional<FrameworkVerdicts> FinishPage::frameworksNow() const
{
    // Each task's outcome carries the verdicts for the machine as it left it; without one, nothing changed.
    const std::optional<SystemSnapshot>& system = m_state.snapshot();
    std::optional<FrameworkVerdicts> unchanged;
    if (system)
        unchanged = system->frameworks;
    switch (m_state.task()) {
    case SetupTask::Install: {
        const std::optional<SetupOutcome>& outcome = m_state.outcome();
        if (outcome && outcome->install.succeeded())
            return outcome->frameworks;
        return unchanged;
    }
    case SetupTask::DeployToApplication:
        return unchanged; // the application's folder is none of theirs
    case SetupTask::Repair:
        if (const std::optional<RepairOutcome>& repair = m_state.repairOutcome())
            return repair->frameworks;
        return unchanged;
    case SetupTask::SwitchOrUninstall:
        if (const std::optional<UninstallOutcome>& uninstall = m_state.uninstallOutcome();
            uninstall && uninstall->frameworks)
            return uninstall->frameworks;
        return unchanged;
    }
    return std::nullopt;
}

void FinishPage::initializePage()
{
    m_verdictNow.reset();
    const std::optional<FrameworkVerdicts> frameworks = frameworksNow();
    // Verdicts lead; "no framework was found" is not news above the task's own result: it is said after it.
    const bool lead = frameworks && !frameworks->isEmpty();
    m_frameworks->setVisible(lead);
    if (lead)
        m_frameworks->setVerdicts(*frameworks);
    showVerdict(MachineVerdict::judge({}, frameworks.value_or(FrameworkVerdicts{})), lead);
    lookAgain();

    const std::optional<SetupOutcome>& outcome = m_state.outcome();
    QStringList lines;
    Diagnostics diagnostics;
    const bool installs = m_state.task() == SetupTask::Install || m_state.task() == SetupTask::DeployToApplication;
    if (outcome && installs) {
        const InstallResult& install = outcome->install;
        const QString root = displayPath(hostOsFlavor(), install.root).toHtmlEscaped();
        const PackageCandidate* chosen = m_state.packageChoice() ? m_state.packageChoice()->chosen() : nullptr;
        const QString version
            = chosen && chosen->inspection.cudnnVersion ? chosen->inspection.cudnnVersion->toString() : tr("cuDNN");
        if (install.command == QLatin1String("deploy")) {
            lines << (install.succeeded()
                          ? tr("cuDNN %1 and the CUDA runtime libraries were copied into %2.").arg(version, root)
                          : tr("Nothing was deployed; %1 is as it was.").arg(root));
        } else {
            lines << (install.succeeded() ? tr("cuDNN %1 is installed in %2.").arg(version, root)
                                          : tr("cuDNN was not installed; %1 is as it was.").arg(root));
            const std::optional<EnvironmentReport>& analysis = m_state.environmentReport();
            const QString restart = analysis && analysis->restartNeeded() && !analysis->notes.isEmpty()
                ? analysis->notes.last() // the analysis puts its restart advice last
                : QString();
            lines << searchPathLine(outcome->environment.status, restart.toHtmlEscaped());
            if (outcome->verify)
                lines << (outcome->verify->passed()
                              ? tr("Every cuDNN library loads from the toolkit (%1).").arg(outcome->verify->versionText)
                              : tr("cuDNN does not load as it should; see the findings below."));
        }
        diagnostics += install.diagnostics;
        if (outcome->verify) {
            for (const Diagnostic& d : outcome->verify->diagnostics) {
                if (d.severity == Severity::Error)
                    diagnostics.append(d);
            }
        }
        for (const Diagnostic& d : outcome->environment.diagnostics()) {
            if (d.severity != Severity::Info) // what the fix took care of is not news any more
                diagnostics.append(d);
        }
    }
    if (const std::optional<UninstallOutcome>& uninstall = m_state.uninstallOutcome();
        uninstall && m_state.task() == SetupTask::SwitchOrUninstall) {
        const InstallResult& result = uninstall->result;
        const QString root = displayPath(hostOsFlavor(), result.root).toHtmlEscaped();
        lines << (result.status == InstallResult::Status::Uninstalled
                      ? tr("The newest install was taken back from %1.").arg(root)
                      : tr("Nothing was uninstalled; %1 is as it was.").arg(root));
        diagnostics += result.diagnostics;
    }
    if (const std::optional<BenchmarkResult>& benchmark = m_state.benchmark()) {
        lines << tr("Benchmark: %1").arg(benchmark->headline().toHtmlEscaped());
        diagnostics.append(benchmark->diagnostic());
    }
    if (const std::optional<RepairOutcome>& repair = m_state.repairOutcome();
        repair && m_state.task() == SetupTask::Repair) {
        const bool repaired = repair->result.status == RepairResult::Status::Repaired;
        if (repaired)
            lines << tr("Repaired: %n fixes applied.", nullptr, int(repair->result.applied.size()));
        else if (repair->result.status == RepairResult::Status::RolledBack)
            lines << tr("The repair was stopped and rolled back; the toolkits are as they were.");
        lines << (repair->after.isClean() ? tr("Nothing is left to repair.")
                                          : tr("Some problems are left; see below."));
        for (const Diagnostic& d : repair->result.diagnostics) {
            if (d.code != RepairCode::Applied) // the line above says how many fixes were applied
                diagnostics.append(d);
        }
        for (const RepairFinding& finding : repair->after.findings) {
            if (finding.isProblem())
                diagnostics.append(finding.diagnostic);
        }
    }
    if (frameworks && frameworks->isEmpty())
        lines << FrameworkList::headline(*frameworks).toHtmlEscaped();
    if (installs && outcome && outcome->install.succeeded()) // only an install made here can be taken back later
        lines << tr("To take this install back later, run cudnn-setup again and choose Switch or uninstall.");
    m_summary->setText(lines.join(QStringLiteral("<br>")));
    m_findings->setDiagnostics(diagnostics);
    const bool logThere = QFileInfo::exists(m_state.logFile());
    const bool opener
        = hostOsFlavor() == OsFlavor::Windows || !QStandardPaths::findExecutable(QStringLiteral("xdg-open")).isEmpty();
    m_openLog->setEnabled(logThere && opener);
    const QString where
        = tr("No program to show it was found. The log is %1.").arg(QDir::toNativeSeparators(m_state.logFile()));
    m_openLog->setToolTip(!logThere    ? tr("No log was written.")
                              : opener ? QDir::toNativeSeparators(m_state.logFile())
                                       : where);
    // Without a program to open it, the log's path is said where it can be selected and copied, not in a tooltip.
    m_saved->setText(logThere && !opener ? where : QString());
}

bool FinishPage::saveReport(const QString& path, QString* error) const
{
    return m_state.report().writeTo(path, error);
}

void FinishPage::askWhereToSaveReport()
{
    const QString suggested = QDir::home().filePath(QStringLiteral("cudnn-setup-report.json"));
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save the report"), suggested, tr("JSON report (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    m_saved->setText(saveReport(path, &error) ? tr("Saved to %1").arg(QDir::toNativeSeparators(path))
                                              : tr("Could not save the report: %1").arg(error));
}

void FinishPage::openLog()
{
    if (QDesktopServices::openUrl(QUrl::fromLocalFile(m_state.logFile())))
        return;
    m_openLog->setEnabled(false);
    const QString where
        = tr("No program to show it was found. The log is %1.").arg(QDir::toNativeSeparators(m_state.logFile()));
    m_openLog->setToolTip(where);
    m_saved->setText(where);
}
