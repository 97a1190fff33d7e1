#pragma once

#include "runtime/BenchmarkResult.h"

#include <optional>

/** Turns a benchmark's measurements into one stable code and a sentence a person understands. */
namespace cudnnsetup::runtime {

/** The seeds' reference model: "under 0.02 s per forward on an RTX 3060 Ti; over 0.15 s means cuDNN is not
 * working". Scaled by this GPU's FP32 peak against the RTX 3060 Ti's; unscaled when the peak is unknown. */
struct ReferenceLimits
{
    double expectedMs = 20;
    double limitMs = 150;
};

ReferenceLimits referenceLimits(const std::optional<BenchmarkGpu>& gpu);

/** A working cuDNN beats this machine's CPU by at least this much (geometric mean over the cases). */
constexpr double kMinimumSpeedup = 2.0;

/**
 * In this order: a stop before the cases (its own code); any wrong answer (BENCH-WRONG); any failed call
 * (BENCH-CUDNN-ERROR / BENCH-CUDA-ERROR); nothing ran (BENCH-CUDA-ERROR); slow (BENCH-SLOW) when the reference
 * model is over its limit, the geometric-mean speed-up is under kMinimumSpeedup, or any case is slower on the GPU
 * than on the CPU; otherwise BENCH-OK.
 */
Verdict decideVerdict(const BenchmarkResult& result);

} // namespace cudnnsetup::runtime
