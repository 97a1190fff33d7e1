#pragma once

#include <QList>

class QScrollArea;
class QString;
class QWidget;

/**
 * A page's content as one column that scrolls vertically as a whole: the widgets top-down, the room left below them,
 * frameless and never sideways (the content wraps to the page's width). With lists kept as tall as their rows
 * (AllRowsHeight), a small window scrolls the page instead of cutting any part of it.
 */
QScrollArea* scrollingColumn(const QString& objectName, const QList<QWidget*>& widgets, QWidget* parent);
