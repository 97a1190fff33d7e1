/* Fake cuDNN convolution API (9, or 8 with its status codes), computed on the CPU by the benchmark's own reference
 * (core/runtime/CpuConvolution), for tests on machines without a GPU. Linked together with fake_cudnn.c (versions,
 * error strings). Device pointers are host memory, as the fake CUDA runtime hands them out. It behaves like the real
 * library where the benchmark can tell: descriptors are checked, FP32 with CUDNN_DEFAULT_MATH rounds its inputs to TF32
 * as an Ampere GPU would, IMPLICIT_PRECOMP_GEMM needs a workspace, and Find times the algorithms it offers.
 *   FAKE_CUDNN_CREATE_RESULT   what cudnnCreate returns (default 0; 1001 = CUDNN_STATUS_NOT_INITIALIZED)
 *   FAKE_CUDNN_WRONG           1: forgets the last input channel, like an indexing bug (results are wrong)
 *   FAKE_CUDNN_FORWARD_HANGS   1: cudnnConvolutionForward and cudnnBackendExecute never return (the legacy
 *                              algorithm search still does)
 *   FAKE_CUDNN_FORWARD_SLEEP_MS  each convolution first sleeps this long (a slow machine that still progresses)
 * The graph API's calls are in fake_cudnn_graph.cpp; both run convolutions through runConvolution(), which queues
 * them into a CUDA graph while the fake runtime's stream is capturing. */
#include "fake_cudnn_conv.h"

#include "fake_export.h"
#include "fake_stream.h"
#include "runtime/CpuConvolution.h"
#include "runtime/HalfFloat.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

using namespace fakecudnn;

