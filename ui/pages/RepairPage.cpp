#include "RepairPage.h"

#include "BackgroundWork.h"
#include "DiagnosticList.h"
#include "ExplainDialog.h"
#include "ProgressRelay.h"
#include "WizardRemedy.h"
#include "WrappedRows.h"
#include "engine/Engine.h"
#include "repair/RepairCode.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace {

int problemCount(const RepairScan& scan)
{
    return int(std::count_if(scan.findings.cbegin(), scan.findings.cend(), [](const RepairFinding& finding) {
        return finding.isProblem();
    }));
}

enum Role { CodeRole = Qt::UserRole, RemedyRole };

} // namespace

RepairPage::RepairPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_relay(new ProgressRelay(this))
    , m_status(new QLabel(this))
    , m_findings(new QTreeWidget(this))
    , m_phase(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_repair(new QPushButton(tr("&Repair"), this))
    , m_cancel(new QPushButton(tr("&Cancel and roll back"), this))
    , m_rescan(new QPushButton(tr("&Scan again"), this))
    , m_explain(new QPushButton(tr("E&xplain an error…"), this))
    , m_result(new QLabel(this))
{
    setTitle(tr("Repair"));
    setSubTitle(tr("What is broken in the installed cuDNN, and who can fix it. The safe fixes are applied in one "
                   "step per toolkit: if one fails or you cancel, everything is put back as it was."));
    m_status->setObjectName(QStringLiteral("repairStatus"));
    m_status->setWordWrap(true);
    m_findings->setObjectName(QStringLiteral("repairFindings"));
    m_findings->setAccessibleName(tr("Repair findings"));
    m_findings->setColumnCount(1);
    m_findings->header()->hide();
    m_findings->header()->setSectionResizeMode(QHeaderView::Stretch);
    new WrappedRows(m_findings); // wrapped, never cut off with an ellipsis
    m_phase->setObjectName(QStringLiteral("repairPhase"));
    m_bar->setObjectName(QStringLiteral("repairProgress"));
    m_bar->setAccessibleName(tr("Repair progress"));
    m_bar->setRange(0, 1000);
    m_bar->hide();
    m_repair->setObjectName(QStringLiteral("repairApply"));
    m_repair->setAccessibleName(tr("Apply the automatic fixes"));
    m_repair->setEnabled(false);
    m_cancel->setObjectName(QStringLiteral("repairCancel"));
    m_cancel->setAccessibleName(tr("Cancel the repair and roll back"));
    m_cancel->hide();
    m_rescan->setObjectName(QStringLiteral("repairRescan"));
    m_rescan->setAccessibleName(tr("Scan again"));
    m_explain->setObjectName(QStringLiteral("repairExplain"));
    m_explain->setAccessibleName(tr("Paste the error your program printed and find its cause"));
    m_result->setObjectName(QStringLiteral("repairResult"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::RichText);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_explain);
    buttons->addWidget(m_phase, 1);
    buttons->addWidget(m_rescan);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_repair);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_findings, 1);
    layout->addWidget(m_bar);
    layout->addLayout(buttons);
    layout->addWidget(m_result);

    connect(m_relay, &ProgressRelay::progressed, this, &RepairPage::showProgress);
    connect(m_repair, &QPushButton::clicked, this, &RepairPage::repair);
    connect(m_cancel, &QPushButton::clicked, this, &RepairPage::cancelRepair);
    connect(m_rescan, &QPushButton::clicked, this, &RepairPage::scan);
    connect(m_explain, &QPushButton::clicked, this, &RepairPage::explainError);
}

RepairRequest RepairPage::repairRequest() const
{
    RepairRequest request;
    // The toolkit named at start or chosen on the System page, as --cuda-root gives it to the command line's repair.
    if (!m_state.preferredToolkit().isEmpty())
        request.roots = {m_state.preferredToolkit()};
    request.pathScope = m_state.pathScope();
    request.logFile = m_state.logFile();
    return request;
}

