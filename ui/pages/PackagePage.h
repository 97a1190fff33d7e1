#pragma once

#include "WizardState.h"

#include <QWizardPage>

class BackgroundWork;
class DiagnosticList;
class Engine;
class ProgressRelay;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;

/**
 * Where the cuDNN archive comes from: dropped on the window, browsed to, or a folder to pick the best one from.
 * Shows the engine's verdict with its reasons and fixes, and for a folder why each other archive lost.
 */
class PackagePage : public QWizardPage
{
    Q_OBJECT

public:
    PackagePage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    bool isComplete() const override;
    bool isBusy() const { return m_busy; }

public slots:
    /** Inspects what the path names (an archive or a folder) against the detected system. */
    void check();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void browseFile();
    void browseFolder();
    void showChoice(const PackageChoice& choice);

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    ProgressRelay* m_progress;
    QLineEdit* m_path;
    QPushButton* m_check;
    QProgressBar* m_bar;
    QLabel* m_current;
    QLabel* m_verdict;
    QWidget* m_toolkitRow; // "Install into:" appears only when several toolkits fit equally
    QComboBox* m_toolkit;
    QCheckBox* m_force;
    DiagnosticList* m_reasons;
    QTreeWidget* m_candidates;
    bool m_busy = false;
};
