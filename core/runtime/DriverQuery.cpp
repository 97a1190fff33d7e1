#include "runtime/DriverQuery.h"

#include "runtime/DynamicLibrary.h"
#include "runtime/ErrorList.h"
#include "runtime/NvidiaApi.h"

namespace cudnnsetup::runtime {

namespace {

/** The driver API functions the probe needs; resolve() fails on the first one missing. */
struct CudaDriverApi
{
    nv::CuInitFn init = nullptr;
    nv::CuDriverGetVersionFn driverGetVersion = nullptr;
    nv::CuDeviceGetCountFn deviceGetCount = nullptr;
    nv::CuDeviceGetFn deviceGet = nullptr;
    nv::CuDeviceGetNameFn deviceGetName = nullptr;
    nv::CuDeviceGetAttributeFn deviceGetAttribute = nullptr;
    nv::CuDeviceTotalMemV2Fn deviceTotalMem = nullptr;
    nv::CuGetErrorNameFn getErrorName = nullptr; // optional

    bool resolve(DynamicLibrary& library)
    {
        init = library.symbol<nv::CuInitFn>("cuInit");
        driverGetVersion = library.symbol<nv::CuDriverGetVersionFn>("cuDriverGetVersion");
        deviceGetCount = library.symbol<nv::CuDeviceGetCountFn>("cuDeviceGetCount");
        deviceGet = library.symbol<nv::CuDeviceGetFn>("cuDeviceGet");
        deviceGetName = library.symbol<nv::CuDeviceGetNameFn>("cuDeviceGetName");
        deviceGetAttribute = library.symbol<nv::CuDeviceGetAttributeFn>("cuDeviceGetAttribute");
        deviceTotalMem = library.symbol<nv::CuDeviceTotalMemV2Fn>("cuDeviceTotalMem_v2");
        const bool complete = init && driverGetVersion && deviceGetCount && deviceGet && deviceGetName
            && deviceGetAttribute && deviceTotalMem;
        if (complete) { // looked up last so a missing required symbol's error text is the one kept
            getErrorName = library.symbol<nv::CuGetErrorNameFn>("cuGetErrorName");
        }
        return complete;
    }

