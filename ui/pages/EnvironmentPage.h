#pragma once

#include "WizardState.h"

#include <QWizardPage>

class BackgroundWork;
class CommandBox;
class CopyWinnersList;
class DiagnosticList;
class Engine;
class QButtonGroup;
class QLabel;
class QPlainTextEdit;

/**
 * Which copy of each library a new program will load, and what must change so the target toolkit's copy wins: one
 * sentence (now and after, and what has to be restarted), then each conflict with its class — fixable here, needs
 * an administrator, or not governed by PATH at all — and behind "Show details" the change as a diff, the notes, and
 * which copy (a pip wheel, a conda env, a toolkit) each winning and losing file belongs to.
 */
class EnvironmentPage : public QWizardPage
{
    Q_OBJECT

public:
    EnvironmentPage(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool isBusy() const { return m_busy; }

private:
    void analyse();
    void showReport(const EnvironmentReport& report);
    /** The exact changes, in a box as tall as their lines. */
    void showDiff(const QString& text);
    /** Before Install: whether it will ask for administrator rights (or nothing here can ask), and the command. */
    void showRights(const std::optional<QString>& command, bool canAsk);

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    QButtonGroup* m_scope;
    QLabel* m_summary;
    DiagnosticList* m_conflicts;
    QPlainTextEdit* m_diff; // behind "Show details", with m_notes and m_copies
    CopyWinnersList* m_copies;
    QLabel* m_notes;
    QLabel* m_rights;
    CommandBox* m_command;
    bool m_busy = false;
};
