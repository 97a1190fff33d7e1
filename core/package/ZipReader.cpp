#include "ZipReader.h"

#include <QCoreApplication>
#include <quazip/quazipfileinfo.h>
#include <quazip/unzip.h>

namespace {

constexpr int MadeByUnix = 3;
constexpr quint32 TypeMask = 0170000;
constexpr quint32 TypeFile = 0100000;
constexpr quint32 TypeDirectory = 0040000;
constexpr quint32 TypeSymlink = 0120000;
constexpr qint64 MaxLinkTarget = 4096;

ArchiveEntry entryFrom(const QuaZipFileInfo64& info)
{
    ArchiveEntry entry;
    entry.path = info.name;
    const bool unixAttributes = (info.versionCreated >> 8) == MadeByUnix;
    const quint32 unixMode = info.externalAttr >> 16;
    const quint32 type = unixAttributes ? unixMode & TypeMask : 0;
    if (info.isSymbolicLink() || type == TypeSymlink)
        entry.type = ArchiveEntry::Type::Symlink;
    else if (info.name.endsWith(QLatin1Char('/')) || type == TypeDirectory)
        entry.type = ArchiveEntry::Type::Directory;
    else if (type != 0 && type != TypeFile)
        entry.type = ArchiveEntry::Type::Other;
    else
        entry.type = ArchiveEntry::Type::File;
    entry.mode = unixAttributes && (unixMode & 07777) ? int(unixMode & 07777)
                                                      : (entry.type == ArchiveEntry::Type::Directory ? 0755 : 0644);
    if (entry.type == ArchiveEntry::Type::File)
        entry.size = qint64(info.uncompressedSize);
    return entry;
}

} // namespace

ZipReader::ZipReader(const QString& path)
    : m_file(path)
    , m_zip(&m_file)
    , m_buffer(int(BlockSize), Qt::Uninitialized)
{
    if (!m_file.open(QIODevice::ReadOnly)) {
        fail(ArchiveError::Kind::Io, m_file.errorString());
        return;
    }
    if (!m_zip.open(QuaZip::mdUnzip)) {
        // Without its end record a zip has no directory: that is what cutting a zip short does.
        if (hasEndOfCentralDirectory(path))
            fail(ArchiveError::Kind::Corrupt,
                 QCoreApplication::translate("ArchiveReader", "the zip directory is unreadable"));
        else
            fail(ArchiveError::Kind::Truncated,
                 QCoreApplication::translate("ArchiveReader", "the zip directory at the end of the file is missing"));
    }
}

ZipReader::~ZipReader()
{
    m_current.reset();
    if (m_zip.isOpen())
        m_zip.close();
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

bool ZipReader::next(ArchiveEntry* entry)
{
    if (m_error.isError())
        return false;
    if (m_current && !closeCurrent())
        return false;

    const bool more = m_started ? m_zip.goToNextFile() : m_zip.goToFirstFile();
    m_started = true;
    if (!more) {
        if (m_zip.getZipError() != UNZ_OK)
            fail(ArchiveError::Kind::Corrupt,
                 QCoreApplication::translate("ArchiveReader", "the zip directory is damaged"),
                 m_currentPath);
        return false;
    }
    QuaZipFileInfo64 info;
    if (!m_zip.getCurrentFileInfo(&info)) {
        fail(ArchiveError::Kind::Corrupt,
             QCoreApplication::translate("ArchiveReader", "the zip directory is damaged"),
             m_currentPath);
        return false;
    }
    *entry = entryFrom(info);
    m_currentPath = entry->path;
    m_expectedSize = qint64(info.uncompressedSize);
    if (!openCurrent(*entry))
        return false;

    if (entry->type == ArchiveEntry::Type::Symlink) {
        // A zip keeps a link's target as the entry's data.
        if (m_expectedSize > MaxLinkTarget) {
            fail(ArchiveError::Kind::Corrupt,
                 QCoreApplication::translate("ArchiveReader", "a symbolic link's target is implausibly long"),
                 m_currentPath);
            return false;
        }
        QByteArray target;
        QByteArrayView block;
        qint64 n = 0;
        while ((n = readBlock(&block)) > 0)
            target.append(block);
        if (n < 0)
            return false;
        entry->linkTarget = QFile::decodeName(target);
    }
    return true;
}

bool ZipReader::openCurrent(const ArchiveEntry& entry)
{
    m_current = std::make_unique<QuaZipFile>(&m_zip);
    m_readSize = 0;
    if (!m_current->open(QIODevice::ReadOnly)) {
        const int code = m_current->getZipError();
        m_current.reset();
        if (code == UNZ_BADZIPFILE || code == UNZ_ERRNO)
            fail(ArchiveError::Kind::Corrupt,
                 QCoreApplication::translate("ArchiveReader", "the entry's local header is damaged"),
                 entry.path);
        else
            fail(ArchiveError::Kind::Unsupported,
                 QCoreApplication::translate(
                     "ArchiveReader", "the entry uses a compression method or encryption this program does not read"),
                 entry.path);
        return false;
    }
    return true;
}

bool ZipReader::closeCurrent()
{
    QByteArrayView ignored;
    qint64 n = 0;
    while ((n = readBlock(&ignored)) > 0) { }
    return n == 0;
}

qint64 ZipReader::readBlock(QByteArrayView* block)
{
    if (m_error.isError())
        return -1;
    if (!m_current)
        return 0;
    const qint64 n = m_current->read(m_buffer.data(), m_buffer.size());
    if (n > 0) {
        m_readSize += n;
        *block = QByteArrayView(m_buffer.constData(), n);
        return n;
    }
    const int readError = m_current->getZipError();
    m_current->close(); // minizip checks the CRC here, once all data was read
    const int closeError = m_current->getZipError();
    m_current.reset();
    if (n < 0 || readError != UNZ_OK) {
        fail(ArchiveError::Kind::Corrupt,
             QCoreApplication::translate("ArchiveReader", "the compressed data is damaged"),
             m_currentPath);
        return -1;
    }
    if (closeError == UNZ_CRCERROR) {
        fail(ArchiveError::Kind::Corrupt,
             QCoreApplication::translate("ArchiveReader", "the data does not match its CRC-32"),
             m_currentPath);
        return -1;
    }
    if (closeError != UNZ_OK || m_readSize != m_expectedSize) {
        const bool cut = m_file.reachedEnd();
        fail(cut ? ArchiveError::Kind::Truncated : ArchiveError::Kind::Corrupt,
             QCoreApplication::translate("ArchiveReader", "the entry ends before its declared size"),
             m_currentPath);
        return -1;
    }
    return 0;
}

QByteArray ZipReader::archiveSha256()
{
    return m_file.finishSha256();
}
