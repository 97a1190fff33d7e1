#pragma once

#include "CommandLine.h"
#include "ExitCode.h"
#include "engine/Engine.h"

#include <QCoreApplication>
#include <QTextStream>

class Report;

/**
 * --dry-run --package ARCHIVE --for-machine FILE | --for-machines DIR: the archive judged for machines described by
 * their own detect JSON, with that machine's rules (a Windows file is judged as Windows) and nothing of this machine
 * detected. The archive is inspected once. Exit 0 (planned) when it fits every machine, 3 (rejected) otherwise.
 */
class MachineJudge
{
    Q_DECLARE_TR_FUNCTIONS(MachineJudge)

public:
    MachineJudge(QTextStream& out, QTextStream& err);
    /** Fills the report (status, package, verdict or machines, diagnostics) and prints the verdict. */
    ExitCode run(const Invocation& invocation, Report& report);

private:
    ExitCode one(const Invocation& invocation, const MachineJudgement& judgement, Report& report);
    ExitCode many(const Invocation& invocation, const MachinesJudgement& judged, Report& report);
    /** The first reason a machine does not fit, as a line of the table. */
    static QString firstReason(const MachineJudgement& judgement);

    QTextStream& m_out;
    QTextStream& m_err;
};
