#pragma once

#include "CommandLine.h"
#include "ExitCode.h"
#include "engine/Engine.h"

#include <QCoreApplication>
#include <QTextStream>

/**
 * `cudnn-setup --silent --repair [--package FILE] [--cuda-root DIR] [--dry-run] [--report FILE] [--log FILE]`:
 * the engine's survey (recover, detect, scan files, search path and Python consumers), then its repair (the safe
 * fixes, and a scan again); this says what was fixed and what a person still has to do.
 */
class RepairCommand
{
    Q_DECLARE_TR_FUNCTIONS(RepairCommand)

public:
    RepairCommand(const Engine& engine, QTextStream& out, QTextStream& err, CancellationToken cancel = {});
    ExitCode run(const Invocation& invocation);

    /** What a person reads: the findings with their remedy, what was done, what is left. */
    static QString summary(const RepairScan& before, const RepairResult& result, const RepairScan& after);

private:
    const Engine& m_engine;
    QTextStream& m_out;
    QTextStream& m_err;
    CancellationToken m_cancel;
};
