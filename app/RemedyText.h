#pragma once

#include "report/Diagnostic.h"

#include <QCoreApplication>

struct RepairFinding;

/**
 * How the command line says what to do about a finding: core's plain sentence, then the option (or the command)
 * that does it here. The one place that turns an action into a command-line flag.
 */
class RemedyText
{
    Q_DECLARE_TR_FUNCTIONS(RemedyText)

public:
    /** The action as a terminal user takes it: "Name the toolkit with --cuda-root DIR."; empty for None. */
    static QString action(const FixAction& action);
    /** The sentence and the action, one line: what the CLI prints under a finding. Empty when both are. */
    static QString fix(const Diagnostic& diagnostic);
    /** A repair finding's manual step, the same way. */
    static QString manualStep(const RepairFinding& finding);
};
