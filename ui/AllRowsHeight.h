#pragma once

#include <QObject>

class QTreeView;

/**
 * Keeps a tree exactly as tall as its header and every row it shows (expanded children and wrapped lines
 * included), without a scroll bar of its own: for a page whose lists sit in one area that scrolls as a whole, where
 * a short list must never hide a row behind its own scroll bar (the toolkit row of three on a small window). With
 * mostRows, as tall as that many rows at most, and a scroll bar for the rest: a list that leads a page (Welcome,
 * Finish) and lets the page's other parts keep their room.
 */
class AllRowsHeight : public QObject
{
    Q_OBJECT

public:
    /** Installs itself on `view`, which owns it. mostRows 0: every row. */
    explicit AllRowsHeight(QTreeView* view, int mostRows = 0);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scheduleUpdate();
    void update();

    QTreeView* m_view;
    int m_mostRows;
    bool m_scheduled = false;
    int m_width = -1;
};
