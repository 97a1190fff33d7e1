#pragma once

#include "SetupOutcome.h"
#include "common/Progress.h"
#include "detect/Detector.h"
#include "detect/HostEnvironment.h"
#include "detect/ProcessRunner.h"
#include "elevation/ElevationLauncher.h"
#include "elevation/ElevationRequest.h"
#include "env/EnvironmentLocations.h"
#include "env/EnvironmentReport.h"
#include "install/InstallOptions.h"
#include "verify/BenchmarkResult.h"

#include <memory>
#include <optional>

struct PackageChoice;

/**
 * The one facade the faces call: the wizard's pages and the silent runner ask the same questions here, so no
 * decision is made twice. The machine (host environment, process runner) is injected for tests.
 */
class Engine
{
public:
    Engine(); // this machine
    Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner);
    /** With every place the environment step reads and writes injected (tests: a temporary home and "/"). */
    Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner, EnvironmentLocations environment);

    const HostEnvironment& host() const { return m_host; }
    const ProcessRunner& runner() const { return *m_runner; }
    std::shared_ptr<const ProcessRunner> sharedRunner() const { return m_runner; }
    const EnvironmentLocations& environmentLocations() const { return m_environment; }

    SystemSnapshot detect(const DetectOptions& options) const;

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
     * Where the privileged part of an install goes when this process may not do it (SetupOptions::elevate): program
     * (this executable) started elevated through launcher. Unset: such an install ends in needs_elevation (exit 4).
     */
    void setElevation(std::shared_ptr<const ElevationLauncher> launcher, QString program);
    /**
     * The privileged part of installing choice with scope, when this process may not do it itself: the toolkit is
     * not writable for it, or machine scope without elevation. Null when it may do everything itself.
     */
    std::optional<ElevationRequest>
    privilegedStep(const PackageChoice& choice, const SystemSnapshot& system, PathScope scope) const;
    /**
     * What InstallService needs from the engine: the factory that rebuilds every kind of step a journal or manifest
     * holds (files and the environment), and, when a fix is given and changes something, that fix as the last step
     * of the same transaction, so a rollback or `--uninstall` takes it back with the files.
     */
    InstallOptions installOptions(const EnvironmentPlan* environmentFix = nullptr) const;
    /**
     * The whole install run both faces start: the files and the search path fix in one transaction (a deploy copies
     * files only), then, when the install succeeded, the verification and the benchmark against the toolkit. With
     * SetupOptions::elevate the privileged part may run in an elevated copy; the user's own search path, the
     * verification and the benchmark still run here.
     */
    SetupOutcome install(const PackageChoice& choice,
                         const SystemSnapshot& system,
                         const SetupOptions& options,
                         ProgressSink* progress = nullptr,
                         CancellationToken cancel = {}) const;

    /**
     * The same run for an archive nobody has judged yet (the silent install of one file into a known toolkit): the
     * archive is read once, judged while it is staged, and the outcome carries the choice that judgement made.
     * What its name or the toolkit rules out is refused before anything is read.
     */
    SetupOutcome installArchive(const QString& archive,
                                const SystemSnapshot& system,
                                const CudaToolkit& toolkit,
                                bool force,
                                const SetupOptions& options,
                                ProgressSink* progress = nullptr,
                                CancellationToken cancel = {}) const;

    // Proving it works
    /** Which file of every cuDNN library a new program really loads from the toolkit, in a fresh cudnn-probe. */
    VerifyResult verify(const QString& toolkitRoot) const;
    /** The convolution benchmark in a fresh cudnn-probe against the toolkit's own cuDNN and CUDA runtime. */
    BenchmarkResult benchmark(const QString& toolkitRoot, bool quick = false) const;

private:
    /** The files (and a machine search path) through the elevated copy; then the user-scope fix here. */
    void installElevated(const ElevationRequest& request,
                         const SetupOptions& options,
                         SetupOutcome& outcome,
                         ProgressSink* progress) const;
    /** The search path fix as the operations an install's transaction performs after the files; none if it may not. */
    QList<OperationPointer> environmentSteps(const EnvironmentPlan* fix) const;
    /** The search path step's final status, from what the install did. */
    static void settleEnvironment(SetupOutcome& outcome);
    /** What loads, and how fast, once the files are in: the same for both ways in. */
    void
    prove(SetupOutcome& outcome, const SetupOptions& options, ProgressSink* progress, CancellationToken cancel) const;

    HostEnvironment m_host;
    std::shared_ptr<const ProcessRunner> m_runner;
    EnvironmentLocations m_environment;
    std::shared_ptr<const ElevationLauncher> m_launcher;
    QString m_program;
};
