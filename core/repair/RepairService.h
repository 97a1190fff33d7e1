#pragma once

#include "RepairFinding.h"
#include "RepairResult.h"
#include "common/Progress.h"
#include "detect/SystemSnapshot.h"
#include "install/Operation.h"

#include <QCoreApplication>

class EnvironmentService;
class InstallLog;
struct EnvironmentPlan;

/** How a repair runs. */
struct RepairOptions
{
    /** --package FILE: restore from this archive instead of the one the manifest records (same SHA-256 only). */
    QString package;
    /** Check everything (packages included) and say what would be done; change nothing. */
    bool dryRun = false;
    InstallLog* log = nullptr;
    /** Rebuilds the operations an interrupted run's journal holds (Engine::installOptions builds it). */
    OperationFactory operations;
    /** For the Environment fix: the service that applies it and the plan the scan's analysis made. */
    const EnvironmentService* environment = nullptr;
    const EnvironmentPlan* environmentPlan = nullptr;
    /**
     * The loader cache's part of a root's transaction (InstallOptions::loaderCacheFraming): for the folders whose
     * files change, or always when the cache itself is the fix. Empty: the cache is left alone.
     */
    std::function<QList<OperationPointer>(const QStringList& folders, bool always)> loaderCacheFraming;
};

/**
 * Applies a scan's automatic fixes, one transaction per toolkit, the same transaction installs use (journal,
 * backups, rollback on failure or cancel, a manifest entry of kind "repair" that `--uninstall` takes back):
 * files restored from the package the manifest records (or --package, when it is the same file), links rebuilt,
 * modes fixed by placing a readable copy, and the search-path plan. Packages are checked before the first change.
 */
class RepairService
{
    Q_DECLARE_TR_FUNCTIONS(RepairService)

public:
    static RepairResult repair(const RepairScan& scan,
                               const SystemSnapshot& system,
                               const RepairOptions& options = {},
                               ProgressSink* progress = nullptr,
                               CancellationToken cancel = {});

    /**
     * Finishes or rolls back what an interrupted run (install, uninstall or repair) left in these roots, so a scan
     * sees the toolkit as it really stands; scan after this. The diagnostics say what was found and done.
     */
    static Diagnostics recoverInterrupted(const QStringList& roots, const RepairOptions& options);
};
