#include "runtime/GpuCaseRunner.h"

#include "runtime/GpuCallError.h"
#include "runtime/GraphConvolution.h"
#include "runtime/HalfFloat.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

namespace cudnnsetup::runtime {

namespace {

using Convolutions = std::vector<std::unique_ptr<LayerConvolution>>;

/** Device memory of one layer: its filter and its output (the next layer's input). */
struct LayerBuffers
{
    DeviceBuffer filter;
    DeviceBuffer output;
};

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

/** GPU time between events around each pass, and the host's time to enqueue each pass. */
struct PassTimes
{
    std::vector<double> gpuMs;
    std::vector<double> hostMs;
};

PassTimes timePasses(const GpuSession& session, int runs, const std::function<void()>& pass)
{
    PassTimes times;
    CudaEventSeries events(session.cudart, runs + 1);
    for (int i = 0; i < runs; ++i) {
        events.record(i, session.stream.get());
        const auto start = std::chrono::steady_clock::now();
        pass();
        times.hostMs.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    events.record(runs, session.stream.get());
    times.gpuMs = events.intervalsMs();
    return times;
}

/** "layer 2 of 3" for messages. */
std::string layerName(std::size_t index, std::size_t count)
{
    return "layer " + std::to_string(index + 1) + " of " + std::to_string(count);
}

/**
 * Every layer through the graph API: the heuristics' best engine configurations as plans, each timed on this
 * layer's buffers, the fastest kept. Throws GpuCallError, whose text becomes the reason for the legacy fallback, when
 * a layer's graph is refused or none of its configurations works.
 */
Convolutions graphConvolutions(const GpuSession& session,
                               const BenchmarkCase& benchCase,
                               int batch,
                               const DeviceBuffer& input,
                               const std::vector<LayerBuffers>& buffers,
                               std::size_t workspaceLimit,
                               const RunPlan& plan,
                               const std::function<void(const std::string&)>& tell)
{
    Convolutions chosen;
    const std::size_t count = benchCase.layers.size();
    for (std::size_t i = 0; i < count; ++i) {
        const std::string layer = layerName(i, count);
        const ConvShape shape = benchCase.layers[i].withBatch(batch);
        tell(layer + ": operation graph and engine heuristics (cudnnBackendFinalize)");
        std::string rejected;
        std::vector<std::unique_ptr<EnginePlan>> plans;
        try {
            const auto graph = std::make_shared<GraphConvolution>(
                session.cudnn, session.handle.get(), shape, benchCase.layout, benchCase.precision);
            plans = graph->plans(
                workspaceLimit, static_cast<std::size_t>(std::max(plan.autotuneCandidates, 1)), rejected);
        } catch (const GpuCallError& error) {
            throw GpuCallError(error.library(), layer + ": " + error.what());
        }
        if (plans.empty()) {
            throw GpuCallError(GpuCallError::Library::Cudnn,
                               layer + ": no engine configuration works: " + (rejected.empty() ? "none" : rejected));
        }

        std::size_t scratchBytes = 0;
        for (const auto& candidate : plans) {
            scratchBytes = std::max(scratchBytes, candidate->workspaceBytes());
        }
        DeviceBuffer scratch(session.cudart, scratchBytes);
        const void* x = i == 0 ? input.get() : buffers[i - 1].output.get();
        std::vector<AutotuneSample> samples;
        std::size_t best = plans.size();
        for (std::size_t j = 0; j < plans.size(); ++j) {
            EnginePlan& candidate = *plans[j];
            AutotuneSample sample;
            sample.globalIndex = candidate.choice().engine->globalIndex;
            tell(layer + ": autotune, engine " + std::to_string(sample.globalIndex) + " (cudnnBackendExecute)");
            try {
                candidate.bind(x, buffers[i].filter.get(), buffers[i].output.get(), scratch.get(), scratch.bytes());
                candidate.enqueue(); // warm-up: first-use costs stay out of the comparison
                const PassTimes times
                    = timePasses(session, std::max(plan.autotuneRuns, 1), [&] { candidate.enqueue(); });
                sample.ms = summarize(times.gpuMs).median;
                if (best == plans.size() || *sample.ms < *samples[best].ms) {
                    best = j;
                }
            } catch (const GpuCallError& error) {
                sample.error = error.what();
                rejected += (rejected.empty() ? "" : "; ") + std::string("engine ") + std::to_string(sample.globalIndex)
                    + ": " + error.what();
            }
            samples.push_back(sample);
        }
        if (best == plans.size()) {
            throw GpuCallError(GpuCallError::Library::Cudnn,
                               layer + ": every engine configuration failed to run: " + rejected);
        }
        plans[best]->choice().engine->autotune = samples;
        chosen.push_back(std::move(plans[best]));
    }
    return chosen;
}

Convolutions legacyConvolutions(const GpuSession& session,
                                const BenchmarkCase& benchCase,
                                int batch,
                                std::size_t workspaceLimit,
                                std::string& search)
{
    Convolutions chosen;
    for (const ConvShape& layer : benchCase.layers) {
        chosen.push_back(std::make_unique<LegacyConvolution>(session.cudnn,
                                                             session.handle.get(),
                                                             layer.withBatch(batch),
                                                             benchCase.layout,
                                                             benchCase.precision,
                                                             workspaceLimit,
                                                             search));
    }
    return chosen;
}

/** The same pass captured once in a CUDA graph and launched per sample: what the GPU needs without the host. */
void measureCapturedPasses(const GpuSession& session, int runs, const std::function<void()>& pass, HostCost& cost)
{
    if (!session.cudart.hasGraphs()) {
        cost.graphError = "this CUDA runtime lacks " + session.cudart.missingGraphFunction;
        return;
    }
    try {
        CapturedGraph graph(session.cudart, session.stream.get(), pass);
        graph.launch(session.stream.get()); // warm-up: the first launch uploads the graph
        const PassTimes times = timePasses(session, runs, [&] { graph.launch(session.stream.get()); });
        cost.graphMs = summarize(times.gpuMs);
    } catch (const GpuCallError& error) {
        cost.graphError = error.what();
    }
}

} // namespace

GpuCaseRun runCaseOnGpu(const GpuSession& session,
                        const BenchmarkCase& benchCase,
                        int batch,
                        const CaseData& data,
                        int outputImages,
                        const RunPlan& plan,
                        const std::function<void(const std::string&)>& activity)
{
    const CudartApi& cudart = session.cudart;
    const Precision precision = benchCase.precision;
    const auto tell = [&](const std::string& what) { activity(benchCase.name + ": " + what); };
    GpuCaseRun run;

    tell("allocating GPU memory");
    DeviceBuffer input = upload(cudart, data.input, precision);
    std::vector<LayerBuffers> buffers;
    for (std::size_t i = 0; i < benchCase.layers.size(); ++i) {
        const ConvShape shape = benchCase.layers[i].withBatch(batch);
        LayerBuffers layer;
        layer.filter = upload(cudart, data.filters[i], precision);
        layer.output = DeviceBuffer(cudart, shape.outputElements() * precisionBytes(precision));
        buffers.push_back(std::move(layer));
    }
    std::size_t freeBytes = 0, totalBytes = 0;
    cudart.check(cudart.memGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
    const std::size_t workspaceLimit = freeBytes / 10 * 8; // room for cuDNN's own allocations

    Convolutions convolutions;
    if (!session.cudnn.backend.available()) {
        run.apiReason = std::string("this cuDNN has no graph API (no ") + session.cudnn.backend.missing() + ")";
    } else {
        try {
            convolutions = graphConvolutions(session, benchCase, batch, input, buffers, workspaceLimit, plan, tell);
            run.api = "graph";
            run.algorithmSearch = "autotune";
        } catch (const GpuCallError& error) {
            run.apiReason = std::string("the graph API failed: ") + error.what();
            convolutions.clear();
        }
    }
    if (convolutions.empty()) {
        run.api = "legacy";
        tell("algorithm search (cudnnFindConvolutionForwardAlgorithm)");
        convolutions = legacyConvolutions(session, benchCase, batch, workspaceLimit, run.algorithmSearch);
    }

    std::size_t workspaceBytes = 0;
    for (const auto& convolution : convolutions) {
        workspaceBytes = std::max(workspaceBytes, convolution->workspaceBytes());
        run.layers.push_back(convolution->choice());
    }
    DeviceBuffer workspace(cudart, workspaceBytes);
    for (std::size_t i = 0; i < convolutions.size(); ++i) {
        const void* x = i == 0 ? input.get() : buffers[i - 1].output.get();
        convolutions[i]->bind(x, buffers[i].filter.get(), buffers[i].output.get(), workspace.get(), workspace.bytes());
    }
    const auto forward = [&] {
        for (const auto& convolution : convolutions) {
            convolution->enqueue();
        }
    };
    const std::string call = std::string(" (") + convolutions.front()->call() + ")";

    tell("warm-up" + call);
    const TimingSummary warmup = summarize(timePasses(session, std::max(plan.warmupRuns, 1), forward).gpuMs);
    int runs = plan.minTimedRuns;
    if (warmup.median > 0 && plan.targetTimedMs > 0) {
        runs = static_cast<int>(std::ceil(plan.targetTimedMs / warmup.median));
    }
    runs = std::clamp(runs, std::max(plan.minTimedRuns, 1), std::max(plan.maxTimedRuns, 1));

    tell("timed runs" + call);
    const PassTimes timed = timePasses(session, runs, forward);
    run.timing = summarize(timed.gpuMs);
    run.hostCost.enqueueMs = summarize(timed.hostMs).median;

    tell("reading the result");
    session.stream.synchronize();
    const ConvShape last = benchCase.layers.back().withBatch(outputImages);
    run.output.resize(last.outputElements());
    if (precision == Precision::Fp16) {
        std::vector<std::uint16_t> half(run.output.size());
        buffers.back().output.download(half.data(), half.size() * sizeof(std::uint16_t));
        std::transform(half.begin(), half.end(), run.output.begin(), halfToFloat);
    } else {
        buffers.back().output.download(run.output.data(), run.output.size() * sizeof(float));
    }

    // After the answer is read: a capture that fails cannot spoil it.
    tell("the same passes in a CUDA graph (cudaGraphLaunch)");
    measureCapturedPasses(session, runs, forward, run.hostCost);
    return run;
}

} // namespace cudnnsetup::runtime
