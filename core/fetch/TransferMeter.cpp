#include "TransferMeter.h"

#include <QCoreApplication>
#include <cmath>

TransferMeter::TransferMeter(qint64 windowMs)
    : m_windowMs(windowMs)
{
}

void TransferMeter::sample(qint64 nowMs, qint64 bytesDone)
{
    if (!m_samples.isEmpty() && bytesDone < m_samples.last().second)
        m_samples.clear(); // restarted from the beginning
    m_samples.append({nowMs, bytesDone});
    // Keep one sample at or before the window's start so the window is always fully spanned.
    while (m_samples.size() > 2 && m_samples.at(1).first <= nowMs - m_windowMs)
        m_samples.removeFirst();
}

std::optional<double> TransferMeter::bytesPerSecond() const
{
    if (m_samples.size() < 2)
        return std::nullopt;
    const qint64 ms = m_samples.last().first - m_samples.first().first;
    if (ms <= 0)
        return std::nullopt;
    return double(m_samples.last().second - m_samples.first().second) * 1000.0 / double(ms);
}

std::optional<qint64> TransferMeter::secondsLeft(qint64 total) const
{
    const auto rate = bytesPerSecond();
    if (!rate || *rate <= 0.0 || total <= 0 || m_samples.isEmpty())
        return std::nullopt;
    const qint64 left = std::max<qint64>(0, total - m_samples.last().second);
    return qint64(std::ceil(double(left) / *rate));
}

QString TransferMeter::formatRate(double bytesPerSecond)
{
    if (bytesPerSecond >= 1024.0 * 1024.0)
        return QCoreApplication::translate("TransferMeter", "%1 MiB/s")
            .arg(bytesPerSecond / (1024.0 * 1024.0), 0, 'f', 1);
    return QCoreApplication::translate("TransferMeter", "%1 KiB/s").arg(bytesPerSecond / 1024.0, 0, 'f', 0);
}

QString TransferMeter::formatDuration(qint64 seconds)
{
    if (seconds >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(seconds / 3600)
            .arg((seconds / 60) % 60, 2, 10, QLatin1Char('0'))
            .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

QString TransferMeter::text(qint64 total) const
{
    const auto rate = bytesPerSecond();
    if (!rate)
        return {};
    const auto left = secondsLeft(total);
    if (!left)
        return formatRate(*rate);
    return QCoreApplication::translate("TransferMeter", "%1, %2 left").arg(formatRate(*rate), formatDuration(*left));
}
