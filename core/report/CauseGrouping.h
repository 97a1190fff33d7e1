#pragma once

#include "report/Diagnostic.h"

#include <QList>
#include <algorithm>

/**
 * One cause, one finding. A toolkit off the search path is one problem, not one per library it holds: findings of a
 * code whose registry row groups by cause ("group": "cause" in resources/diagnoses.json) that name the same cause
 * (Diagnostic::cause) with the same fix and action are one finding. Its message is the cause, its subjects are what
 * each member was about, its severity the worst of theirs. Every list a person reads (the report, --detect, repair,
 * the wizard's pages) is grouped here, so every count counts causes.
 */
class CauseGrouping
{
public:
    /** Whether a and b name one cause. */
    static bool sameCause(const Diagnostic& a, const Diagnostic& b);
    /** The members of one cause as one finding; a lone member as it is. */
    static Diagnostic merged(const Diagnostics& members);
    /** Each cause once, where its first finding was. */
    static Diagnostics grouped(const Diagnostics& diagnostics);

    /** The items in runs of one cause each (same(a, b)), in the order each run's first item came. */
    template <typename T, typename Same> static QList<QList<T>> partition(const QList<T>& items, Same same)
    {
        QList<QList<T>> runs;
        for (const T& item : items) {
            auto run = std::find_if(runs.begin(), runs.end(), [&](const QList<T>& r) { return same(r.first(), item); });
            if (run == runs.end())
                runs.append({item});
            else
                run->append(item);
        }
        return runs;
    }
};
