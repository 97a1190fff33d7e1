#pragma once

#include "runtime/BackendDescriptor.h"
#include "runtime/BenchmarkCases.h"
#include "runtime/EnginePlan.h"

#include <memory>
#include <string>
#include <vector>

/**
 * One layer as a cuDNN graph: x, w and y tensors, a convolution, a forward-convolution operation and its operation
 * graph, then the engine configurations cuDNN's heuristics (mode A) rank for it, as execution plans. The autotune
 * (GpuCaseRunner) picks among the plans.
 */
namespace cudnnsetup::runtime {

/** Why a `precision` case may not run on an engine with these numerical notes, or "" when it may: FP32 never on
 * tensor cores, TF32 only on tensor cores and never converting its inputs down, no case with reduced-precision
 * accumulation (every case accumulates in FP32). */
std::string engineNotesRefusal(Precision precision, const std::vector<int>& numericalNotes);

/** The legacy math type whose effect matches an engine's notes, for the report's `math`: FMA without the tensor
 * core note; DEFAULT (TF32) or TENSOR_OP (FP16) with it; TENSOR_OP_ALLOW_CONVERSION when it converts down. */
int equivalentMathType(Precision precision, const std::vector<int>& numericalNotes);

class GraphConvolution : public std::enable_shared_from_this<GraphConvolution>
{
public:
    /** Builds and finalizes the operation graph. Throws GpuCallError when cuDNN refuses it. Made with
     * std::make_shared: the plans keep it alive. */
    GraphConvolution(const CudnnApi& api,
                     nv::cudnnHandle_t handle,
                     const ConvShape& shape,
                     TensorLayout layout,
                     Precision precision);

    /**
     * Execution plans for the heuristics' engine configurations, in the heuristics' order: those whose notes the
     * precision allows, that finalize, and whose workspace fits `workspaceLimit`; at most `max`. `rejected` gets
     * "engine 2: ...; engine 5: ..." for every one left out on the way. Each plan holds a reference to this graph.
     */
    std::vector<std::unique_ptr<EnginePlan>>
    plans(std::size_t workspaceLimit, std::size_t max, std::string& rejected) const;

private:
    const CudnnApi& m_api;
    nv::cudnnHandle_t m_handle;
    Precision m_precision;
    BackendDescriptor m_x, m_w, m_y, m_conv, m_operation, m_graph;
};

} // namespace cudnnsetup::runtime
