#pragma once

#include "SetupOutcome.h"
#include "detect/SystemSnapshot.h"
#include "env/EnvironmentReport.h"
#include "repair/RepairResult.h"

#include <QCoreApplication>
#include <optional>

class Report;

/** What a repair is asked to do; both faces fill one. */
struct RepairRequest
{
    QStringList roots; // the toolkits to look at; empty: every toolkit found
    QStringList pythonEnvironments; // --python-env: environments looked at besides those found
    QString package; // restore from this archive (the same file the install used) instead of the recorded one
    PathScope pathScope = PathScope::User; // None: the search path is not looked at
    bool dryRun = false; // find and say, change nothing (an interrupted run is not recovered either)
    QString logFile;
};

/** What a repair found before changing anything. */
struct RepairSurvey
{
    SystemSnapshot system;
    Diagnostics recovered; // what finishing or rolling back an interrupted run did first
    std::optional<EnvironmentReport> analysis; // the search path of the installed cuDNN, in the scope asked for
    RepairScan scan; // every finding, the Python consumers' included
    RepairFindings consumers; // facts about other programs: a repair does not change them
    std::optional<Diagnostic> refusal; // the request cannot be carried out (a package that is not there)
};

/** What one repair did: the survey, the run, and the scan after it. */
struct RepairOutcome
{
    Q_DECLARE_TR_FUNCTIONS(RepairOutcome)

public:
    RepairSurvey before;
    RepairResult result;
    RepairScan after;
    std::optional<EnvironmentReport> analysisAfter;
    FrameworkVerdicts frameworks; // what each framework loads once the repair is done (looked at again after one)
    bool dryRun = false;

    TaskStatus taskStatus() const;
    /** "repair" (or "repair-dry-run"): status, the "repair" section, "environment", every diagnostic. */
    Report toReport() const;
};
