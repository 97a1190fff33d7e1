#pragma once

#include "CommandLine.h"
#include "ExitCode.h"
#include "engine/ElevatedChannel.h"
#include "engine/Engine.h"
#include "report/Report.h"

#include <QCoreApplication>
#include <QTextStream>
#include <memory>

/**
 * The face for terminals and deployment scripts: runs what the invocation asks through the engine, prints to
 * stdout/stderr, writes the report and returns the documented exit code. Never opens a window, never waits for
 * input.
 */
class ConsoleRunner
{
    Q_DECLARE_TR_FUNCTIONS(ConsoleRunner)

public:
    /** cancel: what stops the run (SignalCancellation); the work rolls back and the report says so. */
    ConsoleRunner(const Engine& engine, QTextStream& out, QTextStream& err, CancellationToken cancel = {});
    ExitCode run(const Invocation& invocation);

private:
    ExitCode detect(const Invocation& invocation);
    /** Install, deploy or their dry run: one engine call, then what it did (or would do) and the report. */
    ExitCode install(const Invocation& invocation);
    /** The invocation's install, deploy or dry run as the one request the engine takes. */
    InstallRequest installRequest(const Invocation& invocation) const;
    /** What the run did (or, without an install, the plan or why not), the report, and the exit code. */
    ExitCode end(const Invocation& invocation, const SetupOutcome& outcome);
    ExitCode uninstall(const Invocation& invocation);
    /** --for-machine / --for-machines: the verdict for machines described by files (MachineJudge). */
    ExitCode judgeOtherMachines(const Invocation& invocation);
    /** One line per outcome, then the warnings and errors: what a person reads in a terminal or a CI log. */
    static QString summary(const InstallResult& result);
    /** A "files" action (added, replaced, ...) in the reader's language; the report keeps the stable word. */
    static QString actionText(const QString& action);
    static QString deploySummary(const DeployPlan& plan, OsFlavor os);
    static QString environmentSummary(const EnvironmentOutcome& environment);
    static QString verifySummary(const std::optional<VerifyResult>& verify, const QString& notRun);
    static QString benchmarkSummary(const std::optional<BenchmarkResult>& benchmark, const QString& notRun);
    bool writeReport(const Report& report, const QString& path);
    /** --report and --progress-file can be written: checked before anything runs (exit 2 when not). */
    bool outputsWritable(const Invocation& invocation);
    /**
     * The elevated copy's own checks, before anything else (--elevation-token): every argument validated as
     * untrusted input, then its report, log and progress files created fresh for the invoking user (m_channel);
     * false (after saying why) when one is wrong.
     */
    bool openElevatedChannel(const Invocation& invocation);
    /** Exit 4: the exact command that does the privileged part elevated (the report has it too). */
    void explainElevation(const Invocation& invocation, const SetupOutcome& outcome);

    const Engine& m_engine;
    QTextStream& m_out;
    QTextStream& m_err;
    CancellationToken m_cancel;
    std::unique_ptr<ElevatedChannel> m_channel; // the elevated copy of a wizard: its way back to the parent
};
