#include "runtime/BenchmarkCases.h"

namespace cudnnsetup::runtime {

namespace {

ConvShape conv3x3(int batch, int channels, int size)
{
    ConvShape shape;
    shape.n = batch;
    shape.c = channels;
    shape.h = size;
    shape.w = size;
    shape.k = channels;
    shape.r = 3;
    shape.s = 3;
    shape.padH = 1;
    shape.padW = 1;
    return shape;
}

} // namespace

const char* precisionName(Precision precision)
{
    switch (precision) {
    case Precision::Fp32:
        return "fp32";
    case Precision::Tf32:
        return "tf32";
    case Precision::Fp16:
        return "fp16";
    }
    return "";
}

double precisionTolerance(Precision precision)
{
    return precision == Precision::Fp32 ? 1e-4 : 1e-2;
}

std::size_t precisionBytes(Precision precision)
{
    return precision == Precision::Fp16 ? 2 : 4;
}

std::vector<BenchmarkCase> benchmarkCases(bool quick)
{
    std::vector<BenchmarkCase> cases;

    BenchmarkCase reference;
    reference.name = "reference-fp32";
    reference.kind = CaseKind::Reference;
    ConvShape first;
    first.n = 1;
    first.c = 3;
    first.h = 224;
    first.w = 224;
    first.k = 32;
    first.r = 3;
    first.s = 3;
    ConvShape second = first;
    second.c = first.k;
    second.h = first.p();
    second.w = first.q();
    second.k = 64;
    reference.layers = {first, second};
    cases.push_back(reference);

    const int resnetBatch = quick ? 2 : 32;
    const struct
    {
        const char* stage;
        int channels;
        int size;
    } stages[] = {{"conv2_x", 64, 56}, {"conv3_x", 128, 28}, {"conv4_x", 256, 14}, {"conv5_x", 512, 7}};
    for (Precision precision : {Precision::Fp32, Precision::Tf32, Precision::Fp16}) {
        for (const auto& stage : stages) {
            BenchmarkCase resnet;
            resnet.name = std::string("resnet50-") + stage.stage + "-" + precisionName(precision);
            resnet.precision = precision;
            resnet.layers = {conv3x3(resnetBatch, stage.channels, stage.size)};
            cases.push_back(resnet);
        }
    }

    BenchmarkCase peak;
    peak.name = "peak-fp16";
    peak.kind = CaseKind::Peak;
    peak.precision = Precision::Fp16;
    peak.layers = {conv3x3(quick ? 1 : 128, 256, 56)};
    cases.push_back(peak);
    return cases;
}

std::size_t caseDeviceBytes(const BenchmarkCase& benchCase, int batch)
{
    if (benchCase.layers.empty()) {
        return 0;
    }
    std::size_t elements = benchCase.layers.front().withBatch(batch).inputElements();
    for (const ConvShape& layer : benchCase.layers) {
        const ConvShape shape = layer.withBatch(batch);
        elements += shape.filterElements() + shape.outputElements();
    }
    return elements * precisionBytes(benchCase.precision);
}

int fittingBatch(const BenchmarkCase& benchCase, std::size_t budgetBytes)
{
    for (int batch = benchCase.batch(); batch >= 1; batch /= 2) {
        if (caseDeviceBytes(benchCase, batch) <= budgetBytes) {
            return batch;
        }
    }
    return 0;
}

RunPlan benchmarkRunPlan(bool quick)
{
    RunPlan plan;
    if (quick) {
        plan.warmupRuns = 1;
        plan.minTimedRuns = 3;
        plan.maxTimedRuns = 3;
        plan.targetTimedMs = 0;
        plan.cpuBudgetMs = 0;
        plan.autotuneCandidates = 4;
        plan.autotuneRuns = 2;
    } else {
        plan.warmupRuns = 3;
        plan.minTimedRuns = 10;
        plan.maxTimedRuns = 200;
        plan.targetTimedMs = 300;
        plan.cpuBudgetMs = 500;
        plan.autotuneCandidates = 4;
        plan.autotuneRuns = 5;
    }
    return plan;
}

} // namespace cudnnsetup::runtime
