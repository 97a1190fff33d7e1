#pragma once

#include <QString>
#include <atomic>
#include <memory>

/** A snapshot of long work: which phase, how many bytes and items of how many, and the item at hand. */
struct ProgressUpdate
{
    QString phase;
    qint64 bytesDone = 0;
    qint64 bytesTotal = 0; // 0 when unknown
    int itemsDone = 0;
    int itemsTotal = 0; // 0 when unknown
    QString currentItem;
    /** The work runs in an elevated copy from here on: it finishes or rolls back on its own, past any Cancel. */
    bool elevated = false;
    /** What the items are: files (an install, a download), or the benchmark's cases. */
    enum class Unit { Files, Cases };
    Unit unit = Unit::Files;

    /** 0..1 by bytes when their total is known, else by items, else 0. */
    double fraction() const;
};

/** Where the engine reports progress. The wizard binds it to a progress bar, the silent runner to stderr. */
class ProgressSink
{
public:
    virtual ~ProgressSink() = default;
    virtual void report(const ProgressUpdate& update) = 0;
};

/** Discards every update; the default when nobody is watching. */
class NullProgressSink final : public ProgressSink
{
public:
    void report(const ProgressUpdate&) override { }
    static NullProgressSink* instance();
};

/**
 * Cooperative cancellation, shared between the party that asks (a Cancel button, a signal handler) and the
 * work that honours it between blocks. Copies share one flag.
 */
class CancellationToken
{
public:
    CancellationToken();
    void cancel() const;
    bool isCanceled() const;

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
};
