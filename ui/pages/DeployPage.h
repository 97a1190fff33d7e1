#pragma once

#include "WizardState.h"

#include <QWizardPage>

class BackgroundWork;
class Engine;
class DiagnosticList;
class QLabel;
class QLineEdit;

/**
 * Deploy next to an application: the folder of the program that should load cuDNN (its own folder is searched
 * first, so no search path change is needed), and what would be copied there: cuDNN and the toolkit's CUDA
 * runtime libraries. Its Next button deploys.
 */
class DeployPage : public QWizardPage
{
    Q_OBJECT

public:
    DeployPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool isBusy() const { return m_busy; }

public slots:
    void setFolder(const QString& folder);

private:
    void plan();

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    QLineEdit* m_folder;
    QLabel* m_summary;
    DiagnosticList* m_findings;
    bool m_busy = false;
    bool m_planned = false;
    bool m_blocked = false;
};
