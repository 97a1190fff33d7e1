#pragma once

#include "runtime/CudartApi.h"
#include "runtime/CudnnBackendApi.h"
#include "runtime/NvidiaApi.h"

#include <cstddef>
#include <string>

/**
 * The cuDNN subset the benchmark calls: handle, 4-D tensor/filter/convolution descriptors, algorithm search and the
 * forward convolution (cudnn_ops.h / cudnn_cnn.h; the same functions and layouts in cuDNN 7, 8 and 9). Enum values
 * are cuDNN 9's, unchanged since cuDNN 7.
 */
namespace cudnnsetup::runtime {

class DynamicLibrary;

namespace nv {

using cudnnStatus_t = int;
using cudnnHandle_t = struct cudnnContext*;
using cudnnTensorDescriptor_t = struct cudnnTensorStruct*;
using cudnnFilterDescriptor_t = struct cudnnFilterStruct*;
using cudnnConvolutionDescriptor_t = struct cudnnConvolutionStruct*;
constexpr cudnnStatus_t CUDNN_STATUS_SUCCESS = 0;

enum CudnnDataType : int { CUDNN_DATA_FLOAT = 0, CUDNN_DATA_HALF = 2 };
enum CudnnTensorFormat : int { CUDNN_TENSOR_NCHW = 0, CUDNN_TENSOR_NHWC = 1 };
enum CudnnMathType : int {
    CUDNN_DEFAULT_MATH = 0, // FP32 data may use TF32 tensor cores on 8.0+
    CUDNN_TENSOR_OP_MATH = 1,
    CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION = 2,
    CUDNN_FMA_MATH = 3, // no tensor cores: strict FP32
};
enum CudnnConvolutionMode : int { CUDNN_CONVOLUTION = 0, CUDNN_CROSS_CORRELATION = 1 };
enum CudnnConvolutionFwdAlgo : int {
    CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM = 0,
    CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM = 1,
    CUDNN_CONVOLUTION_FWD_ALGO_GEMM = 2,
    CUDNN_CONVOLUTION_FWD_ALGO_DIRECT = 3,
    CUDNN_CONVOLUTION_FWD_ALGO_FFT = 4,
    CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING = 5,
    CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD = 6,
    CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED = 7,
    CUDNN_CONVOLUTION_FWD_ALGO_COUNT = 8,
};

/** cudnnConvolutionFwdAlgoPerf_t (48 bytes on 64-bit platforms). */
struct CudnnConvolutionFwdAlgoPerf
{
    int algo;
    cudnnStatus_t status;
    float time; // ms; -1 from the heuristics
    std::size_t memory; // workspace bytes
    int determinism;
    int mathType;
    int reserved[3];
};

using CudnnGetErrorStringFn = const char*(CUDNN_SETUP_NV_STDCALL*)(cudnnStatus_t status);
using CudnnCreateFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnHandle_t* handle);
using CudnnDestroyFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnHandle_t handle);
using CudnnSetStreamFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnHandle_t handle, cudaStream_t stream);
using CudnnCreateTensorDescriptorFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnTensorDescriptor_t* desc);
using CudnnSetTensor4dDescriptorFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(
    cudnnTensorDescriptor_t desc, int format, int dataType, int n, int c, int h, int w);
using CudnnDestroyTensorDescriptorFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnTensorDescriptor_t desc);
using CudnnCreateFilterDescriptorFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnFilterDescriptor_t* desc);
using CudnnSetFilter4dDescriptorFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(
    cudnnFilterDescriptor_t desc, int dataType, int format, int k, int c, int h, int w);
using CudnnDestroyFilterDescriptorFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnFilterDescriptor_t desc);
using CudnnCreateConvolutionDescriptorFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnConvolutionDescriptor_t* desc);
using CudnnSetConvolution2dDescriptorFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnConvolutionDescriptor_t desc,
                                                                                 int padH,
                                                                                 int padW,
                                                                                 int strideH,
                                                                                 int strideW,
                                                                                 int dilationH,
                                                                                 int dilationW,
                                                                                 int mode,
                                                                                 int computeType);
using CudnnSetConvolutionMathTypeFn
    = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnConvolutionDescriptor_t desc, int mathType);
using CudnnDestroyConvolutionDescriptorFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnConvolutionDescriptor_t desc);
using CudnnGetConvolution2dForwardOutputDimFn
    = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnConvolutionDescriptor_t conv,
                                             cudnnTensorDescriptor_t x,
                                             cudnnFilterDescriptor_t w,
                                             int* n,
                                             int* c,
                                             int* h,
                                             int* wOut);
using CudnnGetConvolutionForwardAlgorithmMaxCountFn
    = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnHandle_t handle, int* count);
