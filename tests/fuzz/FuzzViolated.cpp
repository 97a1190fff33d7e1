// FuzzTarget::violated() under libFuzzer: abort, which libFuzzer reports as a crash and saves the input of.

#include "FuzzTarget.h"

#include <cstdio>
#include <cstdlib>

[[noreturn]] void FuzzTarget::violated(const char* what)
{
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
}
