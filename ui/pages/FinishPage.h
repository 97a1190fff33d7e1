#pragma once

#include "WizardState.h"

#include <QWizardPage>

class BackgroundWork;
class DiagnosticList;
class Engine;
class FrameworkList;
class QLabel;
class QPushButton;

/**
 * The summary of the whole run: first the machine's verdict as the task left it (looked at again: the same verdict
 * Welcome and --detect give), then what the Python frameworks will load now, what was installed, the search path,
 * the proof; save the JSON report, open the log.
 */
class FinishPage : public QWizardPage
{
    Q_OBJECT

public:
    FinishPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;

    /** The same report the silent mode writes (docs/report.md); false with error when it cannot be written. */
    bool saveReport(const QString& path, QString* error = nullptr) const;
    /** The machine's verdict as the task left it, once looked at again; nullopt while it is being looked at. */
    const std::optional<MachineVerdict>& verdictNow() const { return m_verdictNow; }

private slots:
    void askWhereToSaveReport();
    void openLog();

private:
    /**
     * Each framework's verdict after this run, as the engine predicts it (nothing runs: importing torch or TensorFlow
     * in every environment takes seconds each and runs their code); nullopt after a repair or an uninstall, which
     * change what was detected before.
     */
    std::optional<FrameworkVerdicts> frameworksNow() const;
    /** Looks at the machine again and leads with its verdict: the copies as found now, the frameworks as above. */
    void lookAgain();
    void showVerdict(const MachineVerdict& verdict, bool frameworksLead);

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    QLabel* m_frameworksHeadline;
    FrameworkList* m_frameworks;
    QLabel* m_summary;
    DiagnosticList* m_findings;
    QPushButton* m_save;
    QPushButton* m_openLog;
    QLabel* m_saved;
    std::optional<MachineVerdict> m_verdictNow;
};
