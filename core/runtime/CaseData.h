#pragma once

#include "runtime/BenchmarkCases.h"

#include <cstdint>
#include <vector>

/** The host tensors one case starts from, identical for the GPU and the CPU reference. */
namespace cudnnsetup::runtime {

struct CaseData
{
    std::vector<float> input; // first layer's x, `batch` images, in the case's layout
    std::vector<std::vector<float>> filters; // one per layer
};

/**
 * Uniform values from a fixed seed: inputs in [-1, 1), filters scaled by sqrt(3 / (C*R*S)) so every layer's output
 * keeps about the input's magnitude. For FP16 cases every value is already rounded to FP16, so the CPU reference
 * sees exactly the numbers the GPU sees.
 */
CaseData makeCaseData(const BenchmarkCase& benchCase, int batch, std::uint64_t seed);

/** Copies `values` as FP16 bits. */
std::vector<std::uint16_t> toHalf(const std::vector<float>& values);

} // namespace cudnnsetup::runtime
