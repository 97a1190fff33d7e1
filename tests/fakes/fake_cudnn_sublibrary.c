/* Fake cuDNN sub-library (libcudnn_ops.so.9, cudnn_cnn64_9.dll, ...) for `cudnn-probe verify`: it only has to load,
 * or fail to load the way a real one does. Test double only.
 *   FAKE_NEEDS_ABSENT     link against libcudnnsetup_absent.so.1, which the scenario does not ship: a sub-library
 *                         whose dependency is missing (as zlibwapi.dll or libz.so.1 can be)
 *   FAKE_IMPORTS_ZLIB     Windows: import zlibVersion from zlibwapi.dll (cuDNN 8.3-8.9 sub-libraries do) */
#include "fake_export.h"

#ifdef FAKE_NEEDS_ABSENT
int fakeAbsentDependency(void);
#endif
#ifdef FAKE_IMPORTS_ZLIB
__declspec(dllimport) const char* zlibVersion(void);
#endif

FAKE_EXPORT int FAKE_STDCALL fakeCudnnSubLibrary(void)
{
#if defined(FAKE_NEEDS_ABSENT)
    return fakeAbsentDependency();
#elif defined(FAKE_IMPORTS_ZLIB)
    return zlibVersion() != 0;
#else
    return 1;
#endif
}
