/* Shared by the fake cuDNN's legacy calls (fake_cudnn_conv.cpp) and its graph API (fake_cudnn_graph.cpp): status
 * codes, the checked problem, and the one place a convolution runs (on the CPU, now or inside a captured CUDA
 * graph). Test doubles only. */
#ifndef CUDNN_SETUP_FAKE_CUDNN_CONV_H
#define CUDNN_SETUP_FAKE_CUDNN_CONV_H

#include "runtime/ConvShape.h"

#ifndef FAKE_CUDNN_CREATE_RESULT
#define FAKE_CUDNN_CREATE_RESULT 0
#endif
#ifndef FAKE_CUDNN_WRONG
#define FAKE_CUDNN_WRONG 0
#endif
#ifndef FAKE_CUDNN_FORWARD_HANGS
#define FAKE_CUDNN_FORWARD_HANGS 0
#endif
#ifndef FAKE_CUDNN_FORWARD_SLEEP_MS
#define FAKE_CUDNN_FORWARD_SLEEP_MS 0
#endif
#if defined(FAKE_CUDNN_VERSION) && FAKE_CUDNN_VERSION < 90000
#define FAKE_CUDNN_8_STATUS 1 // cuDNN 8 numbers its status codes 0..14, cuDNN 9 by category (2000, 3000, ...)
#else
#define FAKE_CUDNN_8_STATUS 0
#endif

namespace fakecudnn {

using cudnnsetup::runtime::ConvShape;
using cudnnsetup::runtime::TensorLayout;

typedef int cudnnStatus_t;
#if FAKE_CUDNN_8_STATUS
enum : int {
    STATUS_SUCCESS = 0,
    STATUS_BAD_PARAM = 3,
    STATUS_BAD_PARAM_NULL_POINTER = 3,
    STATUS_NOT_SUPPORTED = 9,
    STATUS_ALLOC_FAILED = 2,
};
#else
enum : int {
    STATUS_SUCCESS = 0,
    STATUS_BAD_PARAM = 2000,
    STATUS_BAD_PARAM_NULL_POINTER = 2002,
    STATUS_NOT_SUPPORTED = 3000,
    STATUS_ALLOC_FAILED = 4003,
};
#endif
enum : int { DATA_FLOAT = 0, DATA_HALF = 2 };
enum : int { TENSOR_NCHW = 0, TENSOR_NHWC = 1 };
enum : int { DEFAULT_MATH = 0, TENSOR_OP_MATH = 1, TENSOR_OP_MATH_ALLOW_CONVERSION = 2, FMA_MATH = 3 };
enum : int { CROSS_CORRELATION = 1 };

struct Handle
{
    void* stream = nullptr; // a fake cudaStream_t (fake_stream.h), or null
};

/** The checked geometry of x (*) w -> y, and how the "hardware" treats FP32 inputs. */
struct Problem
{
    ConvShape shape;
    TensorLayout layout = TensorLayout::Nchw;
    int dataType = DATA_FLOAT;
    int mathType = DEFAULT_MATH; // not FMA: FP32 inputs rounded to TF32, as on Ampere tensor cores
    bool halfInputs = false; // FP32 inputs converted to FP16 first (an engine that converts down)
};

/** y = alpha * (x (*) w) + beta * y on `stream`: now, or recorded into the CUDA graph the stream is capturing. Never
 * returns while FAKE_CUDNN_FORWARD_HANGS. */
cudnnStatus_t
runConvolution(void* stream, const Problem& problem, float alpha, const void* x, const void* w, float beta, void* y);

} // namespace fakecudnn

#endif
