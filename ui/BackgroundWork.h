#pragma once

#include "common/Progress.h"

#include <QFutureSynchronizer>
#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent>
#include <functional>

/**
 * Runs engine work off the GUI thread and hands the result back on it. The callback belongs to `context`: if the
 * page that asked is gone, the result is dropped instead of touching a dead widget (KeePassXC's AsyncTask). The
 * owner (the wizard) cancels and waits for all work before it goes away, so no work outlives the engine it uses.
 */
class BackgroundWork : public QObject
{
    Q_OBJECT

public:
    explicit BackgroundWork(QObject* parent = nullptr);
    ~BackgroundWork() override;

    template <typename Result>
    void run(QObject* context, std::function<Result()> work, std::function<void(const Result&)> done)
    {
        auto* watcher = new QFutureWatcher<Result>(context);
        QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done = std::move(done)] {
            done(watcher->result());
            watcher->deleteLater();
        });
        const QFuture<Result> future = QtConcurrent::run(std::move(work));
        m_running.addFuture(QFuture<void>(future));
        watcher->setFuture(future);
    }

    /** Shared with the work: Cancel buttons and closing the window set it; the engine honours it between blocks. */
    CancellationToken cancellation() const { return m_cancellation; }
    /** A token for one piece of work that its page may cancel alone (Cancel, Try again); cancelAndWait() cancels it
     * too. */
    CancellationToken separateCancellation();
    /** Asks running work to stop and waits until it has. */
    void cancelAndWait();

private:
    QFutureSynchronizer<void> m_running;
    CancellationToken m_cancellation;
    QList<CancellationToken> m_separate;
};
