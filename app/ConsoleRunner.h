#pragma once

#include "CommandLine.h"
#include "engine/Engine.h"
#include "engine/ExitCode.h"
#include "report/Report.h"

#include <QCoreApplication>
#include <QTextStream>
#include <memory>

struct InstallResult;
struct PackageChoice;
struct SystemSnapshot;
class InstallLog;

/**
 * The face for terminals and deployment scripts: runs what the invocation asks through the engine, prints to
 * stdout/stderr, writes the report and returns the documented exit code. Never opens a window, never waits for
 * input.
 */
class ConsoleRunner
{
    Q_DECLARE_TR_FUNCTIONS(ConsoleRunner)

public:
    ConsoleRunner(const Engine& engine, QTextStream& out, QTextStream& err);
    ExitCode run(const Invocation& invocation);

private:
    ExitCode detect(const Invocation& invocation);
    ExitCode install(const Invocation& invocation);
    ExitCode uninstall(const Invocation& invocation);
    /** Prints the result, fills the report's sections and writes it; the exit code is the result's. */
    ExitCode finish(const InstallResult& result, const Invocation& invocation, Report& report);
    /** One line per outcome, then the warnings and errors: what a person reads in a terminal or a CI log. */
    static QString summary(const InstallResult& result);
    /** The dry run of --deploy-to: what would be copied into the folder, into the report and on stdout. */
    void planDeploy(const PackageChoice& choice, const SystemSnapshot& system, const QString& folder, Report& report);
    /** The folders of PATH, where a deploy also looks for zlibwapi.dll. */
    static QStringList searchPath();
    /** The steps after the files that this build does not run yet, as the report contract names them. */
    static void addStepsNotRun(Report& report, const Invocation& invocation);
    /** Opens --log FILE; false (after saying why) when it cannot be written. */
    bool openLog(const Invocation& invocation, std::unique_ptr<InstallLog>& log);
    bool writeReport(const Report& report, const QString& path);
    ExitCode notAvailableYet(const QString& what);

    const Engine& m_engine;
    QTextStream& m_out;
    QTextStream& m_err;
};