/** cudnnFindConvolutionForwardAlgorithm (times each algorithm) and cudnnGetConvolutionForwardAlgorithm_v7
 * (heuristics only) share this signature. */
using CudnnConvolutionForwardAlgorithmSearchFn
    = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnHandle_t handle,
                                             cudnnTensorDescriptor_t x,
                                             cudnnFilterDescriptor_t w,
                                             cudnnConvolutionDescriptor_t conv,
                                             cudnnTensorDescriptor_t y,
                                             int requested,
                                             int* returned,
                                             CudnnConvolutionFwdAlgoPerf* results);
using CudnnGetConvolutionForwardWorkspaceSizeFn
    = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnHandle_t handle,
                                             cudnnTensorDescriptor_t x,
                                             cudnnFilterDescriptor_t w,
                                             cudnnConvolutionDescriptor_t conv,
                                             cudnnTensorDescriptor_t y,
                                             int algo,
                                             std::size_t* bytes);
using CudnnConvolutionForwardFn = cudnnStatus_t(CUDNN_SETUP_NV_STDCALL*)(cudnnHandle_t handle,
                                                                         const void* alpha,
                                                                         cudnnTensorDescriptor_t xDesc,
                                                                         const void* x,
                                                                         cudnnFilterDescriptor_t wDesc,
                                                                         const void* w,
                                                                         cudnnConvolutionDescriptor_t conv,
                                                                         int algo,
                                                                         void* workspace,
                                                                         std::size_t workspaceBytes,
                                                                         const void* beta,
                                                                         cudnnTensorDescriptor_t yDesc,
                                                                         void* y);

} // namespace nv

/**
 * cuDNN's functions. resolve() needs every one except that a library may offer only one of the two algorithm
 * searches (find: measured, heuristics: _v7); it fails on the first one missing. The graph API (`backend`) is
 * optional: cuDNN 7 has none of it, and the benchmark then keeps the legacy calls.
 */
struct CudnnApi
{
    nv::CudnnGetErrorStringFn getErrorString = nullptr;
    nv::CudnnCreateFn create = nullptr;
    nv::CudnnDestroyFn destroy = nullptr;
    nv::CudnnSetStreamFn setStream = nullptr;
    nv::CudnnCreateTensorDescriptorFn createTensorDescriptor = nullptr;
    nv::CudnnSetTensor4dDescriptorFn setTensor4dDescriptor = nullptr;
    nv::CudnnDestroyTensorDescriptorFn destroyTensorDescriptor = nullptr;
    nv::CudnnCreateFilterDescriptorFn createFilterDescriptor = nullptr;
    nv::CudnnSetFilter4dDescriptorFn setFilter4dDescriptor = nullptr;
    nv::CudnnDestroyFilterDescriptorFn destroyFilterDescriptor = nullptr;
    nv::CudnnCreateConvolutionDescriptorFn createConvolutionDescriptor = nullptr;
    nv::CudnnSetConvolution2dDescriptorFn setConvolution2dDescriptor = nullptr;
    nv::CudnnSetConvolutionMathTypeFn setConvolutionMathType = nullptr;
    nv::CudnnDestroyConvolutionDescriptorFn destroyConvolutionDescriptor = nullptr;
    nv::CudnnGetConvolution2dForwardOutputDimFn getConvolution2dForwardOutputDim = nullptr;
    nv::CudnnGetConvolutionForwardAlgorithmMaxCountFn getConvolutionForwardAlgorithmMaxCount = nullptr;
    nv::CudnnConvolutionForwardAlgorithmSearchFn findConvolutionForwardAlgorithm = nullptr; // one of these two
    nv::CudnnConvolutionForwardAlgorithmSearchFn getConvolutionForwardAlgorithmV7 = nullptr;
    nv::CudnnGetConvolutionForwardWorkspaceSizeFn getConvolutionForwardWorkspaceSize = nullptr;
    nv::CudnnConvolutionForwardFn convolutionForward = nullptr;
    CudnnBackendApi backend; // optional as a whole: see backend.available()

    bool resolve(DynamicLibrary& library);

    /** "1001 (CUDNN_STATUS_NOT_INITIALIZED)". */
    std::string describe(nv::cudnnStatus_t status) const;
    /** Throws GpuCallError("<call> returned <describe>") unless status is CUDNN_STATUS_SUCCESS. */
    void check(nv::cudnnStatus_t status, const char* call) const;
};

/** "IMPLICIT_PRECOMP_GEMM" for CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM; "ALGO_9" for one this build does not
 * know. */
std::string convolutionAlgorithmName(int algo);

/** "FMA", "TENSOR_OP", ... for a cudnnMathType_t. */
std::string mathTypeName(int mathType);

} // namespace cudnnsetup::runtime
