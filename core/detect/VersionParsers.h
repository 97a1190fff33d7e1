#pragma once

#include "common/Version.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

/**
 * Pure parsers for the places a version is written down. Each takes the text as the tool or file holds it and
 * returns nullopt when the text does not say.
 */
namespace VersionParsers {

/** version.json (CUDA 11.1+): cuda.version, major.minor only ("11.8.20220929" -> 11.8). */
std::optional<Version> cudaFromVersionJson(const QByteArray& json);
/** version.txt (CUDA <= 11.0): "CUDA Version 10.0.130" -> 10.0. */
std::optional<Version> cudaFromVersionTxt(const QByteArray& text);
/** include/cuda.h: "#define CUDA_VERSION 12060" -> 12.6. */
std::optional<Version> cudaFromCudaHeader(const QByteArray& text);
/** `nvcc --version`: "Cuda compilation tools, release 13.0, V13.0.88" -> 13.0. */
std::optional<Version> cudaFromNvccOutput(const QByteArray& text);

/** cudnn_version.h (8+) or cudnn.h (<= 7): CUDNN_MAJOR.CUDNN_MINOR.CUDNN_PATCHLEVEL (package/CudnnHeader). */
std::optional<Version> cudnnFromHeader(const QByteArray& text);
/**
 * libcudnn_ops.so.9.19.0 -> 9.19.0; libcudnn.so.9 -> 9; cudnn64_8.dll -> 8. nullopt if the name carries none
 * (cudnnfacts/CudnnLibraryNames).
 */
std::optional<Version> cudnnFromLibraryName(const QString& fileName);

} // namespace VersionParsers
