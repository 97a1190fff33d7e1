#include "runtime/ProbeReport.h"

#include "runtime/JsonWriter.h"
#include "runtime/Platform.h"
#include "runtime/VersionCodes.h"

namespace cudnnsetup::runtime {

void writeProbeHeader(JsonWriter& json)
{
    json.key("probe").beginObject();
    json.key("version").number(kProbeJsonVersion);
    json.key("platform").string(platformName());
    json.endObject();
}

namespace {

std::string cudaText(const std::optional<long long>& code)
{
    return code ? cudaVersionText(*code) : std::string();
}

void writeGpuFacts(JsonWriter& json, const GpuFacts& gpu)
{
    json.beginObject();
    json.key("index").number(gpu.index);
    json.key("name").string(gpu.name);
    json.key("compute_capability")
        .string(std::to_string(gpu.computeCapabilityMajor) + '.' + std::to_string(gpu.computeCapabilityMinor));
    json.key("memory_bytes").number(gpu.memoryBytes);
    json.key("multiprocessors").number(gpu.multiprocessors);
    json.key("clock_khz").number(gpu.clockKhz);
    json.endObject();
}

} // namespace

std::string driverReportJson(const DriverFacts& facts)
{
    const std::optional<long long> cudaDriverVersion = facts.cudaDriverVersion;
    JsonWriter json;
    json.beginObject();
    writeProbeHeader(json);

    json.key("driver").beginObject();
    json.key("loaded").boolean(facts.loaded);
    json.key("library").string(facts.library);
    json.key("error").string(facts.error);
    json.key("init_result").number(facts.initResult);
    json.key("cuda_driver_version").number(cudaDriverVersion);
    json.key("cuda_driver_version_text").string(cudaText(cudaDriverVersion));
    json.key("version").string(facts.version);
    json.key("nvml_library").string(facts.nvmlLibrary);
    json.key("nvml_error").string(facts.nvmlError);
    json.endObject();

    json.key("gpus").beginArray();
    for (const GpuFacts& gpu : facts.gpus) {
        writeGpuFacts(json, gpu);
    }
    json.endArray();

    json.endObject();
    return json.str();
}

std::string cudnnReportJson(const CudnnFacts& facts)
{
    JsonWriter json;
    json.beginObject();
    writeProbeHeader(json);

    json.key("cudnn").beginObject();
    json.key("loaded").boolean(facts.loaded);
    json.key("requested").string(facts.requested);
    json.key("path").string(facts.path);
    json.key("version").number(facts.version);
    json.key("version_text").string(facts.version ? cudnnVersionText(*facts.version) : std::string());
    json.key("cudart_version").number(facts.cudartVersion);
    json.key("cudart_version_text").string(cudaText(facts.cudartVersion));
    json.key("error").string(facts.error);
    json.key("tried").beginArray();
    for (const CudnnAttempt& attempt : facts.tried) {
        json.beginObject().key("name").string(attempt.name).key("error").string(attempt.error).endObject();
    }
    json.endArray();
    json.endObject();

    json.endObject();
    return json.str();
}

} // namespace cudnnsetup::runtime
