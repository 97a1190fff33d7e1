#pragma once

#include "CommandLine.h"
#include "engine/Engine.h"
#include "engine/ExitCode.h"
#include "report/Report.h"

#include <QCoreApplication>
#include <QTextStream>
#include <memory>

struct CudaToolkit;
struct InstallPlan;
struct InstallResult;
struct PackageChoice;
struct SystemSnapshot;
class InstallLog;

/**
 * The face for terminals and deployment scripts: runs what the invocation asks through the engine, prints to
 * stdout/stderr, writes the report and returns the documented exit code. Never opens a window, never waits for
 * input.
 */
class ConsoleRunner
{
    Q_DECLARE_TR_FUNCTIONS(ConsoleRunner)

public:
    ConsoleRunner(const Engine& engine, QTextStream& out, QTextStream& err);
    ExitCode run(const Invocation& invocation);

private:
    ExitCode detect(const Invocation& invocation);
    ExitCode install(const Invocation& invocation);
    /**
     * The toolkit a silent install of package goes into when it is known before reading (named, or the only one):
     * then the archive is read once, judged while it is staged. Null for a dry run, a deploy, a folder of archives,
     * the elevated copy, or when the package must pick the toolkit.
     */
    static const CudaToolkit*
    onePassTarget(const Invocation& invocation, const QString& package, const SystemSnapshot& system);
    ExitCode installInOnePass(const Invocation& invocation,
                              const QString& package,
                              const CudaToolkit& toolkit,
                              const SystemSnapshot& system,
                              Report& report,
                              InstallLog* log,
                              ProgressSink* progress);
    static SetupOptions setupOptions(const Invocation& invocation, InstallLog* log);
    /** A dry run, or no package to install: the plan (or why not), the report, and the choice's exit code. */
    ExitCode endWithoutInstall(const Invocation& invocation,
                               const PackageChoice& choice,
                               const InstallPlan* plan,
                               const SystemSnapshot& system,
                               Report& report,
                               InstallLog* log);
    /** After an install ran: what it did, what loads, how fast, and the outcome's exit code. */
    ExitCode endWithInstall(const Invocation& invocation,
                            const SetupOutcome& outcome,
                            const PackageChoice& choice,
                            Report& report);
    ExitCode uninstall(const Invocation& invocation);
    /** --for-machine / --for-machines: the verdict for machines described by files (MachineJudge). */
    ExitCode judgeOtherMachines(const Invocation& invocation);
    /** One line per outcome, then the warnings and errors: what a person reads in a terminal or a CI log. */
    static QString summary(const InstallResult& result);
    /** A "files" action (added, replaced, ...) in the reader's language; the report keeps the stable word. */
    static QString actionText(const QString& action);
    /** The dry run of --deploy-to: what would be copied into the folder, into the report and on stdout. */
    void planDeploy(const PackageChoice& choice, const SystemSnapshot& system, const QString& folder, Report& report);
    /** The folders of PATH, where a deploy also looks for zlibwapi.dll. */
    static QStringList searchPath();
    /** The dry run's search path step: what wins now, and the fix as a diff. */
    void planEnvironment(const EnvironmentOutcome& environment, Report& report);
    static QString environmentSummary(const EnvironmentOutcome& environment);
    static QString verifySummary(const std::optional<VerifyResult>& verify, const QString& notRun);
    static QString benchmarkSummary(const std::optional<BenchmarkResult>& benchmark, const QString& notRun);
    /** The steps after the files, when there are no files to install, as the report contract names them. */
    static void addStepsNotRun(Report& report, const QString& reason);
    /** Opens --log FILE; false (after saying why) when it cannot be written. */
    bool openLog(const Invocation& invocation, std::unique_ptr<InstallLog>& log);
    bool writeReport(const Report& report, const QString& path);
    /**
     * The elevated copy's own checks, before anything else (--elevation-token): every argument validated as
     * untrusted input; false (after saying why) when one is wrong.
     */
    bool checkElevatedArguments(const Invocation& invocation);
    /** --package-sha256: the archive picked is the one the unelevated process showed; false fills the report. */
    bool checkPackageSha256(const Invocation& invocation, const PackageChoice& choice, Report& report);
    /** Exit 4: the exact command that does the privileged part elevated, on stdout and in the report. */
    void explainElevation(const Invocation& invocation, const PackageChoice& choice, Report& report);
    ExitCode notAvailableYet(const QString& what);

    const Engine& m_engine;
    QTextStream& m_out;
    QTextStream& m_err;
    QString m_elevationToken; // the elevated copy of a wizard: the report carries it and goes into the parent's file
};
