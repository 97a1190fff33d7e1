#pragma once

#include <QJsonObject>
#include <QString>

/** How the hand-over to the elevated copy went; the faces word each status (core only names it). */
struct ElevationOutcome
{
    enum class Status {
        Ran, // the copy ran and its report (with this run's token) is in report
        Declined, // the person said no: nothing was changed
        NotAuthorized, // polkit said no, or no agent could ask: nothing was changed
        Unavailable, // nothing here can ask for rights: command is what to run by hand
        ElevationDisabled, // Windows, UAC off for a non-administrator: nothing was changed
        FailedToStart, // the launcher could not be started; detail says why
        NoReport, // the copy ran but left no report (it crashed or was killed): its exit code is all there is
        ReportRejected, // a report without this run's token: not believed
    };
    Status status = Status::FailedToStart;
    int exitCode = -1; // the copy's exit code, when it ran
    QJsonObject report; // the copy's report, when it is this run's
    QString command; // the privileged step to run by hand (pasteCommand)
    QString detail;

    static QString statusName(Status status);
    /** Nothing ran at all: the machine is as it was. */
    bool nothingRan() const;
    /** {"status", "exit_code", "command"} — the report's "elevation" section on the unelevated side. */
    QJsonObject toJson() const;
};
