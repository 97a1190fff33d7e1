#include "XzDecoder.h"

#include "HashedFile.h"

#include <QCoreApplication>
#include <lzma.h>

namespace {

constexpr qsizetype InputBlockSize = 1024 * 1024;

bool startDecoder(lzma_stream* stream, int threads)
{
#if LZMA_VERSION >= 50040002 // lzma_stream_decoder_mt is stable from 5.4.0
    if (threads > 1) {
        lzma_mt options{};
        options.flags = LZMA_CONCATENATED;
        options.threads = uint32_t(threads);
        options.memlimit_threading = XzDecoder::multiThreadMemory(); // liblzma uses fewer threads to stay within it
        options.memlimit_stop = UINT64_MAX;
        return lzma_stream_decoder_mt(stream, &options) == LZMA_OK;
    }
#else
    Q_UNUSED(threads)
#endif
    return lzma_stream_decoder(stream, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
}

ArchiveError::Kind failureOf(lzma_ret status)
{
    switch (status) {
    case LZMA_BUF_ERROR: // no progress possible after the input's last byte
        return ArchiveError::Kind::Truncated;
    case LZMA_OPTIONS_ERROR:
        return ArchiveError::Kind::Unsupported;
    case LZMA_MEM_ERROR:
    case LZMA_MEMLIMIT_ERROR:
        return ArchiveError::Kind::Io;
    default:
        return ArchiveError::Kind::Corrupt;
    }
}

QString messageOf(lzma_ret status)
{
    switch (status) {
    case LZMA_BUF_ERROR:
        return QCoreApplication::translate("ArchiveReader", "the xz stream ends early");
    case LZMA_FORMAT_ERROR:
        return QCoreApplication::translate("ArchiveReader", "the data is not in the xz format");
    case LZMA_OPTIONS_ERROR:
        return QCoreApplication::translate("ArchiveReader", "the xz stream uses options this liblzma does not know");
    case LZMA_MEM_ERROR:
    case LZMA_MEMLIMIT_ERROR:
        return QCoreApplication::translate("ArchiveReader", "out of memory while decompressing");
    default:
        return QCoreApplication::translate("ArchiveReader", "the xz data is damaged (a check failed)");
    }
}

} // namespace

quint64 XzDecoder::multiThreadMemory()
{
    constexpr quint64 Most = 128 * 1024 * 1024;
    const quint64 physical = lzma_physmem(); // 0 when unknown
    return physical == 0 ? Most / 2 : qMin(Most, physical / 8);
}

XzDecoder::XzDecoder(HashedFile* input, int threads)
    : m_input(input)
    , m_threads(threads)
{
    for (int i = 0; i < OutputBlocks; ++i) {
        m_buffers.emplace_back(OutputBlockSize, Qt::Uninitialized);
        m_free.push_back(i);
    }
    m_thread = std::thread([this] { run(); });
}

XzDecoder::~XzDecoder()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

qint64 XzDecoder::next(const char** block)
{
    std::unique_lock<std::mutex> lock(m_mutex);
    if (m_lent >= 0) {
        m_free.push_back(m_lent);
        m_lent = -1;
        m_changed.notify_all();
    }
    m_changed.wait(lock, [this] { return !m_filled.empty() || m_ended; });
    if (m_filled.empty())
        return m_failure == ArchiveError::Kind::None ? 0 : -1;
    const Filled filled = m_filled.front();
    m_filled.pop_front();
    m_lent = filled.buffer;
    *block = m_buffers[std::size_t(filled.buffer)].constData();
    return filled.size;
}

bool XzDecoder::finish()
{
    const char* ignored = nullptr;
    qint64 n = 0;
    while ((n = next(&ignored)) > 0) { }
    return n == 0;
}

ArchiveError::Kind XzDecoder::failure() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_failure;
}

QString XzDecoder::message() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_message;
}

void XzDecoder::fail(ArchiveError::Kind failure, const QString& message)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_failure = failure;
    m_message = message;
}

int XzDecoder::takeFreeBuffer()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_changed.wait(lock, [this] { return !m_free.empty() || m_stopping; });
    if (m_stopping)
        return -1;
    const int buffer = m_free.front();
    m_free.pop_front();
    return buffer;
}

void XzDecoder::handOver(int buffer, qint64 size)
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (size > 0)
            m_filled.push_back({buffer, size});
        else
            m_free.push_back(buffer);
    }
    m_changed.notify_all();
}

void XzDecoder::run()
{
    lzma_stream stream = LZMA_STREAM_INIT;
    bool done = !startDecoder(&stream, m_threads);
    if (done)
        fail(ArchiveError::Kind::Io, messageOf(LZMA_MEM_ERROR));
    lzma_action action = LZMA_RUN;
    while (!done) {
        const int buffer = takeFreeBuffer();
        if (buffer < 0)
            break;
        QByteArray& out = m_buffers[std::size_t(buffer)];
        stream.next_out = reinterpret_cast<uint8_t*>(out.data());
        stream.avail_out = std::size_t(out.size());
        while (stream.avail_out > 0 && !done) {
            if (stream.avail_in == 0 && action == LZMA_RUN) {
                const qint64 n = m_input->readShared(&m_in, InputBlockSize);
                if (n < 0) {
                    fail(ArchiveError::Kind::Io, m_input->errorString());
                    done = true;
                    break;
                }
                if (n == 0)
                    action = LZMA_FINISH;
                stream.next_in = reinterpret_cast<const uint8_t*>(m_in.constData());
                stream.avail_in = std::size_t(n);
            }
            const lzma_ret status = lzma_code(&stream, action);
            if (status == LZMA_STREAM_END) {
                done = true;
            } else if (status != LZMA_OK) {
                fail(failureOf(status), messageOf(status));
                done = true;
            }
        }
        handOver(buffer, out.size() - qint64(stream.avail_out));
    }
    lzma_end(&stream);
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_ended = true;
    }
    m_changed.notify_all();
}