ExplainRequest RepairPage::explainRequest() const
{
    ExplainRequest request;
    const RepairRequest repair = repairRequest();
    request.cudaRoots = repair.roots;
    request.pathScope = repair.pathScope;
    if (m_state.snapshot()) { // the environments the System page found or was given
        for (const PythonEnvironment& environment : m_state.snapshot()->pythonEnvironments)
            request.pythonEnvironments.append(environment.root);
    }
    return request;
}

void RepairPage::explainError()
{
    if (m_busy)
        return;
    auto* dialog = new ExplainDialog(m_engine, explainRequest(), m_work, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, [this, dialog] {
        if (!dialog->repairAsked())
            return;
        if (m_current && !m_current->scan.automaticFixes().isEmpty())
            repair();
        else
            scan(); // the explanation's own look at the machine is newer than this page's scan
    });
    dialog->open();
}

void RepairPage::initializePage()
{
    if (!m_current && !m_busy)
        scan();
}

bool RepairPage::isComplete() const
{
    return !m_busy && m_current.has_value();
}

void RepairPage::setBusy(bool busy)
{
    m_busy = busy;
    m_rescan->setEnabled(!busy);
    m_explain->setEnabled(!busy);
    m_repair->setEnabled(!busy && m_current && !m_current->scan.automaticFixes().isEmpty());
    emit completeChanged();
}

void RepairPage::scan()
{
    if (m_busy)
        return;
    m_status->setText(tr("Finishing any interrupted run, then looking for damage…"));
    m_result->clear();
    m_bar->setRange(0, 0);
    m_bar->show();
    setBusy(true);
    const Engine* engine = &m_engine;
    const RepairRequest request = repairRequest();
    m_work.run<RepairSurvey>(
        this,
        [engine, request] { return engine->surveyRepair(request); },
        [this](const RepairSurvey& found) {
            m_current = found;
            m_bar->hide();
            m_bar->setRange(0, 1000);
            m_state.setSnapshot(found.system);
            RepairOutcome surveyed;
            surveyed.before = found;
            surveyed.after = found.scan;
            m_state.setRepairOutcome(surveyed);
            showFindings(found.scan);
            m_status->setText(statusText(found.scan));
            if (!found.recovered.isEmpty()) {
                QStringList lines;
                for (const Diagnostic& d : found.recovered)
                    lines << d.message.toHtmlEscaped();
                m_result->setText(tr("An interrupted run was finished or put back first:") + QStringLiteral("<br>")
                                  + lines.join(QStringLiteral("<br>")));
            }
            setBusy(false);
            emit finished();
        });
}

void RepairPage::repair()
{
    if (m_busy || !m_current || m_current->scan.automaticFixes().isEmpty())
        return;
    m_phase->setText(tr("Starting…"));
    m_result->clear();
    m_bar->setValue(0);
    m_bar->show();
    m_cancel->show();
    m_cancel->setEnabled(true);
    setBusy(true);

    m_cancellation = m_work.separateCancellation();
    const CancellationToken cancel = m_cancellation;
    ProgressRelay* relay = m_relay;
    const Engine* engine = &m_engine;
    m_work.run<RepairOutcome>(
        this,
        [engine, request = repairRequest(), before = *m_current, relay, cancel] {
            return engine->repair(before, request, relay, cancel);
        },
        [this](const RepairOutcome& run) {
            m_cancel->hide();
            m_bar->hide();
            m_current->scan = run.after;
            m_state.setRepairOutcome(run);
            showRun(run);
            setBusy(false);
            emit finished();
        });
}

void RepairPage::cancelRepair()
{
    if (!m_busy)
        return;
    m_cancellation.cancel();
    m_cancel->setEnabled(false);
    m_phase->setText(tr("Canceling: putting everything back…"));
}

