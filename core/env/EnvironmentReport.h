#pragma once

#include "env/EnvironmentPlan.h"
#include "env/EnvironmentTarget.h"
#include "env/LibraryResolution.h"

#include <QCoreApplication>
#include <optional>

struct CudnnInstall;

/** Who can fix a wrong winner. */
enum class ConflictClass {
    UserSearchPath, // A: putting the target first in the user's own search path fixes it
    MachineScope, // B: the stale copy is in the machine PATH or System32: an elevated edit or a quarantine
    NotSearchPath, // C: the program does not use the search path for it (own copy, KnownDLLs, RPATH)
};

/** "A", "B", "C" */
QString conflictClassName(ConflictClass conflictClass);

/** A library (or tool) for which a new program gets another copy than the target's, or none. */
struct EnvironmentConflict
{
    Q_DECLARE_TR_FUNCTIONS(EnvironmentConflict)

public:
    QString library;
    std::optional<LibraryCopy> winner; // null: nothing found at all
    QList<LibraryCopy> shadowed; // every copy that loses, the target's among them
    ConflictClass conflictClass = ConflictClass::UserSearchPath;
    QString fix; // what to do, in words
    bool fixedByPlan = false;

    QJsonObject toJson(OsFlavor os) const;
};

/** Where a conflict stands once the report's plan is weighed: this decides its finding's severity and words. */
enum class ConflictStanding {
    Open, // the wrong copy wins, and this plan does not change that
    FixedByPlan, // the wrong copy wins now; carrying out the plan (which can be applied) makes the target's copy win
    FixInPlace, // the fix is written already: new logins get the target's copy, programs started before miss it
    TargetHasNone, // the target holds no copy of its own (a toolkit without nvcc): a fact, nothing can fix it
    NotSearchPath, // the program loads its own copy whatever the search path says
};

/** One library followed through the search order now and after the plan. */
struct LibraryStatus
{
    LibraryResolution before;
    LibraryResolution after;
};

/** Where /usr/local/cuda points (Linux); the last toolkit installed takes it, even an older one. */
struct CudaLink
{
    QString path; // /usr/local/cuda
    QString target; // as written in the link; empty when there is no link
    bool pointsAtTarget = false;
};

/**
 * Linux: the loader cache (/etc/ld.so.cache) as it is, against what ldconfig would build from the conf files now.
 * A bare-name dlopen uses the cache as it is; a file added to a folder it covers is not in it until ldconfig runs.
 */
struct LoaderCacheFacts
{
    struct Stale
    {
        QString library;
        std::optional<LibraryCopy> now; // what a new program gets with the cache as it is
        std::optional<LibraryCopy> rebuilt; // what it gets once ldconfig has run
    };

    bool read = false; // false: there is no cache file to read; the analysis then models a rebuilt cache
    bool coversTarget = false; // the target's library folders are folders the cache covers
    bool mayRebuild = false; // this process may run ldconfig (root)
    bool rebuilt = false; // the change (install, repair) rebuilds the cache in its transaction
    QList<Stale> stale;

    QJsonObject toJson(OsFlavor os) const;
};

/**
 * Everything EnvironmentService::analyse() learned: for each library which copy wins now and after the plan, each
 * conflict with its class and fix, the plan itself, and what a person must be told. Its JSON is the report's
 * "environment" section (docs/environment.md).
 */
struct EnvironmentReport
{
    OsFlavor os = OsFlavor::Linux;
    EnvironmentScope scope = EnvironmentScope::User;
    EnvironmentTarget target;
    QStringList libraryDirs;
    QStringList toolDirs;
    QList<LibraryStatus> libraries; // tools (nvcc) included
    QList<EnvironmentConflict> conflicts;
    EnvironmentPlan plan;
    std::optional<CudaLink> cudaLink;
    std::optional<LoaderCacheFacts> loaderCache; // Linux
    QStringList notes;
    Diagnostics diagnostics; // conflicts' and plan's included

    /** A new terminal, IDE or session is needed to see the change. */
    bool restartNeeded() const { return !plan.isEmpty(); }
    /**
     * Which programs see this scope's fix, per platform: Linux user scope reaches login shells (the profile) and
     * graphical sessions started after it (environment.d), not a shell that reads neither; machine scope reaches
     * login shells (profile.d) and, through the loader cache, every new program; Windows, processes started after
     * the change is broadcast (WM_SETTINGCHANGE), not the children of programs already running.
     */
    QString restartNote() const;
    QJsonObject toJson() const;

    /**
     * Marks every winning and losing file, now and after the plan, that belongs to one of these copies (detection's:
     * toolkits, pip wheels, conda envs, NVIDIA's installer...) with where that copy came from, so a pip or conda copy
     * is named as such instead of as a bare search-path folder. A file is matched by identity (links and other names
     * of its folder included).
     */
    void attributeCopies(const QList<CudnnInstall>& copies);

    ConflictStanding standing(const EnvironmentConflict& conflict) const;
    /** The target holds a file of that name a program can load now (not missing, not a link to nothing). */
    bool loadableInTarget(const QString& library) const;
    /**
     * The conflict as a finding: ENV-SHADOW-USER, ENV-SHADOW-MACHINE or ENV-NOT-SEARCH-PATH. Its severity is decided
     * here only, so the search path's page and repair's show one finding the same way: a warning while the wrong
     * copy wins (whether or not this plan fixes it), information when nothing wins and the plan adds it, or nothing
     * can.
     */
    Diagnostic diagnosticFor(const EnvironmentConflict& conflict) const;
    /** Every conflict's finding, one per cause (report/CauseGrouping.h): what the report and the pages list. */
    Diagnostics conflictDiagnostics() const;
    /** ENV-CUDA-LINK when /usr/local/cuda exists and points at another toolkit: information, a machine's choice. */
    std::optional<Diagnostic> cudaLinkDiagnostic() const;
};
