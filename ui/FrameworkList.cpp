#include "FrameworkList.h"

#include "AllRowsHeight.h"
#include "DiagnosticList.h"
#include "WizardRemedy.h"
#include "WrappedRows.h"

#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <algorithm>

FrameworkList::FrameworkList(QWidget* parent)
    : QTreeWidget(parent)
{
    setAccessibleName(tr("Programs that will use cuDNN"));
    setColumnCount(4);
    setHeaderLabels({tr("Program"), tr("Environment"), tr("cuDNN it will load"), tr("Verdict")});
    // The environment's path takes the room left and wraps, like the reason under a row: neither is cut off.
    new WrappedRows(this);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(1, QHeaderView::Stretch);
    header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    setRootIsDecorated(false);
}

QString FrameworkList::verdictWord(const std::optional<bool>& fits)
{
    if (!fits)
        return tr("not known");
    return *fits ? tr("fits") : tr("does not fit");
}

QString FrameworkList::headline(const FrameworkVerdicts& verdicts)
{
    return headline(MachineVerdict::judge({}, verdicts));
}

QString FrameworkList::headline(const MachineVerdict& verdict)
{
    // The machine verdict's own sentence: what --detect and every page say.
    const bool reasons = verdict.lead == MachineVerdict::Lead::FrameworksWillNotFit
        || verdict.lead == MachineVerdict::Lead::FrameworksUnknown;
    return reasons ? tr("%1 See below for why.").arg(verdict.summary.message) : verdict.summary.message;
}

QLabel* FrameworkList::headlineLabel(const QString& objectName, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}

void FrameworkList::setHeightFollowsRows()
{
    constexpr int mostRows = 6; // more scroll
    new AllRowsHeight(this, mostRows);
}

void FrameworkList::setVerdicts(const FrameworkVerdicts& verdicts)
{
    clear();
    if (verdicts.isEmpty()) {
        auto* none = new QTreeWidgetItem(this, {tr("No Python framework that uses cuDNN was found.")});
        none->setFirstColumnSpanned(true);
        return;
    }
    for (const FrameworkVerdict& verdict : verdicts) {
        const QString cudnn = verdict.loads && verdict.loads->version
            ? tr("%1 (%2)").arg(verdict.loads->version->toString(), verdict.loads->origin)
            : tr("none");
        auto* item
            = new QTreeWidgetItem(this,
                                  {QStringLiteral("%1 %2").arg(verdict.subject.distribution, verdict.subject.version),
                                   QDir::toNativeSeparators(verdict.subject.environment),
                                   cudnn,
                                   verdictWord(verdict.fits)});
        const Severity severity = !verdict.fits ? Severity::Warning : *verdict.fits ? Severity::Info : Severity::Error;
        item->setIcon(3, severity == Severity::Info ? DiagnosticList::okIcon() : DiagnosticList::iconFor(severity));
        QStringList why;
        for (const Diagnostic& finding : verdict.findings) {
            why.append(finding.message);
            if (const QString fix = WizardRemedy::fix(finding); !fix.isEmpty())
                why.append(fix);
        }
        for (int column = 0; column < columnCount(); ++column)
            item->setToolTip(column, why.join(QLatin1Char('\n')));
        if (!verdict.fits.value_or(false)) {
            auto* reason = new QTreeWidgetItem(item, {why.join(QLatin1Char(' '))});
            reason->setFirstColumnSpanned(true);
            item->setExpanded(true);
        }
    }
    updateGeometry();
}
