#pragma once

#include "BenchmarkResult.h"
#include "common/Progress.h"
#include "host/HostEnvironment.h"
#include "host/ProcessRunner.h"

#include <QCoreApplication>

/**
 * Runs the convolution benchmark in cudnn-probe against one toolkit's cuDNN and CUDA runtime (or whatever a new
 * program would load, when no toolkit is named) and reads its report. The probe has its own watchdog; the runner
 * adds a hard limit above it, so a hung driver can never hang the caller.
 */
class BenchmarkRunner
{
    Q_DECLARE_TR_FUNCTIONS(BenchmarkRunner)

public:
    struct Options
    {
        QString toolkitRoot; // empty: load by bare name, as a new program would
        bool quick = false; // small batches (tests, fake libraries)
        int timeoutMs = 300000;
    };

    BenchmarkRunner(const HostEnvironment& host, const ProcessRunner& runner);
    BenchmarkResult run(const Options& options) const;

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
