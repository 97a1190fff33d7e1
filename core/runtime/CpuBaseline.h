#pragma once

#include "runtime/BenchmarkCases.h"
#include "runtime/CaseData.h"

#include <vector>

/** The same convolutions on this machine's CPU: the speed-up's denominator and the GPU's answer key. */
namespace cudnnsetup::runtime {

/** Which CPU implementation the speed-up divides by (docs/benchmark.md, "Which CPU baseline"). */
enum class CpuBaselineKind {
    Reference, // the project's own convolution (CpuConvolution), the answer key
    OneDnn, // oneDNN, what TensorFlow and PyTorch run on the CPU
};
const char* cpuBaselineName(CpuBaselineKind kind); // "reference", "onednn"

struct CpuBaselineResult
{
    double msForBatch = 0; // measured on `images`, scaled to the whole batch
    int images = 0; // how many images were computed (the first ones)
    std::vector<float> output; // last layer's output for those images, in the case's layout: the reference's
    CpuBaselineKind timedWith = CpuBaselineKind::Reference; // what msForBatch measured
};

/**
 * Runs every layer with the reference for the first image, then for as many further images as fit in `budgetMs`
 * (at least one image in all, at most `batch`), with `threads` threads: that output is the answer key. With
 * `timing` OneDnn and oneDNN loadable, the same images then run through oneDNN (once to warm up, once timed) and
 * msForBatch is oneDNN's, provided its output matches the reference's; otherwise the reference's time stays.
 */
CpuBaselineResult runCpuBaseline(const BenchmarkCase& benchCase,
                                 int batch,
                                 const CaseData& data,
                                 double budgetMs,
                                 unsigned threads,
                                 CpuBaselineKind timing = CpuBaselineKind::Reference);

/**
 * max|actual - expected| / max|expected| over `count` values: an error relative to the output's magnitude, so
 * outputs near zero do not inflate it. Infinity when `actual` holds a NaN or infinity.
 */
double relativeError(const float* actual, const float* expected, std::size_t count);

} // namespace cudnnsetup::runtime
