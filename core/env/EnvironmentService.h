#pragma once

#include "env/EnvironmentChange.h"
#include "env/EnvironmentLocations.h"
#include "env/EnvironmentReport.h"
#include "env/LinuxEnvironmentAnalysis.h"

#include <QCoreApplication>
#include <memory>

/**
 * The environment facade: which copy of each library a new program gets and why, what to change so the target
 * wins (a plan, shown as a diff), and carrying that plan out as an undoable EnvironmentChange. Pick the OS through
 * the locations' host flavour; everything it reads and writes comes from the locations.
 */
class EnvironmentService
{
    Q_DECLARE_TR_FUNCTIONS(EnvironmentService)

public:
    explicit EnvironmentService(EnvironmentLocations locations);

    const EnvironmentLocations& locations() const { return m_locations; }

    EnvironmentReport
    analyse(const EnvironmentTarget& target, EnvironmentScope scope, const EnvironmentOptions& options = {}) const;
    /**
     * Performs the plan. Returns the performed change (keep its toJson() in the manifest for uninstall), or null with
     * error when the plan may not be applied or a step failed (then nothing is left changed).
     */
    std::unique_ptr<EnvironmentChange> apply(const EnvironmentPlan& plan, QString* error) const;
    /** The change an uninstall undoes, rebuilt from the manifest. */
    std::unique_ptr<EnvironmentChange> changeFromJson(const QJsonObject& json, QString* error) const;

private:
    EnvironmentLocations m_locations;
};
