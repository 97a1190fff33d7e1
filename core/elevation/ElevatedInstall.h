#pragma once

#include "ElevationLauncher.h"
#include "ElevationOutcome.h"
#include "ElevationRequest.h"
#include "common/Progress.h"

class InstallLog;

/**
 * The unelevated side of the privileged step: makes the run's private files, starts the elevated copy of program
 * through the launcher with request's explicit command line, feeds its progress lines to progress while it runs,
 * and takes its report only with this run's token. The elevated copy's log lines are appended to log.
 */
class ElevatedInstall
{
public:
    ElevatedInstall(const ElevationLauncher& launcher, QString program);
    ElevationOutcome run(ElevationRequest request, ProgressSink* progress, InstallLog* log) const;

private:
    const ElevationLauncher& m_launcher;
    QString m_program;
};
