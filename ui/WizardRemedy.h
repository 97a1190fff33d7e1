#pragma once

#include "report/Diagnostic.h"

#include <QCoreApplication>

struct RepairFinding;

/**
 * How the wizard says what to do about a finding: core's plain sentence and the action in words a person can
 * follow in this window (no command-line options, no commands). Where a page can take the action itself it shows
 * a button with buttonText() instead (DiagnosticList::offer).
 */
class WizardRemedy
{
    Q_DECLARE_TR_FUNCTIONS(WizardRemedy)

public:
    /** The action as a step in the wizard: "Choose the toolkit on the cuDNN package page."; empty for None. */
    static QString words(const FixAction& action);
    /** The label of a button that takes the action on the page: "Choose the toolkit…"; empty if none can. */
    static QString buttonText(FixAction::Kind kind);
    /** The sentence and, unless the page offers a button for it, the action: what a finding's fix row says. */
    static QString fix(const QString& sentence, const FixAction& action, bool offeredAsButton = false);
    static QString fix(const Diagnostic& diagnostic);
    /** A repair finding's manual step, the same way. */
    static QString manualStep(const RepairFinding& finding);
};
