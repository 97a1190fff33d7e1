#include "Engine.h"

Engine::Engine()
    : Engine(HostEnvironment::current(), std::make_shared<ProcessRunner>())
{
}

Engine::Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner)
    : m_host(std::move(host))
    , m_runner(std::move(runner))
    , m_environment(EnvironmentLocations::current(m_host, m_runner))
{
}

Engine::Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner, EnvironmentLocations environment)
    : m_host(std::move(host))
    , m_runner(std::move(runner))
    , m_environment(std::move(environment))
{
}

SystemSnapshot Engine::detect(const DetectOptions& options) const
{
    return Detector(m_host, *m_runner).detect(options);
}
