#include "ZipReader.h"

#include "host/RegularFile.h"

#include <QCoreApplication>
#include <archive_entry.h>
#include <limits>

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
    m_directory = readDirectory(path);
    archive_read_support_format_zip_seekable(m_archive);
    openArchive(true);
}

bool ZipReader::hasEndOfCentralDirectory(const QString& path)
{
    // The end record is 22 bytes plus a comment of up to 64 KiB, at the very end.
    QFile file;
    QString error;
    if (!RegularFile::open(file, path, &error))
        return false;
    const qint64 tail = qMin<qint64>(file.size(), 22 + 65535);
    return file.seek(file.size() - tail) && file.read(tail).lastIndexOf("PK\x05\x06") >= 0;
}

QList<ArchiveEntry> ZipReader::readDirectory(const QString& path)
{
    QFile file;
    QString error;
    if (!RegularFile::open(file, path, &error))
        return {};
    const qint64 tailSize = qMin<qint64>(file.size(), 22 + 65535 + 20 + 56);
    if (!file.seek(file.size() - tailSize))
        return {};
    const QByteArray tail = file.read(tailSize);
    const qsizetype end = tail.lastIndexOf("PK\x05\x06");
    if (end < 0 || end + 22 > tail.size())
        return {};
    const auto u16
        = [](const QByteArray& b, qsizetype at) { return quint16(quint8(b[at])) | quint16(quint8(b[at + 1])) << 8; };
    const auto u32
        = [&](const QByteArray& b, qsizetype at) { return quint32(u16(b, at)) | quint32(u16(b, at + 2)) << 16; };
    const auto u64
        = [&](const QByteArray& b, qsizetype at) { return quint64(u32(b, at)) | quint64(u32(b, at + 4)) << 32; };
    quint64 offset = u32(tail, end + 16);
    quint64 size = u32(tail, end + 12);
    // zip64: the locator just before the end record points at the zip64 end record with the real figures.
    if ((offset == 0xffffffffu || size == 0xffffffffu) && end >= 20 && tail.mid(end - 20, 4) == "PK\x06\x07") {
        QFile record;
        if (!RegularFile::open(record, path, &error) || !record.seek(qint64(u64(tail, end - 20 + 8))))
            return {};
        const QByteArray zip64 = record.read(56);
        if (zip64.size() < 56 || !zip64.startsWith("PK\x06\x06"))
            return {};
        size = u64(zip64, 40);
        offset = u64(zip64, 48);
    }
    constexpr quint64 MaxDirectory = 64 * 1024 * 1024; // some 100 bytes per entry: a million entries
    if (size > MaxDirectory || offset + size > quint64(file.size()) || !file.seek(qint64(offset)))
        return {};
    const QByteArray directory = file.read(qint64(size));
    QList<ArchiveEntry> entries;
    for (qsizetype at = 0; at + 46 <= directory.size() && directory.mid(at, 4) == "PK\x01\x02";) {
        const int nameLength = u16(directory, at + 28);
        const int extraLength = u16(directory, at + 30);
        const int commentLength = u16(directory, at + 32);
        if (at + 46 + nameLength + extraLength > directory.size())
            break;
        ArchiveEntry entry;
        entry.path = QString::fromUtf8(directory.mid(at + 46, nameLength));
        entry.type = entry.path.endsWith(QLatin1Char('/')) ? ArchiveEntry::Type::Directory : ArchiveEntry::Type::File;
        quint64 declared = u32(directory, at + 24);
        if (declared == 0xffffffffu) { // the real size is the zip64 extra field's first figure
            for (qsizetype extra = at + 46 + nameLength; extra + 4 <= at + 46 + nameLength + extraLength;) {
                const int id = u16(directory, extra);
                const int length = u16(directory, extra + 2);
                if (id == 0x0001 && length >= 8 && extra + 12 <= directory.size()) {
                    declared = u64(directory, extra + 4);
                    break;
                }
                extra += 4 + length;
            }
        }
        entry.size = qint64(qMin<quint64>(declared, quint64(std::numeric_limits<qint64>::max())));
        entries.append(entry);
        at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
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
