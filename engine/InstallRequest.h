#pragma once

#include "FetchOutcome.h"
#include "detect/DetectOptions.h"
#include "detect/SystemSnapshot.h"
#include "env/PathScope.h"
#include "install/InstallPlan.h"
#include "package/PackageChoice.h"

#include <optional>

class InstallLog;

/** Which package to use: an archive, or a folder of them, for a toolkit (or the one the package fits best). */
struct PackageRequest
{
    /** Two toolkits the best package fits equally well. */
    enum class Tie {
        Ask, // the choice ends in ChoiceNeeded with the toolkits that tied (silent mode: exit 6 with the list)
        TakeActive, // the active toolkit among them is taken, else the first (the wizard offers the others)
    };

    QString path;
    std::optional<QString> cudaRoot;
    bool force = false; // accept what only a warning holds against
    Tie tie = Tie::Ask;
};

/** What checking a package found: the choice, its plan, and the toolkits that tied when one was taken for them. */
struct PackageCheck
{
    PackageChoice choice;
    std::optional<InstallPlan> plan; // null when nothing was chosen or the choice is blocked
    QStringList tie; // the toolkits that tied (PackageRequest::Tie::TakeActive); empty when none did
};

/**
 * One install, deploy or dry run, as a face asks for it (Engine::install): where the package comes from, which
 * machine it is for, where it goes and what is done around it. The engine decides everything else once: whether
 * the archive is read once or chosen first, what a deploy leaves alone, whether rights must be asked for.
 */
struct InstallRequest
{
    enum class Mode {
        Install, // into the toolkit, with the search path step
        Deploy, // next to an application (deployTo): files only, whatever pathScope says
    };
    /** The privileged part (a toolkit this process may not write, machine scope) when this process may not do it. */
    enum class Elevation {
        Never, // the run ends in NeedsElevation with the command to run by hand (silent mode: exit 4)
        AskForRights, // an elevated copy does it (Engine::setElevation): the wizard
    };

    // The package: a choice already made (the wizard's check), else a fetch, else package.path.
    PackageRequest package;
    std::optional<PackageChoice> judged;
    std::optional<FetchRequest> fetch; // download (or reuse) what the rules choose, then go on as with a file

    // The machine: the one the face already saw, else detected with detect.
    std::optional<SystemSnapshot> system;
    DetectOptions detect;
    /** The judged choice's toolkit detected again first (after an administrator ran the privileged step by hand). */
    bool lookAgain = false;

    Mode mode = Mode::Install;
    QString deployTo;
    bool dryRun = false; // plan only: the package, the search path step or the deploy as they would be
    PathScope pathScope = PathScope::User;
    Elevation elevation = Elevation::Never;

    bool verify = true; // load every library of the installed cuDNN in a fresh probe
    bool benchmark = true;
    bool quickBenchmark = false; // small batches: tests over the fake libraries
    /** The frameworks' verdicts after the install checked by each environment's own interpreter (a time limit). */
    bool confirmFrameworks = false;

    QString logFile; // empty: no log
    InstallLog* log = nullptr; // a log the caller holds open (the elevated copy's channel), instead of logFile
    QString judgedSha256; // the elevated copy: the archive must be the one the unelevated process judged
    /**
     * Put the install on this user's list of installs (UserInstallList). Not for the elevated copy: the install is
     * its parent's, and it touches nothing in the home it was given.
     */
    bool listInstall = true;

    bool deploys() const { return mode == Mode::Deploy; }
    /** The search path scope the run uses: a deploy's folder is searched first, so a deploy changes none. */
    PathScope effectiveScope() const { return deploys() ? PathScope::None : pathScope; }
};
