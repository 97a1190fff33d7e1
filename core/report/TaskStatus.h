#pragma once

#include <QString>

/**
 * How a task ended, in the stable words a report's "status" uses. The silent mode's exit codes are made from these
 * (app/ExitCode.h); the engine never knows the numbers.
 */
enum class TaskStatus {
    Ok, // done, or nothing needed doing
    Failed, // an unexpected failure; nothing was changed
    UsageError, // the request itself is wrong
    Rejected, // the package does not fit (or is damaged); nothing was changed
    NeedsElevation, // the target is not writable by this user; nothing was changed
    RolledBack, // the task failed or was cancelled and was rolled back
    VerifyFailed, // installed, but cuDNN does not load or work
    ChoiceNeeded, // several toolkits fit equally: the person must choose one
    NothingFound, // no toolkit, or no compatible package
    DownloadFailed, // no network, the server refused, or the checksum did not match; nothing was changed
    NoCauseHere, // --explain: the message is recognised, but this machine shows no cause of it
    NotRecognised, // --explain: the text holds no message the table knows
};

/** "ok", "failed", "usage_error", "rejected", ... (docs/report.md). */
QString taskStatusName(TaskStatus status);
