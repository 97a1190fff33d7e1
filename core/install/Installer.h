#pragma once

#include "ChangeSet.h"
#include "InstallOptions.h"
#include "InstallResult.h"
#include "Manifest.h"
#include "common/Progress.h"
#include "detect/SystemSnapshot.h"

#include <QCoreApplication>
#include <functional>

class Operation;
class ToolkitState;
class Transaction;

/**
 * Carries out one change set on its root as one transaction: checks the target, takes the lock (recovering an
 * interrupted earlier run first, and then planning again), journals, creates the folders, streams the package into
 * staged files, puts them in place with backups of what they replace, removes superseded files, and commits by
 * pushing a manifest entry. Any failure or cancel on the way puts everything back. Install and deploy both run here.
 */
class Installer
{
    Q_DECLARE_TR_FUNCTIONS(Installer)

public:
    /** The package the content comes from: the archive, its SHA-256 as inspected, and its summary for the manifest. */
    struct Source
    {
        QString archive;
        QString sha256;
        QJsonObject summary;
    };
    using Planner = std::function<PlannedChanges()>;

    Installer(const InstallOptions& options, ProgressSink* progress, CancellationToken cancel);

    /** command: "install" or "deploy". plan() is asked again when an interrupted run was rolled back first. */
    InstallResult run(const QString& command, const Source& source, const CudaToolkit& toolkit, const Planner& plan);

    /** The name a change is staged under, next to its destination: ".<name>.cudnn-setup-<transaction>". */
    static QString stagedPath(const QString& destination, const QString& transaction);

private:
    bool check(const PlannedChanges& planned, InstallResult& result) const;
    void build(Transaction& transaction,
               const ToolkitState& state,
               const ChangeSet& changes,
               QHash<QString, QString>& staged) const;
    ManifestEntry manifestEntry(const Transaction& transaction,
                                const ToolkitState& state,
                                const ChangeSet& changes,
                                const Source& source,
                                const CudaToolkit& toolkit) const;
    void rollBack(Transaction& transaction, InstallResult& result, const QString& code, const QString& why) const;
    void describe(const QString& step, const Operation& operation, const QString& root);
    /** Logs the phase and reports its start. */
    void beginPhase(const QString& phase, int total) const;
    void reportPhase(const QString& phase, int done, int total, const QString& current = {}) const;

    const InstallOptions& m_options;
    ProgressSink* m_progress;
    CancellationToken m_cancel;
    int m_placed = 0;
    int m_toPlace = 0;
};
