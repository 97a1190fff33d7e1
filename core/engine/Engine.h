#pragma once

#include "detect/Detector.h"
#include "detect/HostEnvironment.h"
#include "detect/ProcessRunner.h"
#include "env/EnvironmentLocations.h"

#include <memory>

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

private:
    HostEnvironment m_host;
    std::shared_ptr<const ProcessRunner> m_runner;
    EnvironmentLocations m_environment;
};
