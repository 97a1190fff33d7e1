#pragma once

#include "env/EnvironmentLocations.h"
#include "env/EnvironmentReport.h"
#include "env/SearchOrder.h"
#include "env/WindowsEnvironment.h"

#include <QCoreApplication>

/**
 * Windows: reads both Path values raw, follows every cuDNN/cudart/zlibwapi DLL through a new program's DLL search,
 * and plans the scope's fix: the target first in that scope's Path, CUDA_PATH and CUDA_PATH_V<maj>_<min> on the
 * target, and (machine scope) stale copies in System32 or the Windows folder quarantined. The user plan never
 * touches HKLM and the machine plan never touches HKCU: an elevated process may be another user's.
 */
class WindowsEnvironmentAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(WindowsEnvironmentAnalysis)

public:
    explicit WindowsEnvironmentAnalysis(const EnvironmentLocations& locations);
    EnvironmentReport analyse(const EnvironmentTarget& target, EnvironmentScope scope) const;

private:
    WindowsDllSearchInputs searchInputs(const WindowsEnvironment& environment,
                                        const QString& applicationDir = {}) const;
    void planPath(const WindowsEnvironment& before, WindowsEnvironment& after, EnvironmentReport& report) const;
    void planCudaPath(const WindowsEnvironment& before, WindowsEnvironment& after, EnvironmentReport& report) const;
    void planQuarantine(const WindowsEnvironment& after,
                        const QStringList& names,
                        ListingOverlay& afterDisk,
                        EnvironmentReport& report) const;

    const EnvironmentLocations& m_locations;
};
