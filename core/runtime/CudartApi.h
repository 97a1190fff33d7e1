#pragma once

#include "runtime/NvidiaApi.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

/**
 * The CUDA runtime (libcudart.so.N / cudart64_N.dll) subset the benchmark calls: device choice, memory, copies,
 * one stream and timing events. Declared here from cuda_runtime_api.h / driver_types.h so nothing includes them.
 */
namespace cudnnsetup::runtime {

class DynamicLibrary;

namespace nv {

using cudaError_t = int;
using cudaStream_t = struct CUstream_st*;
using cudaEvent_t = struct CUevent_st*;
using cudaGraph_t = struct CUgraph_st*;
using cudaGraphExec_t = struct CUgraphExec_st*;
constexpr int cudaStreamCaptureModeThreadLocal = 1; // cudaStreamCaptureMode
constexpr cudaError_t cudaSuccess = 0;
constexpr cudaError_t cudaErrorInsufficientDriver = 35;
constexpr cudaError_t cudaErrorCallRequiresNewerDriver = 36;
constexpr int cudaMemcpyHostToDevice = 1;
constexpr int cudaMemcpyDeviceToHost = 2;

using CudaGetDeviceCountFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(int* count);
using CudaSetDeviceFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(int device);
using CudaMemGetInfoFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(std::size_t* free, std::size_t* total);
using CudaMallocFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(void** pointer, std::size_t bytes);
using CudaFreeFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(void* pointer);
using CudaMemcpyFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(void* to, const void* from, std::size_t bytes, int kind);
using CudaStreamCreateFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaStream_t* stream);
using CudaStreamDestroyFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaStream_t stream);
using CudaStreamSynchronizeFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaStream_t stream);
using CudaEventCreateFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaEvent_t* event);
using CudaEventDestroyFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaEvent_t event);
using CudaEventRecordFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaEvent_t event, cudaStream_t stream);
using CudaEventSynchronizeFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaEvent_t event);
using CudaEventElapsedTimeFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(float* ms, cudaEvent_t start, cudaEvent_t end);
using CudaRuntimeGetVersionFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(int* version);
using CudaGetErrorStringFn = const char*(CUDNN_SETUP_NV_STDCALL*)(cudaError_t error);
/** Optional: "cudaErrorMemoryAllocation". */
using CudaGetErrorNameFn = const char*(CUDNN_SETUP_NV_STDCALL*)(cudaError_t error);
/** Optional as a group (CUDA graphs; cudaGraphInstantiateWithFlags since CUDA 11.4). */
using CudaStreamBeginCaptureFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaStream_t stream, int mode);
using CudaStreamEndCaptureFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaStream_t stream, cudaGraph_t* graph);
using CudaGraphInstantiateWithFlagsFn
    = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags);
using CudaGraphLaunchFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaGraphExec_t exec, cudaStream_t stream);
using CudaGraphExecDestroyFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaGraphExec_t exec);
using CudaGraphDestroyFn = cudaError_t(CUDNN_SETUP_NV_STDCALL*)(cudaGraph_t graph);

} // namespace nv

/** The runtime's functions; resolve() fails on the first one missing. */
struct CudartApi
{
    nv::CudaGetDeviceCountFn getDeviceCount = nullptr;
    nv::CudaSetDeviceFn setDevice = nullptr;
    nv::CudaMemGetInfoFn memGetInfo = nullptr;
    nv::CudaMallocFn deviceMalloc = nullptr;
    nv::CudaFreeFn deviceFree = nullptr;
    nv::CudaMemcpyFn copy = nullptr;
    nv::CudaStreamCreateFn streamCreate = nullptr;
    nv::CudaStreamDestroyFn streamDestroy = nullptr;
    nv::CudaStreamSynchronizeFn streamSynchronize = nullptr;
    nv::CudaEventCreateFn eventCreate = nullptr;
    nv::CudaEventDestroyFn eventDestroy = nullptr;
    nv::CudaEventRecordFn eventRecord = nullptr;
    nv::CudaEventSynchronizeFn eventSynchronize = nullptr;
    nv::CudaEventElapsedTimeFn eventElapsedTime = nullptr;
    nv::CudaRuntimeGetVersionFn runtimeGetVersion = nullptr;
    nv::CudaGetErrorStringFn getErrorString = nullptr;
    nv::CudaGetErrorNameFn getErrorName = nullptr; // optional
    // Optional, all or none: stream capture into a CUDA graph (for the host-cost measurement).
    nv::CudaStreamBeginCaptureFn streamBeginCapture = nullptr;
    nv::CudaStreamEndCaptureFn streamEndCapture = nullptr;
    nv::CudaGraphInstantiateWithFlagsFn graphInstantiateWithFlags = nullptr;
    nv::CudaGraphLaunchFn graphLaunch = nullptr;
    nv::CudaGraphExecDestroyFn graphExecDestroy = nullptr;
    nv::CudaGraphDestroyFn graphDestroy = nullptr;
    std::string missingGraphFunction; // the first CUDA graph function this runtime lacks; "" when it has them all

    bool resolve(DynamicLibrary& library);
    bool hasGraphs() const { return missingGraphFunction.empty(); }

    /** Looks up the CUDA graph functions (resolve() does, after the required ones). */
    void resolveGraphs(DynamicLibrary& library);
    /** "2 (cudaErrorMemoryAllocation: out of memory)", or as much of it as the runtime can say. */
    std::string describe(nv::cudaError_t error) const;
    /** Throws GpuCallError("<call> returned <describe>") unless error is cudaSuccess. */
    void check(nv::cudaError_t error, const char* call) const;
};

/**
 * The runtime for `preferredCudaVersion` first (the CUDA that cuDNN was built for: 13010 -> libcudart.so.13,
 * 10020 -> libcudart.so.10.2), then libcudart.so.13, .so.12, .so.11.0; on Windows cudart64_13.dll, ...,
 * cudart64_110.dll.
 */
std::vector<std::string> defaultCudartLibraryNames(std::optional<long long> preferredCudaVersion = std::nullopt);

} // namespace cudnnsetup::runtime
