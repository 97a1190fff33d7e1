#pragma once

#include "ChangeSet.h"
#include "InstallOptions.h"
#include "InstallResult.h"
#include "common/Progress.h"
#include "detect/SystemSnapshot.h"
#include "package/PackagePicker.h"

#include <QStringList>
#include <optional>

/**
 * What the silent runner and the wizard call to change a machine: install the chosen package into its toolkit,
 * deploy it next to an application, take the newest install back, or finish what an interrupted run left. Each is
 * one transaction (journal, backups, rollback, manifest); nothing here asks a question or prints.
 */
namespace InstallService {

/**
 * Installs the choice's package into the chosen toolkit. Plans under the toolkit's lock (so the plan matches what
 * is there when writing starts); a package with an unsafe entry or a blocked verdict is refused before any write.
 */
InstallResult install(const PackageChoice& choice,
                      const SystemSnapshot& system,
                      const InstallOptions& options = {},
                      ProgressSink* progress = nullptr,
                      CancellationToken cancel = {});

/** What the install's own pass judged: the choice (from the name alone when nothing was read) and its plan. */
struct JudgedPackage
{
    PackageChoice choice;
    std::optional<InstallPlan> plan; // what the package was to change, as planned before anything was put in place
};

/**
 * Installs an archive nobody has judged yet, reading it once. What its name and the toolkit already rule out
 * (another platform or CUDA major, a GPU too old, a folder this user may not write) is refused before the first
 * byte is decompressed; the rest is judged from the same pass that stages it into the toolkit, and nothing is put
 * in place unless that judgement accepts it.
 */
InstallResult installArchive(const QString& archive,
                             const SystemSnapshot& system,
                             const CudaToolkit& toolkit,
                             bool force,
                             const InstallOptions& options,
                             ProgressSink* progress,
                             CancellationToken cancel,
                             JudgedPackage* judged);
/**
 * The same for a folder whose survey leaves exactly one archive to read: that one is read once, and the choice is
 * made among it and the folder's others, as a pick of the folder would make it.
 */
InstallResult installFromFolder(const PackageSurvey& folder,
                                const SystemSnapshot& system,
                                const CudaToolkit& toolkit,
                                bool force,
                                const InstallOptions& options,
                                ProgressSink* progress,
                                CancellationToken cancel,
                                JudgedPackage* judged);

/** Copies the runtime libraries (cuDNN, and the toolkit's cudart, cublas, cublasLt, nvrtc) into folder. */
InstallResult deploy(const PackageChoice& choice,
                     const SystemSnapshot& system,
                     const QString& folder,
                     const InstallOptions& options = {},
                     ProgressSink* progress = nullptr,
                     CancellationToken cancel = {});

/** Takes back the newest install or deploy recorded in root (a toolkit or a deploy folder). */
InstallResult uninstall(const QString& root,
                        const InstallOptions& options = {},
                        ProgressSink* progress = nullptr,
                        CancellationToken cancel = {});

/** Finishes or rolls back a transaction an interrupted run left in root; Ok when there was none. */
InstallResult recover(const QString& root, const InstallOptions& options = {});

/** What install() would change (with the superseded files it would remove), without writing: the dry run's view. */
PlannedChanges planInstall(const PackageInspection& package, const CudaToolkit& toolkit, OsFlavor os);
/** The same from the planner's plan of package. */
PlannedChanges planInstall(const InstallPlan& plan, const PackageInspection& package, OsFlavor os);
/** What deploy() would change in folder. */
PlannedChanges planDeploy(const PackageInspection& package,
                          const CudaToolkit& toolkit,
                          const QString& folder,
                          OsFlavor os,
                          const QStringList& searchFolders = {});

/** root holds a journal: a run there was interrupted and the next one recovers it first. */
bool hasInterruptedRun(const QString& root);
/**
 * A finding (INSTALL-INTERRUPTED) for each toolkit where a run was interrupted (a kill, a power cut) and left its
 * journal: what it means and that the next run finishes or rolls it back. Reads only whether the journal is there.
 */
Diagnostics interruptedRuns(const SystemSnapshot& system);
/** This process may not write every folder an install of package into toolkit writes to (INSTALL-NEEDS-ELEVATION). */
bool needsElevation(const PackageInspection& package, const CudaToolkit& toolkit, OsFlavor os);
/** The toolkits among system's in which cudnn-setup has installed something (they have a manifest). */
QStringList toolkitsWithInstalls(const SystemSnapshot& system);

} // namespace InstallService
