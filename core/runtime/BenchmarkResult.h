#pragma once

#include "runtime/BenchmarkCases.h"
#include "runtime/DriverQuery.h"
#include "runtime/GpuPeak.h"
#include "runtime/Statistics.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/** Everything one benchmark run found, ready for the verdict (BenchmarkVerdict.h) and the JSON (BenchmarkReport.h). */
namespace cudnnsetup::runtime {

/** Stable codes, written as "BENCH-OK", "BENCH-SLOW", ... (verify/BenchmarkCode.h, docs/benchmark.md). */
enum class VerdictCode {
    Ok,
    Slow,
    Wrong,
    NoGpu,
    NoDriver,
    CudnnLoadFailed,
    CudartLoadFailed,
    CudaError,
    CudnnError,
    Timeout,
};

const char* verdictCodeText(VerdictCode code);

/** The libraries the run used. Paths are where the loader found them; versions are what they report. */
struct BenchmarkLibraries
{
    std::string driver;
    std::optional<long long> driverCudaVersion;
    std::string cudart;
    std::optional<long long> cudartVersion;
    std::string cudnn;
    std::optional<long long> cudnnVersion;
    std::optional<long long> cudnnCudartVersion;
};

struct BenchmarkGpu
{
    GpuFacts facts;
    GpuPeaks peaks;
    std::optional<std::uint64_t> freeBytes; // cudaMemGetInfo before the first case
};

/** One knob of a graph-API engine configuration: a cudnnBackendKnobType_t and its value. */
struct EngineKnob
{
    int type = 0;
    std::int64_t value = 0;
};

/** One engine configuration the autotune timed. */
struct AutotuneSample
{
    std::int64_t globalIndex = -1;
    std::optional<double> ms; // median of the autotune passes; null when it failed (see error)
    std::string error;
};

/** The graph-API engine configuration a layer runs: what cuDNN's heuristics offered and the autotune chose. */
struct EngineChoice
{
    std::int64_t globalIndex = -1; // CUDNN_ATTR_ENGINE_GLOBAL_INDEX
    std::vector<EngineKnob> knobs; // CUDNN_ATTR_ENGINECFG_KNOB_CHOICES
    std::vector<int> numericalNotes; // cudnnBackendNumericalNote_t
    std::vector<int> behaviorNotes; // cudnnBackendBehaviorNote_t
    std::vector<AutotuneSample> autotune; // every configuration timed for this layer, the winner among them
};

/** How one layer ran on the GPU. */
struct LayerChoice
{
    int algorithm = -1; // legacy: cudnnConvolutionFwdAlgo_t; -1 on the graph path
    int mathType = -1; // legacy: the math type set; graph: the legacy math type with the same effect
    std::size_t workspaceBytes = 0;
    std::optional<EngineChoice> engine; // graph path only
};

/** Host cost of a pass, next to its GPU time (how much of a pass is the host enqueuing it). */
struct HostCost
{
    std::optional<double> enqueueMs; // median host time to enqueue one pass (steady clock), during the timed runs
    std::optional<TimingSummary> graphMs; // the same pass captured once in a CUDA graph, launched per sample
    std::string graphError; // why there is no graphMs ("" when there is)
};

struct CaseResult
{
    BenchmarkCase benchCase; // as requested
    int batch = 0; // as run: smaller than requested when the GPU's memory is short
    std::string skipped; // why the case did not run; "" when it ran or failed
    std::string error; // the failed call; "" when all went well
    std::optional<VerdictCode> errorCode; // CudaError or CudnnError, with error

    std::string api; // "graph" (backend graph API) or "legacy" (cudnnConvolutionForward); "" when it did not run
    std::string apiReason; // why the legacy API ran; "" on the graph path
    std::string algorithmSearch; // graph: "autotune"; legacy: "find" (measured) or "heuristics"
    std::vector<LayerChoice> layers;
    HostCost hostCost;
    std::optional<TimingSummary> gpuMs;
    std::optional<double> cpuMs; // for the whole batch, scaled up when cpuImages < batch
    int cpuImages = 0;
    std::string cpuBaseline; // what cpuMs measured: "onednn" or "reference"; "" when the CPU did not run
    std::optional<double> maxRelativeError; // null: not compared, or the GPU produced non-finite values
    bool compared = false;

    double flops() const; // of the batch as run
    std::optional<double> tflops() const;
    std::optional<double> percentOfPeak(const GpuPeaks& peaks) const;
    std::optional<double> speedup() const;
    bool ran() const { return gpuMs.has_value(); }
    /** Ran, and the GPU's answer matched the CPU's within the precision's tolerance. */
    bool ok() const;
};

struct Verdict
{
    VerdictCode code = VerdictCode::Ok;
    std::string message;
    std::optional<double> speedup; // geometric mean over the cases that ran
    std::optional<double> referenceMs; // the seeds' reference model on this GPU
    std::optional<double> referenceExpectedMs; // the seeds' 0.02 s, scaled to this GPU
    std::optional<double> referenceLimitMs; // the seeds' 0.15 s, scaled to this GPU
};

/** A stop before the cases: no driver, cuDNN did not load, cudnnCreate failed, ... */
struct BenchmarkFailure
{
    VerdictCode code = VerdictCode::CudaError;
    std::string message;
};

struct BenchmarkResult
{
    bool quick = false;
    int device = 0;
    unsigned cpuThreads = 0;
    std::string cpuBaseline = "reference"; // "onednn" when oneDNN was asked for and loaded
    std::string onednnLibrary, onednnVersion, onednnError; // the oneDNN that loaded, or why none did
    BenchmarkLibraries libraries;
    std::optional<BenchmarkGpu> gpu;
    std::vector<CaseResult> cases;
    std::optional<BenchmarkFailure> failure;
    Verdict verdict;
};

} // namespace cudnnsetup::runtime
