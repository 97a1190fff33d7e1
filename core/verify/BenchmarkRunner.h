#pragma once

#include "BenchmarkResult.h"
#include "common/Progress.h"
#include "host/HostEnvironment.h"
#include "host/ProcessRunner.h"

#include <QCoreApplication>
#include <functional>

/**
 * Runs the convolution benchmark in cudnn-probe against one toolkit's cuDNN and CUDA runtime (or whatever a new
 * program would load, when no toolkit is named) and reads its report. A hang and slowness are different facts:
 * the probe's watchdog ends a step that makes no progress for `stallMs` (BENCH-TIMEOUT: a call that does not
 * return); a run that goes on finishing cases past `timeoutMs`, or that is canceled (Skip), is ended by the runner
 * after its last finished case and keeps what it measured (BENCH-NOT-FINISHED). The runner adds a hard limit above
 * both, so a hung driver can never hang the caller.
 */
class BenchmarkRunner
{
    Q_DECLARE_TR_FUNCTIONS(BenchmarkRunner)

public:
    struct Options
    {
        QString toolkitRoot; // empty: load by bare name, as a new program would
        bool quick = false; // small batches (tests, fake libraries)
        int timeoutMs = 300000; // the time budget: a run still finishing cases after it ends "not finished"
        int stallMs = 120000; // a step that takes longer is a call that does not return
    };
    /** After each finished case: the run so far (BENCH-NOT-FINISHED, the cases measured), on the caller's thread. */
    using CaseWatcher = std::function<void(const BenchmarkResult& soFar)>;

    BenchmarkRunner(const HostEnvironment& host, const ProcessRunner& runner);
    /** Progress per case ("case k of N", unit Cases) goes to `progress`; `cancel` stops the run, keeping its cases. */
    BenchmarkResult run(const Options& options,
                        ProgressSink* progress = nullptr,
                        const CancellationToken& cancel = CancellationToken(),
                        const CaseWatcher& watcher = {}) const;

    /** The probe's arguments for these options: explicit library paths when the toolkit has them, in the
     * platform's spelling (`\` on Windows, as LoadLibraryW documents). */
    QStringList probeArguments(const Options& options) const;
    /** The probe's search path: the host's. On Windows the toolkit's DLL folders come first on PATH, because cuDNN's
     * dispatcher loads its sub-libraries (and they cuBLAS/cudart) by bare name, and the Windows search order never
     * looks in the folder of the DLL that asks (Linux has RUNPATH $ORIGIN for that). */
    QMap<QString, QString> probeEnvironment(const Options& options) const;

private:
    const HostEnvironment& m_host;
    const ProcessRunner& m_runner;
};
