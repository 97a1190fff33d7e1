#pragma once

#include "env/EnvironmentLocations.h"
#include "env/EnvironmentPlan.h"
#include "env/EnvironmentStep.h"
#include "install/Operation.h"

/**
 * A search path plan as the ordinary operations a transaction journals and runs: one EnvironmentStep per change,
 * framed by the EnvironmentRefresh that follows them (WM_SETTINGCHANGE, ldconfig) when a step needs one. And the
 * builders that rebuild them from a journal or a manifest, with the places they act on injected.
 */
namespace EnvironmentOperations {

/** [refresh once undone] the plan's steps [refresh once performed]; empty for an empty plan. */
QList<OperationPointer> fromPlan(const EnvironmentPlan& plan, const EnvironmentLocations& locations);

/**
 * Adds the builders of environment_step and environment_refresh to factory, and one for "environment", the single
 * operation that held a whole plan in manifests and journals written before the steps were operations of their own,
 * so those still uninstall and recover.
 */
void addBuilders(OperationFactory& factory, const EnvironmentLocations& locations);

} // namespace EnvironmentOperations
