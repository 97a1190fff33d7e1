#include "TarReader.h"

#include <QCoreApplication>
#include <archive_entry.h>
#include <thread>

TarReader::TarReader(const QString& path, ArchiveContainer container)
    : LibarchiveReader(path)
    , m_container(container)
{
    if (container == ArchiveContainer::TarGz) {
        m_gzip = std::make_unique<GzipVerifier>();
        m_file.setObserver([this](QByteArrayView bytes) { m_gzip->addData(bytes); });
    }
    if (!m_file.open(QIODevice::ReadOnly)) {
        fail(ArchiveError::Kind::Io, m_file.errorString());
        return;
    }
    archive_read_support_format_tar(m_archive);
    if (container == ArchiveContainer::TarXz)
        m_xz = std::make_unique<XzDecoder>(&m_file, int(std::thread::hardware_concurrency()));
    else
        archive_read_support_filter_gzip(m_archive);
    openArchive(false);
}

TarReader::~TarReader()
{
    m_xz.reset(); // the decoder thread reads m_file
    m_file.close(); // before m_gzip goes: the hashing worker may still be feeding it
}

la_ssize_t TarReader::nextInput(const void** buffer)
{
    if (!m_xz)
        return LibarchiveReader::nextInput(buffer);
    const char* block = nullptr;
    const qint64 n = m_xz->next(&block);
    if (n < 0) {
        archive_set_error(m_archive, -1, "%s", qPrintable(m_xz->message()));
        return -1;
    }
    *buffer = block;
    return la_ssize_t(n);
}

void TarReader::stopReading()
{
    m_xz.reset(); // the rest of the file is hashed without being decoded
}

void TarReader::failFromLibrary(const QString& entry)
{
    if (m_xz && m_xz->failure() != ArchiveError::Kind::None) {
        fail(m_xz->failure(), m_xz->message(), entry);
        return;
    }
    const QString message = QString::fromUtf8(archive_error_string(m_archive));
    // libarchive says "truncated" for a cut tar or gzip stream (xz is decoded before it, by m_xz).
    const bool truncated = message.contains(QLatin1String("truncat"), Qt::CaseInsensitive)
        || message.contains(QLatin1String("unexpected end"), Qt::CaseInsensitive);
    const bool io = archive_errno(m_archive) == EIO;
    fail(io              ? ArchiveError::Kind::Io
             : truncated ? ArchiveError::Kind::Truncated
                         : ArchiveError::Kind::Corrupt,
         message.isEmpty() ? QCoreApplication::translate("ArchiveReader", "unreadable archive") : message,
         entry);
}

bool TarReader::next(ArchiveEntry* entry)
{
    struct archive_entry* header = nextHeader();
    if (!header) {
        if (atEnd())
            verifyCompressedEnd();
        return false;
    }

    *entry = ArchiveEntry{};
    entry->path = text(archive_entry_pathname_utf8(header), archive_entry_pathname(header));
    entry->mode = int(archive_entry_perm(header));
    if (archive_entry_hardlink(header)) {
        entry->type = ArchiveEntry::Type::Hardlink;
        entry->linkTarget = text(archive_entry_hardlink_utf8(header), archive_entry_hardlink(header));
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
            entry->linkTarget = text(archive_entry_symlink_utf8(header), archive_entry_symlink(header));
            break;
        default:
            entry->type = ArchiveEntry::Type::Other;
            break;
        }
    }
    m_currentPath = entry->path;
    setDataPending(true); // drained by the next next() if the caller does not pull it
    return true;
}

void TarReader::verifyCompressedEnd()
{
    if (m_error.isError())
        return;
    if (m_xz) {
        if (!m_xz->finish()) // what follows the tar's end: padding, the xz index and footer
            fail(m_xz->failure(), m_xz->message());
        return;
    }
    if (!m_gzip)
        return;
    m_file.finishSha256(); // feeds the verifier whatever libarchive left unread (the last trailer)
    if (m_gzip->state() == GzipVerifier::State::Corrupt)
        fail(ArchiveError::Kind::Corrupt, m_gzip->error());
    else if (!m_gzip->endedCleanly())
        fail(ArchiveError::Kind::Truncated, QCoreApplication::translate("ArchiveReader", "the gzip stream ends early"));
}
