/* Fake CUDA toolkit runtime DLLs of a Windows toolkit's bin (cudart64_110.dll, cublas64_11.dll, cublasLt64_11.dll)
 * for the Windows product tests under wine: what the fake cuDNN 8 DLLs import. Test double only.
 *   FAKE_CUDART   export cudaRuntimeGetVersion (FAKE_CUDART_VERSION, default 11030)
 *   FAKE_CUBLAS   export cublasGetVersion_v2 (11.4.2 for CUDA 11.3)
 *   FAKE_CUBLASLT export cublasLtGetVersion */
#include "fake_export.h"

#include <stddef.h>

#ifndef FAKE_CUDART_VERSION
#define FAKE_CUDART_VERSION 11030
#endif

#ifdef FAKE_CUDART
FAKE_EXPORT int FAKE_STDCALL cudaRuntimeGetVersion(int* version)
{
    if (!version) {
        return 1;
    }
    *version = FAKE_CUDART_VERSION;
    return 0;
}
#endif

#ifdef FAKE_CUBLAS
FAKE_EXPORT int FAKE_STDCALL cublasGetVersion_v2(void* handle, int* version)
{
    (void)handle;
    if (!version) {
        return 7; /* CUBLAS_STATUS_INVALID_VALUE */
    }
    *version = 11402;
    return 0;
}
#endif

#ifdef FAKE_CUBLASLT
FAKE_EXPORT size_t FAKE_STDCALL cublasLtGetVersion(void)
{
    return 11402;
}
#endif

FAKE_EXPORT int fakeCudaToolkitDll(void)
{
    return 1;
}
