#pragma once

#include "InstallPlanner.h"
#include "common/Progress.h"
#include "detect/SystemSnapshot.h"
#include "package/PackageInspection.h"
#include "package/PackagePicker.h"
#include "package/PackageVerdict.h"

#include <optional>

class Report;

/**
 * What the silent runner and the wizard call: inspect, validate, pick, plan, and fill a report. Nothing here writes
 * to disk; a dry run is pick() + plan() + addToReport().
 */
namespace PackageService {

PackageInspection inspect(const QString& archive, ProgressSink* progress = nullptr, CancellationToken cancel = {});

PackageVerdict
validate(const PackageInspection& package, const SystemSnapshot& system, const CudaToolkit& target, bool force);

PackageChoice pick(const QString& folderOrFile,
                   const SystemSnapshot& system,
                   const std::optional<QString>& cudaRoot,
                   bool force,
                   ProgressSink* progress = nullptr,
                   CancellationToken cancel = {});

/** The plan for the chosen package and toolkit; nullopt when nothing was chosen or the choice is blocked. */
std::optional<InstallPlan> plan(const PackageChoice& choice, const SystemSnapshot& system);

/**
 * Sections "package" (the chosen or only candidate), "verdict", "plan" and "candidates", plus every diagnostic of
 * the choice, the chosen verdict and the plan.
 */
void addToReport(Report& report, const PackageChoice& choice, const InstallPlan* plan);

} // namespace PackageService
