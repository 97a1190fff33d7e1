#include "Progress.h"

double ProgressUpdate::fraction() const
{
    if (bytesTotal > 0)
        return double(bytesDone) / double(bytesTotal);
    if (itemsTotal > 0)
        return double(itemsDone) / double(itemsTotal);
    return 0.0;
}

NullProgressSink* NullProgressSink::instance()
{
    static NullProgressSink sink;
    return &sink;
}

CancellationToken::CancellationToken()
    : m_flag(std::make_shared<std::atomic<bool>>(false))
{
}

void CancellationToken::cancel() const
{
    m_flag->store(true);
}

bool CancellationToken::isCanceled() const
{
    return m_flag->load();
}