    /** "100 (CUDA_ERROR_NO_DEVICE)", or just "100" where the driver cannot name it. */
    std::string describe(nv::CUresult result) const
    {
        std::string text = std::to_string(result);
        const char* name = nullptr;
        if (getErrorName && getErrorName(result, &name) == nv::CUDA_SUCCESS && name) {
            text += std::string(" (") + name + ")";
        }
        return text;
    }
};

std::optional<GpuFacts> queryGpu(const CudaDriverApi& api, int index, std::string& errors)
{
    const std::string gpu = "GPU " + std::to_string(index);
    auto succeeded = [&](nv::CUresult result, const char* call) {
        if (result != nv::CUDA_SUCCESS) {
            appendError(errors, std::string(call) + " for " + gpu + " returned " + api.describe(result));
        }
        return result == nv::CUDA_SUCCESS;
    };

    GpuFacts facts;
    facts.index = index;
    nv::CUdevice device = 0;
    if (!succeeded(api.deviceGet(&device, index), "cuDeviceGet")) {
        return std::nullopt;
    }
    char name[256] = {};
    if (!succeeded(api.deviceGetName(name, static_cast<int>(sizeof name), device), "cuDeviceGetName")) {
        return std::nullopt;
    }
    name[sizeof name - 1] = '\0';
    facts.name = name;

    const struct
    {
        int attribute;
        int* target;
    } attributes[] = {
        {nv::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &facts.computeCapabilityMajor},
        {nv::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &facts.computeCapabilityMinor},
        {nv::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &facts.multiprocessors},
        {nv::CU_DEVICE_ATTRIBUTE_CLOCK_RATE, &facts.clockKhz},
    };
    for (const auto& entry : attributes) {
        const std::string call = "cuDeviceGetAttribute(" + std::to_string(entry.attribute) + ")";
        if (!succeeded(api.deviceGetAttribute(entry.target, entry.attribute, device), call.c_str())) {
            return std::nullopt;
        }
    }
    std::size_t bytes = 0;
    if (!succeeded(api.deviceTotalMem(&bytes, device), "cuDeviceTotalMem_v2")) {
        return std::nullopt;
    }
    facts.memoryBytes = bytes;
    return facts;
}

void queryCudaDriver(const std::string& name, DriverFacts& facts)
{
    DynamicLibrary library;
    if (!library.open(name)) {
        facts.error = library.lastError();
        return;
    }
    facts.loaded = true;
    CudaDriverApi api;
    const bool resolved = api.resolve(library);
    facts.library = library.loadedPath(); // after a lookup: some systems find the path through a symbol
    if (!resolved) {
        facts.error = library.lastError();
        return;
    }

    // Allowed before cuInit, so a driver whose cuInit fails still tells which CUDA it supports.
    int version = 0;
    const nv::CUresult versionResult = api.driverGetVersion(&version);
    if (versionResult == nv::CUDA_SUCCESS) {
        facts.cudaDriverVersion = version;
    } else {
        appendError(facts.error, "cuDriverGetVersion returned " + api.describe(versionResult));
    }

    // An initialised driver may run threads inside the library; unloading it under them is not safe.
    library.keepLoadedUntilExit();
    const nv::CUresult initResult = api.init(0);
    facts.initResult = initResult;
    if (initResult != nv::CUDA_SUCCESS) {
        appendError(facts.error, "cuInit(0) returned " + api.describe(initResult));
        return;
    }

    int count = 0;
    const nv::CUresult countResult = api.deviceGetCount(&count);
    if (countResult != nv::CUDA_SUCCESS) {
        appendError(facts.error, "cuDeviceGetCount returned " + api.describe(countResult));
        return;
    }
    for (int index = 0; index < count; ++index) {
        if (auto gpu = queryGpu(api, index, facts.error)) {
            facts.gpus.push_back(std::move(*gpu));
        }
    }
}

void queryNvml(const std::string& name, DriverFacts& facts)
{
    DynamicLibrary library;
    if (!library.open(name)) {
        facts.nvmlError = library.lastError();
        return;
    }
    const auto init = library.symbol<nv::NvmlInitV2Fn>("nvmlInit_v2");
    const auto getDriverVersion = library.symbol<nv::NvmlSystemGetDriverVersionFn>("nvmlSystemGetDriverVersion");
    const auto shutdown = library.symbol<nv::NvmlShutdownFn>("nvmlShutdown");
    facts.nvmlLibrary = library.loadedPath(); // after a lookup: some systems find the path through a symbol
    if (!init || !getDriverVersion || !shutdown) {
        facts.nvmlError = library.lastError();
        return;
    }
    const auto errorString = library.symbol<nv::NvmlErrorStringFn>("nvmlErrorString"); // optional
    auto describe = [errorString](nv::nvmlReturn_t result) {
        std::string text = std::to_string(result);
        const char* words = errorString ? errorString(result) : nullptr;
        return words ? text + " (" + words + ")" : text;
    };

    const nv::nvmlReturn_t initResult = init();
    if (initResult != nv::NVML_SUCCESS) {
        facts.nvmlError = "nvmlInit_v2 returned " + describe(initResult);
        return;
    }
    char version[nv::NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE] = {};
    const nv::nvmlReturn_t versionResult = getDriverVersion(version, sizeof version);
    if (versionResult == nv::NVML_SUCCESS) {
        version[sizeof version - 1] = '\0';
        facts.version = version;
    } else {
        facts.nvmlError = "nvmlSystemGetDriverVersion returned " + describe(versionResult);
    }
    shutdown();
}

} // namespace

DriverLibraryNames defaultDriverLibraryNames()
{
#ifdef _WIN32
    return {"nvcuda.dll", "nvml.dll"};
#else
    return {"libcuda.so.1", "libnvidia-ml.so.1"};
#endif
}

DriverFacts queryDriver(const DriverLibraryNames& names)
{
    DriverFacts facts;
    queryCudaDriver(names.cuda, facts);
    queryNvml(names.nvml, facts);
    return facts;
}

} // namespace cudnnsetup::runtime
