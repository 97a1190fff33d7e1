#pragma once

#include "WizardState.h"

#include <QWizardPage>

class DiagnosticList;
class FrameworkList;
class QLabel;
class QPushButton;

/**
 * The summary of the whole run: first what the Python frameworks will load now, then what was installed, the search
 * path, the proof; save the JSON report, open the log.
 */
class FinishPage : public QWizardPage
{
    Q_OBJECT

public:
    FinishPage(WizardState& state, QWidget* parent = nullptr);
    void initializePage() override;

    /** The same report the silent mode writes (docs/report.md); false with error when it cannot be written. */
    bool saveReport(const QString& path, QString* error = nullptr) const;

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

    WizardState& m_state;
    QLabel* m_frameworksHeadline;
    FrameworkList* m_frameworks;
    QLabel* m_summary;
    DiagnosticList* m_findings;
    QPushButton* m_save;
    QPushButton* m_openLog;
    QLabel* m_saved;
};
