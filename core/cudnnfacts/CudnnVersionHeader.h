#pragma once

#include <optional>
#include <string_view>

/**
 * What cuDNN's version header says: cudnn_version.h from 8 on, cudnn.h up to 7 (resources/compat/cudnn-files.json,
 * version_header). The one parser of it: the probe reads it as is, the engine through package/CudnnHeader.
 */
namespace cudnnsetup::cudnnfacts {

struct CudnnVersionHeader
{
    int major = 0; // CUDNN_MAJOR
    int minor = 0; // CUDNN_MINOR
    int patch = 0; // CUDNN_PATCHLEVEL
    /** From 9.x: the newest compute capability it builds kernels for (CUDNN_MAX_SM_MAJOR/MINOR_NUMBER). */
    std::optional<int> maxSmMajor;
    std::optional<int> maxSmMinor;

    /** CUDNN_VERSION as the header builds it: M*10000 + m*100 + p from 9, M*1000 + m*100 + p up to 8. */
    long long versionCode() const;

    /**
     * Reads the first `#define NAME value` line of each macro: the value a number, optionally in parentheses,
     * followed by nothing but white space or a comment. nullopt unless CUDNN_MAJOR, CUDNN_MINOR and
     * CUDNN_PATCHLEVEL all are there.
     */
    static std::optional<CudnnVersionHeader> parse(std::string_view text);
};

} // namespace cudnnsetup::cudnnfacts
