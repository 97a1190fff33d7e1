#include "runtime/CudnnQuery.h"

#include "runtime/DynamicLibrary.h"
#include "runtime/ErrorList.h"
#include "runtime/NvidiaApi.h"

namespace cudnnsetup::runtime {

namespace {

void readVersions(DynamicLibrary& library, CudnnFacts& facts)
{
    if (const auto getVersion = library.symbol<nv::CudnnGetVersionFn>("cudnnGetVersion")) {
        facts.version = static_cast<long long>(getVersion());
    } else {
        appendError(facts.error, library.lastError());
    }
    if (const auto getCudartVersion = library.symbol<nv::CudnnGetCudartVersionFn>("cudnnGetCudartVersion")) {
        facts.cudartVersion = static_cast<long long>(getCudartVersion());
    } else {
        appendError(facts.error, library.lastError());
    }
}

} // namespace

CudnnFacts queryCudnn(const std::vector<std::string>& candidates)
{
    CudnnFacts facts;
    for (const std::string& name : candidates) {
        DynamicLibrary library;
        if (!library.open(name)) {
            facts.tried.push_back({name, library.lastError()});
            continue;
        }
        facts.tried.push_back({name, {}});
        facts.loaded = true;
        facts.requested = name;
        readVersions(library, facts);
        facts.path = library.loadedPath(); // after a lookup: some systems find the path through a symbol
        return facts;
    }
    if (candidates.empty()) {
        facts.error = "no cuDNN library name to try";
        return facts;
    }
    facts.requested = candidates.front();
    facts.error = facts.tried.front().error;
    return facts;
}

} // namespace cudnnsetup::runtime
