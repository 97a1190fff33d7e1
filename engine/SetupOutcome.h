#pragma once

#include "DeployPlan.h"
#include "FetchOutcome.h"
#include "detect/SystemSnapshot.h"
#include "elevation/ElevationOutcome.h"
#include "env/EnvironmentReport.h"
#include "env/PathScope.h"
#include "install/InstallPlan.h"
#include "install/InstallResult.h"
#include "package/PackageChoice.h"
#include "verify/BenchmarkResult.h"
#include "verify/VerifyResult.h"

#include <QCoreApplication>
#include <optional>

class InstallLog;
class Report;

/** The search path step of one run: what it found, what it did, and the report's "environment" section. */
struct EnvironmentOutcome
{
    Q_DECLARE_TR_FUNCTIONS(EnvironmentOutcome)

public:
    enum class Status {
        NotRun, // --path-scope none, a deploy, or nothing to analyse
        Planned, // dry run: the fix that an install would make
        Unchanged, // the target already wins: nothing to change
        Applied, // changed in the install's transaction
        RolledBack, // the transaction that carried it was rolled back
        Refused, // the fix may not be applied (a PATH past 32,767 characters); the files were installed
    };

    Status status = Status::NotRun;
    QString reason; // why it did not run
    PathScope scope = PathScope::User;
    std::optional<EnvironmentReport> analysis;

    static QString statusName(Status status);
    /** The fix to carry out with the install, when there is one that may be applied. */
    const EnvironmentPlan* fix() const;
    /** Plan diagnostics and conflicts; none when the step did not run. */
    Diagnostics diagnostics() const;
    /** {"status", "scope", "reason"?, ...EnvironmentReport::toJson()} (docs/report.md). */
    QJsonObject toJson() const;
};

/** What one install (or deploy) run did from first byte to last measurement: the faces print or show this. */
struct SetupOutcome
{
    Q_DECLARE_TR_FUNCTIONS(SetupOutcome)

public:
    PackageChoice choice; // what was installed: the choice given, or the one the install's own pass made
    std::optional<InstallPlan> plan; // what the package was to change, as planned before anything was put in place
    std::optional<FetchOutcome> fetched; // where the archive came from, when it was fetched
    InstallResult install;
    EnvironmentOutcome environment;
    std::optional<VerifyResult> verify; // what really loads from the toolkit, in a fresh process
    QString verifyNotRun;
    std::optional<BenchmarkResult> benchmark;
    QString benchmarkNotRun; // why the benchmark did not run, when it did not
    std::optional<ElevationOutcome> elevation; // set when the privileged part went to an elevated copy
    /** NeedsElevation: the exact command an administrator runs for the privileged part (the report's too). */
    QString elevationCommand;
    SystemSnapshot system; // the machine the run judged: the one given, detected, or looked at again
    bool lookedAgain = false; // system is new: the judged choice's toolkit was detected again before the run
    FrameworkVerdicts frameworks; // what each framework will load once the run is done (predicted; confirmed if asked)
    bool dryRun = false; // nothing was installed: the plan, the search path step as it would be, and why not
    std::optional<DeployPlan> deployPlan; // a deploy's dry run: what it would copy
    /** The run stopped before its first step: its log cannot be written, or the archive is not the one judged. */
    struct Refusal
    {
        TaskStatus status = TaskStatus::Failed;
        Diagnostic why;
    };
    std::optional<Refusal> refusal;

    /**
     * The install's code, unless it succeeded and the verification found an error or the benchmark found cuDNN
     * broken (wrong results, does not load): then VerifyFailed.
     */
    TaskStatus taskStatus() const;
    /**
     * The whole report of the run: "install", "deploy" or "dry-run"; the package and its plan, the fetch, the
     * install's sections and diagnostics, then "environment", "verify", "benchmark" and "elevation".
     */
    Report toReport() const;
    /** Something was installed (or tried): not a dry run, and there was a package to install. */
    bool ranInstall() const;
    /** The fetch ended the run: it failed, or (a dry run) the archive is not in the cache to plan with. */
    bool endedInFetch() const;

private:
    void addRunToReport(Report& report) const;
};
