#pragma once

#include "ManifestCheck.h"
#include "RepairFinding.h"
#include "detect/SystemSnapshot.h"

#include <QCoreApplication>
#include <functional>
#include <optional>

class ManagedFiles;
struct EnvironmentReport;

/** What to look at, and what repair may use. */
struct RepairScanOptions
{
    /** Toolkit roots to look at (canonical or not); empty: every toolkit of the snapshot, and the search path. */
    QStringList roots;
    /** --package FILE: the archive to restore from when the manifest's has moved. */
    QString package;
    /** The search-path analysis for the toolkit that holds cuDNN (EnvironmentService::analyse), when one was made. */
    const EnvironmentReport* environment = nullptr;
    /** Who owns which cuDNN file (dpkg, pip, conda): a fix that would write one becomes a manual step naming that
     *  manager's own command. Null: nobody's files are known. */
    const ManagedFiles* managedFiles = nullptr;
    /** Whether this user may create entries in a folder (tests stand in a read-only toolkit). */
    std::function<bool(const QString& folder)> canWriteIn{};
};

/**
 * Lists what is broken, each finding with its cure and who can apply it. Detection's own findings about each cuDNN
 * install (missing sub-libraries, empty files, flattened links, modes, mixed versions, header mismatch) are reused
 * as they are; what only the manifest can tell (a file whose bytes changed since the install) is added; the
 * search-path analysis adds the copies that win over the toolkit's and the PATH fix. Nothing is changed here.
 */
class RepairScanner
{
    Q_DECLARE_TR_FUNCTIONS(RepairScanner)

public:
    explicit RepairScanner(RepairScanOptions options = {});

    RepairScan scan(const SystemSnapshot& system) const;

private:
    /** The manual step for files another package manager keeps: that manager's own command. */
    static QString managedStep(PackageManager manager, const QString& command);
    void scanRoot(const SystemSnapshot& system, const QString& root, RepairScan& scan) const;
    /** Fixes that need no manifest: a copy where the chain wants a link, a mode that locks other users out. */
    QHash<QString, RepairFix> fixesWithoutManifest(const CudnnInstall& install,
                                                   const QString& root,
                                                   const QHash<QString, RepairFix>& known) const;
    RepairFinding fromDetection(const CudnnProblem& problem,
                                const CudnnInstall& install,
                                const QString& root,
                                const QHash<QString, RepairFix>& fixes,
                                QSet<QString>& used) const;
    RepairFinding fromDamage(const ManifestCheck::Damage& damage, const QString& root, const RepairFix& fix) const;
    void addEnvironment(const EnvironmentReport& report, const SystemSnapshot& system, RepairScan& scan) const;
    void classify(RepairFinding& finding) const;
    RepairFix fixFor(const ManifestCheck::Damage& damage, const QString& root) const;
    bool packageAvailable(const QJsonObject& package) const;
    QString packageStep(const QJsonObject& package) const;

    RepairScanOptions m_options;
};
