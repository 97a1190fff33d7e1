#include "ElevatedInstall.h"

#include "ElevationSession.h"
#include "ProgressLines.h"
#include "install/InstallLog.h"

QString ElevationOutcome::statusName(Status status)
{
    switch (status) {
    case Status::Ran:
        return QStringLiteral("ran");
    case Status::Declined:
        return QStringLiteral("declined");
    case Status::NotAuthorized:
        return QStringLiteral("not_authorized");
    case Status::Unavailable:
        return QStringLiteral("unavailable");
    case Status::ElevationDisabled:
        return QStringLiteral("elevation_disabled");
    case Status::FailedToStart:
        return QStringLiteral("failed_to_start");
    case Status::NoReport:
        return QStringLiteral("no_report");
    case Status::ReportRejected:
        return QStringLiteral("report_rejected");
    }
    return {};
}

bool ElevationOutcome::nothingRan() const
{
    return status != Status::Ran && status != Status::NoReport && status != Status::ReportRejected;
}

QJsonObject ElevationOutcome::toJson() const
{
    QJsonObject json{{QStringLiteral("status"), statusName(status)}, {QStringLiteral("command"), command}};
    if (!nothingRan())
        json.insert(QStringLiteral("exit_code"), exitCode);
    return json;
}

ElevatedInstall::ElevatedInstall(const ElevationLauncher& launcher, QString program)
    : m_launcher(launcher)
    , m_program(std::move(program))
{
}

static ElevationOutcome::Status outcomeOf(LaunchResult::Status status)
{
    using S = ElevationOutcome::Status;
    switch (status) {
    case LaunchResult::Status::Finished:
        return S::Ran;
    case LaunchResult::Status::Declined:
        return S::Declined;
    case LaunchResult::Status::NotAuthorized:
        return S::NotAuthorized;
    case LaunchResult::Status::Unavailable:
        return S::Unavailable;
    case LaunchResult::Status::ElevationDisabled:
        return S::ElevationDisabled;
    case LaunchResult::Status::FailedToStart:
        break;
    }
    return S::FailedToStart;
}

ElevationOutcome ElevatedInstall::run(ElevationRequest request, ProgressSink* progress, InstallLog* log) const
{
    ElevationOutcome outcome;
    outcome.command = pasteCommand(hostOsFlavor(), m_program, request);
    ElevationSession session;
    if (!session.open(&outcome.detail))
        return outcome; // FailedToStart: nothing ran
    request.reportFile = session.reportFile();
    request.logFile = session.logFile();
    request.progressFile = session.progressFile();
    request.token = session.token();
    InstallLog::to(log,
                   QStringLiteral("elevated: %1").arg(commandLineText(hostOsFlavor(), m_program, request.arguments())));

    ProgressLineReader lines(session.progressFile());
    ProgressSink& sink = progress ? *progress : *NullProgressSink::instance();
    const LaunchResult launched = m_launcher.run(m_program, request.arguments(), [&lines, &sink] { lines.poll(sink); });
    lines.poll(sink); // what came after the last look
    outcome.status = outcomeOf(launched.status);
    outcome.exitCode = launched.exitCode;
    outcome.detail = launched.detail;
    for (const QString& line : session.logLines())
        InstallLog::to(log, QStringLiteral("elevated: %1").arg(line));
    InstallLog::to(log,
                   QStringLiteral("elevated copy: %1 (exit code %2)")
                       .arg(ElevationOutcome::statusName(outcome.status))
                       .arg(launched.exitCode));
    if (outcome.status != ElevationOutcome::Status::Ran)
        return outcome;
    switch (session.readReport(outcome.report)) {
    case ElevationSession::ReportState::Valid:
        break;
    case ElevationSession::ReportState::Missing:
        outcome.status = ElevationOutcome::Status::NoReport;
        break;
    case ElevationSession::ReportState::WrongToken:
        outcome.status = ElevationOutcome::Status::ReportRejected;
        break;
    }
    return outcome;
}
