#pragma once

#include <QStyledItemDelegate>

class QTreeView;

/**
 * Lets a tree's rows wrap their text instead of cutting it off: QTreeView sizes rows without the column's width,
 * so wrapped text gets one line. This delegate gives it the width (less the row's indentation; the view's for a row
 * whose first column spans the others) and lays the rows out again when the column's width changes. A column sized
 * to its contents keeps its text on one line.
 */
class WrappedRows : public QStyledItemDelegate
{
    Q_OBJECT

public:
    /** Installs itself on `view` and turns on word wrap there. */
    explicit WrappedRows(QTreeView* view);
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    QTreeView* m_view;
};
