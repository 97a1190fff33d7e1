#pragma once

#include "detect/Detector.h"
#include "detect/HostEnvironment.h"
#include "detect/ProcessRunner.h"

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

    const HostEnvironment& host() const { return m_host; }
    const ProcessRunner& runner() const { return *m_runner; }

    SystemSnapshot detect(const DetectOptions& options) const;

private:
    HostEnvironment m_host;
    std::shared_ptr<const ProcessRunner> m_runner;
};
