#pragma once

#include "elevation/ElevationOutcome.h"
#include "env/EnvironmentReport.h"
#include "install/InstallResult.h"
#include "install/InstallService.h"
#include "verify/BenchmarkResult.h"
#include "verify/VerifyResult.h"

#include <QCoreApplication>
#include <optional>

class InstallLog;
class Report;

/** Which search path an install fixes (--path-scope); None leaves it alone but still reports what wins. */
enum class PathScope {
    User,
    Machine,
    None,
};

QString pathScopeName(PathScope scope);
std::optional<PathScope> pathScopeFromName(const QString& name);

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
    InstallResult install;
    EnvironmentOutcome environment;
    std::optional<VerifyResult> verify; // what really loads from the toolkit, in a fresh process
    QString verifyNotRun;
    std::optional<BenchmarkResult> benchmark;
    QString benchmarkNotRun; // why the benchmark did not run, when it did not
    std::optional<ElevationOutcome> elevation; // set when the privileged part went to an elevated copy
    std::optional<InstallService::JudgedPackage> judged; // set when the package was judged by the install's own pass

    /**
     * The install's code, unless it succeeded and the verification found an error or the benchmark found cuDNN
     * broken (wrong results, does not load): then VerifyFailed.
     */
    ExitCode exitCode() const;
    /** The install's sections and diagnostics, then "environment", "verify", "benchmark" and "elevation". */
    void addToReport(Report& report) const;
};

/** What an install run does besides copying the files. */
struct SetupOptions
{
    PathScope pathScope = PathScope::User;
    bool verify = true; // load every library of the installed cuDNN in a fresh probe
    bool benchmark = true;
    bool quickBenchmark = false; // small batches: tests over the fake libraries
    QString deployTo; // set: copy next to an application instead of into the toolkit (no search path step)
    QStringList searchFolders; // deploy: where else to look for zlibwapi.dll
    InstallLog* log = nullptr;
    /**
     * The wizard: when this process may not do the privileged part (a root-owned toolkit, machine scope), hand it to
     * an elevated copy (Engine::setElevation). Silent mode never elevates: it exits 4 with the command instead.
     */
    bool elevate = false;
};
