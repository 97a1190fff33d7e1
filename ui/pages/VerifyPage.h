#pragma once

#include "WizardState.h"

#include <QWizardPage>

class DiagnosticList;
class QLabel;
class QTreeWidget;

/**
 * What really loads, as a fresh process found it right after the install: for every cuDNN library the file that
 * loaded (or the loader's own error), its version, and the three versions a person compares — the library, its
 * header and the CUDA runtime it was built for. Green, or the exact problem with its fix.
 */
class VerifyPage : public QWizardPage
{
    Q_OBJECT

public:
    VerifyPage(WizardState& state, QWidget* parent = nullptr);
    void initializePage() override;

private:
    WizardState& m_state;
    QLabel* m_summary;
    QTreeWidget* m_libraries;
    DiagnosticList* m_findings;
};
