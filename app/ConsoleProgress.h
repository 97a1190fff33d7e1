#pragma once

#include "common/Progress.h"

#include <QElapsedTimer>
#include <QString>
#include <cstdio>

/**
 * Progress on stderr for the silent runner: on a terminal one line redrawn in place (at most ~10 times a second);
 * in a log or a pipe, one plain line per phase and every 10 %, so logs stay readable.
 */
class ConsoleProgress final : public ProgressSink
{
public:
    explicit ConsoleProgress(std::FILE* stream = stderr);
    ConsoleProgress(std::FILE* stream, bool isTerminal);
    ~ConsoleProgress() override;

    void report(const ProgressUpdate& update) override;
    /** Ends a redrawn line so later output starts on a fresh one. */
    void finish();

    static QString formatLine(const ProgressUpdate& update);

private:
    std::FILE* m_stream;
    bool m_terminal;
    bool m_lineOpen = false;
    QString m_lastPhase;
    int m_lastDecile = -1;
    QElapsedTimer m_sinceDraw;
};
