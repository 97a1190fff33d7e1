#pragma once

#include "WizardState.h"

#include <QWizardPage>

class BackgroundWork;
class CudnnCopyList;
class DiagnosticList;
class FrameworkList;
class Engine;
class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class ToolkitChooser;

/**
 * Shows what detection found: driver, GPUs, every toolkit (the active one marked), installed cuDNN, findings; for an
 * install, the toolkit chooser (the preferred toolkit selected, Browse… for one detection did not find).
 */
class SystemPage : public QWizardPage
{
    Q_OBJECT

public:
    SystemPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool isBusy() const { return m_busy; }

public slots:
    void rescan();
    /** Asks for a venv or conda env folder detection did not find, then looks again (--python-env). */
    void addEnvironment();

private:
    void showSnapshot(const SystemSnapshot& snapshot);

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    QLabel* m_status;
    QProgressBar* m_busyBar;
    QTreeWidget* m_facts;
    DiagnosticList* m_findings;
    QPushButton* m_rescan;
    ToolkitChooser* m_toolkits; // Install: which toolkit receives cuDNN, Browse… for one not found
    CudnnCopyList* m_copies; // every cuDNN copy, grouped by origin, each with its verdict
    QPushButton* m_addEnvironment;
    QStringList m_pythonEnvironments; // the folders added by hand
    FrameworkList* m_frameworks; // "Programs that will use cuDNN": each framework's verdict
    bool m_busy = false;
};
