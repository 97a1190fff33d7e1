#pragma once

#include "install/InstallPlan.h"
#include "package/PackageChoice.h"

/** The readable text of a dry run: the chosen package, its verdict with reasons, the others and why they lost, the
 * plan. */
QString packageSummary(const PackageChoice& choice, const InstallPlan* plan, OsFlavor os);
