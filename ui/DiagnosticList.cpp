#include "DiagnosticList.h"

#include <QApplication>
#include <QHeaderView>
#include <QStyle>

DiagnosticList::DiagnosticList(QWidget* parent)
    : QTreeWidget(parent)
{
    setColumnCount(1);
    header()->hide();
    setRootIsDecorated(true);
    setWordWrap(true);
    setUniformRowHeights(false);
    setAccessibleName(tr("Findings"));
}

QIcon DiagnosticList::iconFor(Severity severity)
{
    QStyle* style = QApplication::style();
    switch (severity) {
    case Severity::Error:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case Severity::Warning:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Severity::Info:
        return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    return {};
}

void DiagnosticList::setDiagnostics(const Diagnostics& diagnostics)
{
    clear();
    for (const Diagnostic& d : diagnostics) {
        auto* item = new QTreeWidgetItem(this, {d.message});
        item->setIcon(0, iconFor(d.severity));
        item->setToolTip(0, d.code);
        item->setData(0, Qt::UserRole, d.code);
        if (!d.fix.isEmpty()) {
            auto* fix = new QTreeWidgetItem(item, {tr("Fix: %1").arg(d.fix)});
            fix->setFlags(fix->flags() & ~Qt::ItemIsSelectable);
        }
        item->setExpanded(true);
    }
    if (diagnostics.isEmpty())
        new QTreeWidgetItem(this, {tr("No problems found.")});
}
