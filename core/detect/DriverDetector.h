#pragma once

#include "SystemSnapshot.h"
#include "host/HostEnvironment.h"
#include "host/ProcessRunner.h"

#include <QCoreApplication>

/**
 * Finds the NVIDIA driver and the GPUs: first from the driver's own libraries, loaded in the cudnn-probe child
 * process (a broken driver cannot take this program down), then from nvidia-smi. No driver is a finding, not a
 * failure.
 */
class DriverDetector
{
    Q_DECLARE_TR_FUNCTIONS(DriverDetector)

public:
    struct Result
    {
        DriverInfo driver;
        QList<GpuInfo> gpus;
        Diagnostics diagnostics;
    };

    static constexpr int DefaultProbeTimeoutMs = 20000;

    DriverDetector(const HostEnvironment& host, const ProcessRunner& runner);
    /** How long the driver may take to answer before it counts as hanging. */
    void setProbeTimeoutMs(int milliseconds) { m_probeTimeoutMs = milliseconds; }
    Result detect() const;

    static QString probeProgram(const HostEnvironment& host);

private:
    bool askProbe(Result& result) const;
    void askNvidiaSmi(Result& result) const;

    const HostEnvironment& m_host;
    const ProcessRunner& m_runner;
    int m_probeTimeoutMs = DefaultProbeTimeoutMs;
};
