#include "HashedFile.h"

#include "ArchiveReader.h"
#include "host/RegularFile.h"

#include <QCoreApplication>

// A gap this small is read again to keep the hash in order; larger jumps are hashed once at the end.
static constexpr qint64 MaxCatchUp = 1024 * 1024;

HashedFile::HashedFile(const QString& path)
    : m_file(path)
{
}

bool HashedFile::open(OpenMode mode)
{
    QString error;
    if (mode != ReadOnly || !RegularFile::open(m_file, m_file.fileName(), &error)) {
        setErrorString(error.isEmpty() ? QCoreApplication::translate("HashedFile", "it opens only for reading")
                                       : error);
        return false;
    }
    return QIODevice::open(QIODevice::ReadOnly | QIODevice::Unbuffered);
}

HashedFile::~HashedFile()
{
    m_hashing.drain();
}

void HashedFile::close()
{
    m_hashing.drain();
    m_file.close();
    QIODevice::close();
}

bool HashedFile::seek(qint64 pos)
{
    return QIODevice::seek(pos) && m_file.seek(pos);
}

qint64 HashedFile::readData(char* data, qint64 maxSize)
{
    const qint64 at = m_file.pos();
    const qint64 n = m_file.read(data, maxSize);
    if (n < 0) {
        setErrorString(m_file.errorString());
        return -1;
    }
    account(at, data, n);
    return n;
}

qint64 HashedFile::readShared(QByteArray* bytes, qint64 maxSize)
{
    const qint64 at = m_file.pos();
    *bytes = QByteArray(maxSize, Qt::Uninitialized);
    const qint64 n = m_file.read(bytes->data(), maxSize);
    if (n < 0) {
        setErrorString(m_file.errorString());
        return -1;
    }
    bytes->truncate(n);
    if (at == m_hashedUpTo && n > 0) {
        consume(*bytes);
        m_hashedUpTo = at + n;
    } else {
        account(at, bytes->constData(), n);
    }
    return n;
}

void HashedFile::account(qint64 at, const char* data, qint64 size)
{
    if (at > m_hashedUpTo && at - m_hashedUpTo <= MaxCatchUp) {
        if (!hashFileRange(m_hashedUpTo, at))
            return;
    }
    if (at <= m_hashedUpTo && at + size > m_hashedUpTo) {
        const qint64 skip = m_hashedUpTo - at;
        consume(QByteArrayView(data + skip, size - skip));
        m_hashedUpTo = at + size;
    }
}

void HashedFile::consume(QByteArrayView bytes)
{
    consume(bytes.toByteArray());
}

void HashedFile::consume(QByteArray bytes)
{
    m_hashing.submit(std::move(bytes), [this](QByteArrayView shared) {
        m_sha.addData(shared);
        if (m_observer)
            m_observer(shared);
    });
}

bool HashedFile::hashFileRange(qint64 from, qint64 to)
{
    const qint64 resume = m_file.pos();
    if (!m_file.seek(from))
        return false;
    QByteArray buffer(int(qMin<qint64>(to - from, ArchiveReader::BlockSize)), Qt::Uninitialized);
    while (from < to) {
        const qint64 n = m_file.read(buffer.data(), qMin<qint64>(buffer.size(), to - from));
        if (n <= 0)
            break;
        consume(QByteArrayView(buffer.constData(), n));
        from += n;
        m_hashedUpTo = from;
    }
    return m_file.seek(resume) && from == to;
}

QByteArray HashedFile::finishSha256()
{
    if (m_digest.isEmpty()) {
        const bool read = hashFileRange(m_hashedUpTo, m_file.size());
        m_hashing.drain();
        if (!read)
            return {};
        m_digest = m_sha.result();
    }
    return m_digest;
}
