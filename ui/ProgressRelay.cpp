#include "ProgressRelay.h"

ProgressRelay::ProgressRelay(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<ProgressUpdate>();
}

ProgressRelay::~ProgressRelay()
{
    release();
}

void ProgressRelay::hold()
{
    const QMutexLocker lock(&m_mutex);
    m_held = true;
}

void ProgressRelay::release()
{
    const QMutexLocker lock(&m_mutex);
    m_held = false;
    m_released.wakeAll();
}

void ProgressRelay::report(const ProgressUpdate& update)
{
    {
        QMutexLocker lock(&m_mutex);
        while (m_held)
            m_released.wait(&m_mutex);
    }
    emit progressed(update); // queued to receivers on the GUI thread by Qt::AutoConnection
}
