#pragma once

#include "WizardState.h"

#include <QWizardPage>

class DiagnosticList;
class QLabel;
class QPushButton;

/** The summary of the whole run: what was installed, the search path, the proof; save the JSON report, open the log. */
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
    WizardState& m_state;
    QLabel* m_summary;
    DiagnosticList* m_findings;
    QPushButton* m_save;
    QPushButton* m_openLog;
    QLabel* m_saved;
};
