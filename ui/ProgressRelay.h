#pragma once

#include "common/Progress.h"

#include <QMetaType>
#include <QMutex>
#include <QObject>
#include <QWaitCondition>

Q_DECLARE_METATYPE(ProgressUpdate)

/**
 * The engine's progress sink for the wizard: called on a worker thread, it re-emits each update as a queued signal
 * so progress bars are only ever touched on the GUI thread.
 */
class ProgressRelay : public QObject, public ProgressSink
{
    Q_OBJECT

public:
    explicit ProgressRelay(QObject* parent = nullptr);
    ~ProgressRelay() override;
    void report(const ProgressUpdate& update) override;
    /** Until release(), report() waits on the worker thread: the work pauses at its next step (Cancel's question). */
    void hold();
    void release();

signals:
    void progressed(const ProgressUpdate& update);

private:
    QMutex m_mutex;
    QWaitCondition m_released;
    bool m_held = false;
};