namespace {

enum : int { ALGO_IMPLICIT_GEMM = 0, ALGO_IMPLICIT_PRECOMP_GEMM = 1, ALGO_COUNT = 8 };

struct Tensor
{
    bool set = false;
    int format = 0;
    int dataType = 0;
    int n = 0, c = 0, h = 0, w = 0;
};

struct Filter
{
    bool set = false;
    int dataType = 0;
    int format = 0;
    int k = 0, c = 0, r = 0, s = 0;
};

struct Convolution
{
    bool set = false;
    int padH = 0, padW = 0, strideH = 1, strideW = 1;
    int computeType = DATA_FLOAT;
    int mathType = DEFAULT_MATH;
};

struct AlgoPerf
{
    int algo;
    cudnnStatus_t status;
    float time;
    std::size_t memory;
    int determinism;
    int mathType;
    int reserved[3];
};

cudnnStatus_t describe(const Tensor* x, const Filter* w, const Convolution* conv, const Tensor* y, Problem& out)
{
    if (!x || !w || !conv || !y) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (!x->set || !w->set || !conv->set || !y->set || x->c != w->c || x->format != y->format || x->format != w->format
        || x->dataType != y->dataType || x->dataType != w->dataType) {
        return STATUS_BAD_PARAM;
    }
    if (conv->computeType != DATA_FLOAT && !(conv->computeType == DATA_HALF && x->dataType == DATA_HALF)) {
        return STATUS_NOT_SUPPORTED;
    }
    ConvShape& s = out.shape;
    s.n = x->n;
    s.c = x->c;
    s.h = x->h;
    s.w = x->w;
    s.k = w->k;
    s.r = w->r;
    s.s = w->s;
    s.padH = conv->padH;
    s.padW = conv->padW;
    s.strideH = conv->strideH;
    s.strideW = conv->strideW;
    if (!s.valid() || y->n != s.n || y->c != s.k || y->h != s.p() || y->w != s.q()) {
        return STATUS_BAD_PARAM;
    }
    out.layout = x->format == TENSOR_NHWC ? TensorLayout::Nhwc : TensorLayout::Nchw;
    out.dataType = x->dataType;
    out.mathType = conv->mathType;
    return STATUS_SUCCESS;
}

std::size_t workspaceFor(const Problem& problem, int algo)
{
    // The precomputed-index variant keeps one offset per filter tap and input channel.
    return algo == ALGO_IMPLICIT_PRECOMP_GEMM
        ? std::size_t(problem.shape.c) * problem.shape.r * problem.shape.s * sizeof(std::int64_t)
        : 0;
}

/** What an Ampere GPU feeds its tensor cores for FP32 data under CUDNN_DEFAULT_MATH: 10 mantissa bits. */
float roundToTf32(float value)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    if ((bits & 0x7F800000u) != 0x7F800000u) {
        bits += 0x0FFFu + ((bits >> 13) & 1u); // round to nearest even on the 13 dropped bits
        bits &= ~0x1FFFu;
    }
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

std::vector<float> readTensor(const void* data, std::size_t count, const Problem& problem)
{
    std::vector<float> values(count);
    if (problem.dataType == DATA_HALF) {
        const auto* half = static_cast<const std::uint16_t*>(data);
        for (std::size_t i = 0; i < count; ++i) {
            values[i] = cudnnsetup::runtime::halfToFloat(half[i]);
        }
    } else {
        std::memcpy(values.data(), data, count * sizeof(float));
        if (problem.halfInputs) {
            for (float& value : values) {
                value = cudnnsetup::runtime::halfToFloat(cudnnsetup::runtime::floatToHalf(value));
            }
        } else if (problem.mathType != FMA_MATH) {
            for (float& value : values) {
                value = roundToTf32(value);
            }
        }
    }
    return values;
}

/** y = alpha * (x (*) w) + beta * y, on the CPU. */
void compute(const Problem& problem, float alpha, const void* x, const void* w, float beta, void* y)
{
    const ConvShape& shape = problem.shape;
    const std::vector<float> input = readTensor(x, shape.inputElements(), problem);
    std::vector<float> filter = readTensor(w, shape.filterElements(), problem);
    if (FAKE_CUDNN_WRONG) {
        for (std::size_t i = 0; i < filter.size(); ++i) {
            const std::size_t channel = problem.layout == TensorLayout::Nhwc
                ? i % std::size_t(shape.c)
                : i / (std::size_t(shape.r) * shape.s) % std::size_t(shape.c);
            if (channel == std::size_t(shape.c) - 1) {
                filter[i] = 0;
            }
        }
    }
    std::vector<float> output(shape.outputElements());
    cudnnsetup::runtime::convolveOnCpu(shape, problem.layout, input.data(), filter.data(), output.data());
    for (std::size_t i = 0; i < output.size(); ++i) {
        if (problem.dataType == DATA_HALF) {
            auto* out = static_cast<std::uint16_t*>(y);
            const float old = beta != 0 ? cudnnsetup::runtime::halfToFloat(out[i]) : 0.0f;
            out[i] = cudnnsetup::runtime::floatToHalf(alpha * output[i] + beta * old);
        } else {
            auto* out = static_cast<float*>(y);
            out[i] = alpha * output[i] + (beta != 0 ? beta * out[i] : 0.0f);
        }
    }
}

/** A convolution queued into a captured CUDA graph: what it needs when the graph is launched. */
struct Queued
{
    Problem problem;
    float alpha = 1, beta = 0;
    const void* x = nullptr;
    const void* w = nullptr;
    void* y = nullptr;
};

std::mutex queuedMutex;
std::vector<std::unique_ptr<Queued>> queued; // live until exit, as long as any graph that holds them

void runQueued(void* data)
{
    const Queued& q = *static_cast<const Queued*>(data);
    compute(q.problem, q.alpha, q.x, q.w, q.beta, q.y);
}

/** The algorithms this fake implements, each timed on scratch buffers like the real measured search. */
cudnnStatus_t search(const Tensor* x,
                     const Filter* w,
                     const Convolution* conv,
                     const Tensor* y,
                     int requested,
                     int* returned,
                     AlgoPerf* results,
                     bool measure)
{
    Problem problem;
    if (!returned || !results || requested < 1) {
        return STATUS_BAD_PARAM;
    }
    if (const cudnnStatus_t status = describe(x, w, conv, y, problem); status != STATUS_SUCCESS) {
        return status;
    }
    const std::size_t element = problem.dataType == DATA_HALF ? 2 : 4;
    std::vector<unsigned char> scratchX(problem.shape.inputElements() * element);
    std::vector<unsigned char> scratchW(problem.shape.filterElements() * element);
    std::vector<unsigned char> scratchY(problem.shape.outputElements() * element);
    const int algos[] = {ALGO_IMPLICIT_PRECOMP_GEMM, ALGO_IMPLICIT_GEMM};
    int count = 0;
    for (int algo : algos) {
        if (count == requested) {
            break;
        }
        AlgoPerf& perf = results[count++];
        perf = AlgoPerf{algo, STATUS_SUCCESS, -1.0f, workspaceFor(problem, algo), 1, problem.mathType, {0, 0, 0}};
        if (measure) {
            const auto start = std::chrono::steady_clock::now();
            compute(problem, 1.0f, scratchX.data(), scratchW.data(), 0.0f, scratchY.data());
            perf.time = std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - start).count();
        }
    }
    if (measure && count == 2 && results[1].time < results[0].time) {
        std::swap(results[0], results[1]); // fastest first, as cuDNN sorts them
    }
    *returned = count;
    return STATUS_SUCCESS;
}

} // namespace

