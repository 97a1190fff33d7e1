#pragma once

#include "cudnnfacts/CudnnLibraryNames.h"

#include <optional>
#include <string>
#include <vector>

/** Which cuDNN a program would load, and what that library says it is (`cudnn-probe cudnn`). */
namespace cudnnsetup::runtime {

/** One name handed to the loader, and the loader's error ("" for the one that loaded). */
struct CudnnAttempt
{
    std::string name;
    std::string error;
};

struct CudnnFacts
{
    bool loaded = false;
    std::string requested; // the name that loaded; the first candidate when none did
    std::string path; // absolute path the loader picked
    std::optional<long long> version; // cudnnGetVersion(): 91900
    std::optional<long long> cudartVersion; // cudnnGetCudartVersion(): CUDA runtime it was built for, 13000
    std::string error; // first loader error when nothing loaded, or a missing symbol; empty when all went well
    std::vector<CudnnAttempt> tried; // in order, up to and including the one that loaded
};

/** Loads the first candidate the loader accepts (newest major first by default) and reads its versions. */
CudnnFacts queryCudnn(const std::vector<std::string>& candidates = cudnnfacts::mainLibraryCandidates());

} // namespace cudnnsetup::runtime
