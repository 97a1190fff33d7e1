#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

/**
 * Runs work on copies of data blocks on one worker thread, in submission order, with a bounded queue. Inspection
 * uses it to hash and scan while the reader thread decompresses: on two cores that hides the hashing entirely
 * instead of adding ~10% to a pass that should cost what `xz -dc` costs.
 */
class BlockPipeline
{
public:
    using Work = std::function<void(QByteArrayView)>;

    explicit BlockPipeline(int depth = 16);
    ~BlockPipeline();
    BlockPipeline(const BlockPipeline&) = delete;
    BlockPipeline& operator=(const BlockPipeline&) = delete;

    /** Copies data and runs work(copy) on the worker; blocks while depth blocks are already waiting. */
    void submit(QByteArrayView data, Work work);
    /** The same without the copy: the worker shares data (QByteArray's implicit sharing). */
    void submit(QByteArray data, Work work);
    /** Returns once every submitted block has been worked on. */
    void drain();

private:
    struct Job
    {
        QByteArray data;
        Work work;
    };

    void run();

    const std::size_t m_depth;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Job> m_jobs;
    bool m_busy = false;
    bool m_stopping = false;
    std::thread m_worker;
};
