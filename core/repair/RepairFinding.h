#pragma once

#include "install/ManifestEntry.h"
#include "report/Diagnostic.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>

/** One change repair can make by itself, in one root, through the install transaction. */
struct RepairFix
{
    enum class Kind {
        RestoreFile, // put the file back from the package (missing, empty, altered)
        RebuildLink, // replace a copy (or a wrong or missing link) by the link the package has
        FixPermissions, // the same bytes again, readable by all
        Environment, // the search-path plan of core/env, for the toolkit that holds cuDNN
        LoaderCache, // rebuild the loader cache (ldconfig, root): it names copies that are no longer what it would
    };

    Kind kind = Kind::RestoreFile;
    QString root; // canonical toolkit root
    QString path; // absolute destination (Environment: the toolkit root)
    /** What belongs there: kind, SHA-256, size, mode, link target (path relative to the root). */
    ManifestFile expected;
    /** RestoreFile: the package that holds it ({"file", "sha256", ...} as the manifest records it). */
    QJsonObject package;

    static QString kindName(Kind kind);
    bool needsPackage() const { return kind == Kind::RestoreFile; }
    QJsonObject toJson() const;
};

/** A problem repair found, what cures it, and who can apply the cure. */
struct RepairFinding
{
    Q_DECLARE_TR_FUNCTIONS(RepairFinding)

public:
    enum class Remedy {
        Automatic, // repair applies it (safe: transaction, backups, undoable)
        NeedsElevation, // repair could apply it, but this user may not write there
        Manual, // no safe automatic fix: manualStep says what a person must do
        None, // nothing to fix (a fact: which cuDNN a Python package loads)
    };

    Diagnostic diagnostic;
    Remedy remedy = Remedy::Manual;
    QString root; // the toolkit it is about; empty for search-path and consumer findings
    QList<RepairFix> fixes; // Automatic / NeedsElevation: what cures it
    QString manualStep; // Manual / NeedsElevation: what a person does, in plain language
    FixAction manualAction; // and the action a face can offer for it

    static QString remedyName(Remedy remedy);
    /** One cause (report/CauseGrouping.h), cured the same way by the same hands. */
    static bool sameCause(const RepairFinding& a, const RepairFinding& b);
    /** Worse than information, or something repair itself will fix (a search path the plan puts right). */
    bool isProblem() const { return diagnostic.severity != Severity::Info || remedy == Remedy::Automatic; }
    QJsonObject toJson() const;
};

using RepairFindings = QList<RepairFinding>;

/** Every finding of one scan. */
struct RepairScan
{
    RepairFindings findings;
    QStringList roots; // the toolkits looked at

    /**
     * Findings of one cause as one finding (its diagnostic merged by CauseGrouping, its fixes each once), so a
     * toolkit off the search path is one problem however many libraries it holds.
     */
    void groupByCause();
    /** No problem left (info findings do not count). */
    bool isClean() const;
    /** The fixes repair can apply now, each once, grouped by nothing: in finding order. */
    QList<RepairFix> automaticFixes() const;
    int count(RepairFinding::Remedy remedy) const;
    QJsonArray toJson() const;
};
