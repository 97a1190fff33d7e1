#include "runtime/CudnnApi.h"

#include "runtime/DynamicLibrary.h"
#include "runtime/GpuCallError.h"

namespace cudnnsetup::runtime {

static_assert(sizeof(void*) != 8 || sizeof(nv::CudnnConvolutionFwdAlgoPerf) == 48,
              "cudnnConvolutionFwdAlgoPerf_t is 48 bytes on 64-bit platforms");

bool CudnnApi::resolve(DynamicLibrary& library)
{
    // Optional lookups first, so that when a required one is missing its error text is the one kept.
    findConvolutionForwardAlgorithm
        = library.symbol<nv::CudnnConvolutionForwardAlgorithmSearchFn>("cudnnFindConvolutionForwardAlgorithm");
    getConvolutionForwardAlgorithmV7
        = library.symbol<nv::CudnnConvolutionForwardAlgorithmSearchFn>("cudnnGetConvolutionForwardAlgorithm_v7");
    const bool canSearch = findConvolutionForwardAlgorithm || getConvolutionForwardAlgorithmV7;
    backend.resolve(library);

    getErrorString = library.symbol<nv::CudnnGetErrorStringFn>("cudnnGetErrorString");
    create = library.symbol<nv::CudnnCreateFn>("cudnnCreate");
    destroy = library.symbol<nv::CudnnDestroyFn>("cudnnDestroy");
    setStream = library.symbol<nv::CudnnSetStreamFn>("cudnnSetStream");
    createTensorDescriptor = library.symbol<nv::CudnnCreateTensorDescriptorFn>("cudnnCreateTensorDescriptor");
    setTensor4dDescriptor = library.symbol<nv::CudnnSetTensor4dDescriptorFn>("cudnnSetTensor4dDescriptor");
    destroyTensorDescriptor = library.symbol<nv::CudnnDestroyTensorDescriptorFn>("cudnnDestroyTensorDescriptor");
    createFilterDescriptor = library.symbol<nv::CudnnCreateFilterDescriptorFn>("cudnnCreateFilterDescriptor");
    setFilter4dDescriptor = library.symbol<nv::CudnnSetFilter4dDescriptorFn>("cudnnSetFilter4dDescriptor");
    destroyFilterDescriptor = library.symbol<nv::CudnnDestroyFilterDescriptorFn>("cudnnDestroyFilterDescriptor");
    createConvolutionDescriptor
        = library.symbol<nv::CudnnCreateConvolutionDescriptorFn>("cudnnCreateConvolutionDescriptor");
    setConvolution2dDescriptor
        = library.symbol<nv::CudnnSetConvolution2dDescriptorFn>("cudnnSetConvolution2dDescriptor");
    setConvolutionMathType = library.symbol<nv::CudnnSetConvolutionMathTypeFn>("cudnnSetConvolutionMathType");
    destroyConvolutionDescriptor
        = library.symbol<nv::CudnnDestroyConvolutionDescriptorFn>("cudnnDestroyConvolutionDescriptor");
    getConvolution2dForwardOutputDim
        = library.symbol<nv::CudnnGetConvolution2dForwardOutputDimFn>("cudnnGetConvolution2dForwardOutputDim");
    getConvolutionForwardAlgorithmMaxCount = library.symbol<nv::CudnnGetConvolutionForwardAlgorithmMaxCountFn>(
        "cudnnGetConvolutionForwardAlgorithmMaxCount");
    getConvolutionForwardWorkspaceSize
        = library.symbol<nv::CudnnGetConvolutionForwardWorkspaceSizeFn>("cudnnGetConvolutionForwardWorkspaceSize");
    convolutionForward = library.symbol<nv::CudnnConvolutionForwardFn>("cudnnConvolutionForward");
    return canSearch && getErrorString && create && destroy && setStream && createTensorDescriptor
        && setTensor4dDescriptor && destroyTensorDescriptor && createFilterDescriptor && setFilter4dDescriptor
        && destroyFilterDescriptor && createConvolutionDescriptor && setConvolution2dDescriptor
        && setConvolutionMathType && destroyConvolutionDescriptor && getConvolution2dForwardOutputDim
        && getConvolutionForwardAlgorithmMaxCount && getConvolutionForwardWorkspaceSize && convolutionForward;
}

std::string CudnnApi::describe(nv::cudnnStatus_t status) const
{
    std::string text = std::to_string(status);
    if (const char* words = getErrorString ? getErrorString(status) : nullptr) {
        text += std::string(" (") + words + ")";
    }
    return text;
}

void CudnnApi::check(nv::cudnnStatus_t status, const char* call) const
{
    if (status != nv::CUDNN_STATUS_SUCCESS) {
        throw GpuCallError(GpuCallError::Library::Cudnn, std::string(call) + " returned " + describe(status));
    }
}

std::string convolutionAlgorithmName(int algo)
{
    static const char* const names[] = {"IMPLICIT_GEMM",
                                        "IMPLICIT_PRECOMP_GEMM",
                                        "GEMM",
                                        "DIRECT",
                                        "FFT",
                                        "FFT_TILING",
                                        "WINOGRAD",
                                        "WINOGRAD_NONFUSED"};
    if (algo >= 0 && algo < nv::CUDNN_CONVOLUTION_FWD_ALGO_COUNT) {
        return names[algo];
    }
    return "ALGO_" + std::to_string(algo);
}

std::string mathTypeName(int mathType)
{
    switch (mathType) {
    case nv::CUDNN_DEFAULT_MATH:
        return "DEFAULT";
    case nv::CUDNN_TENSOR_OP_MATH:
        return "TENSOR_OP";
    case nv::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION:
        return "TENSOR_OP_ALLOW_CONVERSION";
    case nv::CUDNN_FMA_MATH:
        return "FMA";
    default:
        return "MATH_" + std::to_string(mathType);
    }
}

} // namespace cudnnsetup::runtime
