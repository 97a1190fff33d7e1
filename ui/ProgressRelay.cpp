#include "ProgressRelay.h"

ProgressRelay::ProgressRelay(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<ProgressUpdate>();
}

void ProgressRelay::report(const ProgressUpdate& update)
{
    emit progressed(update); // queued to receivers on the GUI thread by Qt::AutoConnection
}
