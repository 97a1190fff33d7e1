#include "PageFit.h"

#include "BenchmarkChart.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QTreeView>
#include <QTreeWidget>
#include <QWizard>

namespace {

/** The label's text does not fit the room it was given. */
bool isCut(const QLabel* label)
{
    if (label->text().isEmpty() || label->width() <= 0)
        return false;
    if (label->wordWrap())
        return label->heightForWidth(label->width()) > label->height() + 1;
    return label->sizeHint().width() > label->width() + 1;
}

/** The rows a tree shows (expanded children too); a flat view's rows. */
int shownRows(const QAbstractItemView* view)
{
    const QAbstractItemModel* model = view->model();
    if (!model)
        return 0;
    const auto* tree = qobject_cast<const QTreeView*>(view);
    if (!tree)
        return model->rowCount(view->rootIndex());
    int rows = 0;
    for (QModelIndex row = model->index(0, 0, view->rootIndex()); row.isValid(); row = tree->indexBelow(row))
        ++rows;
    return rows;
}

} // namespace

QStringList cutOn(const QWizard& wizard)
{
    QStringList cut;
    const QString page = QString::number(wizard.currentId());
    const QWidget* current = wizard.currentPage();
    for (const QLabel* label : wizard.findChildren<QLabel*>()) {
        if (label->isVisible() && isCut(label))
            cut << QStringLiteral("page %1: label \"%2\" (%3x%4)")
                       .arg(page, label->text().left(80))
                       .arg(label->width())
                       .arg(label->height());
    }
    for (const QTreeWidget* tree : current->findChildren<QTreeWidget*>()) {
        if (!tree->isVisible() || tree->objectName() != QLatin1String("verifyLibraries"))
            continue;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            const QTreeWidgetItem* row = tree->topLevelItem(i);
            const int needed = tree->fontMetrics().horizontalAdvance(row->text(1)) + 12;
            const bool fits = needed <= tree->columnWidth(1);
            const bool elidedWell = tree->textElideMode() == Qt::ElideMiddle && row->toolTip(1).contains(row->text(1));
            if (!fits && !elidedWell)
                cut << QStringLiteral("page %1: \"Loaded from\" %2 cut at %3 px")
                           .arg(page, row->text(1))
                           .arg(tree->columnWidth(1));
        }
    }
    // A short list shows all its rows: a scroll bar over three rows hides one from a person who never scrolls.
    for (const QAbstractItemView* view : current->findChildren<QAbstractItemView*>()) {
        const int rows = shownRows(view);
        if (view->isVisible() && rows > 0 && rows <= 6 && view->verticalScrollBar()->isVisible())
            cut << QStringLiteral("page %1: the list \"%2\" hides some of the %3 rows it shows behind a scroll bar")
                       .arg(page, view->objectName())
                       .arg(rows);
    }
    // A read-only text (a diff) shows all its lines: the page around it scrolls.
    for (const QPlainTextEdit* text : current->findChildren<QPlainTextEdit*>()) {
        if (text->isVisible() && text->isReadOnly() && text->verticalScrollBar()->maximum() > 0)
            cut << QStringLiteral("page %1: \"%2\" shows part of its %3 lines")
                       .arg(page, text->objectName())
                       .arg(text->document()->blockCount());
    }
    for (const QComboBox* combo : current->findChildren<QComboBox*>()) {
        if (!combo->isVisible() || combo->currentText().isEmpty())
            continue;
        const int room = combo->width() - combo->iconSize().width() - 2 * combo->height(); // the arrow and frame
        const bool fits = combo->fontMetrics().horizontalAdvance(combo->currentText()) <= room;
        const QString tip = combo->itemData(combo->currentIndex(), Qt::ToolTipRole).toString() + combo->toolTip();
        if (!fits && !tip.contains(combo->currentText()))
            cut << QStringLiteral("page %1: the choice \"%2\" is cut at %3 px, with no tooltip that has it whole")
                       .arg(page, combo->currentText())
                       .arg(combo->width());
    }
    // A command box shows every line of its command; a page that scrolls is never wider than its view.
    for (const QWidget* command : current->findChildren<QWidget*>(QStringLiteral("commandText"))) {
        if (command->isVisible() && command->heightForWidth(command->width()) > command->height() + 1)
            cut << QStringLiteral("page %1: the command shows %2 of its %3 px")
                       .arg(page)
                       .arg(command->height())
                       .arg(command->heightForWidth(command->width()));
    }
    for (const QScrollArea* area : current->findChildren<QScrollArea*>()) {
        if (area->isVisible() && area->widget() && area->widget()->width() > area->viewport()->width() + 1)
            cut << QStringLiteral("page %1: its content is %2 px wide in a view of %3 px, cut at the right")
                       .arg(page)
                       .arg(area->widget()->width())
                       .arg(area->viewport()->width());
    }
    // A chart given less height than its rows need draws them over each other and cuts its legend.
    for (const BenchmarkChart* chart : current->findChildren<BenchmarkChart*>()) {
        if (chart->isVisible() && chart->height() + 1 < chart->minimumSizeHint().height())
            cut << QStringLiteral("page %1: the chart is %2 px high and its rows need %3")
                       .arg(page)
                       .arg(chart->height())
                       .arg(chart->minimumSizeHint().height());
    }
    // What a layout puts one after another never overlaps: squeezed below their minimum heights, Qt draws widgets
    // over each other (a long list over the text below it) and no label counts as cut.
    for (const QWidget* holder : QList<const QWidget*>{current} + current->findChildren<const QWidget*>()) {
        if (!holder->isVisible() || !holder->layout())
            continue;
        QList<const QWidget*> shown;
        QList<const QLayout*> layouts{holder->layout()};
        while (!layouts.isEmpty()) {
            const QLayout* layout = layouts.takeFirst();
            for (int i = 0; i < layout->count(); ++i) {
                QLayoutItem* item = layout->itemAt(i);
                if (const QWidget* widget = item->widget(); widget && widget->isVisible())
                    shown.append(widget);
                else if (item->layout())
                    layouts.append(item->layout());
            }
        }
        for (int i = 0; i < shown.size(); ++i) {
            for (int j = i + 1; j < shown.size(); ++j) {
                if (shown.at(i)->geometry().intersects(shown.at(j)->geometry()))
                    cut << QStringLiteral("page %1: \"%2\" and \"%3\" are drawn over each other")
                               .arg(page,
                                    shown.at(i)->objectName().isEmpty()
                                        ? QString::fromLatin1(shown.at(i)->metaObject()->className())
                                        : shown.at(i)->objectName(),
                                    shown.at(j)->objectName().isEmpty()
                                        ? QString::fromLatin1(shown.at(j)->metaObject()->className())
                                        : shown.at(j)->objectName());
            }
        }
    }
    if (const auto* path = current->findChild<QLineEdit*>(QStringLiteral("packagePath"));
        path && path->isVisible() && path->width() < current->width() / 2)
        cut << QStringLiteral("page %1: the package path field is %2 px of %3")
                   .arg(page)
                   .arg(path->width())
                   .arg(current->width());
    return cut;
}
