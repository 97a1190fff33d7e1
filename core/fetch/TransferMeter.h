#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <optional>

/**
 * Rate and time left of a transfer, over the last few seconds (a whole-run average would hide a stall, a
 * per-block one would jump). Time is given in milliseconds by the caller, so tests drive it.
 */
class TransferMeter
{
public:
    explicit TransferMeter(qint64 windowMs = 3000);

    /** Bytes done so far (including a resumed prefix) at time nowMs. */
    void sample(qint64 nowMs, qint64 bytesDone);
    /** Bytes per second over the window; nullopt until two samples span some time. */
    std::optional<double> bytesPerSecond() const;
    /** Seconds until total at the current rate; nullopt when the rate or the total is unknown. */
    std::optional<qint64> secondsLeft(qint64 total) const;
    /** "12.3 MiB/s, 0:42 left" (or just the rate; empty before there is one). */
    QString text(qint64 total) const;

    static QString formatRate(double bytesPerSecond);
    static QString formatDuration(qint64 seconds);

private:
    qint64 m_windowMs;
    QList<QPair<qint64, qint64>> m_samples; // (time, bytes), oldest first
};
