#pragma once

#include "runtime/BenchmarkCases.h"
#include "runtime/BenchmarkResult.h"
#include "runtime/CaseData.h"
#include "runtime/CudaObjects.h"
#include "runtime/CudnnApi.h"
#include "runtime/CudnnObjects.h"
#include "runtime/LegacyConvolution.h"
#include "runtime/Statistics.h"

#include <functional>
#include <string>
#include <vector>

/**
 * One case on the GPU through cuDNN: each layer through the graph API (operation graph, heuristics, autotune over
 * the best engine configurations, one execution plan) or, where the graph API is missing or no configuration works,
 * through the legacy API; then warm-up, timed runs, the host cost of a pass, the answer.
 */
namespace cudnnsetup::runtime {

/** The loaded libraries and live objects every case shares. */
struct GpuSession
{
    const CudartApi& cudart;
    const CudnnApi& cudnn;
    const CudaStream& stream;
    const CudnnHandle& handle;
    bool hasTf32; // compute capability 8.0 or later
};

struct GpuCaseRun
{
    std::string api; // "graph" or "legacy"
    std::string apiReason; // why legacy; "" for graph
    std::string algorithmSearch; // "autotune" (graph), "find" or "heuristics" (legacy)
    std::vector<LayerChoice> layers;
    TimingSummary timing; // one sample = one forward pass through every layer
    HostCost hostCost;
    std::vector<float> output; // last layer's output for the first `outputImages` images, as float
};

/**
 * Runs `benchCase` at `batch` images from `data`. Tells `activity` what it is about to do (for the watchdog's
 * report). Throws GpuCallError for a failed CUDA or cuDNN call (a graph-API failure before the timed runs is not
 * one: the case then falls back to the legacy API and says why).
 */
GpuCaseRun runCaseOnGpu(const GpuSession& session,
                        const BenchmarkCase& benchCase,
                        int batch,
                        const CaseData& data,
                        int outputImages,
                        const RunPlan& plan,
                        const std::function<void(const std::string&)>& activity);

} // namespace cudnnsetup::runtime
