#pragma once

#include "runtime/ConvShape.h"

/**
 * The CPU reference convolution: the benchmark's baseline timing and the judge of the GPU's answer. Also compiled
 * into the CPU-backed test fake of cuDNN, so it depends on nothing but the standard library.
 */
namespace cudnnsetup::runtime {

/** std::thread::hardware_concurrency(), at least 1. */
unsigned cpuThreadCount();

/**
 * y = x (*) w for every image of `shape`, all tensors in `layout` (filters KCRS for NCHW, KRSC for NHWC), float
 * accumulation. Direct convolution over a zero-padded NHWC copy of x, in tiles of output pixels times blocks of
 * output channels spread over `threads` std::threads (0: cpuThreadCount()). An invalid shape writes nothing.
 */
void convolveOnCpu(
    const ConvShape& shape, TensorLayout layout, const float* x, const float* w, float* y, unsigned threads = 0);

} // namespace cudnnsetup::runtime
