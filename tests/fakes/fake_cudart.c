/* Fake CUDA runtime (libcudart.so.N / cudart64_N.dll) for tests on machines without a GPU: "device" memory is host
 * memory, copies are memcpy, streams do nothing (every fake call completes before it returns), and events record the
 * host's monotonic clock, so the benchmark's event timings measure what the fake cuDNN really spent.
 *   FAKE_CUDART_RUNTIME_VERSION   cudaRuntimeGetVersion() (default 13000 = CUDA 13.0)
 *   FAKE_GPU_COUNT                devices (default 1)
 *   FAKE_GPU_MEMORY_MIB           total memory per device (default 8192); free = total - 300 MiB - allocations
 *   FAKE_CUDART_NO_GRAPHS         1: no stream capture / CUDA graph functions (a runtime before CUDA 11.4)
 * Stream capture records what the fake cuDNN queues (through cudaLaunchHostFunc) and cudaGraphLaunch replays it. */
#include "fake_export.h"
#include "fake_stream.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#ifndef FAKE_CUDART_RUNTIME_VERSION
#define FAKE_CUDART_RUNTIME_VERSION 13000
#endif
#ifndef FAKE_GPU_COUNT
#define FAKE_GPU_COUNT 1
#endif
#ifndef FAKE_GPU_MEMORY_MIB
#define FAKE_GPU_MEMORY_MIB 8192
#endif

typedef int cudaError_t;
typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
typedef struct CUgraph_st* cudaGraph_t;
typedef struct CUgraphExec_st* cudaGraphExec_t;

enum {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInvalidDevice = 101,
    cudaErrorIllegalState = 401,
    cudaErrorInvalidResourceHandle = 400,
    cudaErrorNotReady = 600,
};

enum { cudaMemcpyHostToHost = 0, cudaMemcpyDefault = 4 };

struct CUevent_st
{
    double ms; /* host monotonic clock when recorded */
    int recorded;
};

struct FakeGraphNode
{
    FakeHostFn fn;
    void* data;
};

/* A captured graph and an instantiated one hold the same thing: the host functions queued, in order. */
struct FakeGraphNodes
{
    struct FakeGraphNode* nodes;
    size_t count;
    size_t capacity;
};

struct CUgraph_st
{
    struct FakeGraphNodes nodes;
};

struct CUgraphExec_st
{
    struct FakeGraphNodes nodes;
};

static int appendNode(struct FakeGraphNodes* list, FakeHostFn fn, void* data)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 8;
        struct FakeGraphNode* grown
            = (struct FakeGraphNode*)realloc(list->nodes, capacity * sizeof(struct FakeGraphNode));
        if (!grown) {
            return cudaErrorMemoryAllocation;
        }
        list->nodes = grown;
        list->capacity = capacity;
    }
    list->nodes[list->count].fn = fn;
    list->nodes[list->count].data = data;
    ++list->count;
    return cudaSuccess;
}

static int launchHostFunc(struct CUstream_st* stream, FakeHostFn fn, void* data)
{
    if (!fn) {
        return cudaErrorInvalidValue;
    }
    if (stream && stream->capturing) {
        return appendNode(stream->captured, fn, data);
    }
    fn(data); /* nothing is ever pending on a fake stream */
    return cudaSuccess;
}

static const size_t totalBytes = (size_t)FAKE_GPU_MEMORY_MIB << 20;
static const size_t reservedBytes = (size_t)300 << 20; /* what a real driver keeps for itself */
static size_t allocatedBytes = 0;

/* Every allocation starts with its size, 256 bytes before the pointer handed out (the real alignment). */
#define FAKE_HEADER 256

static double nowMs(void)
{
#ifdef _WIN32
    LARGE_INTEGER frequency, counter;
    QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&counter);
    return (double)counter.QuadPart * 1000.0 / (double)frequency.QuadPart;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec * 1000.0 + (double)now.tv_nsec / 1e6;
