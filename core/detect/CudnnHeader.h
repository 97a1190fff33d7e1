#pragma once

#include "common/Version.h"

#include <QByteArrayView>
#include <optional>

/**
 * What cudnn_version.h (8 on) or cudnn.h (7) says: the version, and from 9.x the newest compute capability. The
 * engine's face of the one parser (cudnnfacts/CudnnVersionHeader), which the probe uses as is.
 */
struct CudnnHeader
{
    Version version; // CUDNN_MAJOR.CUDNN_MINOR.CUDNN_PATCHLEVEL
    std::optional<Version> maxComputeCapability; // CUDNN_MAX_SM_MAJOR_NUMBER.CUDNN_MAX_SM_MINOR_NUMBER

    static std::optional<CudnnHeader> parse(QByteArrayView text);
};
