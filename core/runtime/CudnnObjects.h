#pragma once

#include "runtime/ConvShape.h"
#include "runtime/CudnnApi.h"

/** cuDNN objects that release themselves: the handle and the descriptors of one convolution. Failures throw
 * GpuCallError. */
namespace cudnnsetup::runtime {

class CudnnHandle
{
public:
    CudnnHandle(const CudnnApi& api, nv::cudaStream_t stream);
    ~CudnnHandle();
    CudnnHandle(const CudnnHandle&) = delete;
    CudnnHandle& operator=(const CudnnHandle&) = delete;

    nv::cudnnHandle_t get() const { return m_handle; }

private:
    const CudnnApi& m_api;
    nv::cudnnHandle_t m_handle = nullptr;
};

/** x, w and y descriptors plus the convolution descriptor for one layer, with the compute type set. */
class ConvolutionDescriptors
{
public:
    /** dataType: CUDNN_DATA_FLOAT or CUDNN_DATA_HALF; always accumulates in float (FP16 "pseudo-half", as frameworks
     * do). Checks that cuDNN computes the output dimensions the shape expects. */
    ConvolutionDescriptors(const CudnnApi& api, const ConvShape& shape, TensorLayout layout, int dataType);
    ~ConvolutionDescriptors();
    ConvolutionDescriptors(const ConvolutionDescriptors&) = delete;
    ConvolutionDescriptors& operator=(const ConvolutionDescriptors&) = delete;

    void setMathType(int mathType);

    nv::cudnnTensorDescriptor_t x = nullptr;
    nv::cudnnFilterDescriptor_t w = nullptr;
    nv::cudnnTensorDescriptor_t y = nullptr;
    nv::cudnnConvolutionDescriptor_t conv = nullptr;

private:
    void release();

    const CudnnApi& m_api;
};

} // namespace cudnnsetup::runtime
