#pragma once

#include "CommandLine.h"
#include "engine/Engine.h"
#include "engine/ExitCode.h"
#include "repair/RepairFinding.h"
#include "repair/RepairResult.h"

#include <QCoreApplication>
#include <QTextStream>

class Report;

/**
 * `cudnn-setup --silent --repair [--package FILE] [--cuda-root DIR] [--dry-run] [--report FILE] [--log FILE]`:
 * detects, scans (files, search path, Python consumers), applies the safe fixes through RepairService, detects and
 * scans again, and reports what was fixed and what a person still has to do. The exit code is repairExitCode().
 */
class RepairCommand
{
    Q_DECLARE_TR_FUNCTIONS(RepairCommand)

public:
    RepairCommand(const Engine& engine, QTextStream& out, QTextStream& err);
    ExitCode run(const Invocation& invocation);

    /** The report's "repair" section: status, findings, applied fixes, manual steps, what remains. */
    static QJsonObject section(const RepairScan& before, const RepairResult& result, const RepairScan& after);
    /** What a person reads: the findings with their remedy, what was done, what is left. */
    static QString summary(const RepairScan& before, const RepairResult& result, const RepairScan& after);

private:
    ExitCode finish(Report& report, ExitCode code, const QString& reportFile);

    const Engine& m_engine;
    QTextStream& m_out;
    QTextStream& m_err;
};
