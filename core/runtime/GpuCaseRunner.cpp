#include "runtime/GpuCaseRunner.h"

#include "runtime/GpuCallError.h"
#include "runtime/HalfFloat.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace cudnnsetup::runtime {

namespace {

/** Descriptors and device memory of one layer. */
struct Layer
{
    std::unique_ptr<ConvolutionDescriptors> descriptors;
    DeviceBuffer filter;
    DeviceBuffer output;
    LayerChoice choice;
};

int requestedMathType(Precision precision)
{
    switch (precision) {
    case Precision::Fp32:
        return nv::CUDNN_FMA_MATH;
    case Precision::Tf32:
        return nv::CUDNN_DEFAULT_MATH;
    case Precision::Fp16:
        return nv::CUDNN_TENSOR_OP_MATH;
    }
    return nv::CUDNN_DEFAULT_MATH;
}

DeviceBuffer upload(const CudartApi& api, const std::vector<float>& values, Precision precision)
{
    DeviceBuffer buffer(api, values.size() * precisionBytes(precision));
    if (precision == Precision::Fp16) {
        const std::vector<std::uint16_t> half = toHalf(values);
        buffer.upload(half.data(), buffer.bytes());
    } else {
        buffer.upload(values.data(), buffer.bytes());
    }
    return buffer;
}

std::string describeShape(const ConvShape& s)
{
    return std::to_string(s.n) + "x" + std::to_string(s.c) + "x" + std::to_string(s.h) + "x" + std::to_string(s.w)
        + " * " + std::to_string(s.k) + "x" + std::to_string(s.c) + "x" + std::to_string(s.r) + "x"
        + std::to_string(s.s);
}

/** The fastest algorithm cuDNN offers that this precision allows and whose workspace fits. */
LayerChoice chooseAlgorithm(const GpuSession& session,
                            const BenchmarkCase& benchCase,
                            const ConvShape& shape,
                            const ConvolutionDescriptors& d,
                            std::size_t workspaceLimit,
                            std::string& search)
{
    const CudnnApi& api = session.cudnn;
    int maxCount = 0;
    api.check(api.getConvolutionForwardAlgorithmMaxCount(session.handle.get(), &maxCount),
              "cudnnGetConvolutionForwardAlgorithmMaxCount");
    std::vector<nv::CudnnConvolutionFwdAlgoPerf> results(static_cast<std::size_t>(std::max(maxCount, 1)));
    int returned = 0;
    nv::cudnnStatus_t status = -1;
    if (api.findConvolutionForwardAlgorithm) {
        search = "find";
        status = api.findConvolutionForwardAlgorithm(
            session.handle.get(), d.x, d.w, d.conv, d.y, static_cast<int>(results.size()), &returned, results.data());
    }
    if (status != nv::CUDNN_STATUS_SUCCESS && api.getConvolutionForwardAlgorithmV7) {
        search = "heuristics"; // no measured search in this library, or it failed: ask the heuristics
        status = api.getConvolutionForwardAlgorithmV7(
            session.handle.get(), d.x, d.w, d.conv, d.y, static_cast<int>(results.size()), &returned, results.data());
        api.check(status, "cudnnGetConvolutionForwardAlgorithm_v7");
    } else {
        api.check(status, "cudnnFindConvolutionForwardAlgorithm");
    }

    std::string rejected;
    for (int i = 0; i < std::min(returned, static_cast<int>(results.size())); ++i) {
        const nv::CudnnConvolutionFwdAlgoPerf& perf = results[static_cast<std::size_t>(i)];
        if (perf.status == nv::CUDNN_STATUS_SUCCESS && perf.memory <= workspaceLimit
            && mathTypeAllowed(benchCase.precision, perf.mathType)) {
            // FP32 keeps FMA math whatever the entry says: only the algorithm is taken from it.
            const int math = benchCase.precision == Precision::Fp32 ? int(nv::CUDNN_FMA_MATH) : perf.mathType;
            return LayerChoice{perf.algo, math, perf.memory};
        }
        rejected += (rejected.empty() ? "" : ", ") + convolutionAlgorithmName(perf.algo) + " "
            + (perf.status != nv::CUDNN_STATUS_SUCCESS ? api.describe(perf.status)
                   : perf.memory > workspaceLimit      ? std::to_string(perf.memory) + " bytes of workspace"
                                                       : mathTypeName(perf.mathType) + " math");
    }
    throw GpuCallError(GpuCallError::Library::Cudnn,
                       "cuDNN offers no usable " + std::string(precisionName(benchCase.precision))
                           + " forward algorithm for " + describeShape(shape) + " (workspace limit "
                           + std::to_string(workspaceLimit) + " bytes): " + (rejected.empty() ? "none" : rejected));
}

} // namespace

bool mathTypeAllowed(Precision precision, int mathType)
{
    switch (precision) {
    case Precision::Fp32:
        return mathType == nv::CUDNN_FMA_MATH || mathType == nv::CUDNN_DEFAULT_MATH;
    case Precision::Tf32:
        return mathType != nv::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION;
    case Precision::Fp16:
        return true;
    }
    return false;
}

