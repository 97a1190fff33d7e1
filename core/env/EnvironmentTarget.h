#pragma once

#include "common/OsFlavor.h"
#include "common/Version.h"

#include <QJsonObject>
#include <QStringList>

class DirectoryListing;

/**
 * The toolkit that should win: its root, the CUDA version (for CUDA_PATH_V<maj>_<min>) and the cuDNN version in it
 * (which libraries to follow). Works before the install too: the names come from the compat data, and a missing
 * library is taken to be where the toolkit keeps its runtime libraries.
 */
struct EnvironmentTarget
{
    QString toolkitRoot;
    Version cudaVersion; // 12.4
    Version cudnnVersion; // 9.1.0, or at least the major
    /** cuDNN outside the toolkit that must win, first (NVIDIA's Windows installer: ...\CUDNN\v9.x\bin\12.9\x64). */
    QStringList cudnnDirs{};
    /** Entries the fix takes off the path because they only look like they serve cuDNN (the installer's own
     *  ...\CUDNN\v9.x\bin, which holds no DLL). */
    QStringList retiredEntries{};

    /**
     * The names a program loads by bare name: the cuDNN runtime libraries of that major, cudart, and on Windows
     * zlibwapi.dll for cuDNN 8.3 to 9.1. cudart is spelled as the toolkit spells it when the listing shows it.
     */
    QStringList libraryNames(OsFlavor os, const DirectoryListing& listing) const;
    /** The tools a shell finds on PATH (Linux: nvcc). */
    QStringList toolNames(OsFlavor os) const;
    /**
     * The toolkit folders that hold (or will hold) those libraries: those of bin, bin\x64 (Windows) or lib64, lib,
     * targets/... (Linux) that have the cuDNN dispatcher, else cudart, else the toolkit's usual one.
     */
    QStringList libraryDirs(OsFlavor os, const DirectoryListing& listing) const;
    QStringList toolDirs(OsFlavor os) const;

    /** "CUDA_PATH_V12_4" */
    QString versionedCudaPathName() const;
    QJsonObject toJson(OsFlavor os) const;
};
