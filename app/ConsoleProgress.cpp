#include "ConsoleProgress.h"

#ifdef Q_OS_WIN
#include <io.h>
#define isatty _isatty
#define fileno _fileno
#else
#include <unistd.h>
#endif

static QString megabytes(qint64 bytes)
{
    return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1);
}

ConsoleProgress::ConsoleProgress(std::FILE* stream)
    : ConsoleProgress(stream, isatty(fileno(stream)) != 0)
{
}

ConsoleProgress::ConsoleProgress(std::FILE* stream, bool isTerminal)
    : m_stream(stream)
    , m_terminal(isTerminal)
{
}

ConsoleProgress::~ConsoleProgress()
{
    finish();
}

QString ConsoleProgress::formatLine(const ProgressUpdate& u)
{
    QString line = u.phase;
    if (u.bytesTotal > 0 || u.itemsTotal > 0)
        line += QStringLiteral(" %1%").arg(int(u.fraction() * 100.0), 3);
    if (u.bytesTotal > 0)
        line += QStringLiteral("  %1/%2 MiB").arg(megabytes(u.bytesDone), megabytes(u.bytesTotal));
    if (u.itemsTotal > 0)
        line += QStringLiteral("  %1/%2 files").arg(u.itemsDone).arg(u.itemsTotal);
    if (!u.currentItem.isEmpty())
        line += QStringLiteral("  %1").arg(u.currentItem);
    return line;
}

void ConsoleProgress::report(const ProgressUpdate& update)
{
    const bool newPhase = update.phase != m_lastPhase;
    const int decile = int(update.fraction() * 10.0);
    if (m_terminal) {
        if (!newPhase && m_sinceDraw.isValid() && m_sinceDraw.elapsed() < 100 && decile < 10)
            return;
        if (newPhase && m_lineOpen)
            std::fputc('\n', m_stream);
        const QString line = formatLine(update).left(118);
        std::fprintf(m_stream, "\r%-118s", line.toLocal8Bit().constData());
        std::fflush(m_stream);
        m_lineOpen = true;
        m_sinceDraw.start();
    } else if (newPhase || decile > m_lastDecile) {
        std::fprintf(m_stream, "%s\n", formatLine(update).toLocal8Bit().constData());
        std::fflush(m_stream);
    }
    if (newPhase)
        m_lastDecile = -1;
    m_lastPhase = update.phase;
    m_lastDecile = std::max(m_lastDecile, decile);
}

void ConsoleProgress::finish()
{
    if (m_terminal && m_lineOpen) {
        std::fputc('\n', m_stream);
        std::fflush(m_stream);
    }
    m_lineOpen = false;
}
