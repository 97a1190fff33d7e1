#include "runtime/CudaObjects.h"

#include <utility>

namespace cudnnsetup::runtime {

DeviceBuffer::DeviceBuffer(const CudartApi& api, std::size_t bytes)
    : m_api(&api)
    , m_bytes(bytes)
{
    if (bytes > 0) {
        api.check(api.deviceMalloc(&m_pointer, bytes), "cudaMalloc");
    }
}

DeviceBuffer::~DeviceBuffer()
{
    release();
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : m_api(other.m_api)
    , m_pointer(std::exchange(other.m_pointer, nullptr))
    , m_bytes(std::exchange(other.m_bytes, 0))
{
}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept
{
    if (this != &other) {
        release();
        m_api = other.m_api;
        m_pointer = std::exchange(other.m_pointer, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
    }
    return *this;
}

void DeviceBuffer::release()
{
    if (m_pointer) {
        m_api->deviceFree(m_pointer);
    }
    m_pointer = nullptr;
    m_bytes = 0;
}

void DeviceBuffer::upload(const void* host, std::size_t bytes)
{
    m_api->check(m_api->copy(m_pointer, host, bytes, nv::cudaMemcpyHostToDevice), "cudaMemcpy (host to device)");
}

void DeviceBuffer::download(void* host, std::size_t bytes) const
{
    m_api->check(m_api->copy(host, m_pointer, bytes, nv::cudaMemcpyDeviceToHost), "cudaMemcpy (device to host)");
}

CudaStream::CudaStream(const CudartApi& api)
    : m_api(api)
{
    api.check(api.streamCreate(&m_stream), "cudaStreamCreate");
}

CudaStream::~CudaStream()
{
    m_api.streamDestroy(m_stream);
}

void CudaStream::synchronize() const
{
    m_api.check(m_api.streamSynchronize(m_stream), "cudaStreamSynchronize");
}

CudaEventSeries::CudaEventSeries(const CudartApi& api, int count)
    : m_api(api)
{
    m_events.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        nv::cudaEvent_t event = nullptr;
        const nv::cudaError_t error = api.eventCreate(&event);
        if (error != nv::cudaSuccess) { // the destructor will not run: release what was made
            for (nv::cudaEvent_t made : m_events) {
                api.eventDestroy(made);
            }
            api.check(error, "cudaEventCreate");
        }
        m_events.push_back(event);
    }
}

CudaEventSeries::~CudaEventSeries()
{
    for (nv::cudaEvent_t event : m_events) {
        m_api.eventDestroy(event);
    }
    m_events.clear();
}

void CudaEventSeries::record(int index, nv::cudaStream_t stream)
{
    m_api.check(m_api.eventRecord(m_events.at(static_cast<std::size_t>(index)), stream), "cudaEventRecord");
}

std::vector<double> CudaEventSeries::intervalsMs()
{
    std::vector<double> intervals;
    if (m_events.size() < 2) {
        return intervals;
    }
    m_api.check(m_api.eventSynchronize(m_events.back()), "cudaEventSynchronize");
    for (std::size_t i = 0; i + 1 < m_events.size(); ++i) {
        float ms = 0;
        m_api.check(m_api.eventElapsedTime(&ms, m_events[i], m_events[i + 1]), "cudaEventElapsedTime");
        intervals.push_back(ms);
    }
    return intervals;
}

CapturedGraph::CapturedGraph(const CudartApi& api, nv::cudaStream_t stream, const std::function<void()>& enqueue)
    : m_api(api)
{
    api.check(api.streamBeginCapture(stream, nv::cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
    try {
        enqueue();
    } catch (...) {
        nv::cudaGraph_t partial = nullptr;
        if (api.streamEndCapture(stream, &partial) == nv::cudaSuccess && partial) {
            api.graphDestroy(partial);
        }
        throw;
    }
    api.check(api.streamEndCapture(stream, &m_graph), "cudaStreamEndCapture");
    const nv::cudaError_t error = api.graphInstantiateWithFlags(&m_exec, m_graph, 0);
    if (error != nv::cudaSuccess) {
        api.graphDestroy(m_graph);
        api.check(error, "cudaGraphInstantiateWithFlags");
    }
}

CapturedGraph::~CapturedGraph()
{
    m_api.graphExecDestroy(m_exec);
    m_api.graphDestroy(m_graph);
}

void CapturedGraph::launch(nv::cudaStream_t stream)
{
    m_api.check(m_api.graphLaunch(m_exec, stream), "cudaGraphLaunch");
}

} // namespace cudnnsetup::runtime
