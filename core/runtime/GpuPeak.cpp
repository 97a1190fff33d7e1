#include "runtime/GpuPeak.h"

#include "runtime/GpuPeakTable.h"

namespace cudnnsetup::runtime {

GpuPeaks gpuPeaks(int ccMajor, int ccMinor, int multiprocessors, int clockKhz, const std::string& name)
{
    GpuPeaks peaks;
    if (multiprocessors <= 0 || clockKhz <= 0) {
        return peaks;
    }
    const double smTeraClocks = static_cast<double>(multiprocessors) * clockKhz * 1e3 / 1e12;
    for (const GpuArchitecturePeak& row : kGpuArchitecturePeaks) {
        if (row.major != ccMajor || row.minor != ccMinor) {
            continue;
        }
        const double tensorRate
            = row.geforceRunsTensorAtHalfRate && name.find("GeForce") != std::string::npos ? 0.5 : 1.0;
        peaks.fp32Tflops = 2.0 * row.fp32LanesPerSm * smTeraClocks;
        if (row.tf32TensorFlopPerClockPerSm > 0) {
            peaks.tf32TensorTflops = row.tf32TensorFlopPerClockPerSm * tensorRate * smTeraClocks;
        }
        if (row.fp16TensorFlopPerClockPerSm > 0) {
            peaks.fp16TensorTflops = row.fp16TensorFlopPerClockPerSm * tensorRate * smTeraClocks;
        }
        break;
    }
    return peaks;
}

} // namespace cudnnsetup::runtime
