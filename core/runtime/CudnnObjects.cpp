#include "runtime/CudnnObjects.h"

#include "runtime/GpuCallError.h"

namespace cudnnsetup::runtime {

CudnnHandle::CudnnHandle(const CudnnApi& api, nv::cudaStream_t stream)
    : m_api(api)
{
    api.check(api.create(&m_handle), "cudnnCreate");
    const nv::cudnnStatus_t status = api.setStream(m_handle, stream);
    if (status != nv::CUDNN_STATUS_SUCCESS) {
        api.destroy(m_handle);
        api.check(status, "cudnnSetStream");
    }
}

CudnnHandle::~CudnnHandle()
{
    m_api.destroy(m_handle);
}

ConvolutionDescriptors::ConvolutionDescriptors(const CudnnApi& api,
                                               const ConvShape& shape,
                                               TensorLayout layout,
                                               int dataType)
    : m_api(api)
{
    const int format = layout == TensorLayout::Nhwc ? nv::CUDNN_TENSOR_NHWC : nv::CUDNN_TENSOR_NCHW;
    try {
        api.check(api.createTensorDescriptor(&x), "cudnnCreateTensorDescriptor");
        api.check(api.createTensorDescriptor(&y), "cudnnCreateTensorDescriptor");
        api.check(api.createFilterDescriptor(&w), "cudnnCreateFilterDescriptor");
        api.check(api.createConvolutionDescriptor(&conv), "cudnnCreateConvolutionDescriptor");
        api.check(api.setTensor4dDescriptor(x, format, dataType, shape.n, shape.c, shape.h, shape.w),
                  "cudnnSetTensor4dDescriptor (input)");
        api.check(api.setFilter4dDescriptor(w, dataType, format, shape.k, shape.c, shape.r, shape.s),
                  "cudnnSetFilter4dDescriptor");
        api.check(api.setConvolution2dDescriptor(conv,
                                                 shape.padH,
                                                 shape.padW,
                                                 shape.strideH,
                                                 shape.strideW,
                                                 1,
                                                 1,
                                                 nv::CUDNN_CROSS_CORRELATION,
                                                 nv::CUDNN_DATA_FLOAT),
                  "cudnnSetConvolution2dDescriptor");
        int n = 0, k = 0, p = 0, q = 0;
        api.check(api.getConvolution2dForwardOutputDim(conv, x, w, &n, &k, &p, &q),
                  "cudnnGetConvolution2dForwardOutputDim");
        if (n != shape.n || k != shape.k || p != shape.p() || q != shape.q()) {
            throw GpuCallError(GpuCallError::Library::Cudnn,
                               "cudnnGetConvolution2dForwardOutputDim gave " + std::to_string(n) + "x"
                                   + std::to_string(k) + "x" + std::to_string(p) + "x" + std::to_string(q)
                                   + ", expected " + std::to_string(shape.n) + "x" + std::to_string(shape.k) + "x"
                                   + std::to_string(shape.p()) + "x" + std::to_string(shape.q()));
        }
        api.check(api.setTensor4dDescriptor(y, format, dataType, n, k, p, q), "cudnnSetTensor4dDescriptor (output)");
    } catch (...) {
        release();
        throw;
    }
}

ConvolutionDescriptors::~ConvolutionDescriptors()
{
    release();
}

void ConvolutionDescriptors::setMathType(int mathType)
{
    m_api.check(m_api.setConvolutionMathType(conv, mathType), "cudnnSetConvolutionMathType");
}

void ConvolutionDescriptors::release()
{
    if (conv) {
        m_api.destroyConvolutionDescriptor(conv);
    }
    if (w) {
        m_api.destroyFilterDescriptor(w);
    }
    if (y) {
        m_api.destroyTensorDescriptor(y);
    }
    if (x) {
        m_api.destroyTensorDescriptor(x);
    }
    conv = nullptr;
    w = nullptr;
    y = nullptr;
    x = nullptr;
}

} // namespace cudnnsetup::runtime
