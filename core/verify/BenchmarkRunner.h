#pragma once

#include "BenchmarkResult.h"
#include "common/Progress.h"
#include "detect/HostEnvironment.h"
#include "detect/ProcessRunner.h"

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

    /** The probe's arguments for these options: explicit library paths when the toolkit has them. */
    QStringList probeArguments(const Options& options) const;

private:
    const HostEnvironment& m_host;
    const ProcessRunner& m_runner;
};
