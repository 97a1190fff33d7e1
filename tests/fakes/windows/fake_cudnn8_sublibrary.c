/* Fake cuDNN 8 sub-library (cudnn_ops_infer64_8.dll, cudnn_cnn_train64_8.dll, ...) for the Windows product tests
 * under wine. Test double only: it has to load, and to fail to load, the way a real one does, so its import table
 * repeats the real DLL's where the loader cares (cuDNN 8 API reference, "library dependencies"):
 *   ops_infer  -> cublas64_11.dll, cublasLt64_11.dll (the CUDA 11 cuBLAS of the toolkit's bin)
 *   ops_train  -> ops_infer;  cnn_infer -> ops_infer;  cnn_train -> ops_infer, ops_train, cnn_infer
 *   adv_infer  -> ops_infer;  adv_train -> ops_infer, ops_train, adv_infer
 *   FAKE_SELF             this library's stem (ops_infer, ...): it exports fakeCudnn8_<stem>()
 *   FAKE_IMPORTS_<STEM>   import fakeCudnn8_<stem>() from that sibling (OPS_INFER, OPS_TRAIN, CNN_INFER, ADV_INFER)
 *   FAKE_IMPORTS_CUBLAS   import cublasGetVersion_v2 / cublasLtGetVersion from the toolkit's cuBLAS
 *   FAKE_IMPORTS_ZLIB     import zlibVersion from zlibwapi.dll (cuDNN 8.3-8.9) */
#include "fake_export.h"

#include <stddef.h>

#define FAKE_CAT(a, b) a##b
#define FAKE_FUNCTION(stem) FAKE_CAT(fakeCudnn8_, stem)

#ifdef FAKE_IMPORTS_OPS_INFER
__declspec(dllimport) int fakeCudnn8_ops_infer(void);
#endif
#ifdef FAKE_IMPORTS_OPS_TRAIN
__declspec(dllimport) int fakeCudnn8_ops_train(void);
#endif
#ifdef FAKE_IMPORTS_CNN_INFER
__declspec(dllimport) int fakeCudnn8_cnn_infer(void);
#endif
#ifdef FAKE_IMPORTS_ADV_INFER
__declspec(dllimport) int fakeCudnn8_adv_infer(void);
#endif
#ifdef FAKE_IMPORTS_CUBLAS
__declspec(dllimport) int __stdcall cublasGetVersion_v2(void* handle, int* version);
__declspec(dllimport) size_t __stdcall cublasLtGetVersion(void);
#endif
#ifdef FAKE_IMPORTS_ZLIB
__declspec(dllimport) const char* zlibVersion(void);
#endif

FAKE_EXPORT int FAKE_FUNCTION(FAKE_SELF)(void)
{
    int loaded = 1;
#ifdef FAKE_IMPORTS_OPS_INFER
    loaded += fakeCudnn8_ops_infer();
#endif
#ifdef FAKE_IMPORTS_OPS_TRAIN
    loaded += fakeCudnn8_ops_train();
#endif
#ifdef FAKE_IMPORTS_CNN_INFER
    loaded += fakeCudnn8_cnn_infer();
#endif
#ifdef FAKE_IMPORTS_ADV_INFER
    loaded += fakeCudnn8_adv_infer();
#endif
#ifdef FAKE_IMPORTS_CUBLAS
    int version = 0;
    loaded += cublasGetVersion_v2(NULL, &version) == 0 && cublasLtGetVersion() > 0;
#endif
#ifdef FAKE_IMPORTS_ZLIB
    loaded += zlibVersion() != NULL;
#endif
    return loaded;
}
