#pragma once

/**
 * The stable verdict codes of the benchmark; docs/benchmark.md says what each means. Plain C++ (no Qt): cudnn-probe
 * writes the verdict (runtime/BenchmarkResult.cpp), the engine reads it and adds the codes of running the probe.
 */
namespace BenchmarkCode {
// verdicts of `cudnn-probe benchmark`
inline constexpr char Ok[] = "BENCH-OK";
inline constexpr char Slow[] = "BENCH-SLOW";
inline constexpr char Wrong[] = "BENCH-WRONG";
inline constexpr char NoGpu[] = "BENCH-NO-GPU";
inline constexpr char NoDriver[] = "BENCH-NO-DRIVER";
inline constexpr char CudnnLoadFailed[] = "BENCH-CUDNN-LOAD-FAILED";
inline constexpr char CudartLoadFailed[] = "BENCH-CUDART-LOAD-FAILED";
inline constexpr char CudaError[] = "BENCH-CUDA-ERROR";
inline constexpr char CudnnError[] = "BENCH-CUDNN-ERROR";
inline constexpr char Timeout[] = "BENCH-TIMEOUT";
// the engine's, about the run
inline constexpr char NotRun[] = "BENCH-NOT-RUN";
inline constexpr char ProbeFailed[] = "BENCH-PROBE-FAILED";
inline constexpr char NotFinished[]
    = "BENCH-NOT-FINISHED"; // stopped while it progressed: as asked, or its time ran out
} // namespace BenchmarkCode
