#include "runtime/LegacyConvolution.h"

#include "runtime/GpuCallError.h"

#include <algorithm>
#include <vector>

namespace cudnnsetup::runtime {

namespace {

int requestedMathType(Precision precision)
{
    switch (precision) {
    case Precision::Fp32:
        return nv::CUDNN_FMA_MATH;
    case Precision::Tf32:
        return nv::CUDNN_DEFAULT_MATH;
    case Precision::Fp16:
        return nv::CUDNN_TENSOR_OP_MATH;
    }
    return nv::CUDNN_DEFAULT_MATH;
}

std::string legacyShapeText(const ConvShape& s)
{
    return std::to_string(s.n) + "x" + std::to_string(s.c) + "x" + std::to_string(s.h) + "x" + std::to_string(s.w)
        + " * " + std::to_string(s.k) + "x" + std::to_string(s.c) + "x" + std::to_string(s.r) + "x"
        + std::to_string(s.s);
}

/** The fastest algorithm cuDNN offers that this precision allows and whose workspace fits. */
LayerChoice chooseAlgorithm(const CudnnApi& api,
                            nv::cudnnHandle_t handle,
                            Precision precision,
                            const ConvShape& shape,
                            const ConvolutionDescriptors& d,
                            std::size_t workspaceLimit,
                            std::string& search)
{
    int maxCount = 0;
    api.check(api.getConvolutionForwardAlgorithmMaxCount(handle, &maxCount),
              "cudnnGetConvolutionForwardAlgorithmMaxCount");
    std::vector<nv::CudnnConvolutionFwdAlgoPerf> results(static_cast<std::size_t>(std::max(maxCount, 1)));
    int returned = 0;
    nv::cudnnStatus_t status = -1;
    if (api.findConvolutionForwardAlgorithm) {
        search = "find";
        status = api.findConvolutionForwardAlgorithm(
            handle, d.x, d.w, d.conv, d.y, static_cast<int>(results.size()), &returned, results.data());
    }
    if (status != nv::CUDNN_STATUS_SUCCESS && api.getConvolutionForwardAlgorithmV7) {
        search = "heuristics"; // no measured search in this library, or it failed: ask the heuristics
        status = api.getConvolutionForwardAlgorithmV7(
            handle, d.x, d.w, d.conv, d.y, static_cast<int>(results.size()), &returned, results.data());
        api.check(status, "cudnnGetConvolutionForwardAlgorithm_v7");
    } else {
        api.check(status, "cudnnFindConvolutionForwardAlgorithm");
    }

    std::string rejected;
    for (int i = 0; i < std::min(returned, static_cast<int>(results.size())); ++i) {
        const nv::CudnnConvolutionFwdAlgoPerf& perf = results[static_cast<std::size_t>(i)];
        if (perf.status == nv::CUDNN_STATUS_SUCCESS && perf.memory <= workspaceLimit
            && mathTypeAllowed(precision, perf.mathType)) {
            // FP32 keeps FMA math whatever the entry says: only the algorithm is taken from it.
            const int math = precision == Precision::Fp32 ? int(nv::CUDNN_FMA_MATH) : perf.mathType;
            return LayerChoice{perf.algo, math, perf.memory, std::nullopt};
        }
        rejected += (rejected.empty() ? "" : ", ") + convolutionAlgorithmName(perf.algo) + " "
            + (perf.status != nv::CUDNN_STATUS_SUCCESS ? api.describe(perf.status)
                   : perf.memory > workspaceLimit      ? std::to_string(perf.memory) + " bytes of workspace"
                                                       : mathTypeName(perf.mathType) + " math");
    }
    throw GpuCallError(GpuCallError::Library::Cudnn,
                       "cuDNN offers no usable " + std::string(precisionName(precision)) + " forward algorithm for "
                           + legacyShapeText(shape) + " (workspace limit " + std::to_string(workspaceLimit)
                           + " bytes): " + (rejected.empty() ? "none" : rejected));
}

int dataTypeOf(Precision precision)
{
    return precision == Precision::Fp16 ? nv::CUDNN_DATA_HALF : nv::CUDNN_DATA_FLOAT;
}

} // namespace

bool mathTypeAllowed(Precision precision, int mathType)
{
    switch (precision) {
    case Precision::Fp32:
        return mathType == nv::CUDNN_FMA_MATH || mathType == nv::CUDNN_DEFAULT_MATH;
    case Precision::Tf32:
        return mathType != nv::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION;
    case Precision::Fp16:
        return true;
    }
    return false;
}

LegacyConvolution::LegacyConvolution(const CudnnApi& api,
                                     nv::cudnnHandle_t handle,
                                     const ConvShape& shape,
                                     TensorLayout layout,
                                     Precision precision,
                                     std::size_t workspaceLimit,
                                     std::string& search)
    : m_api(api)
    , m_handle(handle)
    , m_descriptors(api, shape, layout, dataTypeOf(precision))
{
    m_descriptors.setMathType(requestedMathType(precision));
    m_choice = chooseAlgorithm(api, handle, precision, shape, m_descriptors, workspaceLimit, search);
    m_descriptors.setMathType(m_choice.mathType);
    std::size_t bytes = 0;
    api.check(
        api.getConvolutionForwardWorkspaceSize(
            handle, m_descriptors.x, m_descriptors.w, m_descriptors.conv, m_descriptors.y, m_choice.algorithm, &bytes),
        "cudnnGetConvolutionForwardWorkspaceSize");
    m_choice.workspaceBytes = bytes;
}

void LegacyConvolution::bind(const void* x, const void* w, void* y, void* workspace, std::size_t workspaceBytes)
{
    m_x = x;
    m_w = w;
    m_y = y;
    m_workspace = workspace;
    m_workspaceBytes = workspaceBytes;
}

void LegacyConvolution::enqueue()
{
    const float alpha = 1.0f; // float scaling factors for float and half data alike
    const float beta = 0.0f;
    const ConvolutionDescriptors& d = m_descriptors;
    m_api.check(m_api.convolutionForward(m_handle,
                                         &alpha,
                                         d.x,
                                         m_x,
                                         d.w,
                                         m_w,
                                         d.conv,
                                         m_choice.algorithm,
                                         m_workspace,
                                         m_workspaceBytes,
                                         &beta,
                                         d.y,
                                         m_y),
                "cudnnConvolutionForward");
}

} // namespace cudnnsetup::runtime
