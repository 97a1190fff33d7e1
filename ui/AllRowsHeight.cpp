#include "AllRowsHeight.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTimer>
#include <QTreeView>

AllRowsHeight::AllRowsHeight(QTreeView* view, int mostRows)
    : QObject(view)
    , m_view(view)
    , m_mostRows(mostRows)
{
    view->setVerticalScrollBarPolicy(mostRows > 0 ? Qt::ScrollBarAsNeeded : Qt::ScrollBarAlwaysOff);
    view->setSizePolicy(view->sizePolicy().horizontalPolicy(), QSizePolicy::Fixed);
    view->installEventFilter(this);
    connect(view, &QTreeView::expanded, this, &AllRowsHeight::scheduleUpdate);
    connect(view, &QTreeView::collapsed, this, &AllRowsHeight::scheduleUpdate);
    connect(view->header(), &QHeaderView::sectionResized, this, &AllRowsHeight::scheduleUpdate); // rows rewrap
    // The model can be set or replaced later (a QTreeWidget's stays): follow the one the view has when it changes.
    const auto follow = [this] {
        QAbstractItemModel* model = m_view->model();
        if (!model)
            return;
        for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
            connect(model, signal, this, &AllRowsHeight::scheduleUpdate, Qt::UniqueConnection);
        connect(model, &QAbstractItemModel::modelReset, this, &AllRowsHeight::scheduleUpdate, Qt::UniqueConnection);
        connect(model, &QAbstractItemModel::layoutChanged, this, &AllRowsHeight::scheduleUpdate, Qt::UniqueConnection);
        connect(model, &QAbstractItemModel::dataChanged, this, &AllRowsHeight::scheduleUpdate, Qt::UniqueConnection);
    };
    follow();
    scheduleUpdate();
}

bool AllRowsHeight::eventFilter(QObject* watched, QEvent* event)
{
    // A new width rewraps the rows; a height of its own making changes nothing.
    if (event->type() == QEvent::Resize && m_view->width() != m_width)
        scheduleUpdate();
    if (event->type() == QEvent::Show || event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        scheduleUpdate();
    return QObject::eventFilter(watched, event);
}

void AllRowsHeight::scheduleUpdate()
{
    if (m_scheduled)
        return;
    m_scheduled = true;
    QTimer::singleShot(0, this, &AllRowsHeight::update);
}

void AllRowsHeight::update()
{
    m_scheduled = false;
    m_width = m_view->width();
    m_view->doItemsLayout();
    int rows = 0;
    int counted = 0;
    if (const QAbstractItemModel* model = m_view->model()) {
        for (QModelIndex row = model->index(0, 0, m_view->rootIndex());
             row.isValid() && (m_mostRows == 0 || counted < m_mostRows);
             row = m_view->indexBelow(row), ++counted)
            rows += m_view->visualRect(row).height();
    }
    const int header = m_view->isHeaderHidden() ? 0 : m_view->header()->sizeHint().height();
    const int scrollBar = m_view->horizontalScrollBar()->isVisible() ? m_view->horizontalScrollBar()->height() : 0;
    const int height = rows + header + scrollBar + 2 * m_view->frameWidth();
    if (height != m_view->height())
        m_view->setFixedHeight(std::max(height, header + m_view->fontMetrics().height() + 2 * m_view->frameWidth()));
}
