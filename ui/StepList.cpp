#include "StepList.h"

#include "DiagnosticList.h"

#include <QIcon>

StepList::StepList(QWidget* parent)
    : QListWidget(parent)
{
    setObjectName(QStringLiteral("wizardSteps"));
    setAccessibleName(tr("Steps"));
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSpacing(2);
    setIconSize(QSize(16, 16));
    setAttribute(Qt::WA_TranslucentBackground);
    viewport()->setAutoFillBackground(false);
}

void StepList::setSteps(const QStringList& steps, int current, const QList<int>& skipped)
{
    clear();
    for (int i = 0; i < steps.size(); ++i) {
        auto* item = new QListWidgetItem(steps.at(i), this);
        item->setFlags(Qt::ItemIsEnabled);
        QFont font = item->font();
        if (i == current) {
            font.setBold(true);
            item->setIcon(DiagnosticList::svgIcon(QStringLiteral("step-current"), QStyle::SP_ArrowRight));
            item->setData(Qt::AccessibleDescriptionRole, tr("current step"));
            item->setData(Qt::UserRole, QStringLiteral("current"));
        } else if (current >= 0 && i < current && skipped.contains(i)) {
            item->setIcon(DiagnosticList::svgIcon(QStringLiteral("step-skipped"), QStyle::SP_CustomBase));
            item->setData(Qt::AccessibleDescriptionRole, tr("skipped"));
            item->setData(Qt::UserRole, QStringLiteral("skipped"));
            item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
        } else if (current >= 0 && i < current) {
            item->setIcon(DiagnosticList::okIcon());
            item->setData(Qt::UserRole, QStringLiteral("done"));
        } else {
            item->setIcon(DiagnosticList::svgIcon(QStringLiteral("step-todo"), QStyle::SP_CustomBase));
            item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            item->setData(Qt::UserRole, QStringLiteral("to do"));
        }
        item->setFont(font);
    }
    // As wide as the longest step, so the page keeps the rest of the window.
    setFixedWidth(sizeHintForColumn(0) + 2 * frameWidth() + 8);
}

QString StepList::stateOf(const QString& step) const
{
    for (int i = 0; i < count(); ++i) {
        if (item(i)->text() == step)
            return item(i)->data(Qt::UserRole).toString();
    }
    return {};
}

QString StepList::currentStep() const
{
    for (int i = 0; i < count(); ++i) {
        if (item(i)->font().bold())
            return item(i)->text();
    }
    return {};
}
