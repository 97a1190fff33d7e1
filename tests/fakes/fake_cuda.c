/* Fake CUDA driver API (libcuda.so.1 / nvcuda.dll) for tests on machines without a GPU.
 * The machine it pretends to be is chosen at build time:
 *   FAKE_GPU_COUNT        how many rows of the GPU table below exist (default 1)
 *   FAKE_CUINIT_RESULT    what cuInit returns (default 0; 100 = CUDA_ERROR_NO_DEVICE)
 *   FAKE_CUINIT_HANGS     1: cuInit never returns, like a wedged driver
 *   FAKE_DRIVER_VERSION   cuDriverGetVersion (default 12040 = CUDA 12.4)
 * Like the real driver, everything except cuDriverGetVersion and cuGetErrorName fails with
 * CUDA_ERROR_NOT_INITIALIZED until cuInit has succeeded. */
#include "fake_export.h"

#include <stddef.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <unistd.h>
#endif

#ifndef FAKE_GPU_COUNT
#define FAKE_GPU_COUNT 1
#endif
#ifndef FAKE_CUINIT_RESULT
#define FAKE_CUINIT_RESULT 0
#endif
#ifndef FAKE_CUINIT_HANGS
#define FAKE_CUINIT_HANGS 0
#endif
#ifndef FAKE_DRIVER_VERSION
#define FAKE_DRIVER_VERSION 12040
#endif

typedef int CUresult;
typedef int CUdevice;

enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_NO_DEVICE = 100,
    CUDA_ERROR_INVALID_DEVICE = 101,
};

enum {
    CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
};

struct FakeGpu
{
    const char* name;
    int major;
    int minor;
    int multiprocessors;
    int clockKhz;
    unsigned long long memoryBytes;
};

static const struct FakeGpu fakeGpus[] = {
    {"NVIDIA GeForce RTX 3060 Ti", 8, 6, 38, 1665000, 8ULL << 30},
    {"Tesla V100-SXM2-16GB", 7, 0, 80, 1530000, 16ULL << 30},
};

#if FAKE_GPU_COUNT < 0 || FAKE_GPU_COUNT > 2
#error "FAKE_GPU_COUNT must be 0, 1 or 2: add rows to fakeGpus for more"
#endif

static int initialized = 0;

static CUresult checkDevice(CUdevice device)
{
    if (!initialized) {
        return CUDA_ERROR_NOT_INITIALIZED;
    }
    return device >= 0 && device < FAKE_GPU_COUNT ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

FAKE_EXPORT CUresult FAKE_STDCALL cuInit(unsigned int flags)
{
    if (FAKE_CUINIT_HANGS) {
        for (;;) {
#ifdef _WIN32
            Sleep(1000);
#else
            sleep(1);
#endif
        }
    }
    if (flags != 0) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    if (FAKE_CUINIT_RESULT != CUDA_SUCCESS) {
        return FAKE_CUINIT_RESULT;
    }
    initialized = 1;
    return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult FAKE_STDCALL cuDriverGetVersion(int* version)
{
    if (!version) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *version = FAKE_DRIVER_VERSION;
    return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult FAKE_STDCALL cuDeviceGetCount(int* count)
{
    if (!initialized) {
        return CUDA_ERROR_NOT_INITIALIZED;
    }
    if (!count) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *count = FAKE_GPU_COUNT;
    return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult FAKE_STDCALL cuDeviceGet(CUdevice* device, int ordinal)
{
    const CUresult result = checkDevice(ordinal);
    if (result != CUDA_SUCCESS) {
        return result;
    }
    if (!device) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *device = ordinal;
    return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult FAKE_STDCALL cuDeviceGetName(char* name, int length, CUdevice device)
{
    const CUresult result = checkDevice(device);
    if (result != CUDA_SUCCESS) {
        return result;
    }
    if (!name || length <= 0) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    strncpy(name, fakeGpus[device].name, (size_t)length - 1);
    name[length - 1] = '\0';
    return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult FAKE_STDCALL cuDeviceGetAttribute(int* value, int attribute, CUdevice device)
{
    const CUresult result = checkDevice(device);
    if (result != CUDA_SUCCESS) {
        return result;
    }
    if (!value) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    switch (attribute) {
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
        *value = fakeGpus[device].major;
        return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
        *value = fakeGpus[device].minor;
        return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
        *value = fakeGpus[device].multiprocessors;
        return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
        *value = fakeGpus[device].clockKhz;
        return CUDA_SUCCESS;
    default:
        return CUDA_ERROR_INVALID_VALUE;
    }
}

FAKE_EXPORT CUresult FAKE_STDCALL cuDeviceTotalMem_v2(size_t* bytes, CUdevice device)
{
    const CUresult result = checkDevice(device);
    if (result != CUDA_SUCCESS) {
        return result;
    }
    if (!bytes) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *bytes = (size_t)fakeGpus[device].memoryBytes;
    return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult FAKE_STDCALL cuGetErrorName(CUresult error, const char** name)
{
    if (!name) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    switch (error) {
    case CUDA_SUCCESS:
        *name = "CUDA_SUCCESS";
        return CUDA_SUCCESS;
    case CUDA_ERROR_INVALID_VALUE:
        *name = "CUDA_ERROR_INVALID_VALUE";
        return CUDA_SUCCESS;
    case CUDA_ERROR_NOT_INITIALIZED:
        *name = "CUDA_ERROR_NOT_INITIALIZED";
        return CUDA_SUCCESS;
    case CUDA_ERROR_NO_DEVICE:
        *name = "CUDA_ERROR_NO_DEVICE";
        return CUDA_SUCCESS;
    case CUDA_ERROR_INVALID_DEVICE:
        *name = "CUDA_ERROR_INVALID_DEVICE";
        return CUDA_SUCCESS;
    default:
        *name = NULL;
        return CUDA_ERROR_INVALID_VALUE;
    }
}
