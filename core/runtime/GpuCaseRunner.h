#pragma once

#include "runtime/BenchmarkCases.h"
#include "runtime/BenchmarkResult.h"
#include "runtime/CaseData.h"
#include "runtime/CudaObjects.h"
#include "runtime/CudnnApi.h"
#include "runtime/CudnnObjects.h"
#include "runtime/Statistics.h"

#include <functional>
#include <string>
#include <vector>

/** One case on the GPU through cuDNN: descriptors, algorithm search, workspace, warm-up, timed runs, the answer. */
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
    std::string algorithmSearch; // "find" or "heuristics"
    std::vector<LayerChoice> layers;
    TimingSummary timing; // one sample = one forward pass through every layer
    std::vector<float> output; // last layer's output for the first `outputImages` images, as float
};

/** Whether cuDNN may run a `precision` case with an algorithm that reports `mathType`: FP32 must stay off tensor
 * cores, TF32 must not convert to FP16, FP16 takes anything. */
bool mathTypeAllowed(Precision precision, int mathType);

/**
 * Runs `benchCase` at `batch` images from `data`. Tells `activity` what it is about to do (for the watchdog's
 * report). Throws GpuCallError for a failed CUDA or cuDNN call.
 */
GpuCaseRun runCaseOnGpu(const GpuSession& session,
                        const BenchmarkCase& benchCase,
                        int batch,
                        const CaseData& data,
                        int outputImages,
                        const RunPlan& plan,
                        const std::function<void(const std::string&)>& activity);

} // namespace cudnnsetup::runtime
