#include "EnvironmentService.h"

#include "common/Logging.h"
#include "env/WindowsEnvironmentAnalysis.h"

EnvironmentService::EnvironmentService(EnvironmentLocations locations)
    : m_locations(std::move(locations))
{
}

EnvironmentReport EnvironmentService::analyse(const EnvironmentTarget& target,
                                              EnvironmentScope scope,
                                              const EnvironmentOptions& options) const
{
    EnvironmentReport report = m_locations.os() == OsFlavor::Windows
        ? WindowsEnvironmentAnalysis(m_locations).analyse(target, scope)
        : LinuxEnvironmentAnalysis(m_locations).analyse(target, scope, options);
    qCDebug(lcEnv) << "analysed the search path for" << target.toolkitRoot << "scope" << int(scope);
    return report;
}

std::unique_ptr<EnvironmentChange> EnvironmentService::apply(const EnvironmentPlan& plan, QString* error) const
{
    if (!plan.canApply()) {
        if (error)
            *error = tr("The plan cannot be applied: %1")
                         .arg(plan.diagnostics.isEmpty() ? QString() : plan.diagnostics.constFirst().message);
        return nullptr;
    }
    auto change = std::make_unique<EnvironmentChange>(plan, m_locations);
    qCDebug(lcEnv) << "applying the search-path plan";
    if (!change->perform()) {
        qCDebug(lcEnv) << "the change failed:" << change->errorString();
        if (error)
            *error = change->errorString();
        return nullptr;
    }
    return change;
}

std::unique_ptr<EnvironmentChange> EnvironmentService::changeFromJson(const QJsonObject& json, QString* error) const
{
    return EnvironmentChange::fromJson(json, m_locations, error);
}
