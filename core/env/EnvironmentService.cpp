#include "EnvironmentService.h"

#include "common/Logging.h"
#include "env/EnvironmentOperations.h"
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

std::optional<QList<OperationPointer>> EnvironmentService::apply(const EnvironmentPlan& plan, QString* error) const
{
    if (!plan.canApply()) {
        if (error)
            *error = tr("The plan cannot be applied: %1")
                         .arg(plan.diagnostics.isEmpty() ? QString() : plan.diagnostics.constFirst().message);
        return std::nullopt;
    }
    const QList<OperationPointer> operations = EnvironmentOperations::fromPlan(plan, m_locations);
    qCDebug(lcEnv) << "applying the search-path plan";
    QString why;
    if (!OperationList::perform(operations, &why)) {
        qCDebug(lcEnv) << "the change failed:" << why;
        if (error)
            *error = why;
        return std::nullopt;
    }
    return operations;
}
