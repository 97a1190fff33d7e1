#pragma once

#include "DeployPlan.h"
#include "ExplainOutcome.h"
#include "FetchOutcome.h"
#include "InstallRequest.h"
#include "MachineJudgement.h"
#include "RepairOutcome.h"
#include "SetupOutcome.h"
#include "UninstallOutcome.h"
#include "common/Progress.h"
#include "detect/DetectOptions.h"
#include "env/EnvironmentReport.h"
#include "verify/BenchmarkResult.h"

#include <functional>
#include <memory>
#include <optional>

// What the engine does its work with. The faces never need these: the engine's API and the values it hands out
// are all they see (docs/architecture.md, "The edge").
class ElevatedChannel;
class ElevationLauncher;
struct ElevationRequest;
struct EnvironmentLocations;
struct HostEnvironment;
struct InstallOptions;
class InstallLog;
class Operation;
class OperationFactory;
class ProcessRunner;
namespace InstallService {
struct JudgedPackage;
}

/**
 * The one facade the faces call, one method per user task: choose a package (a file, a folder, or a fetch),
 * install or deploy it, repair, uninstall, recover, detect, verify and benchmark. Each returns an outcome that
 * writes its own report, so the wizard's Finish and `--silent --report` say the same about the same task; the
 * faces gather input, make the call, and word the outcome. The machine (host environment, process runner) is
 * injected for tests.
 */
/** What a face asks of the benchmark: where, how big, and its limits (0: the engine's). */
struct BenchmarkRequest
{
    QString toolkitRoot; // empty: what a new program loads
    bool quick = false; // small batches: tests over the fake libraries
    int budgetMs = 0; // a run still finishing cases after this ends "not finished" with them (0: 5 minutes)
    int stallMs = 0; // a step that takes longer is a hang (0: 2 minutes)
    /** After each finished case, on the worker's thread: the cases so far (for a chart that fills in). */
    std::function<void(const BenchmarkResult& soFar)> measured;
};

