#include "ExitCode.h"

namespace {

struct Numbered
{
    TaskStatus status;
    ExitCode code;
};

constexpr Numbered Numbering[] = {
    {TaskStatus::Ok, ExitCode::Ok},
    {TaskStatus::Failed, ExitCode::Failed},
    {TaskStatus::UsageError, ExitCode::UsageError},
    {TaskStatus::Rejected, ExitCode::PackageRejected},
    {TaskStatus::NeedsElevation, ExitCode::NeedsElevation},
    {TaskStatus::RolledBack, ExitCode::RolledBack},
    {TaskStatus::VerifyFailed, ExitCode::VerifyFailed},
    {TaskStatus::ChoiceNeeded, ExitCode::ChoiceNeeded},
    {TaskStatus::NothingFound, ExitCode::NothingFound},
    {TaskStatus::DownloadFailed, ExitCode::DownloadFailed},
    {TaskStatus::NoCauseHere, ExitCode::NoCauseHere},
    {TaskStatus::NotRecognised, ExitCode::NotRecognised},
};

} // namespace

ExitCode exitCodeFor(TaskStatus status)
{
    for (const Numbered& n : Numbering) {
        if (n.status == status)
            return n.code;
    }
    return ExitCode::Failed;
}

TaskStatus taskStatusOf(ExitCode code)
{
    for (const Numbered& n : Numbering) {
        if (n.code == code)
            return n.status;
    }
    return TaskStatus::Failed;
}

QString exitCodeName(ExitCode code)
{
    return taskStatusName(taskStatusOf(code));
}
