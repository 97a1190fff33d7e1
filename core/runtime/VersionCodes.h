#pragma once

#include <string>

/**
 * The integers NVIDIA libraries report, decoded. Pure functions, no library loading.
 *
 *   cudnnGetVersion(), CUDNN_VERSION           9.x+: M*10000 + m*100 + p (91900 -> 9.19.0)
 *                                               <=8: M*1000  + m*100 + p (8005  -> 8.0.5)
 *   cuDriverGetVersion(), cudnnGetCudartVersion(),
 *   cudaRuntimeGetVersion(), CUDA_VERSION       M*1000 + m*10 (13000 -> 13.0, 12040 -> 12.4)
 */
namespace cudnnsetup::runtime {

struct VersionTriple
{
    long long major = 0;
    long long minor = 0;
    long long patch = 0;
};

constexpr VersionTriple decodeCudnnVersion(long long code)
{
    if (code >= 10000) {
        return {code / 10000, (code % 10000) / 100, code % 100};
    }
    return {code / 1000, (code % 1000) / 100, code % 100};
}

constexpr VersionTriple decodeCudaVersion(long long code)
{
    return {code / 1000, (code % 1000) / 10, 0};
}

/** "9.19.0"; empty for a negative code, which no library reports. */
inline std::string cudnnVersionText(long long code)
{
    if (code < 0) {
        return {};
    }
    const VersionTriple v = decodeCudnnVersion(code);
    return std::to_string(v.major) + '.' + std::to_string(v.minor) + '.' + std::to_string(v.patch);
}

/** "12.4"; empty for a negative code. */
inline std::string cudaVersionText(long long code)
{
    if (code < 0) {
        return {};
    }
    const VersionTriple v = decodeCudaVersion(code);
    return std::to_string(v.major) + '.' + std::to_string(v.minor);
}

} // namespace cudnnsetup::runtime
