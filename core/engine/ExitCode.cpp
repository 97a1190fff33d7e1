#include "ExitCode.h"

#include "package/PackagePicker.h"

QString exitCodeName(ExitCode code)
{
    switch (code) {
    case ExitCode::Ok:
        return QStringLiteral("ok");
    case ExitCode::Failed:
        return QStringLiteral("failed");
    case ExitCode::UsageError:
        return QStringLiteral("usage_error");
    case ExitCode::PackageRejected:
        return QStringLiteral("rejected");
    case ExitCode::NeedsElevation:
        return QStringLiteral("needs_elevation");
    case ExitCode::RolledBack:
        return QStringLiteral("rolled_back");
    case ExitCode::VerifyFailed:
        return QStringLiteral("verify_failed");
    case ExitCode::ChoiceNeeded:
        return QStringLiteral("choice_needed");
    case ExitCode::NothingFound:
        return QStringLiteral("nothing_found");
    case ExitCode::DownloadFailed:
        return QStringLiteral("download_failed");
    }
    return QStringLiteral("failed");
}

ExitCode exitCodeForChoice(const PackageChoice& choice)
{
    if (choice.ok())
        return ExitCode::Ok;
    if (!choice.ambiguousToolkits.isEmpty())
        return ExitCode::ChoiceNeeded;
    if (containsCode(choice.findings, PackageCode::NoPackage) || containsCode(choice.findings, PackageCode::NoToolkit))
        return ExitCode::NothingFound;
    return ExitCode::PackageRejected; // there were archives, and none fits (or each is damaged)
}
