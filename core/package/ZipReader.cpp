#include "ZipReader.h"

#include <QCoreApplication>
#include <archive_entry.h>

namespace {

constexpr qint64 MaxLinkTarget = 4096;

} // namespace

ZipReader::ZipReader(const QString& path)
    : LibarchiveReader(path)
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
    archive_read_support_format_zip_seekable(m_archive);
    openArchive(true);
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
        words = QCoreApplication::translate("ArchiveReader", "the zip directory is unreadable");
    fail(kind, words, entry);
}

bool ZipReader::next(ArchiveEntry* entry)
{
    struct archive_entry* header = nextHeader();
    if (!header)
        return false;

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
    setDataPending(entry->type == ArchiveEntry::Type::File);
    return true;
}
