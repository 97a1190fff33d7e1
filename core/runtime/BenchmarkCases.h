#pragma once

#include "runtime/ConvShape.h"

#include <cstddef>
#include <string>
#include <vector>

/** What the benchmark runs: the seeds' reference model, ResNet-50's 3x3 convolutions and one peak-sized layer. */
namespace cudnnsetup::runtime {

/** FP32 strict (CUDA cores), TF32 (FP32 data on 8.0+ tensor cores), FP16 data with FP32 accumulation. */
enum class Precision { Fp32, Tf32, Fp16 };

/** "fp32", "tf32", "fp16". */
const char* precisionName(Precision precision);
/** Largest max|gpu - cpu| / max|cpu| accepted: 1e-4 for FP32, 1e-2 for TF32 and FP16. */
double precisionTolerance(Precision precision);
/** Bytes per tensor element on the GPU. */
std::size_t precisionBytes(Precision precision);

enum class CaseKind { Reference, Realistic, Peak };

struct BenchmarkCase
{
    std::string name; // unique: "resnet50-conv3_x-fp16"
    CaseKind kind = CaseKind::Realistic;
    Precision precision = Precision::Fp32;
    TensorLayout layout = TensorLayout::Nhwc;
    std::vector<ConvShape> layers; // run one after another; layer i+1 reads layer i's output. n = requested batch
    int batch() const { return layers.empty() ? 0 : layers.front().n; }
};

/**
 * reference-fp32: the seeds' model, 1x224x224x3 through 3x3 convolutions to 32 then 64 channels (no padding, as
 * Keras' Conv2D defaults); resnet50-conv{2,3,4,5}_x-{fp32,tf32,fp16}: 64@56^2, 128@28^2, 256@14^2, 512@7^2, 3x3,
 * stride 1, pad 1, batch 32; peak-fp16: batch 128, 256 -> 256 channels, 56x56, 3x3. All NHWC.
 * quick: the same shapes at batch 2 (ResNet) and 1 (peak), for tests on fakes.
 */
std::vector<BenchmarkCase> benchmarkCases(bool quick);

/** Device bytes for inputs, filters and every layer's output of `benchCase` at `batch` images. */
std::size_t caseDeviceBytes(const BenchmarkCase& benchCase, int batch);

/** The largest batch, halving from the requested one, whose tensors take at most `budgetBytes`; 0 if none fits. */
int fittingBatch(const BenchmarkCase& benchCase, std::size_t budgetBytes);

/** How long to measure. */
struct RunPlan
{
    int warmupRuns = 0;
    int minTimedRuns = 0;
    int maxTimedRuns = 0;
    double targetTimedMs = 0; // timed runs: enough to fill this, within [min, max]
    double cpuBudgetMs = 0; // CPU baseline: more images while under this (at least one)
    int autotuneCandidates = 0; // graph API: engine configurations timed per layer, the heuristics' best first
    int autotuneRuns = 0; // timed passes per configuration (after one warm-up pass); the median decides
};

RunPlan benchmarkRunPlan(bool quick);

} // namespace cudnnsetup::runtime
