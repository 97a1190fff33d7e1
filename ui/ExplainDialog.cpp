#include "ExplainDialog.h"

#include "BackgroundWork.h"
#include "DiagnosticList.h"
#include "WizardRemedy.h"
#include "WrappedRows.h"
#include "engine/Engine.h"
#include "report/DiagnosisRegistry.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

ExplainDialog::ExplainDialog(const Engine& engine, ExplainRequest request, BackgroundWork& work, QWidget* parent)
    : QDialog(parent)
    , m_engine(engine)
    , m_request(std::move(request))
    , m_work(work)
    , m_input(new QPlainTextEdit(this))
    , m_explain(new QPushButton(tr("&Explain"), this))
    , m_busyBar(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_causes(new QTreeWidget(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this))
    , m_repair(m_buttons->addButton(tr("&Repair now"), QDialogButtonBox::AcceptRole))
{
    setObjectName(QStringLiteral("explainDialog"));
    setWindowTitle(tr("Explain an error"));
    auto* intro = new QLabel(tr("Paste the error your program printed: the whole traceback and the lines before it. "
                                "cudnn-setup reads it against this machine and names what causes it here."),
                             this);
    intro->setWordWrap(true);
    m_input->setObjectName(QStringLiteral("explainInput"));
    m_input->setAccessibleName(tr("The error text"));
    m_input->setPlaceholderText(tr("For example: Could not load library libcudnn_cnn_infer.so.8"));
    m_input->setTabChangesFocus(true);
    m_explain->setObjectName(QStringLiteral("explainRun"));
    m_explain->setEnabled(false);
    m_busyBar->setRange(0, 0);
    m_busyBar->hide();
    m_status->setObjectName(QStringLiteral("explainStatus"));
    m_status->setWordWrap(true);
    m_causes->setObjectName(QStringLiteral("explainCauses"));
    m_causes->setAccessibleName(tr("Causes found on this machine"));
    m_causes->setColumnCount(1);
    m_causes->header()->hide();
    m_causes->header()->setSectionResizeMode(QHeaderView::Stretch);
    new WrappedRows(m_causes);
    m_causes->hide();
    m_repair->setObjectName(QStringLiteral("explainRepair"));
    m_repair->setAccessibleName(tr("Close and apply the repair's automatic fixes"));
    m_repair->hide();

    auto* run = new QHBoxLayout;
    run->addWidget(m_busyBar, 1);
    run->addStretch();
    run->addWidget(m_explain);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_input, 1);
    layout->addLayout(run);
    layout->addWidget(m_status);
    layout->addWidget(m_causes, 2);
    layout->addWidget(m_buttons);

    connect(m_input, &QPlainTextEdit::textChanged, this, &ExplainDialog::updateExplainButton);
    connect(m_explain, &QPushButton::clicked, this, &ExplainDialog::explain);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_repair, &QPushButton::clicked, this, [this] {
        m_repairAsked = true;
        accept();
    });
    resize(680, 500);
}

void ExplainDialog::updateExplainButton()
{
    m_explain->setEnabled(!m_busy && !m_input->toPlainText().trimmed().isEmpty());
}

void ExplainDialog::explain()
{
    if (m_busy || m_input->toPlainText().trimmed().isEmpty())
        return;
    m_busy = true;
    updateExplainButton();
    m_repair->hide();
    m_busyBar->show();
    m_status->setText(tr("Reading the text, then looking at this machine…"));
    ExplainRequest request = m_request;
    request.pasted = m_input->toPlainText().toUtf8();
    const Engine* engine = &m_engine;
    m_work.run<ExplainOutcome>(
        this,
        [engine, request] { return engine->explain(request); },
        [this](const ExplainOutcome& outcome) {
            m_busy = false;
            m_busyBar->hide();
            updateExplainButton();
            showOutcome(outcome);
        });
}

QString ExplainDialog::statusText(const ExplainOutcome& outcome) const
{
    if (outcome.refusal)
        return outcome.refusal->message + QLatin1Char(' ') + WizardRemedy::fix(*outcome.refusal);
    const Explanation& explanation = outcome.explanation;
    const int messages = int(explanation.messages.size());
    switch (explanation.outcome) {
    case Explanation::Outcome::NotRecognised:
        return tr("No message cudnn-setup knows is in this text, so it cannot say what causes it. Paste the whole "
                  "error: the traceback and the lines the program printed before it.");
    case Explanation::Outcome::NoCauseHere:
        return tr("Recognised %n message(s), but this machine shows no cause of it:", nullptr, messages)
            + QLatin1Char(' ') + explanation.instead.join(QLatin1Char(' ')) + QLatin1Char(' ')
            + tr("The message must come from another Python environment, container or machine: run cudnn-setup "
                 "there, or add the environment on the System page.");
    case Explanation::Outcome::CauseFound:
        break;
    }
    return tr("Recognised %n message(s).", nullptr, messages) + QLatin1Char(' ')
        + tr("%n cause(s) found on this machine, the most likely first:", nullptr, int(explanation.causes.size()));
}

void ExplainDialog::showOutcome(const ExplainOutcome& outcome)
{
    m_status->setText(statusText(outcome));
    m_causes->clear();
    const Explanation& explanation = outcome.explanation;
    const OsFlavor os = explanation.os;
    const DiagnosisRegistry& registry = DiagnosisRegistry::instance();
    int number = 0;
    for (const ExplainCause& cause : explanation.causes) {
        auto* top = new QTreeWidgetItem(m_causes, {tr("%1. %2").arg(++number).arg(registry.kindWords(cause.kind))});
        top->setIcon(0, DiagnosticList::iconFor(cause.severity));
        top->setData(0, Qt::UserRole, cause.code);
        QFont bold = top->font(0);
        bold.setBold(true);
        top->setFont(0, bold);
        DiagnosticList::addLine(top, cause.message);
        for (const Evidence& evidence : cause.evidence)
            DiagnosticList::addLine(top,
                                    evidence.path.isEmpty()
                                        ? evidence.text
                                        : tr("%1 (%2)").arg(evidence.text, displayPath(os, evidence.path)));
        if (!cause.environments.isEmpty()) {
            QStringList shown;
            for (const QString& environment : cause.environments)
                shown.append(displayPath(os, environment));
            DiagnosticList::addLine(top, tr("In: %1").arg(shown.join(QStringLiteral(", "))));
        }
        // Where the repair fixes it, "Repair now" is the action: its words would send the user elsewhere.
        if (const QString fix = WizardRemedy::fix(cause.fix.text, cause.fix.action, cause.fix.repairFixes);
            !fix.isEmpty())
            DiagnosticList::addLine(top, tr("Fix: %1").arg(fix));
        if (!cause.fix.command.isEmpty())
            DiagnosticList::addLine(top, tr("Command: %1").arg(cause.fix.command));
        if (cause.fix.repairFixes)
            DiagnosticList::addLine(top, tr("The repair fixes it: press Repair now."));
        top->setExpanded(true);
    }
    m_causes->setVisible(!explanation.causes.isEmpty());
    m_repair->setVisible(std::any_of(explanation.causes.cbegin(), explanation.causes.cend(), [](const ExplainCause& c) {
        return c.fix.repairFixes;
    }));
}
