#pragma once

#include <QListWidget>

/**
 * The wizard's side panel: the steps of the chosen task, top to bottom, the current one marked (bold, an arrow),
 * the ones behind it ticked, or marked skipped (a dash, not a tick) where nothing was done. It only shows; the
 * wizard says which steps there are, which were skipped and where the person is.
 */
class StepList : public QListWidget
{
    Q_OBJECT

public:
    explicit StepList(QWidget* parent = nullptr);
    /** Shows `steps` with the one at `current` marked; -1 marks none. Those at `skipped` (behind it) get no tick. */
    void setSteps(const QStringList& steps, int current, const QList<int>& skipped = {});
    /** "done", "skipped", "current" or "to do": how the step named `step` is shown. */
    QString stateOf(const QString& step) const;
    /** The step marked as current; empty when none is. */
    QString currentStep() const;
};
