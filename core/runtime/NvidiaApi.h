#pragma once

#include <cstddef>

/**
 * The slice of NVIDIA's C ABI the probe calls, declared here so nothing includes or links NVIDIA headers or
 * libraries. Values are from cuda.h, nvml.h and cudnn.h; only functions present in every driver since CUDA 10
 * and every cuDNN since 7 are required.
 */

// cuda.h and cudnn.h use __stdcall on Windows (CUDAAPI, CUDNNWINAPI); nvml.h uses the default convention.
#ifdef _WIN32
#define CUDNN_SETUP_NV_STDCALL __stdcall
#else
#define CUDNN_SETUP_NV_STDCALL
#endif

namespace cudnnsetup::runtime::nv {

// ---- CUDA driver API: libcuda.so.1 / nvcuda.dll ----
using CUresult = int;
using CUdevice = int;
constexpr CUresult CUDA_SUCCESS = 0;

/** CUdevice_attribute values the probe reads. */
enum CuDeviceAttribute : int {
    CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13, // kHz
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
};

using CuInitFn = CUresult(CUDNN_SETUP_NV_STDCALL*)(unsigned int flags);
using CuDriverGetVersionFn = CUresult(CUDNN_SETUP_NV_STDCALL*)(int* version);
using CuDeviceGetCountFn = CUresult(CUDNN_SETUP_NV_STDCALL*)(int* count);
using CuDeviceGetFn = CUresult(CUDNN_SETUP_NV_STDCALL*)(CUdevice* device, int ordinal);
using CuDeviceGetNameFn = CUresult(CUDNN_SETUP_NV_STDCALL*)(char* name, int length, CUdevice device);
using CuDeviceGetAttributeFn = CUresult(CUDNN_SETUP_NV_STDCALL*)(int* value, int attribute, CUdevice device);
using CuDeviceTotalMemV2Fn = CUresult(CUDNN_SETUP_NV_STDCALL*)(std::size_t* bytes, CUdevice device);
/** Optional (CUDA 6.0+): "CUDA_ERROR_NO_DEVICE" for 100. */
using CuGetErrorNameFn = CUresult(CUDNN_SETUP_NV_STDCALL*)(CUresult error, const char** name);

// ---- NVML: libnvidia-ml.so.1 / nvml.dll ----
using nvmlReturn_t = int;
constexpr nvmlReturn_t NVML_SUCCESS = 0;
constexpr unsigned int NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE = 80;

using NvmlInitV2Fn = nvmlReturn_t (*)();
using NvmlShutdownFn = nvmlReturn_t (*)();
using NvmlSystemGetDriverVersionFn = nvmlReturn_t (*)(char* version, unsigned int length);
/** Optional: "Uninitialized", "Driver Not Loaded", ... */
using NvmlErrorStringFn = const char* (*)(nvmlReturn_t result);

// ---- cuDNN: libcudnn.so.N / cudnn64_N.dll ----
using CudnnGetVersionFn = std::size_t(CUDNN_SETUP_NV_STDCALL*)();
using CudnnGetCudartVersionFn = std::size_t(CUDNN_SETUP_NV_STDCALL*)();

} // namespace cudnnsetup::runtime::nv
