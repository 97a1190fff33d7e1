#pragma once

#include "RepairFinding.h"
#include "report/TaskStatus.h"

#include <QCoreApplication>
#include <QJsonObject>

class Report;

/** What one repair run did: the fixes applied (or, in a dry run, that would be), by which transaction. */
struct RepairResult
{
    Q_DECLARE_TR_FUNCTIONS(RepairResult)

public:
    enum class Status {
        Repaired, // every automatic fix was applied
        NothingToApply, // no automatic fix: nothing was changed (what remains is manual or needs elevation)
        DryRun, // nothing was changed; `applied` is what would be
        PackageRejected, // --package (or the recorded one) is not the package the files came from; nothing changed
        PackageNotFound, // --package names nothing; nothing was changed
        NeedsElevation, // this user may not write where a fix goes; nothing was changed there
        RolledBack, // a fix failed or was canceled, and its transaction was rolled back
        Failed, // could not start (locked, unreadable journal) or could not put everything back
    };

    struct Applied
    {
        RepairFix fix;
        QString transaction; // empty in a dry run
    };

    Status status = Status::NothingToApply;
    QList<Applied> applied;
    QStringList transactions; // one per root repaired, newest last; `--uninstall` takes each back
    Diagnostics diagnostics;

    static QString statusName(Status status);
    QJsonObject toJson() const;
};

/**
 * The exit code of a silent repair: the run's own failure first (3 package refused, 8 package not found, 5 rolled
 * back, 4 needs elevation, 1 failed); otherwise what is left broken after it: 0 nothing, 4 a fix this user may not
 * apply (run again elevated), 1 something only a person can fix.
 */
TaskStatus repairTaskStatus(const RepairResult& result, const RepairScan& after);
