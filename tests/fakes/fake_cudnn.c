/* Fake cuDNN (libcudnn.so.N / cudnn64_N.dll): version queries and error strings, for tests on machines without cuDNN.
 * Linked alone for the cudnn command's scenarios; with fake_cudnn_conv.cpp for the benchmark's.
 *   FAKE_CUDNN_VERSION    cudnnGetVersion() (default 91000 = 9.10.0)
 *   FAKE_CUDART_VERSION   cudnnGetCudartVersion() (default 12080 = CUDA 12.8) */
#include "fake_export.h"

#include <stddef.h>

#ifndef FAKE_CUDNN_VERSION
#define FAKE_CUDNN_VERSION 91000
#endif
#ifndef FAKE_CUDART_VERSION
#define FAKE_CUDART_VERSION 12080
#endif

typedef int cudnnStatus_t;

FAKE_EXPORT size_t FAKE_STDCALL cudnnGetVersion(void)
{
    return FAKE_CUDNN_VERSION;
}

FAKE_EXPORT size_t FAKE_STDCALL cudnnGetCudartVersion(void)
{
    return FAKE_CUDART_VERSION;
}

/* cuDNN 9 renumbered the status codes (1001, 2000, 3000, ...); earlier majors count 1, 2, 3, ... */
#if FAKE_CUDNN_VERSION >= 90000
enum {
    STATUS_NOT_INITIALIZED = 1001,
    STATUS_BAD_PARAM = 2000,
    STATUS_BAD_PARAM_NULL_POINTER = 2002,
    STATUS_NOT_SUPPORTED = 3000,
    STATUS_ALLOC_FAILED = 4003,
    STATUS_EXECUTION_FAILED = 5000,
};
#else
enum {
    STATUS_NOT_INITIALIZED = 1,
    STATUS_BAD_PARAM = 3,
    STATUS_BAD_PARAM_NULL_POINTER = -1, /* no such code before 9 */
    STATUS_NOT_SUPPORTED = 9,
    STATUS_ALLOC_FAILED = 2,
    STATUS_EXECUTION_FAILED = 8,
};
#endif

FAKE_EXPORT const char* FAKE_STDCALL cudnnGetErrorString(cudnnStatus_t status)
{
    switch (status) {
    case 0:
        return "CUDNN_STATUS_SUCCESS";
    case STATUS_NOT_INITIALIZED:
        return "CUDNN_STATUS_NOT_INITIALIZED";
    case STATUS_BAD_PARAM:
        return "CUDNN_STATUS_BAD_PARAM";
    case STATUS_BAD_PARAM_NULL_POINTER:
        return "CUDNN_STATUS_BAD_PARAM_NULL_POINTER";
    case STATUS_NOT_SUPPORTED:
        return "CUDNN_STATUS_NOT_SUPPORTED";
    case STATUS_ALLOC_FAILED:
        return FAKE_CUDNN_VERSION >= 90000 ? "CUDNN_STATUS_INTERNAL_ERROR_HOST_ALLOCATION_FAILED"
                                           : "CUDNN_STATUS_ALLOC_FAILED";
    case STATUS_EXECUTION_FAILED:
        return "CUDNN_STATUS_EXECUTION_FAILED";
    default:
        return "CUDNN_STATUS_UNKNOWN_ERROR";
    }
}
