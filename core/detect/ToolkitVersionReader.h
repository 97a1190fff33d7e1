#pragma once

#include "common/OsFlavor.h"
#include "common/Version.h"
#include "host/ProcessRunner.h"

#include <optional>

/**
 * Reads a toolkit's version the cheapest way that works: version.json (11.1+), version.txt (<= 11.0),
 * include/cuda.h, and only then `nvcc --version` (a process start costs more than all the files together).
 */
class ToolkitVersionReader
{
public:
    struct Result
    {
        std::optional<Version> version;
        QString source; // "version.json", "version.txt", "cuda.h", "nvcc"
    };

    ToolkitVersionReader(OsFlavor os, const ProcessRunner& runner);
    Result read(const QString& root) const;

private:
    OsFlavor m_os;
    const ProcessRunner& m_runner;
};
