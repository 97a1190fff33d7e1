/* The dependency a fake cuDNN sub-library links against and no scenario ships (libcudnnsetup_absent.so.1). */
#include "fake_export.h"

FAKE_EXPORT int fakeAbsentDependency(void)
{
    return 1;
}
