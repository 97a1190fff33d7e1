#pragma once

#include "WizardState.h"
#include "common/Progress.h"

#include <QWizardPage>

class BackgroundWork;
class DiagnosticList;
class Engine;
class ProgressRelay;
class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

/**
 * Switch or uninstall: every toolkit cudnn-setup installed into, with the newest install it holds. Uninstall takes
 * that install back (and what it replaced returns, so an older cuDNN comes back); switching is an install of the
 * other version, which the wizard's Install path does.
 */
class UninstallPage : public QWizardPage
{
    Q_OBJECT

public:
    UninstallPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool isBusy() const { return m_busy; }

public slots:
    /** Takes back the newest install in the selected toolkit, in one transaction. */
    void uninstallSelected();
    /** Says what the uninstall removes and what comes back, and uninstalls when the person agrees. */
    void confirmAndUninstall();
    /** Install another version into the selected toolkit instead (the task becomes Install; switchChosen()). */
    void switchVersion();
    /** Stops the uninstall running: what it had taken back is put in place again (finished() follows). */
    void cancelUninstall();

signals:
    /** An uninstall ended: done, refused, or rolled back. */
    void finished();
    /** The person chose to switch versions: the wizard goes on to the package page. */
    void switchChosen();

private:
    void listInstalls();
    void updateButtons();
    const InstalledCopy* selectedCopy() const;

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    ProgressRelay* m_relay;
    QLabel* m_summary;
    QTreeWidget* m_installs;
    QPushButton* m_uninstall;
    QPushButton* m_switch;
    QList<InstalledCopy> m_copies;
    QProgressBar* m_bar;
    QLabel* m_result;
    DiagnosticList* m_findings;
    CancellationToken m_cancellation;
    bool m_busy = false;
};