cudnnStatus_t fakecudnn::runConvolution(
    void* stream, const Problem& problem, float alpha, const void* x, const void* w, float beta, void* y)
{
    while (FAKE_CUDNN_FORWARD_HANGS) {
        std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    if (FAKE_CUDNN_FORWARD_SLEEP_MS > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(FAKE_CUDNN_FORWARD_SLEEP_MS));
    }
    auto* fake = static_cast<CUstream_st*>(stream);
    if (fake && fake->magic == FAKE_STREAM_MAGIC && fake->capturing) {
        auto item = std::make_unique<Queued>(Queued{problem, alpha, beta, x, w, y});
        Queued* raw = item.get();
        {
            const std::lock_guard<std::mutex> lock(queuedMutex);
            queued.push_back(std::move(item));
        }
        return fake->launchHostFunc(fake, runQueued, raw) == 0 ? STATUS_SUCCESS : STATUS_BAD_PARAM;
    }
    compute(problem, alpha, x, w, beta, y);
    return STATUS_SUCCESS;
}

namespace {

template <typename T> cudnnStatus_t createObject(T** object)
{
    if (!object) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    *object = new (std::nothrow) T();
    return *object ? STATUS_SUCCESS : STATUS_ALLOC_FAILED;
}

template <typename T> cudnnStatus_t destroyObject(T* object)
{
    delete object;
    return STATUS_SUCCESS;
}

} // namespace

