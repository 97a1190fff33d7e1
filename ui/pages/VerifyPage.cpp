#include "VerifyPage.h"

#include "AllRowsHeight.h"
#include "BackgroundWork.h"
#include "DiagnosticList.h"
#include "engine/Engine.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

VerifyPage::VerifyPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent)
    : QWizardPage(parent)
    , m_engine(engine)
    , m_state(state)
    , m_work(work)
    , m_summary(new QLabel(this))
    , m_libraries(new QTreeWidget(this))
    , m_findings(new DiagnosticList(this))
{
    setTitle(tr("What really loads"));
    setSubTitle(tr("A fresh process, started as your next program would be, loaded every cuDNN library from the "
                   "toolkit."));
    m_summary->setObjectName(QStringLiteral("verifySummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_libraries->setObjectName(QStringLiteral("verifyLibraries"));
    m_libraries->setAccessibleName(tr("Libraries and the files that loaded"));
    m_libraries->setHeaderLabels({tr("Library"), tr("Loaded from"), tr("Version")});
    // The file that loaded is the key fact: its column takes the room, and a path too long for it is shortened in
    // the middle (the file name stays), whole in the tooltip.
    m_libraries->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_libraries->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_libraries->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_libraries->header()->setStretchLastSection(false);
    m_libraries->setTextElideMode(Qt::ElideMiddle);
    m_libraries->setRootIsDecorated(false);
    // Six rows at most (cuDNN 9 has eight libraries; the rest scroll), so the findings below get the rest of the
    // page: with two findings at 720 x 520, their fixes were hidden behind a scroll bar under this list's empty part.
    new AllRowsHeight(m_libraries, 6);
    m_findings->setObjectName(QStringLiteral("verifyFindings"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_libraries);
    layout->addWidget(m_findings, 1);
}

bool VerifyPage::isComplete() const
{
    return !m_busy;
}

void VerifyPage::verifyRepair()
{
    const std::optional<RepairOutcome>& repair = m_state.repairOutcome();
    const QString root
        = repair && !repair->result.applied.isEmpty() ? repair->result.applied.first().fix.root : QString();
    m_summary->setText(tr("Checking what loads from %1…").arg(displayPath(hostOsFlavor(), root).toHtmlEscaped()));
    m_findings->setDiagnostics({});
    m_busy = true;
    emit completeChanged();
    const Engine* engine = &m_engine;
    m_work.run<VerifyResult>(
        this,
        [engine, root, scope = m_state.pathScope()] { return engine->verify(root, scope); },
        [this](const VerifyResult& verify) {
            m_busy = false;
            showResult(verify);
            emit completeChanged();
        });
}

void VerifyPage::initializePage()
{
    m_libraries->clear();
    if (m_state.task() == SetupTask::Repair) {
        verifyRepair();
        return;
    }
    const std::optional<SetupOutcome>& outcome = m_state.outcome();
    if (!outcome || !outcome->verify) {
        m_summary->setText(tr("The check did not run (%1).")
                               .arg(outcome ? outcome->verifyNotRun.toHtmlEscaped() : tr("nothing was installed")));
        m_findings->setDiagnostics({});
        return;
    }
    showResult(*outcome->verify);
}

void VerifyPage::showResult(const VerifyResult& verify)
{
    const OsFlavor os = hostOsFlavor();
    for (const VerifiedLibrary& library : verify.libraries) {
        auto* row = new QTreeWidgetItem(m_libraries,
                                        {QFileInfo(library.name).fileName(),
                                         library.loaded ? displayPath(os, library.path) : library.error,
                                         library.version});
        row->setIcon(0, library.loaded ? DiagnosticList::okIcon() : DiagnosticList::iconFor(Severity::Error));
        row->setToolTip(1,
                        library.loaded ? displayPath(os, library.path) + QLatin1Char('\n')
                                + tr("found via %1").arg(library.foundVia)
                                       : library.error);
    }
    const QString versions = tr("cuDNN library %1 · header %2 · built for CUDA runtime %3")
                                 .arg(verify.versionText.isEmpty() ? tr("unknown") : verify.versionText,
                                      verify.headerVersionText.isEmpty() ? tr("unknown") : verify.headerVersionText,
                                      verify.cudartVersionText.isEmpty() ? tr("unknown") : verify.cudartVersionText);
    const NewProgramLoad& fresh = verify.newProgram;
    const bool otherCopy = fresh.ran && !fresh.matches();
    const QString verdict = verify.passed()
        ? QStringLiteral("<span style='color:#2e7d32'><b>%1</b></span>")
              .arg(tr("Every library loads from the toolkit."))
        : QStringLiteral("<span style='color:#c62828'><b>%1</b></span>")
              .arg(otherCopy ? tr("A new program does not get the installed cuDNN; see the findings below.")
                             : tr("cuDNN does not load as it should; see the findings below."));
    // What a new login's program was seen to load, by bare name: observed, not predicted.
    QString observed;
    if (fresh.ran) {
        observed = otherCopy
            ? tr("A new program that loads %1 by name gets %2, not the installed copy.")
                  .arg(fresh.library, fresh.loaded.isEmpty() ? tr("no copy at all") : displayPath(os, fresh.loaded))
            : tr("A new program that loads %1 by name gets the installed copy.").arg(fresh.library);
    }
    m_summary->setText(verdict + QStringLiteral("<br>") + versions.toHtmlEscaped()
                       + (observed.isEmpty() ? QString() : QStringLiteral("<br>") + observed.toHtmlEscaped()));
    m_findings->setDiagnostics(verify.diagnostics);
}
