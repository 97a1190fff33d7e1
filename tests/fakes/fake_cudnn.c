/* Minimal fake cuDNN (libcudnn.so.N / cudnn64_N.dll): version queries only, for tests on machines without cuDNN.
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
enum { STATUS_NOT_INITIALIZED = 1001, STATUS_BAD_PARAM = 2000, STATUS_NOT_SUPPORTED = 3000 };
#else
enum { STATUS_NOT_INITIALIZED = 1, STATUS_BAD_PARAM = 3, STATUS_NOT_SUPPORTED = 9 };
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
    case STATUS_NOT_SUPPORTED:
        return "CUDNN_STATUS_NOT_SUPPORTED";
    default:
        return "CUDNN_STATUS_UNKNOWN_ERROR";
    }
}
