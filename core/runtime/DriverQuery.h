#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/** What the NVIDIA driver says about itself and the GPUs it drives (`cudnn-probe driver`). */
namespace cudnnsetup::runtime {

struct GpuFacts
{
    int index = 0;
    std::string name;
    int computeCapabilityMajor = 0;
    int computeCapabilityMinor = 0;
    std::uint64_t memoryBytes = 0;
    int multiprocessors = 0;
    int clockKhz = 0;
};

struct DriverFacts
{
    // CUDA driver API library
    bool loaded = false;
    std::string library; // absolute path the loader picked
    std::string error; // loader error, missing symbol or failed call; empty when all went well
    std::optional<int> initResult; // cuInit(0) CUresult; empty when cuInit was never called
    std::optional<int> cudaDriverVersion; // cuDriverGetVersion(): 12040
    // NVML
    std::string version; // nvmlSystemGetDriverVersion(): "550.144.03"
    std::string nvmlLibrary;
    std::string nvmlError;

    std::vector<GpuFacts> gpus; // filled only when cuInit succeeded
};

/** Which files to load; bare names by default so the platform's search order decides. */
struct DriverLibraryNames
{
    std::string cuda;
    std::string nvml;
};

/** libcuda.so.1 + libnvidia-ml.so.1, or nvcuda.dll + nvml.dll. */
DriverLibraryNames defaultDriverLibraryNames();

/** Loads both libraries and asks them. Never throws for anything a library reports: it lands in the facts. */
DriverFacts queryDriver(const DriverLibraryNames& names = defaultDriverLibraryNames());

} // namespace cudnnsetup::runtime
