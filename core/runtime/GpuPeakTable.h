#pragma once

/**
 * Dense arithmetic per streaming multiprocessor per clock, by compute capability: the data behind "% of peak".
 * Peak FLOP/s = value * SM count * clock (CU_DEVICE_ATTRIBUTE_CLOCK_RATE, the maximum clock, so the % is an honest
 * lower bound: datasheets quote tensor peaks at a lower boost clock, e.g. the H100 SXM's 989.4 TFLOP/s is 4096 *
 * 132 SMs * 1830 MHz while the device reports 1980 MHz).
 *
 * Sources:
 *  - FP32 lanes (one FMA = 2 FLOP each per clock): NVIDIA CUDA C++ Programming Guide, "Arithmetic Instructions",
 *    throughput of 32-bit floating-point add, multiply, multiply-add per clock per SM.
 *  - Tensor-core FLOP/clk/SM, dense (no 2:4 sparsity), FP16 inputs with FP32 accumulation (what cuDNN does for
 *    FP16 convolutions with a float compute type): datasheet dense TFLOP/s / (SMs * boost clock), from the NVIDIA
 *    architecture whitepapers: Volta V100 (125 TFLOP/s, 80 SMs, 1530 MHz), Turing Appendix A (T4: 65, 40 SMs,
 *    1590 MHz; RTX 2080 Ti FP32-accumulate 53.8 = half rate), A100 (TF32 156, FP16 312, 108 SMs, 1410 MHz), GA102
 *    Appendix A (RTX 3090: FP16/FP32-acc 71, TF32 35.6, 82 SMs, 1695 MHz = half the A6000/A40 rate), Ada Appendix A
 *    (RTX 4090: 165.2 / 82.6, 128 SMs, 2520 MHz; L40 181 / 90.5, 142 SMs, 2490 MHz), H100 (989.4 / 494.7, 132 SMs,
 *    1830 MHz), HGX B200 datasheet (2250 / 1100, 148 SMs), RTX Blackwell whitepaper (RTX 5090: 209.5 / 104.8,
 *    170 SMs, 2407 MHz).
 *  - GeForce boards of 7.5 and 8.6 run FP16 with FP32 accumulation (and TF32) at half the rate of the data-centre
 *    and professional boards of the same architecture; 8.9 and 12.0 quote the same rate for both.
 * Architectures missing here (e.g. Jetson 8.7, 10.3, 12.1) report no peak rather than a guess.
 */
namespace cudnnsetup::runtime {

struct GpuArchitecturePeak
{
    int major;
    int minor;
    int fp32LanesPerSm; // FMA units: 2 FLOP each per clock
    int tf32TensorFlopPerClockPerSm; // 0: no TF32 tensor cores
    int fp16TensorFlopPerClockPerSm; // 0: no tensor cores
    bool geforceRunsTensorAtHalfRate;
};

inline constexpr GpuArchitecturePeak kGpuArchitecturePeaks[] = {
    {5, 0, 128, 0, 0, false}, // Maxwell
    {5, 2, 128, 0, 0, false},
    {5, 3, 128, 0, 0, false},
    {6, 0, 64, 0, 0, false}, // Pascal P100
    {6, 1, 128, 0, 0, false},
    {6, 2, 128, 0, 0, false},
    {7, 0, 64, 0, 1024, false}, // Volta: 8 tensor cores * 64 FMA * 2
    {7, 2, 64, 0, 1024, false},
    {7, 5, 64, 0, 1024, true}, // Turing
    {8, 0, 64, 1024, 2048, false}, // A100
    {8, 6, 128, 512, 1024, true}, // GA10x
    {8, 9, 128, 256, 512, false}, // Ada
    {9, 0, 128, 2048, 4096, false}, // Hopper H100/H200
    {10, 0, 128, 4096, 8192, false}, // Blackwell B200
    {12, 0, 128, 256, 512, false}, // Blackwell RTX
};

} // namespace cudnnsetup::runtime
