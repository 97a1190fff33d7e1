#include "runtime/BenchmarkResult.h"

#include "cudnnfacts/BenchmarkCode.h"

namespace cudnnsetup::runtime {

const char* verdictCodeText(VerdictCode code)
{
    switch (code) {
    case VerdictCode::Ok:
        return BenchmarkCode::Ok;
    case VerdictCode::Slow:
        return BenchmarkCode::Slow;
    case VerdictCode::Wrong:
        return BenchmarkCode::Wrong;
    case VerdictCode::NoGpu:
        return BenchmarkCode::NoGpu;
    case VerdictCode::NoDriver:
        return BenchmarkCode::NoDriver;
    case VerdictCode::CudnnLoadFailed:
        return BenchmarkCode::CudnnLoadFailed;
    case VerdictCode::CudartLoadFailed:
        return BenchmarkCode::CudartLoadFailed;
    case VerdictCode::CudaError:
        return BenchmarkCode::CudaError;
    case VerdictCode::CudnnError:
        return BenchmarkCode::CudnnError;
    case VerdictCode::Timeout:
        return BenchmarkCode::Timeout;
    }
    return "";
}

double CaseResult::flops() const
{
    double total = 0;
    for (const ConvShape& layer : benchCase.layers) {
        total += layer.withBatch(batch).flops();
    }
    return total;
}

std::optional<double> CaseResult::tflops() const
{
    if (!gpuMs || gpuMs->median <= 0) {
        return std::nullopt;
    }
    return flops() / (gpuMs->median * 1e-3) / 1e12;
}

std::optional<double> CaseResult::percentOfPeak(const GpuPeaks& peaks) const
{
    const std::optional<double> achieved = tflops();
    std::optional<double> peak;
    switch (benchCase.precision) {
    case Precision::Fp32:
        peak = peaks.fp32Tflops;
        break;
    case Precision::Tf32:
        peak = peaks.tf32TensorTflops;
        break;
    case Precision::Fp16:
        peak = peaks.fp16TensorTflops;
        break;
    }
    if (!achieved || !peak || *peak <= 0) {
        return std::nullopt;
    }
    return 100.0 * *achieved / *peak;
}

std::optional<double> CaseResult::speedup() const
{
    if (!gpuMs || !cpuMs || gpuMs->median <= 0) {
        return std::nullopt;
    }
    return *cpuMs / gpuMs->median;
}

bool CaseResult::ok() const
{
    return ran() && error.empty() && compared && maxRelativeError
        && *maxRelativeError <= precisionTolerance(benchCase.precision);
}

} // namespace cudnnsetup::runtime
