#pragma once

#include "PackageInspection.h"
#include "PackageVerdict.h"
#include "report/TaskStatus.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

/** One archive considered by the picker: what it is, how it fits each toolkit, and why it lost if it did. */
struct PackageCandidate
{
    struct Fit
    {
        QString toolkitRoot;
        PackageVerdict verdict;
    };

    PackageInspection inspection;
    QList<Fit> fits; // one per toolkit considered
    bool chosen = false;
    QString whyNot; // a sentence; empty for the chosen one

    /** The verdict for a toolkit root, or nullptr. */
    const PackageVerdict* verdictFor(const QString& toolkitRoot) const;
    QJsonObject toJson() const;
};

/** The picker's answer: the package and toolkit to use, or why there is none (nothing fits, or a tie). */
struct PackageChoice
{
    QList<PackageCandidate> candidates;
    std::optional<qsizetype> chosenIndex;
    QString toolkitRoot; // chosen target; empty if none
    QStringList ambiguousToolkits; // set when two toolkits fit the best package equally: the caller must ask
    PackageFindings findings; // about the choice itself (no package, none compatible, ambiguous, no toolkit)

    bool ok() const { return chosenIndex.has_value(); }
    const PackageCandidate* chosen() const;
    const PackageVerdict* chosenVerdict() const;
    /** Ok with a package; else a tie (ChoiceNeeded), nothing there (NothingFound) or every archive rejected. */
    TaskStatus taskStatus() const;
    /** {"chosen": file|null, "toolkit", "ambiguous_toolkits", "candidates": [...], "diagnostics"}. */
    QJsonObject toJson() const;
};
