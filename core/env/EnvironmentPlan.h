#pragma once

#include "common/OsFlavor.h"
#include "env/EnvironmentScope.h"
#include "report/Diagnostic.h"

#include <QJsonObject>
#include <QList>
#include <memory>

class EnvironmentStep;
/** The steps of a fix, in order: the operations its transaction performs. */
using EnvironmentSteps = QList<std::shared_ptr<EnvironmentStep>>;

/** Choices a plan may include beyond the scope. */
struct EnvironmentOptions
{
    bool retargetCudaLink = false; // Linux machine scope: point /usr/local/cuda at the target
};

/**
 * What applying would change, step by step, each with its exact before and after: shown as a diff for the dry run,
 * handed to EnvironmentService::apply(). A plan with an error diagnostic (a PATH past 32,767 characters) has no
 * steps for that value and must not be applied.
 */
struct EnvironmentPlan
{
    OsFlavor os = OsFlavor::Linux;
    EnvironmentScope scope = EnvironmentScope::User;
    EnvironmentSteps steps;
    Diagnostics diagnostics; // refusals and warnings about the plan itself
    /** Linux: the loader cache is stale and this process may rebuild it: the change runs ldconfig. */
    bool rebuildsLoaderCache = false;

    bool isEmpty() const { return steps.isEmpty() && !rebuildsLoaderCache; }
    bool canApply() const { return worstSeverity(diagnostics) != Severity::Error; }
    /** Every step's diff, one after another: the dry run's text. */
    QString diffText() const;
    /** target -> text before (null where it did not exist); the same shape for after. */
    QJsonObject beforeJson() const;
    QJsonObject afterJson() const;
    QJsonArray stepsJson() const;
};
