#include "runtime/BenchmarkVerdict.h"

#include "runtime/Statistics.h"

#include <cstdio>

namespace cudnnsetup::runtime {

namespace {

/** The RTX 3060 Ti the seeds measured on: 8.6, 38 SMs at 1665 MHz. */
double seedsGpuFp32Tflops()
{
    return gpuPeaks(8, 6, 38, 1665000, "NVIDIA GeForce RTX 3060 Ti").fp32Tflops.value_or(0);
}

/** "0.0123", "57", "1.2e-05": three significant digits. */
std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

std::string joinNames(const std::vector<const CaseResult*>& cases)
{
    std::string names;
    for (const CaseResult* c : cases) {
        names += (names.empty() ? "" : ", ") + c->benchCase.name;
    }
    return names;
}

std::string wrongMessage(const std::vector<const CaseResult*>& wrong)
{
    const CaseResult& first = *wrong.front();
    std::string message = "Results are wrong: " + first.benchCase.name;
    if (first.maxRelativeError) {
        message += " differs from the CPU by " + number(*first.maxRelativeError) + " of the output's magnitude (limit "
            + number(precisionTolerance(first.benchCase.precision)) + ")";
    } else {
        message += " returned NaN or infinity";
    }
    if (wrong.size() > 1) {
        message += ", and " + std::to_string(wrong.size() - 1) + " more case" + (wrong.size() > 2 ? "s" : "") + " ("
            + joinNames({wrong.begin() + 1, wrong.end()}) + ")";
    }
    return message + ". cuDNN or the GPU computes incorrect convolutions.";
}

} // namespace

ReferenceLimits referenceLimits(const std::optional<BenchmarkGpu>& gpu)
{
    ReferenceLimits limits;
    const double seeds = seedsGpuFp32Tflops();
    if (gpu && gpu->peaks.fp32Tflops && *gpu->peaks.fp32Tflops > 0 && seeds > 0) {
        const double scale = seeds / *gpu->peaks.fp32Tflops;
        limits.expectedMs *= scale;
        limits.limitMs *= scale;
    }
    return limits;
}

Verdict decideVerdict(const BenchmarkResult& result)
{
    Verdict verdict;
    if (result.failure) {
        verdict.code = result.failure->code;
        verdict.message = result.failure->message;
        return verdict;
    }

    std::vector<const CaseResult*> wrong, failed, ran, slower;
    std::vector<double> speedups;
    const CaseResult* reference = nullptr;
    for (const CaseResult& c : result.cases) {
        if (!c.error.empty()) {
            failed.push_back(&c);
        } else if (c.ran()) {
            ran.push_back(&c);
            if (!c.ok()) {
                wrong.push_back(&c);
            }
            if (const auto speedup = c.speedup()) {
                speedups.push_back(*speedup);
                if (*speedup < 1) {
                    slower.push_back(&c);
                }
            }
            if (c.benchCase.kind == CaseKind::Reference) {
                reference = &c;
            }
        }
    }
    const ReferenceLimits limits = referenceLimits(result.gpu);
    if (reference) {
        verdict.referenceMs = reference->gpuMs->median;
        verdict.referenceExpectedMs = limits.expectedMs;
        verdict.referenceLimitMs = limits.limitMs;
    }
    if (!speedups.empty()) {
        verdict.speedup = geometricMean(speedups);
    }

    if (!wrong.empty()) {
        verdict.code = VerdictCode::Wrong;
        verdict.message = wrongMessage(wrong);
        return verdict;
    }
    if (!failed.empty()) {
        const CaseResult& first = *failed.front();
        verdict.code = first.errorCode.value_or(VerdictCode::CudaError);
        verdict.message = (verdict.code == VerdictCode::CudnnError ? "cuDNN failed in " : "The CUDA runtime failed in ")
            + first.benchCase.name + ": " + first.error;
        if (failed.size() > 1) {
            verdict.message += " (" + std::to_string(failed.size() - 1) + " more case" + (failed.size() > 2 ? "s" : "")
                + " failed: " + joinNames({failed.begin() + 1, failed.end()}) + ")";
        }
        return verdict;
    }
    if (ran.empty()) {
        verdict.code = VerdictCode::CudaError;
        verdict.message = "No benchmark case could run on this GPU";
        for (const CaseResult& c : result.cases) {
            if (!c.skipped.empty()) {
                verdict.message += ": " + c.benchCase.name + " " + c.skipped;
                break;
            }
        }
        return verdict;
    }

    std::vector<std::string> slowReasons;
    if (verdict.referenceMs && *verdict.referenceMs > limits.limitMs) {
        slowReasons.push_back("the seeds' reference model took " + number(*verdict.referenceMs)
                              + " ms per forward (limit " + number(limits.limitMs) + " ms for this GPU)");
    }
    if (verdict.speedup && *verdict.speedup < kMinimumSpeedup) {
        slowReasons.push_back("the GPU is only " + number(*verdict.speedup) + "× as fast as the CPU (at least "
                              + number(kMinimumSpeedup) + "× expected)");
    }
    if (!slower.empty()) {
        slowReasons.push_back("the GPU is slower than the CPU in " + std::to_string(slower.size()) + " of "
                              + std::to_string(ran.size()) + " cases (" + joinNames(slower) + ")");
    }
    if (!slowReasons.empty()) {
        verdict.code = VerdictCode::Slow;
        verdict.message = "Slow: cuDNN is probably not being used: ";
        for (std::size_t i = 0; i < slowReasons.size(); ++i) {
            verdict.message += (i == 0 ? "" : "; ") + slowReasons[i];
        }
        verdict.message += ".";
        return verdict;
    }

    verdict.code = VerdictCode::Ok;
    verdict.message = "cuDNN is active: " + number(verdict.speedup.value_or(0))
        + "× faster than the CPU (geometric mean over " + std::to_string(speedups.size()) + " cases).";
    if (verdict.referenceMs) {
        verdict.message += " The seeds' reference model took " + number(*verdict.referenceMs) + " ms per forward"
            + (*verdict.referenceMs <= limits.expectedMs
                   ? " (expected under " + number(limits.expectedMs) + " ms for this GPU)."
                   : ", more than the " + number(limits.expectedMs) + " ms expected for this GPU.");
    }
    return verdict;
}

} // namespace cudnnsetup::runtime
