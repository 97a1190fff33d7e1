/* Fake NVML (libnvidia-ml.so.1 / nvml.dll) for tests on machines without a GPU.
 *   FAKE_NVML_DRIVER_VERSION   the driver version string (default "550.144.03")
 * Like the real library, queries fail with NVML_ERROR_UNINITIALIZED before nvmlInit_v2 and after the matching
 * nvmlShutdown. */
#include "fake_export.h"

#include <string.h>

#ifndef FAKE_NVML_DRIVER_VERSION
#define FAKE_NVML_DRIVER_VERSION "550.144.03"
#endif

typedef int nvmlReturn_t;

enum {
    NVML_SUCCESS = 0,
    NVML_ERROR_UNINITIALIZED = 1,
    NVML_ERROR_INVALID_ARGUMENT = 2,
    NVML_ERROR_INSUFFICIENT_SIZE = 7,
};

static int initCount = 0;

FAKE_EXPORT nvmlReturn_t nvmlInit_v2(void)
{
    ++initCount;
    return NVML_SUCCESS;
}

FAKE_EXPORT nvmlReturn_t nvmlShutdown(void)
{
    if (initCount == 0) {
        return NVML_ERROR_UNINITIALIZED;
    }
    --initCount;
    return NVML_SUCCESS;
}

FAKE_EXPORT nvmlReturn_t nvmlSystemGetDriverVersion(char* version, unsigned int length)
{
    if (initCount == 0) {
        return NVML_ERROR_UNINITIALIZED;
    }
    if (!version) {
        return NVML_ERROR_INVALID_ARGUMENT;
    }
    if (length < sizeof FAKE_NVML_DRIVER_VERSION) {
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    memcpy(version, FAKE_NVML_DRIVER_VERSION, sizeof FAKE_NVML_DRIVER_VERSION);
    return NVML_SUCCESS;
}

FAKE_EXPORT const char* nvmlErrorString(nvmlReturn_t result)
{
    switch (result) {
    case NVML_SUCCESS:
        return "Success";
    case NVML_ERROR_UNINITIALIZED:
        return "Uninitialized";
    case NVML_ERROR_INVALID_ARGUMENT:
        return "Invalid Argument";
    case NVML_ERROR_INSUFFICIENT_SIZE:
        return "Insufficient Size";
    default:
        return "Unknown Error";
    }
}
