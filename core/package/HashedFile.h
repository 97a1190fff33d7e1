#pragma once

#include "BlockPipeline.h"
#include "Sha256.h"

#include <QFile>
#include <QIODevice>
#include <atomic>
#include <functional>

/**
 * The archive file as the readers see it: a random-access QIODevice that hashes every byte that passes through in
 * file order. Small forward jumps (a zip entry's name and extra field, which minizip seeks over) are hashed from the
 * file on the way; big jumps (a zip's directory at the end, read first) are left for finishSha256(), which reads
 * whatever was never hashed. So the archive's SHA-256 needs no pass of its own, and runs beside decompression.
 */
class HashedFile final : public QIODevice
{
public:
    explicit HashedFile(const QString& path);
    ~HashedFile() override;

    bool open(OpenMode mode) override;
    /** Also waits for the hashing of what was read, so an observer may be destroyed afterwards. */
    void close() override;
    bool isSequential() const override { return false; }
    qint64 size() const override { return m_file.size(); }
    bool seek(qint64 pos) override;

    /**
     * Bytes hashed so far, all of them in file order from the start: the progress of a front-to-back read. Any
     * thread may ask while one thread reads.
     */
    qint64 hashedBytes() const { return m_hashedUpTo; }
    /**
     * read() into a new array, which the hashing shares rather than copies: the way for a reader that reads the file
     * front to back. Returns the bytes read, 0 at the end, -1 on an error (errorString()).
     */
    qint64 readShared(QByteArray* bytes, qint64 maxSize);
    /** Also hands every byte, in file order, to this observer (a checksum the reading library does not verify). */
    void setObserver(std::function<void(QByteArrayView)> observer) { m_observer = std::move(observer); }
    /** Hashes the bytes not read yet and returns the digest of the whole file; an empty array on an I/O error. */
    QByteArray finishSha256();

protected:
    qint64 readData(char* data, qint64 maxSize) override;
    qint64 writeData(const char*, qint64) override { return -1; }

private:
    void account(qint64 at, const char* data, qint64 size);
    void consume(QByteArrayView bytes);
    void consume(QByteArray bytes);
    bool hashFileRange(qint64 from, qint64 to);

    QFile m_file;
    Sha256 m_sha; // fed on m_hashing's worker
    std::function<void(QByteArrayView)> m_observer;
    BlockPipeline m_hashing{4}; // SHA-256 runs at GB/s: a few blocks of slack are plenty
    std::atomic<qint64> m_hashedUpTo{0};
    QByteArray m_digest;
};
