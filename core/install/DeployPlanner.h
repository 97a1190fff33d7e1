#pragma once

#include "ChangeSet.h"
#include "detect/SystemSnapshot.h"
#include "package/PackageInspection.h"
#include "report/Diagnostic.h"

#include <QCoreApplication>

/**
 * The app-local deploy (--deploy-to DIR): cuDNN's runtime libraries from the package and, from the toolkit, the CUDA
 * runtime pieces cuDNN loads (cudart, cublas, cublasLt, nvrtc and its builtins), all flat in one folder next to an
 * application; on Windows also zlibwapi.dll for cuDNN 8.3 to 9.1, when it can be found. Links stay links on Linux.
 * Other cuDNN versions' libraries in that folder are removed like an install removes them from a toolkit.
 */
class DeployPlanner
{
    Q_DECLARE_TR_FUNCTIONS(DeployPlanner)

public:
    /** folder: canonical (it may not exist yet). searchFolders: where else zlibwapi.dll may lie (PATH). */
    static PlannedChanges plan(const PackageInspection& package,
                               const CudaToolkit& toolkit,
                               const QString& folder,
                               OsFlavor os,
                               const QStringList& searchFolders);

    /** A CUDA runtime library cuDNN needs at run time (libcudart.so.13, cublasLt64_12.dll, ...). */
    static bool isRuntimeDependency(OsFlavor os, const QString& fileName);
    /** cuDNN 8.3 up to 9.1 on Windows loads zlibwapi.dll; 9.2 on link zlib in. */
    static bool needsZlibwapi(OsFlavor os, const Version& cudnn);

private:
    static void addArchiveFiles(PlannedChanges& plan, const PackageInspection& package, const QString& folder);
    static bool addDiskFile(PlannedChanges& plan, const QString& path, const QString& folder);
    static InstallItem::Action compareWithExisting(const Change& change, const QString& sourceFile);
};
