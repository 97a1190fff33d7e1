#pragma once

#include "report/TaskStatus.h"

/**
 * The documented exit codes of `cudnn-setup --silent` (README "Exit codes"). Deployment scripts depend on them:
 * append, never renumber. Each is how a task ended (TaskStatus), numbered.
 */
enum class ExitCode : int {
    Ok = 0, // done, or nothing needed doing
    Failed = 1, // an unexpected failure; nothing was changed
    UsageError = 2, // the command line is wrong
    PackageRejected = 3, // the package does not fit (or is damaged); nothing was changed
    NeedsElevation = 4, // the target is not writable by this user; nothing was changed
    RolledBack = 5, // the install failed or was cancelled and was rolled back
    VerifyFailed = 6, // installed, but cuDNN does not load or work
    ChoiceNeeded = 7, // several toolkits fit equally; name one with --cuda-root
    NothingFound = 8, // no toolkit, or no compatible package in the folder
    DownloadFailed = 9, // --fetch: no network, the server refused, or the checksum did not match; nothing was changed
    NoCauseHere = 10, // --explain: the message is recognised, but this machine shows no cause of it
    NotRecognised = 11, // --explain: the text holds no message cudnn-setup knows
};

inline int toInt(ExitCode code)
{
    return static_cast<int>(code);
}

ExitCode exitCodeFor(TaskStatus status);
TaskStatus taskStatusOf(ExitCode code);
/** The report's word for the code: taskStatusName() of the status it numbers. */
QString exitCodeName(ExitCode code);
