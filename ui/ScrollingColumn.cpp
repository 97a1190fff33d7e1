#include "ScrollingColumn.h"

#include <QScrollArea>
#include <QVBoxLayout>

QScrollArea* scrollingColumn(const QString& objectName, const QList<QWidget*>& widgets, QWidget* parent)
{
    auto* content = new QWidget(parent);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* widget : widgets)
        layout->addWidget(widget);
    layout->addStretch(1);
    auto* scroll = new QScrollArea(parent);
    scroll->setObjectName(objectName);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(content); // after its layout is complete, so its size hint counts every row
    return scroll;
}
