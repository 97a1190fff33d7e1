#include "ToolkitVersionReader.h"

#include "VersionParsers.h"
#include "host/BoundedFile.h"

#include <QFile>

// CUDA_VERSION sits near the top of cuda.h (line ~260 of 1.1 MB); no need to read all of it.
static constexpr qint64 CudaHeaderPrefixBytes = 256 * 1024;
static constexpr int NvccTimeoutMs = 10000;

static QByteArray readPrefix(const QString& path, qint64 maxBytes)
{
    return readBoundedFile(path, maxBytes).data;
}

ToolkitVersionReader::ToolkitVersionReader(OsFlavor os, const ProcessRunner& runner)
    : m_os(os)
    , m_runner(runner)
{
}

ToolkitVersionReader::Result ToolkitVersionReader::read(const QString& root) const
{
    if (auto v = VersionParsers::cudaFromVersionJson(
            readPrefix(joinPath(m_os, root, QStringLiteral("version.json")), 1024 * 1024)))
        return {v, QStringLiteral("version.json")};
    if (auto v
        = VersionParsers::cudaFromVersionTxt(readPrefix(joinPath(m_os, root, QStringLiteral("version.txt")), 4096)))
        return {v, QStringLiteral("version.txt")};
    if (auto v = VersionParsers::cudaFromCudaHeader(
            readPrefix(joinPath(m_os, root, QStringLiteral("include/cuda.h")), CudaHeaderPrefixBytes)))
        return {v, QStringLiteral("cuda.h")};

    const QString nvcc = joinPath(m_os, root, QStringLiteral("bin/") + executableName(m_os, QStringLiteral("nvcc")));
    if (QFile::exists(nvcc)) {
        const ProcessResult result = m_runner.run(nvcc, {QStringLiteral("--version")}, NvccTimeoutMs);
        if (result.succeeded()) {
            if (auto v = VersionParsers::cudaFromNvccOutput(result.standardOutput))
                return {v, QStringLiteral("nvcc")};
        }
    }
    return {};
}
