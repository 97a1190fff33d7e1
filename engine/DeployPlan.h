#pragma once

#include "install/ChangeSet.h"

class Report;

/** What a deploy into an application's folder would copy, judged the same way for both faces. */
struct DeployPlan
{
    QString folder; // canonical when it exists
    PlannedChanges planned;

    bool blocked() const { return worstSeverity(planned.diagnostics) == Severity::Error; }
    /** "deploy" {folder}, "changes" and the plan's diagnostics. */
    void addToReport(Report& report) const;
};
