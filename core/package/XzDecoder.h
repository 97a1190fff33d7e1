#pragma once

#include "ArchiveReader.h"

#include <QByteArray>
#include <QString>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

class HashedFile;

/**
 * Decodes an .xz file on a thread of its own, a few blocks ahead of whoever reads the tar inside. On two cores that
 * leaves liblzma a core to itself while the tar walk, the hashing and the writing share the other, so a whole install
 * costs about what `xz -dc` costs. A stream of several xz blocks (what `xz -T0` writes) is decoded by liblzma's
 * multi-threaded decoder with as many threads as fit in multiThreadMemory(); a one-block stream (what `xz` writes
 * without -T, and what the measured cuDNN 9.19 archive is) decodes on one thread.
 *
 * The decoder reads the file to its very end, so the stream's own end (index, footer, checks) is verified even when
 * the tar inside stops earlier.
 */
class XzDecoder
{
public:
    static constexpr qsizetype OutputBlockSize = 1024 * 1024;
    static constexpr int OutputBlocks = 4;
    /**
     * What liblzma may hold to decode blocks side by side: an eighth of the machine's memory, at most 128 MiB. Each
     * thread holds a whole compressed block and its output (24 MiB blocks from `xz -6 -T0`: two threads in ~150 MiB).
     */
    static quint64 multiThreadMemory();

    /** Starts decoding input (opened, read front to back by the decoder thread only) with up to threads threads. */
    XzDecoder(HashedFile* input, int threads);
    ~XzDecoder();
    XzDecoder(const XzDecoder&) = delete;
    XzDecoder& operator=(const XzDecoder&) = delete;

    /** The next decoded block, valid until the next call: > 0 bytes in *block, 0 at the stream's end, -1 on failure. */
    qint64 next(const char** block);
    /** Decodes and discards what is left, so that a damaged or cut end is found; true if the stream ended cleanly. */
    bool finish();

    /** Why decoding stopped, in the reader's terms: Truncated (cut), Corrupt (a check failed, not xz), Unsupported
     * (options liblzma does not know), Io (a read error, no memory); None while it goes well. */
    ArchiveError::Kind failure() const;
    /** liblzma's or the file's own words for the failure. */
    QString message() const;

private:
    struct Filled
    {
        int buffer = 0;
        qint64 size = 0;
    };

    void run();
    /** The next free output buffer, or -1 once stopping. */
    int takeFreeBuffer();
    void handOver(int buffer, qint64 size);
    void fail(ArchiveError::Kind failure, const QString& message);

    HashedFile* m_input;
    const int m_threads;
    std::vector<QByteArray> m_buffers;
    QByteArray m_in; // shared with the file's hashing

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<int> m_free;
    std::deque<Filled> m_filled;
    int m_lent = -1; // the buffer next() handed out last
    bool m_ended = false; // the decoder thread is done: at the stream's end or failed
    bool m_stopping = false;
    ArchiveError::Kind m_failure = ArchiveError::Kind::None;
    QString m_message;
    std::thread m_thread;
};
