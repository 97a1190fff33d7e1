#include "TaskStatus.h"

QString taskStatusName(TaskStatus status)
{
    switch (status) {
    case TaskStatus::Ok:
        return QStringLiteral("ok");
    case TaskStatus::Failed:
        return QStringLiteral("failed");
    case TaskStatus::UsageError:
        return QStringLiteral("usage_error");
    case TaskStatus::Rejected:
        return QStringLiteral("rejected");
    case TaskStatus::NeedsElevation:
        return QStringLiteral("needs_elevation");
    case TaskStatus::RolledBack:
        return QStringLiteral("rolled_back");
    case TaskStatus::VerifyFailed:
        return QStringLiteral("verify_failed");
    case TaskStatus::ChoiceNeeded:
        return QStringLiteral("choice_needed");
    case TaskStatus::NothingFound:
        return QStringLiteral("nothing_found");
    case TaskStatus::DownloadFailed:
        return QStringLiteral("download_failed");
    case TaskStatus::NoCauseHere:
        return QStringLiteral("no_cause_here");
    case TaskStatus::NotRecognised:
        return QStringLiteral("not_recognised");
    }
    return QStringLiteral("failed");
}