extern "C" {

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnCreate(Handle** handle)
{
    if (FAKE_CUDNN_CREATE_RESULT != STATUS_SUCCESS) {
        return FAKE_CUDNN_CREATE_RESULT;
    }
    return createObject(handle);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnDestroy(Handle* handle)
{
    return destroyObject(handle);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnSetStream(Handle* handle, void* stream)
{
    if (!handle) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    handle->stream = stream;
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnCreateTensorDescriptor(Tensor** desc)
{
    return createObject(desc);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnDestroyTensorDescriptor(Tensor* desc)
{
    return destroyObject(desc);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL
cudnnSetTensor4dDescriptor(Tensor* desc, int format, int dataType, int n, int c, int h, int w)
{
    if (!desc) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (n <= 0 || c <= 0 || h <= 0 || w <= 0 || (format != TENSOR_NCHW && format != TENSOR_NHWC)) {
        return STATUS_BAD_PARAM;
    }
    if (dataType != DATA_FLOAT && dataType != DATA_HALF) {
        return STATUS_NOT_SUPPORTED;
    }
    *desc = Tensor{true, format, dataType, n, c, h, w};
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnCreateFilterDescriptor(Filter** desc)
{
    return createObject(desc);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnDestroyFilterDescriptor(Filter* desc)
{
    return destroyObject(desc);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL
cudnnSetFilter4dDescriptor(Filter* desc, int dataType, int format, int k, int c, int r, int s)
{
    if (!desc) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (k <= 0 || c <= 0 || r <= 0 || s <= 0 || (format != TENSOR_NCHW && format != TENSOR_NHWC)) {
        return STATUS_BAD_PARAM;
    }
    if (dataType != DATA_FLOAT && dataType != DATA_HALF) {
        return STATUS_NOT_SUPPORTED;
    }
    *desc = Filter{true, dataType, format, k, c, r, s};
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnCreateConvolutionDescriptor(Convolution** desc)
{
    return createObject(desc);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnDestroyConvolutionDescriptor(Convolution* desc)
{
    return destroyObject(desc);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnSetConvolution2dDescriptor(Convolution* desc,
                                                                       int padH,
                                                                       int padW,
                                                                       int strideH,
                                                                       int strideW,
                                                                       int dilationH,
                                                                       int dilationW,
                                                                       int mode,
                                                                       int computeType)
{
    if (!desc) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (padH < 0 || padW < 0 || strideH <= 0 || strideW <= 0 || dilationH <= 0 || dilationW <= 0) {
        return STATUS_BAD_PARAM;
    }
    if (dilationH != 1 || dilationW != 1 || mode != CROSS_CORRELATION
        || (computeType != DATA_FLOAT && computeType != DATA_HALF)) {
        return STATUS_NOT_SUPPORTED; // this fake implements what frameworks use, no more
    }
    const int mathType = desc->mathType;
    *desc = Convolution{true, padH, padW, strideH, strideW, computeType, mathType};
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnSetConvolutionMathType(Convolution* desc, int mathType)
{
    if (!desc) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (mathType < DEFAULT_MATH || mathType > FMA_MATH) {
        return STATUS_BAD_PARAM;
    }
    desc->mathType = mathType;
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnGetConvolution2dForwardOutputDim(
    const Convolution* conv, const Tensor* x, const Filter* w, int* n, int* c, int* h, int* wOut)
{
    if (!conv || !x || !w || !n || !c || !h || !wOut) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (!conv->set || !x->set || !w->set || x->c != w->c) {
        return STATUS_BAD_PARAM;
    }
    *n = x->n;
    *c = w->k;
    *h = (x->h + 2 * conv->padH - w->r) / conv->strideH + 1;
    *wOut = (x->w + 2 * conv->padW - w->s) / conv->strideW + 1;
    return *h > 0 && *wOut > 0 ? STATUS_SUCCESS : STATUS_BAD_PARAM;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnGetConvolutionForwardAlgorithmMaxCount(Handle* handle, int* count)
{
    if (!handle || !count) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    *count = ALGO_COUNT;
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnFindConvolutionForwardAlgorithm(Handle* handle,
                                                                            const Tensor* x,
                                                                            const Filter* w,
                                                                            const Convolution* conv,
                                                                            const Tensor* y,
                                                                            int requested,
                                                                            int* returned,
                                                                            AlgoPerf* results)
{
    if (!handle) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    return search(x, w, conv, y, requested, returned, results, true);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnGetConvolutionForwardAlgorithm_v7(Handle* handle,
                                                                              const Tensor* x,
                                                                              const Filter* w,
                                                                              const Convolution* conv,
                                                                              const Tensor* y,
                                                                              int requested,
                                                                              int* returned,
                                                                              AlgoPerf* results)
{
    if (!handle) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    return search(x, w, conv, y, requested, returned, results, false);
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnGetConvolutionForwardWorkspaceSize(Handle* handle,
                                                                               const Tensor* x,
                                                                               const Filter* w,
                                                                               const Convolution* conv,
                                                                               const Tensor* y,
                                                                               int algo,
                                                                               std::size_t* bytes)
{
    Problem problem;
    if (!handle || !bytes) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (const cudnnStatus_t status = describe(x, w, conv, y, problem); status != STATUS_SUCCESS) {
        return status;
    }
    if (algo != ALGO_IMPLICIT_GEMM && algo != ALGO_IMPLICIT_PRECOMP_GEMM) {
        return STATUS_NOT_SUPPORTED;
    }
    *bytes = workspaceFor(problem, algo);
    return STATUS_SUCCESS;
}

FAKE_EXPORT cudnnStatus_t FAKE_STDCALL cudnnConvolutionForward(Handle* handle,
                                                               const void* alpha,
                                                               const Tensor* xDesc,
                                                               const void* x,
                                                               const Filter* wDesc,
                                                               const void* w,
                                                               const Convolution* conv,
                                                               int algo,
                                                               void* workspace,
                                                               std::size_t workspaceBytes,
                                                               const void* beta,
                                                               const Tensor* yDesc,
                                                               void* y)
{
    Problem problem;
    if (!handle || !alpha || !beta || !x || !w || !y) {
        return STATUS_BAD_PARAM_NULL_POINTER;
    }
    if (const cudnnStatus_t status = describe(xDesc, wDesc, conv, yDesc, problem); status != STATUS_SUCCESS) {
        return status;
    }
    if (algo != ALGO_IMPLICIT_GEMM && algo != ALGO_IMPLICIT_PRECOMP_GEMM) {
        return STATUS_NOT_SUPPORTED;
    }
    const std::size_t needed = workspaceFor(problem, algo);
    if (needed > 0 && (!workspace || workspaceBytes < needed)) {
        return STATUS_BAD_PARAM;
    }
    float alphaValue = 0, betaValue = 0;
    std::memcpy(&alphaValue, alpha, sizeof alphaValue); // float scaling factors for float and half data
    std::memcpy(&betaValue, beta, sizeof betaValue);
    return runConvolution(handle->stream, problem, alphaValue, x, w, betaValue, y);
}

} // extern "C"
