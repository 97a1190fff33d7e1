#pragma once

#include "env/EnvironmentLocations.h"
#include "env/EnvironmentPlan.h"
#include "env/EnvironmentReport.h"
#include "env/LinuxEnvironmentAnalysis.h"
#include "install/Operation.h"

#include <QCoreApplication>
#include <optional>

/**
 * The environment facade: which copy of each library a new program gets and why, what to change so the target
 * wins (a plan, shown as a diff), and that plan as ordinary undoable operations (EnvironmentOperations). Pick the OS
 * through the locations' host flavour; everything it reads and writes comes from the locations.
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
     * Performs the plan's operations outside any transaction (a change no toolkit's journal can hold). Returns them,
     * performed, for OperationList::undo(); nullopt with error when the plan may not be applied or one failed (then
     * nothing is left changed). In a transaction, add EnvironmentOperations::fromPlan() instead.
     */
    std::optional<QList<OperationPointer>> apply(const EnvironmentPlan& plan, QString* error) const;

private:
    EnvironmentLocations m_locations;
};
