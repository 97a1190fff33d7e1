#pragma once

#include "RepairOutcome.h"
#include "env/PathScope.h"
#include "explain/Explanation.h"
#include "report/TaskStatus.h"

#include <QByteArray>
#include <QCoreApplication>
#include <optional>

class Report;

/** What `--explain` (or the repair page's "Paste the error") is asked: the text a program printed, and where to look.
 */
struct ExplainRequest
{
    /** The most text read: a whole log fits, a runaway pipe does not (more is refused, nothing read). */
    static constexpr qint64 MaxBytes = 1024 * 1024;

    QByteArray pasted; // the text as typed, pasted or piped (UTF-8, or the system's 8-bit encoding)
    QString fromFile; // --from FILE: read from this file instead (a regular file only)
    QStringList cudaRoots; // --cuda-root: toolkits looked at besides those found
    QStringList pythonEnvironments; // --python-env: environments looked at besides those found
    PathScope pathScope = PathScope::User;
    bool applyRepair = false; // --explain --repair: then apply the safe fixes, with the same rules as --repair
};

/** The reading of the text against this machine, and the repair when one was asked for. */
struct ExplainOutcome
{
    Q_DECLARE_TR_FUNCTIONS(ExplainOutcome)

public:
    Explanation explanation;
    std::optional<Diagnostic> refusal; // the text could not be read: more than MaxBytes, or no readable file
    std::optional<RepairOutcome> repaired; // applyRepair and a cause a repair fixes

    /** Ok (a cause found), NoCauseHere, NotRecognised; UsageError for a refusal; a failed repair's own status. */
    TaskStatus taskStatus() const;
    /** docs/schemas/explain.schema.json: the explanation's document, with "status" and the repair when one ran. */
    QJsonObject toJson() const;
    /** "explain": status, the "explain" section, the repair's sections when one ran, every diagnostic. */
    Report toReport() const;
};
