#pragma once

#include <QWidget>

class BackgroundWork;
class Engine;
class QComboBox;
class QLabel;
class QPushButton;
class WizardState;

/**
 * Which CUDA toolkit receives cuDNN: the detected toolkits in a list, and Browse… for one detection did not find
 * (the folder is detected as a toolkit by the engine before it joins the list). A choice is the person's preferred
 * toolkit (WizardState::preferredToolkit), which the System and Package pages share.
 */
class ToolkitChooser : public QWidget
{
    Q_OBJECT

public:
    ToolkitChooser(const Engine& engine, WizardState& state, BackgroundWork& work, QWidget* parent = nullptr);
    QString currentRoot() const;
    bool isBusy() const { return m_busy; }
    /** The folders detection must look at besides its usual places: the preferred one and those browsed to. */
    QStringList extraRoots() const;
    /** A line under the list (why this toolkit was taken, what went wrong with a folder); empty hides it. */
    void setNote(const QString& note);
    /** Opens the list, as a finding's "Choose the toolkit…" button does. */
    void showList();

public slots:
    /** The detected toolkits again, with the preferred one selected (else `selected`, else the active one). */
    void refresh(const QString& selected = {});
    /** What Browse… does once its dialog returns: detects the folder and, if it is a toolkit, chooses it. */
    void browseTo(const QString& folder);

signals:
    /** The person chose a toolkit (from the list or by browsing to it). */
    void chosen(const QString& root);
    void busyChanged();

private:
    void browse();

    const Engine& m_engine;
    WizardState& m_state;
    BackgroundWork& m_work;
    QComboBox* m_list;
    QPushButton* m_browse;
    QLabel* m_note;
    QStringList m_browsed;
    bool m_busy = false;
};
