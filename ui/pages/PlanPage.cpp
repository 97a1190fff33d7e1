#include "PlanPage.h"

#include "DiagnosticList.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

PlanPage::PlanPage(WizardState& state, QWidget* parent)
    : QWizardPage(parent)
    , m_state(state)
    , m_summary(new QLabel(this))
    , m_items(new QTreeWidget(this))
    , m_findings(new DiagnosticList(this))
{
    setTitle(tr("The plan"));
    setSubTitle(tr("Nothing has been changed yet. This is exactly what the install will write."));
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setWordWrap(true);
    m_items->setObjectName(QStringLiteral("planItems"));
    m_items->setAccessibleName(tr("Files to install"));
    m_items->setHeaderLabels({tr("Action"), tr("Destination"), tr("Size")});
    m_items->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_items->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_items->setRootIsDecorated(false);
    m_items->setSortingEnabled(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_items, 3);
    layout->addWidget(m_findings, 1);
}

static QString actionText(InstallItem::Action action)
{
    switch (action) {
    case InstallItem::Action::New:
        return PlanPage::tr("new");
    case InstallItem::Action::Overwrite:
        return PlanPage::tr("replace");
    case InstallItem::Action::Same:
        return PlanPage::tr("unchanged");
    }
    return {};
}

void PlanPage::initializePage()
{
    m_items->clear();
    const std::optional<InstallPlan>& plan = m_state.plan();
    if (!plan) {
        m_summary->setText(tr("There is no plan: go back and choose a package that fits."));
        m_findings->setDiagnostics({});
        return;
    }
    int changes = 0;
    for (const InstallItem& item : plan->items) {
        QString destination = displayPath(plan->os, item.destination);
        if (item.kind == InstallItem::Kind::Symlink)
            destination += QStringLiteral(" → ") + item.linkTarget;
        auto* row = new QTreeWidgetItem(m_items,
                                        {actionText(item.action), destination, QLocale().formattedDataSize(item.size)});
        row->setData(0, Qt::UserRole, InstallItem::actionName(item.action));
        changes += item.action == InstallItem::Action::Same ? 0 : 1;
    }
    m_items->sortByColumn(1, Qt::AscendingOrder);
    m_summary->setText(tr("Install into <b>%1</b>: %2 files and links, %3 of them change, %4 to write.")
                           .arg(displayPath(plan->os, plan->toolkitRoot).toHtmlEscaped())
                           .arg(plan->items.size())
                           .arg(changes)
                           .arg(QLocale().formattedDataSize(plan->bytesToWrite)));
    m_findings->setDiagnostics(diagnosticsOf(plan->findings));
}

bool PlanPage::isComplete() const
{
    return m_state.plan().has_value() && m_state.plan()->isValid();
}
