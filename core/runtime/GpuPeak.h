#pragma once

#include <optional>
#include <string>

/** A GPU's theoretical dense throughput, from its architecture (GpuPeakTable.h), SM count and clock. */
namespace cudnnsetup::runtime {

struct GpuPeaks
{
    std::optional<double> fp32Tflops; // CUDA-core FMA
    std::optional<double> tf32TensorTflops;
    std::optional<double> fp16TensorTflops; // FP16 inputs, FP32 accumulation
};

/** Empty optionals for an architecture the table does not know, or for one without that kind of unit. */
GpuPeaks gpuPeaks(int ccMajor, int ccMinor, int multiprocessors, int clockKhz, const std::string& name);

} // namespace cudnnsetup::runtime
