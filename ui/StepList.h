#pragma once

#include <QListWidget>

/**
 * The wizard's side panel: the steps of the chosen task, top to bottom, the current one marked (bold, an arrow),
 * the ones behind it ticked. It only shows; the wizard says which steps there are and where the person is.
 */
class StepList : public QListWidget
{
    Q_OBJECT

public:
    explicit StepList(QWidget* parent = nullptr);
    /** Shows `steps` with the one at `current` marked; -1 marks none. */
    void setSteps(const QStringList& steps, int current);
    /** The step marked as current; empty when none is. */
    QString currentStep() const;
};
