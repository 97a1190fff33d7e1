#pragma once

#include "WizardState.h"
#include "common/Progress.h"

#include <QElapsedTimer>
#include <QWizardPage>

class BackgroundWork;
class CommandBox;
class DiagnosticList;
class Engine;
class ProgressRelay;
class QLabel;
class QProgressBar;
class QPushButton;

/**
 * The install itself: the files and the search path fix in one transaction, with progress by bytes, the file at
 * hand, elapsed and remaining time. Cancel (or closing the window) rolls everything back and says so.
 */
class InstallPage : public QWizardPage
{
    Q_OBJECT

public:
    InstallPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool isBusy() const { return m_busy; }
    /** Busy, and this process can stop it (an elevated copy finishes or rolls back on its own). */
    bool canStop() const { return m_busy && !m_elevated; }

public slots:
    void startInstall();
    /** Try again: the machine is detected and the plan made again first, then the install starts. */
    void tryAgain();
    /** Stops the install between blocks; everything done so far is rolled back. */
    void cancelInstall();

signals:
    void finished();

private:
    void showProgress(const ProgressUpdate& update);
    /** The privileged part went to an elevated copy: say so, and take Cancel away (it cannot reach that copy). */
    void showElevated();
    void showOutcome(const SetupOutcome& outcome);
    /** The findings, or no list at all when there are none (nothing judged is no "No problems found."). */
    void showFindings(const Diagnostics& diagnostics);
    /** Why the elevated copy did not run (or left no report), in words, with what to do; empty when it ran. */
    static QString elevationText(const ElevationOutcome& elevation);

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    ProgressRelay* m_relay;
    QLabel* m_phase;
    QProgressBar* m_bar;
    QLabel* m_currentFile;
    QLabel* m_timing;
    QPushButton* m_cancel;
    QPushButton* m_again;
    QLabel* m_result;
    CommandBox* m_command; // the privileged step to run by hand, when nothing here can ask for rights
    DiagnosticList* m_findings;
    QElapsedTimer m_clock;
    CancellationToken m_cancellation;
    bool m_busy = false;
    bool m_lookAgain = false; // the next start detects the machine again first (Try again)
    bool m_elevated = false; // this run's privileged part runs in an elevated copy, which cannot be canceled from here
};
