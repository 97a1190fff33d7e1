#pragma once

#include "WizardState.h"

#include <QWizardPage>

class BackgroundWork;
class DiagnosticList;
class Engine;
class QLabel;
class QTreeWidget;

/**
 * What really loads, as a fresh process found it right after the install: for every cuDNN library the file that
 * loaded (or the loader's own error), its version, and the three versions a person compares — the library, its
 * header and the CUDA runtime it was built for. Green, or the exact problem with its fix. After a repair that changed
 * something, it runs the same check (Engine::verify) on the repaired toolkit itself.
 */
class VerifyPage : public QWizardPage
{
    Q_OBJECT

public:
    VerifyPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool isBusy() const { return m_busy; }

private:
    /** The repair's toolkit, checked in a fresh process off the GUI thread. */
    void verifyRepair();
    void showResult(const VerifyResult& verify);

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    bool m_busy = false;
    QLabel* m_summary;
    QTreeWidget* m_libraries;
    DiagnosticList* m_findings;
};
