#include "ConsoleProgress.h"

#include "DisplayWidth.h"
#include "Terminal.h"

#include <algorithm>

static QString megabytes(qint64 bytes)
{
    return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1);
}

ConsoleProgress::ConsoleProgress(std::FILE* stream)
    : ConsoleProgress(stream, Terminal::isTerminal(stream))
{
}

ConsoleProgress::ConsoleProgress(std::FILE* stream, bool isTerminal, int columns)
    : m_stream(stream)
    , m_terminal(isTerminal)
    , m_columns(columns)
{
}

ConsoleProgress::~ConsoleProgress()
{
    finish();
}

QString ConsoleProgress::statusOf(const ProgressUpdate& u)
{
    QString line = u.phase;
    if (u.bytesTotal > 0 || u.itemsTotal > 0)
        line += QStringLiteral(" %1%").arg(int(u.fraction() * 100.0), 3);
    if (u.bytesTotal > 0)
        line += QStringLiteral("  ") + tr("%1/%2 MiB").arg(megabytes(u.bytesDone), megabytes(u.bytesTotal));
    if (u.itemsTotal > 0)
        line += QStringLiteral("  ")
            + (u.unit == ProgressUpdate::Unit::Cases ? tr("%1/%2 cases") : tr("%1/%2 files"))
                  .arg(u.itemsDone)
                  .arg(u.itemsTotal);
    return line;
}

QString ConsoleProgress::formatLine(const ProgressUpdate& u)
{
    const QString status = statusOf(u);
    return u.currentItem.isEmpty() ? status : status + QStringLiteral("  ") + u.currentItem;
}

QString ConsoleProgress::fittedLine(const ProgressUpdate& u, int columns)
{
    // Writing into the last column makes some consoles wrap at once, and the next \r would redraw the wrong line.
    const int budget = std::max(1, columns - 1);
    const int shortestUsefulItem = 12;
    QString line = statusOf(u);
    const int room = budget - DisplayWidth::of(line) - 2;
    if (!u.currentItem.isEmpty() && room >= shortestUsefulItem)
        line += QStringLiteral("  ") + DisplayWidth::elidedMiddle(u.currentItem, room);
    return DisplayWidth::elidedMiddle(line, budget);
}

void ConsoleProgress::report(const ProgressUpdate& update)
{
    const bool newPhase = update.phase != m_lastPhase;
    const int decile = int(update.fraction() * 10.0);
    // The benchmark's cases each take a while: a log gets a line as each one starts.
    const bool nextCase = update.unit == ProgressUpdate::Unit::Cases && !update.currentItem.isEmpty()
        && update.currentItem != m_lastItem;
    if (m_terminal) {
        if (!newPhase && m_sinceDraw.isValid() && m_sinceDraw.elapsed() < 100 && decile < 10)
            return;
        if (newPhase && m_lineOpen) {
            std::fputc('\n', m_stream);
            m_drawnColumns = 0;
        }
        const QString line = fittedLine(update, m_columns > 0 ? m_columns : Terminal::columns(m_stream));
        // Spaces blank what a wider line before left; they stop where it stopped, so they never wrap either.
        const QString drawn = QLatin1Char('\r') + DisplayWidth::padded(line, m_drawnColumns);
        std::fputs(drawn.toLocal8Bit().constData(), m_stream);
        std::fflush(m_stream);
        m_drawnColumns = DisplayWidth::of(line);
        m_lineOpen = true;
        m_sinceDraw.start();
    } else if (newPhase || decile > m_lastDecile || nextCase) {
        std::fprintf(m_stream, "%s\n", formatLine(update).toLocal8Bit().constData());
        std::fflush(m_stream);
    }
    if (newPhase)
        m_lastDecile = -1;
    m_lastPhase = update.phase;
    m_lastItem = update.currentItem;
    m_lastDecile = std::max(m_lastDecile, decile);
}

void ConsoleProgress::finish()
{
    if (m_terminal && m_lineOpen) {
        std::fputc('\n', m_stream);
        std::fflush(m_stream);
    }
    m_lineOpen = false;
    m_drawnColumns = 0;
}
