#pragma once

#include "runtime/CudartApi.h"

#include <cstddef>
#include <functional>
#include <vector>

/** CUDA runtime objects that release themselves: device memory, a stream, timing events. Calls that fail throw
 * GpuCallError; releases ignore errors (a broken context cannot be repaired on the way out). */
namespace cudnnsetup::runtime {

class DeviceBuffer
{
public:
    DeviceBuffer() = default;
    DeviceBuffer(const CudartApi& api, std::size_t bytes);
    ~DeviceBuffer();
    DeviceBuffer(DeviceBuffer&& other) noexcept;
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    void* get() const { return m_pointer; }
    std::size_t bytes() const { return m_bytes; }
    void upload(const void* host, std::size_t bytes);
    void download(void* host, std::size_t bytes) const;

private:
    void release();

    const CudartApi* m_api = nullptr;
    void* m_pointer = nullptr;
    std::size_t m_bytes = 0;
};

class CudaStream
{
public:
    explicit CudaStream(const CudartApi& api);
    ~CudaStream();
    CudaStream(const CudaStream&) = delete;
    CudaStream& operator=(const CudaStream&) = delete;

    nv::cudaStream_t get() const { return m_stream; }
    void synchronize() const;

private:
    const CudartApi& m_api;
    nv::cudaStream_t m_stream = nullptr;
};

/** count events recorded one after another on a stream; the times between neighbours are the samples. */
class CudaEventSeries
{
public:
    CudaEventSeries(const CudartApi& api, int count);
    ~CudaEventSeries();
    CudaEventSeries(const CudaEventSeries&) = delete;
    CudaEventSeries& operator=(const CudaEventSeries&) = delete;

    void record(int index, nv::cudaStream_t stream);
    /** Waits for the last event, then milliseconds between events i and i+1 for every i. */
    std::vector<double> intervalsMs();

private:
    const CudartApi& m_api;
    std::vector<nv::cudaEvent_t> m_events;
};

/** What `enqueue` queues on `stream`, captured once into a CUDA graph and instantiated, to launch as one unit. Needs
 * CudartApi::hasGraphs(). A failure during the capture ends it before the error is thrown. */
class CapturedGraph
{
public:
    CapturedGraph(const CudartApi& api, nv::cudaStream_t stream, const std::function<void()>& enqueue);
    ~CapturedGraph();
    CapturedGraph(const CapturedGraph&) = delete;
    CapturedGraph& operator=(const CapturedGraph&) = delete;

    void launch(nv::cudaStream_t stream);

private:
    const CudartApi& m_api;
    nv::cudaGraph_t m_graph = nullptr;
    nv::cudaGraphExec_t m_exec = nullptr;
};

} // namespace cudnnsetup::runtime
