#include "BlockPipeline.h"

BlockPipeline::BlockPipeline(int depth)
    : m_depth(std::size_t(depth > 0 ? depth : 1))
    , m_worker([this] { run(); })
{
}

BlockPipeline::~BlockPipeline()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    m_worker.join();
}

void BlockPipeline::submit(QByteArrayView data, Work work)
{
    submit(data.toByteArray(), std::move(work));
}

void BlockPipeline::submit(QByteArray data, Work work)
{
    Job job{std::move(data), std::move(work)};
    std::unique_lock<std::mutex> lock(m_mutex);
    m_changed.wait(lock, [this] { return m_jobs.size() < m_depth; });
    m_jobs.push_back(std::move(job));
    lock.unlock();
    m_changed.notify_all();
}

void BlockPipeline::drain()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_changed.wait(lock, [this] { return m_jobs.empty() && !m_busy; });
}

void BlockPipeline::run()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [this] { return !m_jobs.empty() || m_stopping; });
        if (m_jobs.empty())
            return; // stopping, and every job is done
        Job job = std::move(m_jobs.front());
        m_jobs.pop_front();
        m_busy = true;
        lock.unlock();
        m_changed.notify_all();
        job.work(job.data);
        lock.lock();
        m_busy = false;
        m_changed.notify_all();
    }
}
