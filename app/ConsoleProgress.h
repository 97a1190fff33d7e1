#pragma once

#include "common/Progress.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>
#include <cstdio>

/**
 * Progress on stderr for the silent runner. On a terminal: one line redrawn in place (at most ~10 times a second),
 * fitted to the terminal's width by display width, the item elided in the middle. In a log or a pipe: one plain
 * line per phase, every 10 % and each benchmark case, never a carriage return, so logs stay readable.
 */
class ConsoleProgress final : public ProgressSink
{
    Q_DECLARE_TR_FUNCTIONS(ConsoleProgress)

public:
    explicit ConsoleProgress(std::FILE* stream = stderr);
    /** @p columns: the terminal's width; 0 asks the terminal before each redraw (it may be resized meanwhile). */
    ConsoleProgress(std::FILE* stream, bool isTerminal, int columns = 0);
    ~ConsoleProgress() override;

    void report(const ProgressUpdate& update) override;
    /** Ends a redrawn line so later output starts on a fresh one. */
    void finish();

    /** The whole line, as a log gets it. */
    static QString formatLine(const ProgressUpdate& update);
    /** The line for a terminal @p columns wide: it leaves the last column free, so it never wraps. */
    static QString fittedLine(const ProgressUpdate& update, int columns);

private:
    /** The phase and the counts, without the item. */
    static QString statusOf(const ProgressUpdate& update);

    std::FILE* m_stream;
    bool m_terminal;
    int m_columns;
    bool m_lineOpen = false;
    int m_drawnColumns = 0; // what the last redraw left on the line, to be blanked by the next
    QString m_lastPhase;
    QString m_lastItem;
    int m_lastDecile = -1;
    QElapsedTimer m_sinceDraw;
};
