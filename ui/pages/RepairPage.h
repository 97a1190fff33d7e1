#pragma once

#include "WizardState.h"
#include "common/Progress.h"
#include "engine/ExplainOutcome.h"

#include <QPushButton>
#include <QWizardPage>
#include <optional>

class BackgroundWork;
class Engine;
class ProgressRelay;
class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

/**
 * The guided repair (task Repair, `--repair`): finishes or rolls back an interrupted run, scans the toolkits
 * (and asks the Python interpreters which cuDNN they use), shows the findings grouped by who can cure them, and
 * applies the safe fixes (Engine::repair) in one transaction per toolkit. Cancel rolls back. Afterwards it
 * scans again and shows what is left. All engine work runs off the GUI thread.
 */
class RepairPage : public QWizardPage
{
    Q_OBJECT

public:
    RepairPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool isBusy() const { return m_busy; }
    /** Applying fixes now (not scanning): what Cancel can stop and roll back. */
    bool isRepairing() const { return m_busy && !m_cancel->isHidden(); }

public slots:
    void scan();
    /** Applies the automatic fixes of the last scan, then scans again. */
    void repair();
    /** Stops the repair between blocks or steps; its toolkit is rolled back. */
    void cancelRepair();
    /** Opens "Explain an error": the text a program printed, read against this machine; its "Repair now" repairs. */
    void explainError();

    /** What the repair did about a finding it fixed, in the past tense (the finding's own sentence is the problem). */
    static QString doneText(const RepairFinding& finding);

signals:
    void finished();

private:
    RepairRequest repairRequest() const;
    ExplainRequest explainRequest() const;
    void setBusy(bool busy);
    /** "Can be fixed here" and the rest; after a repair, `fixed` (what it cured) leads as "Fixed". */
    void showFindings(const RepairScan& scan, const QList<RepairFinding>& fixed = {});
    void showProgress(const ProgressUpdate& update);
    void showRun(const RepairOutcome& run);
    QString statusText(const RepairScan& scan) const;

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    ProgressRelay* m_relay;
    QLabel* m_status;
    QTreeWidget* m_findings;
    QLabel* m_phase;
    QProgressBar* m_bar;
    QPushButton* m_repair;
    QPushButton* m_cancel;
    QPushButton* m_rescan;
    QPushButton* m_explain;
    QLabel* m_result;
    std::optional<RepairSurvey> m_current;
    CancellationToken m_cancellation;
    bool m_busy = false;
};