GpuCaseRun runCaseOnGpu(const GpuSession& session,
                        const BenchmarkCase& benchCase,
                        int batch,
                        const CaseData& data,
                        int outputImages,
                        const RunPlan& plan,
                        const std::function<void(const std::string&)>& activity)
{
    const CudartApi& cudart = session.cudart;
    const CudnnApi& cudnn = session.cudnn;
    const Precision precision = benchCase.precision;
    const int dataType = precision == Precision::Fp16 ? nv::CUDNN_DATA_HALF : nv::CUDNN_DATA_FLOAT;
    const auto tell = [&](const std::string& what) { activity(benchCase.name + ": " + what); };
    GpuCaseRun run;

    tell("allocating GPU memory");
    DeviceBuffer input = upload(cudart, data.input, precision);
    std::vector<Layer> layers;
    for (std::size_t i = 0; i < benchCase.layers.size(); ++i) {
        const ConvShape shape = benchCase.layers[i].withBatch(batch);
        Layer layer;
        layer.descriptors = std::make_unique<ConvolutionDescriptors>(cudnn, shape, benchCase.layout, dataType);
        layer.filter = upload(cudart, data.filters[i], precision);
        layer.output = DeviceBuffer(cudart, shape.outputElements() * precisionBytes(precision));
        layers.push_back(std::move(layer));
    }

    tell("algorithm search (cudnnFindConvolutionForwardAlgorithm)");
    std::size_t freeBytes = 0, totalBytes = 0;
    cudart.check(cudart.memGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
    const std::size_t workspaceLimit = freeBytes / 10 * 8; // room for cuDNN's own allocations
    std::size_t workspaceBytes = 0;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        ConvolutionDescriptors& d = *layers[i].descriptors;
        d.setMathType(requestedMathType(precision));
        layers[i].choice = chooseAlgorithm(
            session, benchCase, benchCase.layers[i].withBatch(batch), d, workspaceLimit, run.algorithmSearch);
        d.setMathType(layers[i].choice.mathType);
        std::size_t bytes = 0;
        cudnn.check(cudnn.getConvolutionForwardWorkspaceSize(
                        session.handle.get(), d.x, d.w, d.conv, d.y, layers[i].choice.algorithm, &bytes),
                    "cudnnGetConvolutionForwardWorkspaceSize");
        layers[i].choice.workspaceBytes = bytes;
        workspaceBytes = std::max(workspaceBytes, bytes);
        run.layers.push_back(layers[i].choice);
    }
    DeviceBuffer workspace(cudart, workspaceBytes);

    const float alpha = 1.0f; // float scaling factors for float and half data alike
    const float beta = 0.0f;
    const auto forward = [&] {
        const void* x = input.get();
        for (Layer& layer : layers) {
            const ConvolutionDescriptors& d = *layer.descriptors;
            cudnn.check(cudnn.convolutionForward(session.handle.get(),
                                                 &alpha,
                                                 d.x,
                                                 x,
                                                 d.w,
                                                 layer.filter.get(),
                                                 d.conv,
                                                 layer.choice.algorithm,
                                                 workspace.get(),
                                                 workspace.bytes(),
                                                 &beta,
                                                 d.y,
                                                 layer.output.get()),
                        "cudnnConvolutionForward");
            x = layer.output.get();
        }
    };
    const auto timeRuns = [&](int runs) {
        CudaEventSeries events(cudart, runs + 1);
        for (int i = 0; i < runs; ++i) {
            events.record(i, session.stream.get());
            forward();
        }
        events.record(runs, session.stream.get());
        return events.intervalsMs();
    };

    tell("warm-up (cudnnConvolutionForward)");
    const TimingSummary warmup = summarize(timeRuns(std::max(plan.warmupRuns, 1)));
    int runs = plan.minTimedRuns;
    if (warmup.median > 0 && plan.targetTimedMs > 0) {
        runs = static_cast<int>(std::ceil(plan.targetTimedMs / warmup.median));
    }
    runs = std::clamp(runs, std::max(plan.minTimedRuns, 1), std::max(plan.maxTimedRuns, 1));

    tell("timed runs (cudnnConvolutionForward)");
    run.timing = summarize(timeRuns(runs));

    tell("reading the result");
    session.stream.synchronize();
    const ConvShape last = benchCase.layers.back().withBatch(outputImages);
    run.output.resize(last.outputElements());
    if (precision == Precision::Fp16) {
        std::vector<std::uint16_t> half(run.output.size());
        layers.back().output.download(half.data(), half.size() * sizeof(std::uint16_t));
        std::transform(half.begin(), half.end(), run.output.begin(), halfToFloat);
    } else {
        layers.back().output.download(run.output.data(), run.output.size() * sizeof(float));
    }
    return run;
}

} // namespace cudnnsetup::runtime