void RepairPage::showProgress(const ProgressUpdate& update)
{
    if (!m_busy || !m_cancel->isVisible())
        return;
    if (!m_cancellation.isCanceled())
        m_phase->setText(update.currentItem.isEmpty() ? update.phase
                                                      : tr("%1: %2").arg(update.phase, update.currentItem));
    m_bar->setValue(int(update.fraction() * 1000));
}

void RepairPage::showRun(const RepairOutcome& run)
{
    QString text;
    switch (run.result.status) {
    case RepairResult::Status::Repaired:
        text = tr("<b>Repaired</b>: %n fixes applied. They are now part of the install they repaired: "
                  "uninstalling it puts back what was there before that install.",
                  nullptr,
                  int(run.result.applied.size()));
        m_phase->setText(tr("Done."));
        break;
    case RepairResult::Status::RolledBack:
        text = tr("<b>Stopped and rolled back</b>: every toolkit is exactly as it was before the repair.");
        m_phase->setText(tr("Stopped."));
        break;
    default:
        text = tr("<b>Nothing was repaired.</b>");
        m_phase->setText(tr("Stopped."));
        break;
    }
    for (const Diagnostic& d : run.result.diagnostics) {
        if (d.code == RepairCode::Applied)
            continue;
        text += QStringLiteral("<br>") + d.message.toHtmlEscaped();
        if (const QString fix = WizardRemedy::fix(d); !fix.isEmpty())
            text += QStringLiteral(" ") + fix.toHtmlEscaped();
    }
    m_result->setText(text);
    QList<RepairFinding> fixed;
    if (run.result.status == RepairResult::Status::Repaired) {
        for (const RepairFinding& finding : run.before.scan.findings) {
            if (finding.remedy == RepairFinding::Remedy::Automatic)
                fixed.append(finding);
        }
    }
    showFindings(m_current->scan, fixed);
    const bool repaired = run.result.status == RepairResult::Status::Repaired;
    m_status->setText(repaired
                          ? (m_current->scan.isClean()
                                 ? tr("Nothing left to repair.")
                                 : tr("Left after the repair: %n problems.", nullptr, problemCount(m_current->scan)))
                          : statusText(m_current->scan));
}

QString RepairPage::statusText(const RepairScan& scan) const
{
    if (scan.isClean())
        return tr("Nothing to repair.");
    return tr("%n problems found.", nullptr, problemCount(scan)) + QLatin1Char(' ')
        + (scan.automaticFixes().isEmpty() ? tr("None of them can be fixed here automatically.")
                                           : tr("Press Repair to apply the automatic fixes."));
}

QString RepairPage::doneText(const RepairFinding& finding)
{
    QStringList done;
    const OsFlavor os = hostOsFlavor();
    for (const RepairFix& fix : finding.fixes) {
        const QString path = displayPath(os, fix.path);
        switch (fix.kind) {
        case RepairFix::Kind::RestoreFile:
            done << tr("%1 was put back from the package.").arg(path);
            break;
        case RepairFix::Kind::RebuildLink:
            done << tr("%1 is a link again, as the package has it.").arg(path);
            break;
        case RepairFix::Kind::FixPermissions:
            done << tr("%1 can be read by everyone again.").arg(path);
            break;
        case RepairFix::Kind::Environment:
            done << tr("The search path now finds %1 first.").arg(path);
            break;
        case RepairFix::Kind::LoaderCache:
            done << tr("The loader cache was rebuilt: new programs find the libraries of %1.").arg(path);
            break;
        }
    }
    return done.isEmpty() ? finding.diagnostic.message : done.join(QLatin1Char(' '));
}

