#pragma once

#include "detect/SystemSnapshot.h"
#include "engine/Engine.h"
#include "env/EnvironmentReport.h"
#include "install/InstallPlan.h"
#include "package/PackageChoice.h"
#include "repair/RepairResult.h"
#include "report/Report.h"
#include "verify/BenchmarkResult.h"

#include <QObject>
#include <optional>

/** What the person chose on the welcome page. */
enum class SetupTask {
    Install,
    Repair,
    SwitchOrUninstall,
    DeployToApplication,
};

/**
 * What the pages have learned and chosen so far, shared by all of them. Pages write what they collect and read
 * what earlier pages found; going Back never throws it away, so returning to a page does not redo work.
 */
class WizardState : public QObject
{
    Q_OBJECT

public:
    explicit WizardState(QObject* parent = nullptr);

    SetupTask task() const { return m_task; }
    void setTask(SetupTask task);
    /** The person chose the task (named at start, or clicked on Welcome): the machine's verdict no longer does. */
    bool taskChosen() const { return m_taskChosen; }
    void setTaskChosen(bool chosen) { m_taskChosen = chosen; }

    const std::optional<SystemSnapshot>& snapshot() const { return m_snapshot; }
    void setSnapshot(const SystemSnapshot& snapshot);

    /** The archive or folder the person gave, and what the engine made of it. */
    QString packagePath() const { return m_packagePath; }
    const std::optional<PackageChoice>& packageChoice() const { return m_choice; }
    void setPackageChoice(const QString& path, const PackageChoice& choice);
    /** The plan for the chosen package, when there is one. */
    const std::optional<InstallPlan>& plan() const { return m_plan; }
    void setPlan(const std::optional<InstallPlan>& plan);
    /** The toolkit that receives cuDNN (from the choice). */
    QString targetToolkit() const;
    /** The toolkit the person asked for (named at start, chosen or browsed to); empty: the best fit is chosen. */
    QString preferredToolkit() const { return m_preferredToolkit; }
    void setPreferredToolkit(const QString& root);
    /** The archive or folder named at start (--package without --silent): the package page starts with it. */
    QString preferredPackage() const { return m_preferredPackage; }
    void setPreferredPackage(const QString& path) { m_preferredPackage = path; }

    PathScope pathScope() const { return m_pathScope; }
    void setPathScope(PathScope scope) { m_pathScope = scope; }
    const std::optional<EnvironmentReport>& environmentReport() const { return m_environment; }
    void setEnvironmentReport(const EnvironmentReport& report) { m_environment = report; }

    /** Deploy: the application folder the libraries go to. */
    QString deployFolder() const { return m_deployFolder; }
    void setDeployFolder(const QString& folder) { m_deployFolder = folder; }
    /** Where the install writes its log; empty: no log. */
    QString logFile() const { return m_logFile; }
    void setLogFile(const QString& path) { m_logFile = path; }
    /** What the install did (files and search path), once it ran; the benchmark's result joins it for the report. */
    const std::optional<SetupOutcome>& outcome() const { return m_outcome; }
    void setOutcome(const SetupOutcome& outcome);

    const std::optional<RepairOutcome>& repairOutcome() const { return m_repairOutcome; }
    void setRepairOutcome(const RepairOutcome& outcome) { m_repairOutcome = outcome; }

    const std::optional<UninstallOutcome>& uninstallOutcome() const { return m_uninstallOutcome; }
    void setUninstallOutcome(const UninstallOutcome& outcome) { m_uninstallOutcome = outcome; }

    /** Deploy: what the deploy page planned for the folder. */
    const std::optional<DeployPlan>& deployPlan() const { return m_deployPlan; }
    void setDeployPlan(const DeployPlan& plan) { m_deployPlan = plan; }

    const std::optional<BenchmarkResult>& benchmark() const { return m_benchmark; }
    void setBenchmark(const BenchmarkResult& result);

    /** The report of the task the person chose, as `--silent --report` writes it for the same task. */
    Report report() const;

signals:
    void taskChanged(SetupTask task);
    void snapshotChanged();
    void packageChoiceChanged();
    void benchmarkChanged();
    void outcomeChanged();
    void preferredToolkitChanged();

private:
    SetupTask m_task = SetupTask::Install;
    bool m_taskChosen = false;
    std::optional<SystemSnapshot> m_snapshot;
    QString m_packagePath;
    QString m_preferredToolkit;
    QString m_preferredPackage;
    std::optional<PackageChoice> m_choice;
    std::optional<InstallPlan> m_plan;
    std::optional<BenchmarkResult> m_benchmark;
    PathScope m_pathScope = PathScope::User;
    std::optional<EnvironmentReport> m_environment;
    QString m_logFile;
    QString m_deployFolder;
    std::optional<SetupOutcome> m_outcome;
    std::optional<RepairOutcome> m_repairOutcome;
    std::optional<UninstallOutcome> m_uninstallOutcome;
    std::optional<DeployPlan> m_deployPlan;
};
