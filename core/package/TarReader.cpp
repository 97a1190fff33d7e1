#include "TarReader.h"

#include <QCoreApplication>
#include <archive_entry.h>

namespace {

QString entryPath(struct archive_entry* entry)
{
    if (const char* utf8 = archive_entry_pathname_utf8(entry))
        return QString::fromUtf8(utf8);
    return QFile::decodeName(archive_entry_pathname(entry));
}

QString linkPath(const char* utf8, const char* raw)
{
    if (utf8)
        return QString::fromUtf8(utf8);
    return raw ? QFile::decodeName(raw) : QString();
}

} // namespace

TarReader::TarReader(const QString& path, ArchiveContainer container)
    : m_container(container)
    , m_file(path)
    , m_buffer(int(BlockSize), Qt::Uninitialized)
    , m_block(int(BlockSize), Qt::Uninitialized)
{
    if (container == ArchiveContainer::TarGz) {
        m_gzip = std::make_unique<GzipVerifier>();
        m_file.setObserver([this](QByteArrayView bytes) { m_gzip->addData(bytes); });
    }
    if (!m_file.open(QIODevice::ReadOnly)) {
        fail(ArchiveError::Kind::Io, m_file.errorString());
        return;
    }
    m_archive = archive_read_new();
    archive_read_support_format_tar(m_archive);
    archive_read_support_filter_xz(m_archive);
    archive_read_support_filter_gzip(m_archive);
    if (archive_read_open(m_archive, this, nullptr, &TarReader::readCallback, nullptr) != ARCHIVE_OK)
        failFromLibrary({});
}

TarReader::~TarReader()
{
    if (m_archive)
        archive_read_free(m_archive);
    m_file.close(); // before m_gzip goes: the hashing worker may still be feeding it
}

la_ssize_t TarReader::readCallback(struct archive* archive, void* self, const void** buffer)
{
    auto* reader = static_cast<TarReader*>(self);
    const qint64 n = reader->m_file.read(reader->m_buffer.data(), reader->m_buffer.size());
    if (n < 0) {
        archive_set_error(archive, EIO, "%s", qPrintable(reader->m_file.errorString()));
        return -1;
    }
    *buffer = reader->m_buffer.constData();
    return n;
}

void TarReader::failFromLibrary(const QString& entry)
{
    const QString message = QString::fromUtf8(archive_error_string(m_archive));
    // libarchive says "truncated" for a cut tar or gzip stream; liblzma says "no progress is possible" when its
    // input ran out, which after the file's last byte means the file was cut.
    const bool truncated = message.contains(QLatin1String("truncat"), Qt::CaseInsensitive)
        || message.contains(QLatin1String("unexpected end"), Qt::CaseInsensitive)
        || (m_file.reachedEnd() && message.contains(QLatin1String("no progress is possible"), Qt::CaseInsensitive));
    const bool io = archive_errno(m_archive) == EIO;
    fail(io              ? ArchiveError::Kind::Io
             : truncated ? ArchiveError::Kind::Truncated
                         : ArchiveError::Kind::Corrupt,
         message.isEmpty() ? QCoreApplication::translate("ArchiveReader", "unreadable archive") : message,
         entry);
}

bool TarReader::next(ArchiveEntry* entry)
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
    if (status == ARCHIVE_EOF) {
        verifyCompressedEnd();
        return false;
    }
    if (status < ARCHIVE_WARN) {
        failFromLibrary(m_currentPath);
        return false;
    }

    *entry = ArchiveEntry{};
    entry->path = entryPath(header);
    entry->mode = int(archive_entry_perm(header));
    if (archive_entry_hardlink(header)) {
        entry->type = ArchiveEntry::Type::Hardlink;
        entry->linkTarget = linkPath(archive_entry_hardlink_utf8(header), archive_entry_hardlink(header));
    } else {
        switch (archive_entry_filetype(header)) {
        case AE_IFREG:
            entry->type = ArchiveEntry::Type::File;
            entry->size = archive_entry_size(header);
            break;
        case AE_IFDIR:
            entry->type = ArchiveEntry::Type::Directory;
            break;
        case AE_IFLNK:
            entry->type = ArchiveEntry::Type::Symlink;
            entry->linkTarget = linkPath(archive_entry_symlink_utf8(header), archive_entry_symlink(header));
            break;
        default:
            entry->type = ArchiveEntry::Type::Other;
            break;
        }
    }
    m_currentPath = entry->path;
    m_dataPending = true; // drained by the next next() if the caller does not pull it
    return true;
}

qint64 TarReader::readBlock(QByteArrayView* block)
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

void TarReader::verifyCompressedEnd()
{
    if (!m_gzip || m_error.isError())
        return;
    m_file.finishSha256(); // feeds the verifier whatever libarchive left unread (the last trailer)
    if (m_gzip->state() == GzipVerifier::State::Corrupt)
        fail(ArchiveError::Kind::Corrupt, m_gzip->error());
    else if (!m_gzip->endedCleanly())
        fail(ArchiveError::Kind::Truncated, QCoreApplication::translate("ArchiveReader", "the gzip stream ends early"));
}

QByteArray TarReader::archiveSha256()
{
    return m_file.finishSha256();
}
