#include "PlanPage.h"

#include "DiagnosticList.h"

#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <map>

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
    m_items->setHeaderLabels({tr("File"), tr("Size"), tr("Change")});
    m_items->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_items->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_items->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_items->header()->setStretchLastSection(false);
    m_items->setRootIsDecorated(true);
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
        return PlanPage::tr("same");
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
    // A tree relative to the toolkit: each folder, then its files with their size and what happens to them.
    const QDir root(plan->toolkitRoot);
    std::map<QString, QTreeWidgetItem*> folders;
    int added = 0, replaced = 0;
    for (const InstallItem& item : plan->items) {
        const QString relative = root.relativeFilePath(item.destination);
        const QString folder = QFileInfo(relative).path();
        QTreeWidgetItem*& top = folders[folder];
        if (!top) {
            top = new QTreeWidgetItem(m_items, {QDir::toNativeSeparators(folder)});
            top->setToolTip(0, displayPath(plan->os, root.filePath(folder)));
            top->setExpanded(true);
        }
        QString name = QFileInfo(relative).fileName();
        if (item.kind == InstallItem::Kind::Symlink)
            name += QStringLiteral(" → ") + item.linkTarget;
        auto* row = new QTreeWidgetItem(
            top,
            {name,
             item.kind == InstallItem::Kind::Symlink ? QString() : QLocale().formattedDataSize(item.size),
             actionText(item.action)});
        row->setToolTip(0, displayPath(plan->os, item.destination));
        row->setData(0, Qt::UserRole, InstallItem::actionName(item.action));
        row->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        added += item.action == InstallItem::Action::New ? 1 : 0;
        replaced += item.action == InstallItem::Action::Overwrite ? 1 : 0;
    }
    for (auto& [folder, top] : folders) {
        top->sortChildren(0, Qt::AscendingOrder);
        top->setText(2, tr("%n files", nullptr, top->childCount()));
    }
    const int same = int(plan->items.size()) - added - replaced;
    QStringList changes;
    if (added > 0)
        changes << tr("%n new", nullptr, added);
    if (replaced > 0)
        changes << tr("%n replaced", nullptr, replaced);
    if (same > 0)
        changes << tr("%n unchanged", nullptr, same);
    m_summary->setText(tr("Installs %n files into <b>%1</b> (%2), %3 to write.", nullptr, int(plan->items.size()))
                           .arg(displayPath(plan->os, plan->toolkitRoot).toHtmlEscaped(),
                                changes.join(QStringLiteral(", ")),
                                QLocale().formattedDataSize(plan->bytesToWrite)));
    m_findings->setDiagnostics(diagnosticsOf(plan->findings));
    m_findings->setVisible(!plan->findings.isEmpty()); // "no problems" needs no box of its own
}

bool PlanPage::isComplete() const
{
    return m_state.plan().has_value() && m_state.plan()->isValid();
}
