#include "Engine.h"

Engine::Engine()
    : Engine(HostEnvironment::current(), std::make_shared<ProcessRunner>())
{
}

Engine::Engine(HostEnvironment host, std::shared_ptr<const ProcessRunner> runner)
    : m_host(std::move(host))
    , m_runner(std::move(runner))
{
}

SystemSnapshot Engine::detect(const DetectOptions& options) const
{
    return Detector(m_host, *m_runner).detect(options);
}
