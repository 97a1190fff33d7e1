#include "runtime/BenchmarkReport.h"

#include "runtime/CudnnApi.h"
#include "runtime/JsonWriter.h"
#include "runtime/ProbeReport.h"
#include "runtime/VersionCodes.h"

namespace cudnnsetup::runtime {

namespace {

std::string dims(int a, int b, int c, int d)
{
    return std::to_string(a) + "x" + std::to_string(b) + "x" + std::to_string(c) + "x" + std::to_string(d);
}

/** "x 1x3x224x224, w 32x3x3x3, pad 0, stride 1 -> y 1x32x222x222" per layer, "; " between layers (N,C,H,W and
 * K,C,R,S order whatever the memory layout). */
std::string shapeText(const BenchmarkCase& benchCase, int batch)
{
    std::string text;
    for (const ConvShape& layer : benchCase.layers) {
        const ConvShape s = layer.withBatch(batch);
        const auto pair = [](int a, int b) { return std::to_string(a) + (a == b ? "" : "/" + std::to_string(b)); };
        text += (text.empty() ? "" : "; ") + std::string("x ") + dims(s.n, s.c, s.h, s.w) + ", w "
            + dims(s.k, s.c, s.r, s.s) + ", pad " + pair(s.padH, s.padW) + ", stride " + pair(s.strideH, s.strideW)
            + " -> y " + dims(s.n, s.k, s.p(), s.q());
    }
    return text;
}

const char* kindName(CaseKind kind)
{
    switch (kind) {
    case CaseKind::Reference:
        return "reference";
    case CaseKind::Realistic:
        return "realistic";
    case CaseKind::Peak:
        return "peak";
    }
    return "";
}

void writeLibraries(JsonWriter& json, const BenchmarkLibraries& libs)
{
    const auto cudaText
        = [](const std::optional<long long>& code) { return code ? cudaVersionText(*code) : std::string(); };
    json.key("libraries").beginObject();
    json.key("driver").beginObject();
    json.key("path").string(libs.driver);
    json.key("cuda_version").number(libs.driverCudaVersion);
    json.key("cuda_version_text").string(cudaText(libs.driverCudaVersion));
    json.endObject();
    json.key("cudart").beginObject();
    json.key("path").string(libs.cudart);
    json.key("version").number(libs.cudartVersion);
    json.key("version_text").string(cudaText(libs.cudartVersion));
    json.endObject();
    json.key("cudnn").beginObject();
    json.key("path").string(libs.cudnn);
    json.key("version").number(libs.cudnnVersion);
    json.key("version_text").string(libs.cudnnVersion ? cudnnVersionText(*libs.cudnnVersion) : std::string());
    json.key("cudart_version").number(libs.cudnnCudartVersion);
    json.key("cudart_version_text").string(cudaText(libs.cudnnCudartVersion));
    json.endObject();
    json.endObject();
}

void writeGpu(JsonWriter& json, const std::optional<BenchmarkGpu>& gpu)
{
    json.key("gpu");
    if (!gpu) {
        json.null();
        return;
    }
    const GpuFacts& f = gpu->facts;
    json.beginObject();
    json.key("index").number(f.index);
    json.key("name").string(f.name);
    json.key("cc").string(std::to_string(f.computeCapabilityMajor) + '.' + std::to_string(f.computeCapabilityMinor));
    json.key("sms").number(f.multiprocessors);
    json.key("clock_khz").number(f.clockKhz);
    json.key("memory_bytes").number(f.memoryBytes);
    json.key("free_bytes")
        .number(gpu->freeBytes ? std::optional<long long>(static_cast<long long>(*gpu->freeBytes)) : std::nullopt);
    json.key("peak_fp32_tflops").decimal(gpu->peaks.fp32Tflops);
    json.key("peak_tf32_tensor_tflops").decimal(gpu->peaks.tf32TensorTflops);
    json.key("peak_fp16_tensor_tflops").decimal(gpu->peaks.fp16TensorTflops);
    json.endObject();
}

/** "ENGINE_12" for a graph-API engine, "IMPLICIT_PRECOMP_GEMM" for a legacy algorithm. */
std::string choiceName(const LayerChoice& choice)
{
    return choice.engine ? "ENGINE_" + std::to_string(choice.engine->globalIndex)
                         : convolutionAlgorithmName(choice.algorithm);
}

void writeTiming(JsonWriter& json, const std::optional<TimingSummary>& timing)
{
    if (!timing) {
        json.null();
        return;
    }
    json.beginObject();
    json.key("median").decimal(timing->median);
    json.key("min").decimal(timing->min);
    json.key("max").decimal(timing->max);
    json.key("p10").decimal(timing->p10);
    json.key("p90").decimal(timing->p90);
    json.key("runs").number(timing->runs);
    json.endObject();
}

void writeEngine(JsonWriter& json, const std::optional<EngineChoice>& engine)
{
    json.key("engine");
    if (!engine) {
        json.null();
        return;
    }
    json.beginObject();
    json.key("global_index").number(static_cast<long long>(engine->globalIndex));
    json.key("knobs").beginArray();
    for (const EngineKnob& knob : engine->knobs) {
        json.beginObject();
        json.key("type").string(knobTypeName(knob.type));
        json.key("type_id").number(knob.type);
        json.key("value").number(static_cast<long long>(knob.value));
        json.endObject();
    }
    json.endArray();
    json.key("numerical_notes").beginArray();
    for (const int note : engine->numericalNotes) {
        json.string(numericalNoteName(note));
    }
    json.endArray();
    json.key("behavior_notes").beginArray();
    for (const int note : engine->behaviorNotes) {
        json.number(note);
    }
    json.endArray();
    json.key("autotune").beginArray();
    for (const AutotuneSample& sample : engine->autotune) {
        json.beginObject();
        json.key("global_index").number(static_cast<long long>(sample.globalIndex));
        json.key("ms").decimal(sample.ms);
        json.key("error").string(sample.error);
        json.endObject();
    }
    json.endArray();
    json.endObject();
}

void writeLayer(JsonWriter& json, const ConvShape& s, const LayerChoice* choice)
{
    json.beginObject();
    json.key("n").number(s.n);
    json.key("c").number(s.c);
    json.key("h").number(s.h);
    json.key("w").number(s.w);
    json.key("k").number(s.k);
    json.key("r").number(s.r);
    json.key("s").number(s.s);
    json.key("pad_h").number(s.padH);
    json.key("pad_w").number(s.padW);
    json.key("stride_h").number(s.strideH);
    json.key("stride_w").number(s.strideW);
    json.key("p").number(s.p());
    json.key("q").number(s.q());
    json.key("algorithm").string(choice ? choiceName(*choice) : std::string());
    json.key("math").string(choice ? mathTypeName(choice->mathType) : std::string());
    json.key("workspace_bytes").number(choice ? static_cast<long long>(choice->workspaceBytes) : 0LL);
    writeEngine(json, choice ? choice->engine : std::nullopt);
    json.endObject();
}

void writeCase(JsonWriter& json, const CaseResult& c, const std::optional<BenchmarkGpu>& gpu)
{
    const BenchmarkCase& bc = c.benchCase;
    const int batch = c.batch > 0 ? c.batch : bc.batch();
    json.beginObject();
    json.key("name").string(bc.name);
    json.key("kind").string(kindName(bc.kind));
    json.key("precision").string(precisionName(bc.precision));
    json.key("layout").string(bc.layout == TensorLayout::Nhwc ? "nhwc" : "nchw");
    json.key("shape").string(shapeText(bc, batch));
    json.key("batch").number(c.batch);
    json.key("requested_batch").number(bc.batch());

    std::string algorithm;
    json.key("layers").beginArray();
    for (std::size_t i = 0; i < bc.layers.size(); ++i) {
        const LayerChoice* choice = i < c.layers.size() ? &c.layers[i] : nullptr;
        writeLayer(json, bc.layers[i].withBatch(batch), choice);
        if (choice) {
            algorithm += (algorithm.empty() ? "" : "+") + choiceName(*choice);
        }
    }
    json.endArray();
    json.key("api").string(c.api);
    json.key("api_reason").string(c.apiReason);
    json.key("algorithm").string(algorithm);
    json.key("algorithm_search").string(c.algorithmSearch);

    json.key("gpu_ms");
    writeTiming(json, c.gpuMs);
    json.key("host_cost");
    if (c.ran()) {
        json.beginObject();
        json.key("enqueue_ms").decimal(c.hostCost.enqueueMs);
        json.key("graph_ms");
        writeTiming(json, c.hostCost.graphMs);
        json.key("graph_error").string(c.hostCost.graphError);
        json.endObject();
    } else {
        json.null();
    }
    json.key("cpu_ms").decimal(c.cpuMs);
    json.key("cpu_images").number(c.cpuImages);
    json.key("cpu_scaled").boolean(c.cpuMs && c.cpuImages < c.batch);
    json.key("cpu_baseline").string(c.cpuBaseline);
    json.key("gflop").decimal(c.batch > 0 ? std::optional<double>(c.flops() / 1e9) : std::nullopt);
    json.key("tflops").decimal(c.tflops());
    json.key("percent_of_peak").decimal(gpu ? c.percentOfPeak(gpu->peaks) : std::nullopt);
    json.key("speedup").decimal(c.speedup());
    json.key("max_rel_error").decimal(c.maxRelativeError);
    json.key("tolerance").decimal(precisionTolerance(bc.precision));
    json.key("ok").boolean(c.ok());
    json.key("skipped").string(c.skipped);
    json.key("error").string(c.error);
    json.endObject();
}

void writeVerdict(JsonWriter& json, const Verdict& verdict)
{
    json.key("verdict").beginObject();
    json.key("code").string(verdictCodeText(verdict.code));
    json.key("message").string(verdict.message);
    json.key("speedup").decimal(verdict.speedup);
    json.key("reference_ms").decimal(verdict.referenceMs);
    json.key("reference_expected_ms").decimal(verdict.referenceExpectedMs);
    json.key("reference_limit_ms").decimal(verdict.referenceLimitMs);
    json.endObject();
}

} // namespace

std::string benchmarkReportJson(const BenchmarkResult& result)
{
    JsonWriter json;
    json.beginObject();
    writeProbeHeader(json);
    json.key("benchmark").beginObject();
    json.key("quick").boolean(result.quick);
    json.key("device").number(result.device);
    json.key("cpu_threads").number(result.cpuThreads);
    json.key("cpu_baseline").string(result.cpuBaseline);
    json.key("onednn").beginObject();
    json.key("library").string(result.onednnLibrary);
    json.key("version").string(result.onednnVersion);
    json.key("error").string(result.onednnError);
    json.endObject();
    json.endObject();
    writeLibraries(json, result.libraries);
    writeGpu(json, result.gpu);
    json.key("cases").beginArray();
    for (const CaseResult& c : result.cases) {
        writeCase(json, c, result.gpu);
    }
    json.endArray();
    writeVerdict(json, result.verdict);
    json.endObject();
    return json.str();
}

/** The report of a run the watchdog ended: what was measured, and why it says a call hangs. */
static std::string hangJson(const BenchmarkResult& soFar, const std::string& why, const std::string& activity)
{
    BenchmarkResult result = soFar;
    result.verdict = Verdict{};
    result.verdict.code = VerdictCode::Timeout;
    result.verdict.message = why + " It was at: " + activity + ". A driver or cuDNN call probably hangs.";
    return benchmarkReportJson(result);
}

std::string
benchmarkTimeoutJson(const BenchmarkResult& soFar, const std::string& activity, std::chrono::milliseconds limit)
{
    return hangJson(soFar, "The benchmark did not finish within " + std::to_string(limit.count()) + " ms.", activity);
}

std::string
benchmarkStallJson(const BenchmarkResult& soFar, const std::string& activity, std::chrono::milliseconds stall)
{
    return hangJson(soFar, "The benchmark made no progress for " + std::to_string(stall.count()) + " ms.", activity);
}

std::string benchmarkProgressJson(const BenchmarkResult& soFar, std::size_t index, std::size_t count, bool finished)
{
    JsonWriter json;
    json.beginObject();
    json.key("event").string(finished ? "case_finished" : "case_started");
    json.key("index").number(static_cast<long long>(index));
    json.key("count").number(static_cast<long long>(count));
    const std::vector<BenchmarkCase> planned = benchmarkCases(soFar.quick);
    json.key("name").string(finished && !soFar.cases.empty() ? soFar.cases.back().benchCase.name
                                : index < planned.size()     ? planned[index].name
                                                             : std::string());
    json.key("gpu").string(soFar.gpu ? soFar.gpu->facts.name : std::string());
    if (finished && !soFar.cases.empty()) {
        json.key("case");
        writeCase(json, soFar.cases.back(), soFar.gpu);
    }
    json.endObject();
    return json.str();
}

} // namespace cudnnsetup::runtime
