#include "WrappedRows.h"

#include <QHeaderView>
#include <QTimer>
#include <QTreeView>

WrappedRows::WrappedRows(QTreeView* view)
    : QStyledItemDelegate(view)
    , m_view(view)
{
    view->setItemDelegate(this);
    view->setWordWrap(true);
    view->setTextElideMode(Qt::ElideNone);
    view->setUniformRowHeights(false);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(view->header(), &QHeaderView::sectionResized, view, [view] {
        QTimer::singleShot(0, view, [view] { view->doItemsLayout(); });
    });
}

QSize WrappedRows::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem sized = option;
    const QHeaderView* header = m_view->header();
    // A row spanning the columns (a reason under its item) wraps at the view's width, not the first column's.
    const bool spanned = index.column() == 0 && m_view->isFirstColumnSpanned(index.row(), index.parent());
    if (!spanned && header->sectionResizeMode(index.column()) == QHeaderView::ResizeToContents) {
        sized.rect = QRect(); // the column takes the text's width: one line
        return QStyledItemDelegate::sizeHint(sized, index);
    }
    int width = spanned ? m_view->viewport()->width() : header->sectionSize(index.column());
    if (index.column() == 0) {
        int depth = m_view->rootIsDecorated() ? 1 : 0;
        for (QModelIndex up = index.parent(); up.isValid(); up = up.parent())
            ++depth;
        width -= depth * m_view->indentation();
    }
    if (width > 0)
        sized.rect = QRect(0, 0, width, option.rect.height() > 0 ? option.rect.height() : 1);
    return QStyledItemDelegate::sizeHint(sized, index);
}