class Engine
{
public:
    Engine(); // this machine
    Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner);
    /** With every place the environment step reads and writes injected (tests: a temporary home and "/"). */
    Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner, EnvironmentLocations environment);

    const HostEnvironment& host() const { return *m_host; }
    const ProcessRunner& runner() const { return *m_runner; }

    /** The machine, with each framework's verdict in each Python environment found (SystemSnapshot::frameworks). */
    SystemSnapshot detect(const DetectOptions& options) const;
    /** Each framework's verdict as it will be once the chosen archive is in its toolkit; predicted, nothing runs. */
    static FrameworkVerdicts frameworksAfter(const PackageChoice& choice, const SystemSnapshot& system);
    /**
     * The verdicts checked where an interpreter can run: each environment's own Python, with a time limit, imports
     * the framework and lists the cuDNN it mapped; that goes next to the prediction, a disagreement as a finding.
     */
    FrameworkVerdicts confirmFrameworks(FrameworkVerdicts verdicts) const;

    // Choosing a package
    /**
     * Inspects the archive (or each archive of the folder) and picks the newest that fits; reads what it must. A tie
     * between toolkits is settled by the request's policy; settling it reads nothing again.
     */
    PackageChoice choosePackage(const PackageRequest& request,
                                const SystemSnapshot& system,
                                ProgressSink* progress = nullptr,
                                CancellationToken cancel = {}) const;
    /** The choice with its plan and the toolkits that tied: the wizard's Check. */
    PackageCheck checkPackage(const PackageRequest& request,
                              const SystemSnapshot& system,
                              ProgressSink* progress = nullptr,
                              CancellationToken cancel = {}) const;
    /** The plan for the chosen package and toolkit; null when nothing was chosen or the choice is blocked. */
    static std::optional<InstallPlan> planInstall(const PackageChoice& choice, const SystemSnapshot& system);
    /** The archive judged for the machines the request's files describe, with each machine's own rules. */
    static MachinesJudgement judgeMachines(const MachineRequest& request);
    /** Where a fetch reads from when no mirror is named: NVIDIA's redist root. */
    static QString nvidiaSource();
    /** Reads the manifests of the request's source and chooses the archive; downloads nothing. */
    FetchOutcome
    planFetch(const FetchRequest& request, const SystemSnapshot& system, CancellationToken cancel = {}) const;
    /**
     * Downloads what planFetch chose into the cache, or finds it there, verified; a dry run downloads nothing and
     * hands on only a verified cached copy. The outcome's archive goes on to choosePackage like any file.
     */
    FetchOutcome fetch(FetchOutcome planned,
                       ProgressSink* progress = nullptr,
                       CancellationToken cancel = {},
                       CancellationToken alsoCancel = {}) const;

    // The search path step
    /** The toolkit, CUDA and cuDNN versions that must win the search once choice is installed; null without one. */
    static std::optional<EnvironmentTarget> environmentTarget(const PackageChoice& choice,
                                                              const SystemSnapshot& system);
    /** Which copy of each library a new program gets now and after the fix, and the fix itself as a plan. */
    EnvironmentReport analyseEnvironment(const EnvironmentTarget& target, EnvironmentScope scope) const;
    /**
     * The search path step for a choice, as a dry run shows it: the fix for scope (Planned), or Unchanged when the
     * target already wins; with None the user scope's analysis, so the report still says which copies win.
     */
    EnvironmentOutcome
    planEnvironment(const PackageChoice& choice, const SystemSnapshot& system, PathScope scope) const;
    /**
     * The search path of the cuDNN already installed (repair): the first toolkit holding cuDNN among roots (all when
     * empty), the active one first; null when none holds cuDNN or scope is None.
     */
    std::optional<EnvironmentReport>
    analyseInstalledCudnn(const SystemSnapshot& system, PathScope scope, const QStringList& roots = {}) const;

    // Changing the machine
    /**
     * Where the privileged part of an install goes when this process may not do it (InstallRequest::Elevation):
     * program (this executable) started elevated through launcher, this machine's (pkexec, UAC) when null. Unset:
     * such an install ends in NeedsElevation (exit 4), with the command to run by hand.
     */
    void setElevation(QString program, std::shared_ptr<const ElevationLauncher> launcher = nullptr);
    /**
     * The privileged part of installing choice with scope, when this process may not do it itself: the toolkit is
     * not writable for it, or machine scope without elevation. Null when it may do everything itself.
     */
    std::optional<ElevationRequest>
    privilegedStep(const PackageChoice& choice, const SystemSnapshot& system, PathScope scope) const;
    /**
     * The privileged step as a command an administrator can run by hand in a terminal (sudo … on Linux); null when
     * installing choice with scope needs no rights this process lacks, or the toolkit already holds exactly its
     * files (the command was run: install() then does only what is left, here).
     */
    std::optional<QString>
    privilegedCommand(const PackageChoice& choice, const SystemSnapshot& system, PathScope scope) const;
    /** Whether Install can ask for administrator rights on this machine (false: no pkexec; the command is the way). */
    bool canAskForRights() const;
    /**
     * What InstallService needs from the engine: the factory that rebuilds every kind of step a journal or manifest
     * holds (files and the environment), and, when a fix is given and changes something, that fix as the last step
     * of the same transaction, so a rollback or `--uninstall` takes it back with the files.
     */
    InstallOptions installOptions(const EnvironmentPlan* environmentFix = nullptr) const;
    /**
     * The one install entry, for both faces: install, deploy or their dry run of the request's package (a file, a
     * folder, a choice already judged, or a fetch) on the request's machine (given, detected, or looked at again).
     * The files and the search path fix go in one transaction (a deploy copies files only); then, when that
     * succeeded, the verification and the benchmark run against the toolkit, and the frameworks' verdicts are
     * predicted for the machine as it now is. The privileged part runs in an elevated copy when the request allows
     * it; the user's own search path, the verification and the benchmark still run here. A package nobody has
     * judged yet is read as few times as it can be: one archive (or a folder whose names rule out all but one) for
     * a toolkit known before reading is judged while it is staged. Whatever stops the run, the outcome says why.
     */
    SetupOutcome
    install(const InstallRequest& request, ProgressSink* progress = nullptr, CancellationToken cancel = {}) const;

    /** What a deploy of choice into folder would copy; the install's deploy copies exactly this. */
    DeployPlan planDeploy(const PackageChoice& choice, const SystemSnapshot& system, const QString& folder) const;

    // Repairing
    /** Recovers an interrupted run (not in a dry run), detects, and finds what is broken: nothing is changed. */
    RepairSurvey surveyRepair(const RepairRequest& request) const;
    /** The survey and its automatic fixes in one: the silent repair. */
    RepairOutcome
    repair(const RepairRequest& request, ProgressSink* progress = nullptr, CancellationToken cancel = {}) const;
    /** Applies the survey's automatic fixes (one transaction per toolkit) and looks again. */
    RepairOutcome repair(const RepairSurvey& survey,
                         const RepairRequest& request,
                         ProgressSink* progress = nullptr,
                         CancellationToken cancel = {}) const;

    // Explaining an error
    /**
     * Reads the text a program printed (an error, a traceback, a whole log) against this machine: the messages it
     * recognises and, for each, the cause here with its evidence and fix, most likely first; or that the machine
     * shows none, or that nothing in the text is known. Read-only (it runs nothing a user controls) unless the
     * request asks to apply the safe repairs, which then run with the same rules as repair().
     */
    ExplainOutcome explain(const ExplainRequest& request) const;

    // Uninstalling
    /**
     * Every toolkit holding an install by cudnn-setup, with its newest install: those detected, and those on this
     * user's list of installs (a toolkit in a folder detection never looks in).
     */
    QList<InstalledCopy> installedCopies(const SystemSnapshot& system) const;
    /** Takes back the newest install in the request's root (or the only toolkit holding one). */
    UninstallOutcome
    uninstall(const UninstallRequest& request, ProgressSink* progress = nullptr, CancellationToken cancel = {}) const;

    // The elevated copy's side of the hand-over
    /**
     * The report, log and progress files the elevated copy writes, created fresh now for the invoking user in the
     * folder its parent made and held open to the end (ElevatedChannel); null with error when they cannot be.
     */
    static std::unique_ptr<ElevatedChannel> openElevatedChannel(const ElevationRequest& request, QString* error);
    /** The progress lines a --progress-file names, into the file that exists there; null with error otherwise. */
    static std::unique_ptr<ProgressSink> progressLines(const QString& path, QString* error);

    // Proving it works
    /** Which file of every cuDNN library a new program really loads from the toolkit, in a fresh cudnn-probe. */
    /** What loads from the toolkit; `pathScope` None: the search path was left as asked, so a new program getting
     *  another copy is a warning, not a failure. */
    VerifyResult verify(const QString& toolkitRoot, PathScope pathScope = PathScope::User) const;
    /** The convolution benchmark in a fresh cudnn-probe against the toolkit's own cuDNN and CUDA runtime. */
    BenchmarkResult benchmark(const QString& toolkitRoot, bool quick = false) const;
    /**
     * The same with progress per case ("case k of N") and a Skip: `cancel` stops it at once and keeps the cases
     * measured (BENCH-NOT-FINISHED, a warning); so does a run that still finishes cases past its budget. A step
     * that makes no progress for the stall limit is a hang (BENCH-TIMEOUT, an error with repair).
     */
    BenchmarkResult benchmark(const BenchmarkRequest& request,
                              ProgressSink* progress = nullptr,
                              const CancellationToken& cancel = CancellationToken()) const;

