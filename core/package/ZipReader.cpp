#include "ZipReader.h"

#include <QCoreApplication>
#include <archive_entry.h>
#include <cstdio>

namespace {

constexpr qint64 MaxLinkTarget = 4096;

QString text(const char* utf8, const char* raw)
{
    if (utf8)
        return QString::fromUtf8(utf8);
    return raw ? QFile::decodeName(raw) : QString();
}

} // namespace

ZipReader::ZipReader(const QString& path)
    : m_file(path)
    , m_buffer(int(BlockSize), Qt::Uninitialized)
    , m_block(int(BlockSize), Qt::Uninitialized)
{
    if (!m_file.open(QIODevice::ReadOnly)) {
        fail(ArchiveError::Kind::Io, m_file.errorString());
        return;
    }
    // Without its end record a zip has no directory: that is what cutting a zip short does.
    if (!hasEndOfCentralDirectory(path)) {
        fail(ArchiveError::Kind::Truncated,
             QCoreApplication::translate("ArchiveReader", "the zip directory at the end of the file is missing"));
        return;
    }
    m_archive = archive_read_new();
    archive_read_support_format_zip_seekable(m_archive);
    archive_read_set_callback_data(m_archive, this);
    archive_read_set_read_callback(m_archive, &ZipReader::readCallback);
    archive_read_set_seek_callback(m_archive, &ZipReader::seekCallback);
    if (archive_read_open1(m_archive) != ARCHIVE_OK) {
        const QString message = QString::fromUtf8(archive_error_string(m_archive));
        fail(archive_errno(m_archive) == EIO ? ArchiveError::Kind::Io : ArchiveError::Kind::Corrupt,
             message.isEmpty() ? QCoreApplication::translate("ArchiveReader", "the zip directory is unreadable")
                               : message);
    }
}

ZipReader::~ZipReader()
{
    if (m_archive)
        archive_read_free(m_archive);
    m_file.close();
}

bool ZipReader::hasEndOfCentralDirectory(const QString& path)
{
    // The end record is 22 bytes plus a comment of up to 64 KiB, at the very end.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const qint64 tail = qMin<qint64>(file.size(), 22 + 65535);
    return file.seek(file.size() - tail) && file.read(tail).lastIndexOf("PK\x05\x06") >= 0;
}

la_ssize_t ZipReader::readCallback(struct archive* archive, void* self, const void** buffer)
{
    auto* reader = static_cast<ZipReader*>(self);
    const qint64 n = reader->m_file.read(reader->m_buffer.data(), reader->m_buffer.size());
    if (n < 0) {
        archive_set_error(archive, EIO, "%s", qPrintable(reader->m_file.errorString()));
        return -1;
    }
    *buffer = reader->m_buffer.constData();
    return n;
}

la_int64_t ZipReader::seekCallback(struct archive*, void* self, la_int64_t offset, int whence)
{
    auto* reader = static_cast<ZipReader*>(self);
    qint64 target = offset;
    if (whence == SEEK_CUR)
        target += reader->m_file.pos();
    else if (whence == SEEK_END)
        target += reader->m_file.size();
    if (target < 0 || target > reader->m_file.size() || !reader->m_file.seek(target))
        return ARCHIVE_FATAL;
    return target;
}

void ZipReader::failFromLibrary(const QString& entry)
{
    const QString message = QString::fromUtf8(archive_error_string(m_archive));
    const bool unsupported = message.contains(QLatin1String("unsupported"), Qt::CaseInsensitive)
        || message.contains(QLatin1String("encrypt"), Qt::CaseInsensitive);
    const bool truncated = message.contains(QLatin1String("truncat"), Qt::CaseInsensitive)
        || message.contains(QLatin1String("premature end"), Qt::CaseInsensitive);
    ArchiveError::Kind kind = ArchiveError::Kind::Corrupt;
    if (archive_errno(m_archive) == EIO)
        kind = ArchiveError::Kind::Io;
    else if (unsupported)
        kind = ArchiveError::Kind::Unsupported;
    else if (truncated)
        kind = ArchiveError::Kind::Truncated;
    QString words = message;
    if (message.contains(QLatin1String("crc"), Qt::CaseInsensitive))
        words = QCoreApplication::translate("ArchiveReader", "the data does not match its CRC-32");
    else if (message.isEmpty())
        words = QCoreApplication::translate("ArchiveReader", "the compressed data is damaged");
    fail(kind, words, entry);
}

bool ZipReader::next(ArchiveEntry* entry)
{
    if (m_error.isError())
        return false;
    QByteArrayView ignored;
    while (m_dataPending) {
        if (readBlock(&ignored) < 0)
            return false;
    }

    struct archive_entry* header = nullptr;
    int status = archive_read_next_header(m_archive, &header);
    while (status == ARCHIVE_RETRY)
        status = archive_read_next_header(m_archive, &header);
    if (status == ARCHIVE_EOF)
        return false;
    if (status < ARCHIVE_WARN) {
        failFromLibrary(m_currentPath);
        return false;
    }

    *entry = ArchiveEntry{};
    entry->path = text(archive_entry_pathname_utf8(header), archive_entry_pathname(header));
    m_currentPath = entry->path;
    switch (archive_entry_filetype(header)) {
    case AE_IFREG:
        entry->type = entry->path.endsWith(QLatin1Char('/')) ? ArchiveEntry::Type::Directory : ArchiveEntry::Type::File;
        break;
    case AE_IFDIR:
        entry->type = ArchiveEntry::Type::Directory;
        break;
    case AE_IFLNK:
        entry->type = ArchiveEntry::Type::Symlink;
        break;
    default:
        entry->type = ArchiveEntry::Type::Other;
        break;
    }
    const int permissions = int(archive_entry_perm(header));
    entry->mode = permissions ? permissions : (entry->type == ArchiveEntry::Type::Directory ? 0755 : 0644);
    if (entry->type == ArchiveEntry::Type::File)
        entry->size = archive_entry_size(header);
    if (entry->type == ArchiveEntry::Type::Symlink) {
        // A zip keeps a link's target as the entry's data; libarchive has read it already.
        entry->linkTarget = text(archive_entry_symlink_utf8(header), archive_entry_symlink(header));
        if (entry->linkTarget.toUtf8().size() > MaxLinkTarget) {
            fail(ArchiveError::Kind::Corrupt,
                 QCoreApplication::translate("ArchiveReader", "a symbolic link's target is implausibly long"),
                 m_currentPath);
            return false;
        }
    }
    m_dataPending = entry->type == ArchiveEntry::Type::File;
    return true;
}

qint64 ZipReader::readBlock(QByteArrayView* block)
{
    if (m_error.isError())
        return -1;
    if (!m_dataPending)
        return 0;
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

QByteArray ZipReader::archiveSha256()
{
    return m_file.finishSha256();
}
