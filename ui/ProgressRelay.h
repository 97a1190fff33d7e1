#pragma once

#include "common/Progress.h"

#include <QMetaType>
#include <QObject>

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
    void report(const ProgressUpdate& update) override;

signals:
    void progressed(const ProgressUpdate& update);
};
