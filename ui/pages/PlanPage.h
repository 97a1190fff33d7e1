#pragma once

#include "WizardState.h"

#include <QWizardPage>

class DiagnosticList;
class QLabel;
class QTreeWidget;

/** What will happen, before anything happens: the target toolkit, every file's action, the space it needs. */
class PlanPage : public QWizardPage
{
    Q_OBJECT

public:
    PlanPage(WizardState& state, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;

private:
    WizardState& m_state;
    QLabel* m_summary;
    QTreeWidget* m_items;
    DiagnosticList* m_findings;
};
