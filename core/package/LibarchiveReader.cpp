#include "LibarchiveReader.h"

#include <QCoreApplication>
#include <cstdio>

LibarchiveReader::LibarchiveReader(const QString& path)
    : m_file(path)
    , m_buffer(int(BlockSize), Qt::Uninitialized)
    , m_block(int(BlockSize), Qt::Uninitialized)
{
    m_archive = archive_read_new();
}

LibarchiveReader::~LibarchiveReader()
{
    archive_read_free(m_archive);
    m_file.close();
}

bool LibarchiveReader::openArchive(bool seekable)
{
    archive_read_set_callback_data(m_archive, this);
    archive_read_set_read_callback(m_archive, &LibarchiveReader::readCallback);
    if (seekable)
        archive_read_set_seek_callback(m_archive, &LibarchiveReader::seekCallback);
    if (archive_read_open1(m_archive) == ARCHIVE_OK)
        return true;
    failFromLibrary({});
    return false;
}

QString LibarchiveReader::text(const char* utf8, const char* raw)
{
    if (utf8)
        return QString::fromUtf8(utf8);
    return raw ? QFile::decodeName(raw) : QString();
}

la_ssize_t LibarchiveReader::readCallback(struct archive*, void* self, const void** buffer)
{
    return static_cast<LibarchiveReader*>(self)->nextInput(buffer);
}

la_ssize_t LibarchiveReader::nextInput(const void** buffer)
{
    const qint64 n = m_file.read(m_buffer.data(), m_buffer.size());
    if (n < 0) {
        archive_set_error(m_archive, EIO, "%s", qPrintable(m_file.errorString()));
        return -1;
    }
    *buffer = m_buffer.constData();
    return n;
}

QByteArray LibarchiveReader::archiveSha256()
{
    stopReading();
    return m_file.finishSha256();
}

la_int64_t LibarchiveReader::seekCallback(struct archive*, void* self, la_int64_t offset, int whence)
{
    auto* reader = static_cast<LibarchiveReader*>(self);
    qint64 target = offset;
    if (whence == SEEK_CUR)
        target += reader->m_file.pos();
    else if (whence == SEEK_END)
        target += reader->m_file.size();
    if (target < 0 || target > reader->m_file.size() || !reader->m_file.seek(target))
        return ARCHIVE_FATAL;
    return target;
}

struct archive_entry* LibarchiveReader::nextHeader()
{
    if (m_error.isError() || m_atEnd)
        return nullptr;
    QByteArrayView ignored;
    while (m_dataPending) {
        if (readBlock(&ignored) < 0)
            return nullptr;
    }
    struct archive_entry* header = nullptr;
    int status = archive_read_next_header(m_archive, &header);
    while (status == ARCHIVE_RETRY)
        status = archive_read_next_header(m_archive, &header);
    if (status == ARCHIVE_EOF) {
        m_atEnd = true;
        return nullptr;
    }
    if (status < ARCHIVE_WARN) {
        failFromLibrary(m_currentPath);
        return nullptr;
    }
    return header;
}

qint64 LibarchiveReader::readBlock(QByteArrayView* block)
{
    if (m_error.isError())
        return -1;
    if (!m_dataPending)
        return 0;
    // archive_read_data fills the whole buffer across libarchive's small blocks and writes sparse holes as zeros.
    const la_ssize_t n = archive_read_data(m_archive, m_block.data(), size_t(m_block.size()));
    if (n < 0) {
        m_dataPending = false;
        failFromLibrary(m_currentPath);
        return -1;
    }
    if (n == 0) {
        m_dataPending = false;
        return 0;
    }
    *block = QByteArrayView(m_block.constData(), n);
    return n;
}
