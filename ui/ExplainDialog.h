#pragma once

#include "engine/ExplainOutcome.h"

#include <QDialog>

class BackgroundWork;
class Engine;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;

/**
 * "Paste the error your program printed" (the repair page's face of `--explain`): the text goes to Engine::explain
 * off the GUI thread, and the causes it names on this machine are listed most likely first, each with its evidence
 * and its fix. Where the repair fixes a cause, "Repair now" closes the dialog and asks the page to repair.
 */
class ExplainDialog : public QDialog
{
    Q_OBJECT

public:
    ExplainDialog(const Engine& engine, ExplainRequest request, BackgroundWork& work, QWidget* parent = nullptr);
    bool isBusy() const { return m_busy; }
    /** The dialog was closed with "Repair now". */
    bool repairAsked() const { return m_repairAsked; }

public slots:
    void explain();

private:
    void showOutcome(const ExplainOutcome& outcome);
    /** Explain is pressable while nothing runs and there is text to read. */
    void updateExplainButton();
    QString statusText(const ExplainOutcome& outcome) const;

    const Engine& m_engine;
    ExplainRequest m_request;
    BackgroundWork& m_work;
    QPlainTextEdit* m_input;
    QPushButton* m_explain;
    QProgressBar* m_busyBar;
    QLabel* m_status;
    QTreeWidget* m_causes;
    QDialogButtonBox* m_buttons;
    QPushButton* m_repair;
    bool m_busy = false;
    bool m_repairAsked = false;
};
