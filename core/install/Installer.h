#pragma once

#include "ChangeSet.h"
#include "InstallOptions.h"
#include "InstallResult.h"
#include "Manifest.h"
#include "common/Progress.h"
#include "detect/SystemSnapshot.h"
#include "package/PackageInspection.h"

#include <QCoreApplication>
#include <functional>

class Operation;
class StagingArea;
class ToolkitState;
class Transaction;

/**
 * Carries out one install or deploy on its root as one transaction, reading the package once: checks what can be
 * checked before reading (rights, room), takes the lock (recovering an interrupted earlier run first), journals,
 * and then, in a single pass, judges the archive while it stages every member on the root's own file system. What
 * the pass read is handed to decide(): the verdict, the plan and the steps after the files. Only then is anything
 * put in place (renames, with backups of what they replace), superseded files removed, and the install committed by
 * pushing a manifest entry. A refusal, failure, cancel or crash on the way leaves the root exactly as it was.
 */
class Installer
{
    Q_DECLARE_TR_FUNCTIONS(Installer)

public:
    /** The archive, and its SHA-256 when it was judged before (then bytes that differ are refused). */
    struct Source
    {
        QString archive;
        QString judgedSha256;
    };
    /** What the pass's reading decides. A planned diagnostic with an error refuses the package (refusedAs). */
    struct Decision
    {
        PlannedChanges planned;
        InstallResult::Status refusedAs = InstallResult::Status::Rejected;
        QJsonObject packageSummary; // for the manifest
        QList<OperationPointer> afterFiles; // in the same transaction (the environment step)
    };
    using Decide = std::function<Decision(const PackageInspection& read)>;

    Installer(const InstallOptions& options, ProgressSink* progress, CancellationToken cancel);

    /** command: "install" or "deploy"; root: the toolkit's root, or the deploy folder. */
    InstallResult run(const QString& command,
                      const Source& source,
                      const CudaToolkit& toolkit,
                      const QString& root,
                      OsFlavor os,
                      const Decide& decide);

    /** The name a change is staged under, next to its destination: ".<name>.cudnn-setup-<transaction>". */
    static QString stagedPath(const QString& destination, const QString& transaction);

private:
    bool checkBeforeReading(const Source& source,
                            const CudaToolkit& toolkit,
                            const QString& root,
                            OsFlavor os,
                            InstallResult& result) const;
    /** Reads the archive once into staging; false (after rolling back) when it cannot be read or was not judged so. */
    bool stagePackage(Transaction& transaction,
                      StagingArea& staging,
                      const Source& source,
                      InstallResult& result,
                      PackageInspection& read);
    bool check(const PlannedChanges& planned, InstallResult& result) const;
    /** No problems; otherwise result takes them (needs_elevation or failed) and the log says them. */
    bool accepts(const Diagnostics& problems, InstallResult& result) const;
    /** A package the decision refuses, or a root it may not change: put back what staging made, say why. */
    void refuse(Transaction& transaction, InstallResult& result) const;
    bool build(Transaction& transaction,
               const ToolkitState& state,
               const StagingArea& staging,
               Decision& decision,
               InstallResult& result);
    ManifestEntry manifestEntry(const Transaction& transaction,
                                const ToolkitState& state,
                                const ChangeSet& changes,
                                const Decision& decision,
                                const CudaToolkit& toolkit) const;
    void rollBack(Transaction& transaction, InstallResult& result, const QString& code, const QString& why) const;
    void describe(const QString& step, const Operation& operation);
    /** Logs the phase and reports its start. */
    void beginPhase(const QString& phase, int total) const;
    /** A step that places or removes a file or link (what the progress counts), not a folder or search path step. */
    static bool isFileStep(const Operation& operation);
    void reportPhase(const QString& phase, int done, int total, const QString& current = {}) const;

    const InstallOptions& m_options;
    ProgressSink* m_progress;
    CancellationToken m_cancel;
    int m_placed = 0;
    int m_toPlace = 0;
};
