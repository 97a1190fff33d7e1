/* Stand-in for a Windows toolkit's bin\nvcc.exe (test double): prints what `nvcc --version` of that toolkit prints.
 *   FAKE_NVCC_RELEASE   "11.3"        FAKE_NVCC_BUILD   "V11.3.58" */
#include <stdio.h>
#include <string.h>

#ifndef FAKE_NVCC_RELEASE
#define FAKE_NVCC_RELEASE "11.3"
#endif
#ifndef FAKE_NVCC_BUILD
#define FAKE_NVCC_BUILD "V11.3.58"
#endif

int main(int argc, char** argv)
{
    if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        printf("nvcc: NVIDIA (R) Cuda compiler driver\n"
               "Copyright (c) 2005-2021 NVIDIA Corporation\n"
               "Cuda compilation tools, release " FAKE_NVCC_RELEASE ", " FAKE_NVCC_BUILD "\n"
               "Build cuda_" FAKE_NVCC_RELEASE ".r" FAKE_NVCC_RELEASE "/compiler.test-double_0\n");
        return 0;
    }
    fprintf(stderr, "nvcc fatal   : No input files specified; use option --help for more information\n");
    return 1;
}
