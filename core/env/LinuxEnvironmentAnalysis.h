#pragma once

#include "env/EnvironmentLocations.h"
#include "env/EnvironmentReport.h"
#include "env/EnvironmentStep.h"
#include "env/LdSoConf.h"
#include "env/LoaderCacheState.h"

#include <QCoreApplication>

/**
 * Linux: follows each cuDNN library and cudart through ld.so (LD_LIBRARY_PATH, the cache from /etc/ld.so.conf.d,
 * the default directories) and nvcc through PATH, and plans the scope's fix. User: one marked block in the file the
 * login shell really reads, plus ~/.config/environment.d for graphical sessions. Machine: /etc/profile.d and
 * /etc/ld.so.conf.d (named to be scanned first) with ldconfig, and /usr/local/cuda only when asked.
 */
class LinuxEnvironmentAnalysis
{
    Q_DECLARE_TR_FUNCTIONS(LinuxEnvironmentAnalysis)

public:
    static constexpr char ProfileScript[] = "/etc/profile.d/cudnn-setup.sh";
    static constexpr char LoaderConf[] = "/etc/ld.so.conf.d/00-cudnn-setup.conf";
    static constexpr char EnvironmentDConf[] = ".config/environment.d/60-cudnn-setup.conf";
    static constexpr char CudaLinkPath[] = "/usr/local/cuda";

    explicit LinuxEnvironmentAnalysis(const EnvironmentLocations& locations);
    EnvironmentReport
    analyse(const EnvironmentTarget& target, EnvironmentScope scope, const EnvironmentOptions& options = {});

private:
    /** The search state a new login shell gets: before, or after the plan. */
    struct State
    {
        QStringList ldLibraryPath;
        QStringList path;
        LdSoConf::PendingFiles pendingConf;
        bool cacheAsIs = true; // the cache file as it is; false: as ldconfig would rebuild it from the conf files
    };

    SearchOrder libraryOrder(const State& state) const;
    /** Compares the cache as it is with a rebuilt one, and says what the plan does about it. */
    void judgeLoaderCache(const QStringList& libraries, const State& before, EnvironmentReport& report) const;
    void planUser(State& after, EnvironmentReport& report) const;
    void planMachine(State& after, const EnvironmentOptions& options, EnvironmentReport& report) const;
    void addFileStep(EnvironmentReport& report,
                     const QString& path,
                     FileEditStep::Ownership ownership,
                     const QByteArray& wanted,
                     int effects = EnvironmentStep::NoEffect) const;
    CudaLink cudaLink(const EnvironmentTarget& target) const;

    const EnvironmentLocations& m_locations;
    LoaderCacheState::Snapshot m_cache; // read once per analysis
    QStringList m_libraryNames; // the names the cache is asked about
};
