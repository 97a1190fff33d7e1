#pragma once

#include "runtime/BenchmarkResult.h"
#include "runtime/CudnnQuery.h"
#include "runtime/DriverQuery.h"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

/**
 * `cudnn-probe benchmark`: proves cuDNN accelerates convolutions on this GPU. Loads the driver, cuDNN and the CUDA
 * runtime at run time, runs every case on the GPU and on the CPU, compares the answers and decides a verdict.
 * Contract: docs/benchmark.md.
 */
namespace cudnnsetup::runtime {

/** The watchdog's default for the benchmark: searches and CPU baselines on a slow machine take minutes, not seconds. */
constexpr std::chrono::milliseconds kBenchmarkWatchdogLimit{300000};

struct BenchmarkOptions
{
    DriverLibraryNames driver = defaultDriverLibraryNames();
    std::vector<std::string> cudnn = cudnnfacts::mainLibraryCandidates();
    std::vector<std::string> cudart; // empty: defaultCudartLibraryNames() for the CUDA cuDNN was built for
    int device = 0;
    bool quick = false; // small batches and few runs, for tests on fakes
    bool onednn = true; // time the CPU side with oneDNN where it loads (false: the reference convolution)
    /** Told before each step that could block in a library: what is known so far and what comes next. */
    std::function<void(const BenchmarkResult& soFar, const std::string& activity)> onActivity;
    /** Told before each case (`finished` false) and after it (true, the case is soFar.cases.back()): `index` counts
     * from 0 of `count` cases. */
    std::function<void(const BenchmarkResult& soFar, std::size_t index, std::size_t count, bool finished)> onCase;
};

/** Never throws for anything a library does: failures become the verdict. */
BenchmarkResult runBenchmark(const BenchmarkOptions& options);

} // namespace cudnnsetup::runtime
