#pragma once

#include "InstallPlan.h"
#include "detect/SystemSnapshot.h"
#include "package/PackageInspection.h"

/**
 * Pure planning, no writes: maps a validated package onto a toolkit root with the layout rules of its OS
 *   Windows  .dll in bin/ or bin/x64/    -> <root>/bin (CUDA < 13) or <root>/bin/x64 (CUDA 13 keeps DLLs there)
 *            .h in include/              -> <root>/include
 *            .lib in lib/x64/ or lib/    -> <root>/lib/x64
 *   Linux    headers in include/         -> <root>/include
 *            libraries in lib/ or lib64/ -> <root>/lib64, following a lib64 link to its real folder; links stay links
 * and compares each destination with what is there now. Nothing lands outside the root, nothing nests under
 * <root>/cuda, and licence and text files stay behind.
 */
class InstallPlanner
{
public:
    static InstallPlan plan(const PackageInspection& package, const CudaToolkit& target, OsFlavor os);
    /**
     * Every folder an install of any package into target may write files to, resolved as plan() resolves them
     * (empty where a link leads outside the root): what can be checked before a package is read.
     */
    static QStringList destinationFolders(const CudaToolkit& target, OsFlavor os);
};
