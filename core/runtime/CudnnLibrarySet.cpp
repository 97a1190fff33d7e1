#include "runtime/CudnnLibrarySet.h"

namespace cudnnsetup::runtime {

namespace {

// Stems in the order of cudnn-files.json. Linux: lib<stem>.so.<major>; Windows: <stem>64_<major>.dll.
std::vector<std::string> stems(int major)
{
    switch (major) {
    case 7:
        return {"cudnn"};
    case 8:
        return {"cudnn",
                "cudnn_ops_infer",
                "cudnn_ops_train",
                "cudnn_cnn_infer",
                "cudnn_cnn_train",
                "cudnn_adv_infer",
                "cudnn_adv_train"};
    case 9:
        return {"cudnn",
                "cudnn_graph",
                "cudnn_ops",
                "cudnn_cnn",
                "cudnn_adv",
                "cudnn_engines_precompiled",
                "cudnn_engines_runtime_compiled",
                "cudnn_heuristic"};
    default:
        return {};
    }
}

} // namespace

std::vector<std::string> cudnnRuntimeLibraries(int major, LibraryNaming naming)
{
    std::vector<std::string> names;
    for (const std::string& stem : stems(major)) {
        names.push_back(naming == LibraryNaming::Windows ? stem + "64_" + std::to_string(major) + ".dll"
                                                         : "lib" + stem + ".so." + std::to_string(major));
    }
    return names;
}

std::vector<std::string> cudnnSubLibraries(int major, LibraryNaming naming)
{
    std::vector<std::string> names = cudnnRuntimeLibraries(major, naming);
    if (!names.empty()) {
        names.erase(names.begin());
    }
    return names;
}

std::vector<int> knownCudnnMajors()
{
    return {7, 8, 9};
}

} // namespace cudnnsetup::runtime