#endif
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaRuntimeGetVersion(int* version)
{
    if (!version) {
        return cudaErrorInvalidValue;
    }
    *version = FAKE_CUDART_RUNTIME_VERSION;
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaGetDeviceCount(int* count)
{
    if (!count) {
        return cudaErrorInvalidValue;
    }
    *count = FAKE_GPU_COUNT;
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaSetDevice(int device)
{
    if (device < 0 || device >= FAKE_GPU_COUNT) {
        return cudaErrorInvalidDevice;
    }
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaMemGetInfo(size_t* freeBytes, size_t* total)
{
    if (!freeBytes || !total) {
        return cudaErrorInvalidValue;
    }
    *total = totalBytes;
    *freeBytes = allocatedBytes + reservedBytes >= totalBytes ? 0 : totalBytes - reservedBytes - allocatedBytes;
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaMalloc(void** pointer, size_t bytes)
{
    unsigned char* block;
    size_t freeBytes, total;
    if (!pointer) {
        return cudaErrorInvalidValue;
    }
    cudaMemGetInfo(&freeBytes, &total);
    if (bytes > freeBytes) {
        return cudaErrorMemoryAllocation;
    }
    block = (unsigned char*)malloc(bytes + FAKE_HEADER);
    if (!block) {
        return cudaErrorMemoryAllocation;
    }
    memcpy(block, &bytes, sizeof bytes);
    allocatedBytes += bytes;
    *pointer = block + FAKE_HEADER;
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaFree(void* pointer)
{
    unsigned char* block;
    size_t bytes;
    if (!pointer) {
        return cudaSuccess;
    }
    block = (unsigned char*)pointer - FAKE_HEADER;
    memcpy(&bytes, block, sizeof bytes);
    allocatedBytes -= bytes;
    free(block);
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaMemcpy(void* to, const void* from, size_t bytes, int kind)
{
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault || (bytes > 0 && (!to || !from))) {
        return cudaErrorInvalidValue;
    }
    memmove(to, from, bytes);
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaStreamCreate(cudaStream_t* stream)
{
    if (!stream) {
        return cudaErrorInvalidValue;
    }
    *stream = (cudaStream_t)calloc(1, sizeof(struct CUstream_st));
    if (!*stream) {
        return cudaErrorMemoryAllocation;
    }
    (*stream)->magic = FAKE_STREAM_MAGIC;
    (*stream)->launchHostFunc = launchHostFunc;
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaStreamDestroy(cudaStream_t stream)
{
    if (!stream) {
        return cudaErrorInvalidResourceHandle;
    }
    if (stream->captured) {
        free(stream->captured->nodes);
        free(stream->captured);
    }
    free(stream);
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaStreamSynchronize(cudaStream_t stream)
{
    (void)stream; /* all work is already done */
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaDeviceSynchronize(void)
{
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaEventCreate(cudaEvent_t* event)
{
    if (!event) {
        return cudaErrorInvalidValue;
    }
    *event = (cudaEvent_t)calloc(1, sizeof(struct CUevent_st));
    return *event ? cudaSuccess : cudaErrorMemoryAllocation;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaEventDestroy(cudaEvent_t event)
{
    if (!event) {
        return cudaErrorInvalidResourceHandle;
    }
    free(event);
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    (void)stream;
    if (!event) {
        return cudaErrorInvalidResourceHandle;
    }
    event->ms = nowMs();
    event->recorded = 1;
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaEventSynchronize(cudaEvent_t event)
{
    if (!event) {
        return cudaErrorInvalidResourceHandle;
    }
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms) {
        return cudaErrorInvalidValue;
    }
    if (!start || !end) {
        return cudaErrorInvalidResourceHandle;
    }
    if (!start->recorded || !end->recorded) {
        return cudaErrorNotReady;
    }
    *ms = (float)(end->ms - start->ms);
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaLaunchHostFunc(cudaStream_t stream, FakeHostFn fn, void* data)
{
    return launchHostFunc(stream, fn, data);
}

#if !defined(FAKE_CUDART_NO_GRAPHS) || !FAKE_CUDART_NO_GRAPHS
FAKE_EXPORT cudaError_t FAKE_STDCALL cudaStreamBeginCapture(cudaStream_t stream, int mode)
{
    if (!stream || mode < 0 || mode > 2) {
        return cudaErrorInvalidValue; /* the legacy default stream cannot be captured */
    }
    if (stream->capturing) {
        return cudaErrorIllegalState;
    }
    stream->captured = (struct FakeGraphNodes*)calloc(1, sizeof(struct FakeGraphNodes));
    if (!stream->captured) {
        return cudaErrorMemoryAllocation;
    }
    stream->capturing = 1;
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph)
{
    if (!stream || !graph) {
        return cudaErrorInvalidValue;
    }
    if (!stream->capturing) {
        return cudaErrorIllegalState;
    }
    *graph = (cudaGraph_t)calloc(1, sizeof(struct CUgraph_st));
    if (!*graph) {
        return cudaErrorMemoryAllocation;
    }
    (*graph)->nodes = *stream->captured;
    free(stream->captured);
    stream->captured = NULL;
    stream->capturing = 0;
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec,
                                                                   cudaGraph_t graph,
                                                                   unsigned long long flags)
{
    size_t i;
    (void)flags;
    if (!exec || !graph) {
        return cudaErrorInvalidValue;
    }
    *exec = (cudaGraphExec_t)calloc(1, sizeof(struct CUgraphExec_st));
    if (!*exec) {
        return cudaErrorMemoryAllocation;
    }
    for (i = 0; i < graph->nodes.count; ++i) {
        if (appendNode(&(*exec)->nodes, graph->nodes.nodes[i].fn, graph->nodes.nodes[i].data) != cudaSuccess) {
            free((*exec)->nodes.nodes);
            free(*exec);
            *exec = NULL;
            return cudaErrorMemoryAllocation;
        }
    }
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream)
{
    size_t i;
    if (!exec) {
        return cudaErrorInvalidResourceHandle;
    }
    for (i = 0; i < exec->nodes.count; ++i) {
        const int error = launchHostFunc(stream, exec->nodes.nodes[i].fn, exec->nodes.nodes[i].data);
        if (error != cudaSuccess) {
            return error;
        }
    }
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaGraphExecDestroy(cudaGraphExec_t exec)
{
    if (exec) {
        free(exec->nodes.nodes);
        free(exec);
    }
    return cudaSuccess;
}

FAKE_EXPORT cudaError_t FAKE_STDCALL cudaGraphDestroy(cudaGraph_t graph)
{
    if (graph) {
        free(graph->nodes.nodes);
        free(graph);
    }
    return cudaSuccess;
}
#endif

FAKE_EXPORT const char* FAKE_STDCALL cudaGetErrorName(cudaError_t error)
{
    switch (error) {
    case cudaSuccess:
        return "cudaSuccess";
    case cudaErrorInvalidValue:
        return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation:
        return "cudaErrorMemoryAllocation";
    case cudaErrorInvalidDevice:
        return "cudaErrorInvalidDevice";
    case cudaErrorInvalidResourceHandle:
        return "cudaErrorInvalidResourceHandle";
    case cudaErrorNotReady:
        return "cudaErrorNotReady";
    case cudaErrorIllegalState:
        return "cudaErrorIllegalState";
    default:
        return "cudaErrorUnknown";
    }
}

FAKE_EXPORT const char* FAKE_STDCALL cudaGetErrorString(cudaError_t error)
{
    switch (error) {
    case cudaSuccess:
        return "no error";
    case cudaErrorInvalidValue:
        return "invalid argument";
    case cudaErrorMemoryAllocation:
        return "out of memory";
    case cudaErrorInvalidDevice:
        return "invalid device ordinal";
    case cudaErrorInvalidResourceHandle:
        return "invalid resource handle";
    case cudaErrorNotReady:
        return "device not ready";
    case cudaErrorIllegalState:
        return "the operation cannot be performed in the present state";
    default:
        return "unknown error";
    }
}
