#pragma once

#include "DetectOptions.h"
#include "SystemSnapshot.h"
#include "host/HostEnvironment.h"
#include "host/ProcessRunner.h"

#include <QCoreApplication>
#include <QSet>

class CudnnInstallScanner;

/**
 * Knows the machine: driver and GPUs, every CUDA toolkit, and every cuDNN in a toolkit or on the library search
 * path, plus the findings that only show when these are put side by side (a driver too old for a toolkit).
 */
class Detector
{
    Q_DECLARE_TR_FUNCTIONS(Detector)

public:
    Detector(const HostEnvironment& host, const ProcessRunner& runner);
    SystemSnapshot detect(const DetectOptions& options) const;

    /** Library directories a new program searches outside the toolkits, in the loader's order. */
    QStringList librarySearchDirs() const;

private:
    /** Python environments, NVIDIA's installer folders; then where each copy came from and who owns it. */
    void findCopiesElsewhere(const DetectOptions& options,
                             SystemSnapshot& snapshot,
                             const CudnnInstallScanner& scanner,
                             const QSet<QString>& scannedDirs) const;
    void checkDriverAgainstToolkits(SystemSnapshot& snapshot) const;

    const HostEnvironment& m_host;
    const ProcessRunner& m_runner;
};
