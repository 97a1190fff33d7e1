#include "runtime/CudartApi.h"

#include "runtime/DynamicLibrary.h"
#include "runtime/GpuCallError.h"
#include "runtime/VersionCodes.h"

#include <algorithm>
#include <type_traits>

namespace cudnnsetup::runtime {

void CudartApi::resolveGraphs(DynamicLibrary& library)
{
    missingGraphFunction.clear();
    const auto need = [&](auto& function, const char* name) {
        using Fn = std::remove_reference_t<decltype(function)>;
        function = library.symbol<Fn>(name);
        if (!function && missingGraphFunction.empty()) {
            missingGraphFunction = name;
        }
    };
    need(streamBeginCapture, "cudaStreamBeginCapture");
    need(streamEndCapture, "cudaStreamEndCapture");
    need(graphInstantiateWithFlags, "cudaGraphInstantiateWithFlags");
    need(graphLaunch, "cudaGraphLaunch");
    need(graphExecDestroy, "cudaGraphExecDestroy");
    need(graphDestroy, "cudaGraphDestroy");
}

bool CudartApi::resolve(DynamicLibrary& library)
{
    getDeviceCount = library.symbol<nv::CudaGetDeviceCountFn>("cudaGetDeviceCount");
    setDevice = library.symbol<nv::CudaSetDeviceFn>("cudaSetDevice");
    memGetInfo = library.symbol<nv::CudaMemGetInfoFn>("cudaMemGetInfo");
    deviceMalloc = library.symbol<nv::CudaMallocFn>("cudaMalloc");
    deviceFree = library.symbol<nv::CudaFreeFn>("cudaFree");
    copy = library.symbol<nv::CudaMemcpyFn>("cudaMemcpy");
    streamCreate = library.symbol<nv::CudaStreamCreateFn>("cudaStreamCreate");
    streamDestroy = library.symbol<nv::CudaStreamDestroyFn>("cudaStreamDestroy");
    streamSynchronize = library.symbol<nv::CudaStreamSynchronizeFn>("cudaStreamSynchronize");
    eventCreate = library.symbol<nv::CudaEventCreateFn>("cudaEventCreate");
    eventDestroy = library.symbol<nv::CudaEventDestroyFn>("cudaEventDestroy");
    eventRecord = library.symbol<nv::CudaEventRecordFn>("cudaEventRecord");
    eventSynchronize = library.symbol<nv::CudaEventSynchronizeFn>("cudaEventSynchronize");
    eventElapsedTime = library.symbol<nv::CudaEventElapsedTimeFn>("cudaEventElapsedTime");
    runtimeGetVersion = library.symbol<nv::CudaRuntimeGetVersionFn>("cudaRuntimeGetVersion");
    getErrorString = library.symbol<nv::CudaGetErrorStringFn>("cudaGetErrorString");
    const bool complete = getDeviceCount && setDevice && memGetInfo && deviceMalloc && deviceFree && copy
        && streamCreate && streamDestroy && streamSynchronize && eventCreate && eventDestroy && eventRecord
        && eventSynchronize && eventElapsedTime && runtimeGetVersion && getErrorString;
    if (complete) { // looked up last so a missing required symbol's error text is the one kept
        getErrorName = library.symbol<nv::CudaGetErrorNameFn>("cudaGetErrorName");
        resolveGraphs(library);
    }
    return complete;
}

std::string CudartApi::describe(nv::cudaError_t error) const
{
    std::string text = std::to_string(error);
    const char* name = getErrorName ? getErrorName(error) : nullptr;
    const char* words = getErrorString ? getErrorString(error) : nullptr;
    if (name && words) {
        text += std::string(" (") + name + ": " + words + ")";
    } else if (name || words) {
        text += std::string(" (") + (name ? name : words) + ")";
    }
    return text;
}

void CudartApi::check(nv::cudaError_t error, const char* call) const
{
    if (error != nv::cudaSuccess) {
        throw GpuCallError(GpuCallError::Library::CudaRuntime, std::string(call) + " returned " + describe(error));
    }
}

namespace {

/** The runtime's file name for a CUDA version code: 13000 -> libcudart.so.13, 11080 -> .so.11.0, 10020 -> .so.10.2. */
std::string cudartName(long long cudaVersion)
{
    const VersionTriple v = decodeCudaVersion(cudaVersion);
    // From CUDA 11 on the name carries the major only (11 kept a ".0"/"0"); before, major and minor.
    const std::string suffix = v.major >= 12 ? std::to_string(v.major)
        : v.major == 11                      ? std::string("11.0")
                                             : std::to_string(v.major) + '.' + std::to_string(v.minor);
#ifdef _WIN32
    std::string digits;
    for (char c : suffix) {
        if (c != '.') {
            digits += c;
        }
    }
    return "cudart64_" + digits + ".dll";
#else
    return "libcudart.so." + suffix;
#endif
}

} // namespace

std::vector<std::string> defaultCudartLibraryNames(std::optional<long long> preferredCudaVersion)
{
    std::vector<std::string> names;
    if (preferredCudaVersion && *preferredCudaVersion > 0) {
        names.push_back(cudartName(*preferredCudaVersion));
    }
    for (long long version : {13000LL, 12000LL, 11000LL}) {
        std::string name = cudartName(version);
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            names.push_back(std::move(name));
        }
    }
    return names;
}

} // namespace cudnnsetup::runtime