private:
    /** The newest install in root as an uninstall would take it back. */
    InstalledCopy installedCopy(const QString& root) const;
    /** What the elevated copy is asked to do for a chosen package (choice.ok()) and toolkit. */
    static ElevationRequest handOver(const PackageChoice& choice, const CudaToolkit& toolkit, PathScope scope);
    /** This executable, as an elevated copy or an administrator starts it. */
    QString program() const;
    /** The machine a request is for: the one given (looked at again when asked), else detected. */
    SystemSnapshot machineFor(const InstallRequest& request, bool* lookedAgain) const;
    /** The package's source to a choice and the install of it: fetched, read once, or chosen first. */
    SetupOutcome installOnMachine(const InstallRequest& request,
                                  const SystemSnapshot& system,
                                  ProgressSink* progress,
                                  CancellationToken cancel) const;
    /** The install of a package nobody has judged yet, read as few times as it can be. */
    SetupOutcome installUnjudged(const InstallRequest& request,
                                 const SystemSnapshot& system,
                                 ProgressSink* progress,
                                 CancellationToken cancel) const;
    /** The install of a choice already made. */
    SetupOutcome installChoice(const PackageChoice& choice,
                               const SystemSnapshot& system,
                               const InstallRequest& request,
                               ProgressSink* progress,
                               CancellationToken cancel) const;
    /** One archive's install, judged while it is staged, with the log, the search path step and the proofs around. */
    using OnePass = std::function<InstallResult(const InstallOptions&, InstallService::JudgedPackage*)>;
    SetupOutcome installOnePass(const OnePass& pass,
                                const QString& toolkitRoot,
                                const SystemSnapshot& system,
                                const InstallRequest& request,
                                ProgressSink* progress,
                                CancellationToken cancel) const;
    /** Why the search path was left as it is when the install stopped before its step was planned. */
    static QString notChangedBecause(InstallResult::Status status);
    /** After the run: what the frameworks will load, and the command an administrator runs when rights were missing. */
    void settleAfterwards(SetupOutcome& outcome, const SystemSnapshot& system, const InstallRequest& request) const;
    /**
     * An install never writes over files dpkg, pip or conda keep: when the target's cuDNN folders hold any (by those
     * managers' own records), the refusal names each manager's command; nullopt when none.
     */
    std::optional<SetupOutcome::Refusal> managedFilesRefusal(const QString& toolkitRoot,
                                                             const SystemSnapshot& system) const;
    /** The files (and a machine search path) through the elevated copy; then the user-scope fix here. */
    void installElevated(const ElevationRequest& request,
                         SetupOutcome& outcome,
                         InstallLog* log,
                         ProgressSink* progress) const;
    /** The user-scope search path fix of an install whose files another process put in place, applied here. */
    void applyUserSearchPath(SetupOutcome& outcome, InstallLog* log) const;
    /** The result of an install whose files are all in place already (plan.writesNothing()). */
    static InstallResult alreadyInstalled(const InstallPlan& plan, InstallLog* log);
    /**
     * The log a task writes, opened once for every task with one rule: a log that cannot be opened ends the task
     * before anything is changed (why says so). Null without error when none was asked for. A log the caller holds
     * (InstallRequest::log) is written through instead.
     */
    static std::unique_ptr<InstallLog> openLog(const QString& path, InstallLog* held, Diagnostic* why);
    /** The folders a deploy also searches for the runtime libraries a toolkit lacks (zlibwapi.dll): the PATH. */
    QStringList deploySearchFolders() const;
    /** Every kind of step a journal or manifest holds, for recovering and uninstalling. */
    OperationFactory operations() const;
    /** The search path fix as the operations an install's transaction performs after the files; none if it may not. */
    QList<std::shared_ptr<Operation>> environmentSteps(const EnvironmentPlan* fix) const;
    /** PATH and LD_LIBRARY_PATH a new login of the user gets (ProgramSearchOrder::sessionVariables). */
    QMap<QString, QString> newLoginEnvironment() const;
    /** The search path step's final status, from what the install did. */
    static void settleEnvironment(SetupOutcome& outcome);
    /** An install into a toolkit goes on this user's list of installs, with the search path fix it wrote. */
    void recordInstall(const SetupOutcome& outcome) const;
    /** What loads, and how fast, once the files are in: the same for both ways in. */
    void
    prove(SetupOutcome& outcome, const InstallRequest& request, ProgressSink* progress, CancellationToken cancel) const;
    /** Finishes or rolls back what an interrupted install, uninstall or repair left in the toolkits found. */
    Diagnostics recoverInterrupted(const SystemSnapshot& system) const;
    /** Scans the machine as a repair sees it, with the consumers found before (or found now, when null). */
    RepairSurvey survey(const RepairRequest& request, const RepairFindings* consumers) const;

    std::shared_ptr<const HostEnvironment> m_host;
    std::shared_ptr<const ProcessRunner> m_runner;
    std::shared_ptr<const EnvironmentLocations> m_environment;
    std::shared_ptr<const ElevationLauncher> m_launcher;
    QString m_program;
};
