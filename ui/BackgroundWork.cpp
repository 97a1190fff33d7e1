#include "BackgroundWork.h"

BackgroundWork::BackgroundWork(QObject* parent)
    : QObject(parent)
{
    m_running.setCancelOnWait(false); // engine work stops through the token, never half-way through a block
}

BackgroundWork::~BackgroundWork()
{
    cancelAndWait();
}

void BackgroundWork::cancelAndWait()
{
    m_cancellation.cancel();
    m_running.waitForFinished();
    m_running.clearFutures();
    m_cancellation = CancellationToken();
}
