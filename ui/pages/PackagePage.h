#pragma once

#include "WizardState.h"
#include "engine/Engine.h"

#include <QWizardPage>

class BackgroundWork;
class DiagnosticList;
class Engine;
class ProgressRelay;
class ToolkitChooser;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;

/**
 * Where the cuDNN archive comes from: dropped on the window, browsed to, a folder to pick the best one from, or
 * downloaded: the right one from NVIDIA's redist root or a lab mirror, shown with why it was chosen before it is
 * fetched, then fetched with bytes, rate, time left and Cancel, and checked as if it had been dropped.
 * Shows the engine's verdict with its reasons and fixes, and for a folder why each other archive lost.
 */
class PackagePage : public QWizardPage
{
    Q_OBJECT

public:
    PackagePage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    bool isComplete() const override;
    /** The package named at start, when there is one and none was given yet, is read at once. */
    void initializePage() override;
    bool isBusy() const { return m_busy; }
    /** Where "Download the right one" reads from and keeps archives (NVIDIA's root and the user cache by default). */
    /** Where the fetch panel reads from and keeps what it downloads (tests: a local mirror and cache). */
    void setFetchRequest(const FetchRequest& request);

public slots:
    /** Inspects what the path names (an archive or a folder) against the detected system. */
    void check();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /** Clears what the last check or download said, at once: a new one is under way or has failed. */
    void forgetChoice();
    /** Enter in the path field: Next when this path has been checked and fits, else a check. */
    void checkOrGoOn();
    /** Buttons under the findings for the fixes this page takes itself: the toolkit list, an archive, a mirror. */
    void offerFixes();
    void browseFile();
    /** Where Archive… and Folder… open: what was typed, else the Downloads folder, else home. */
    QString browseStart() const;
    void browseFolder();
    /** `tie`: the toolkits the package fitted equally before one of them was taken (empty: no tie). */
    void showChoice(const PackageChoice& choice, const QStringList& tie = {});
    std::optional<QString> chosenToolkit() const;
    /** "Download the right one": reads the manifests and shows what would be fetched and why. */
    void planFetch();
    void startFetch();
    void showFetchProgress(const ProgressUpdate& update);
    void fetchFinished(const DownloadResult& result);
    QWidget* makeFetchPanel();

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    ProgressRelay* m_progress;
    QLineEdit* m_path;
    QPushButton* m_check;
    QPushButton* m_stopCheck;
    CancellationToken m_checkCancel;
    QString m_checkedPath; // the path whose check the page shows; empty while none
    QProgressBar* m_bar;
    QLabel* m_current;
    QLabel* m_verdict;
    ToolkitChooser* m_toolkits; // the detected toolkits and Browse…; a tie is settled by the preferred or active one
    QCheckBox* m_force;
    DiagnosticList* m_reasons;
    QTreeWidget* m_candidates;
    bool m_busy = false;

    FetchRequest m_fetchRequest;
    std::optional<FetchOutcome> m_fetchPlanned;
    CancellationToken m_fetchCancel; // the Cancel button's; closing the wizard cancels through m_work
    ProgressRelay* m_fetchProgress;
    QWidget* m_fetchPanel;
    QLineEdit* m_mirror;
    QLabel* m_fetchPlan;
    QPushButton* m_fetchStart;
    QPushButton* m_fetchStop;
    QProgressBar* m_fetchBar;
    QLabel* m_fetchStatus;
};
