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

CancellationToken BackgroundWork::separateCancellation()
{
    m_separate.append(CancellationToken());
    return m_separate.constLast();
}

void BackgroundWork::cancelAndWait()
{
    m_cancellation.cancel();
    for (const CancellationToken& token : std::as_const(m_separate))
        token.cancel();
    m_separate.clear();
    m_running.waitForFinished();
    m_running.clearFutures();
    m_cancellation = CancellationToken();
}