void RepairPage::showFindings(const RepairScan& scan, const QList<RepairFinding>& fixed)
{
    m_findings->clear();
    const auto addGroup = [this](const QString& title, const QString& remedyName) {
        auto* top = new QTreeWidgetItem(m_findings, {title});
        top->setData(0, RemedyRole, remedyName);
        top->setFlags(top->flags() & ~Qt::ItemIsSelectable);
        top->setExpanded(true);
        return top;
    };
    const auto addFinding = [](QTreeWidgetItem* top, const RepairFinding& finding, const QString& remedyName) {
        auto* item = new QTreeWidgetItem(top, {finding.diagnostic.message});
        item->setIcon(0, DiagnosticList::iconFor(finding.diagnostic.severity));
        item->setToolTip(0, finding.diagnostic.message);
        item->setData(0, CodeRole, finding.diagnostic.code);
        item->setData(0, RemedyRole, remedyName);
        return item;
    };
    if (!fixed.isEmpty()) { // what this repair did, before what is still there: said as done, not as a problem
        QTreeWidgetItem* top = addGroup(QString(), QStringLiteral("fixed"));
        QSet<QString> said; // several findings cured by one fix (a file missing, and the links to it) say it once
        for (const RepairFinding& finding : fixed) {
            const QString done = doneText(finding);
            if (said.contains(done))
                continue;
            said.insert(done);
            QTreeWidgetItem* item = addFinding(top, finding, QStringLiteral("fixed"));
            item->setIcon(0, DiagnosticList::okIcon());
            item->setText(0, done);
            item->setToolTip(0, done);
        }
        top->setText(0, tr("Fixed (%1)").arg(top->childCount()));
    }
    struct Group
    {
        RepairFinding::Remedy remedy;
        QString title;
    };
    const Group groups[] = {
        {RepairFinding::Remedy::Automatic, tr("Can be fixed here")},
        {RepairFinding::Remedy::NeedsElevation, tr("Needs administrator rights")},
        {RepairFinding::Remedy::Manual, tr("Manual step")},
        {RepairFinding::Remedy::None, tr("For information")},
    };
    for (const Group& group : groups) {
        QTreeWidgetItem* top = nullptr;
        const QString remedyName = RepairFinding::remedyName(group.remedy);
        for (const RepairFinding& finding : scan.findings) {
            if (finding.remedy != group.remedy)
                continue;
            if (!top)
                top = addGroup(group.title, remedyName);
            QTreeWidgetItem* item = addFinding(top, finding, remedyName);
            QString cure;
            switch (finding.remedy) {
            case RepairFinding::Remedy::Manual:
                cure = finding.manualStep.isEmpty() ? WizardRemedy::fix(finding.diagnostic)
                                                    : WizardRemedy::manualStep(finding);
                if (!cure.isEmpty())
                    cure = tr("Step: %1").arg(cure);
                break;
            case RepairFinding::Remedy::NeedsElevation:
                cure = WizardRemedy::words(FixAction::of(FixAction::Kind::Elevate));
                if (const QString fix = WizardRemedy::fix(finding.diagnostic); !fix.isEmpty())
                    cure += QLatin1Char(' ') + tr("Fix: %1").arg(fix);
                break;
            case RepairFinding::Remedy::Automatic:
                if (const QString fix = WizardRemedy::fix(finding.diagnostic); !fix.isEmpty())
                    cure = tr("Fix: %1").arg(fix);
                break;
            case RepairFinding::Remedy::None: // a fact, nothing to do: no fix line
                break;
            }
            if (!cure.isEmpty()) {
                auto* child = new QTreeWidgetItem(item, {cure});
                child->setFlags(child->flags() & ~Qt::ItemIsSelectable);
                child->setToolTip(0, cure);
            }
            DiagnosticList::addSubjects(item, finding.diagnostic);
            item->setExpanded(true);
        }
        if (top)
            top->setText(0, QStringLiteral("%1 (%2)").arg(group.title).arg(top->childCount()));
    }
    if (scan.findings.isEmpty() && fixed.isEmpty())
        new QTreeWidgetItem(m_findings, {tr("Nothing to repair.")});
}
