#include "DirectoryReader.h"

#include "PackageName.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <algorithm>

#ifndef Q_OS_WIN
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace {

/** The link as written (QFileInfo::symLinkTarget makes it absolute). */
QString rawLinkTarget(const QString& path)
{
#ifndef Q_OS_WIN
    QByteArray buffer(4096, '\0');
    const ssize_t length = ::readlink(QFile::encodeName(path).constData(), buffer.data(), size_t(buffer.size()));
    if (length < 0)
        return {};
    return QFile::decodeName(buffer.left(length));
#else
    return QFileInfo(path).symLinkTarget();
#endif
}

int modeOf(const QString& path)
{
#ifndef Q_OS_WIN
    struct stat status
    {
    };
    if (::lstat(QFile::encodeName(path).constData(), &status) != 0)
        return 0;
    return int(status.st_mode & 07777);
#else
    return QFileInfo(path).isDir() ? 0755 : 0644;
#endif
}

void addField(Sha256& hash, const QByteArray& field)
{
    hash.addData(QByteArray::number(field.size()) + ':');
    hash.addData(field);
}

} // namespace

bool DirectoryReader::isExtractedArchive(const QString& path)
{
    const QFileInfo info(path);
    return info.isDir() && !info.isSymLink() && PackageName::parseBaseName(info.fileName()).has_value();
}

DirectoryReader::DirectoryReader(const QString& path)
{
    const QFileInfo top(path);
    if (!top.isDir()) {
        fail(ArchiveError::Kind::Io, QCoreApplication::translate("ArchiveReader", "%1 is not a folder").arg(path));
        return;
    }
    const QString topName = top.fileName();
    const QDir root(top.absoluteFilePath());
    Member first;
    first.entry.path = topName + QLatin1Char('/');
    first.entry.type = ArchiveEntry::Type::Directory;
    first.entry.mode = modeOf(root.path());
    first.hostPath = root.path();
    m_members.append(first);
    QDirIterator it(root.path(),
                    QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString host = it.next();
        const QFileInfo info = it.fileInfo();
        Member member;
        member.hostPath = host;
        member.entry.path = topName + QLatin1Char('/') + root.relativeFilePath(host);
        member.entry.mode = modeOf(host);
        if (info.isSymLink()) {
            member.entry.type = ArchiveEntry::Type::Symlink;
            member.entry.linkTarget = rawLinkTarget(host);
        } else if (info.isDir()) {
            member.entry.type = ArchiveEntry::Type::Directory;
            member.entry.path += QLatin1Char('/');
        } else if (info.isFile()) {
            member.entry.type = ArchiveEntry::Type::File;
            member.entry.size = info.size();
            m_totalBytes += info.size();
        } else {
            member.entry.type = ArchiveEntry::Type::Other;
        }
        m_members.append(member);
    }
    // Byte order of the paths: the same tree always reads the same way (and so has one SHA-256).
    std::sort(m_members.begin() + 1, m_members.end(), [](const Member& a, const Member& b) {
        return a.entry.path.toUtf8() < b.entry.path.toUtf8();
    });
}

bool DirectoryReader::finishCurrent()
{
    // Data not pulled is still read: the tree's SHA-256 covers every byte, as an archive's does.
    if (!m_file.isOpen())
        return true;
    QByteArrayView rest;
    qint64 read = 0;
    while ((read = readBlock(&rest)) > 0) { }
    return read == 0;
}

bool DirectoryReader::next(ArchiveEntry* entry)
{
    if (m_error.isError() || !finishCurrent())
        return false;
    if (++m_index >= m_members.size()) {
        m_done = true;
        return false;
    }
    const Member& member = m_members.at(m_index);
    *entry = member.entry;
    m_tree.addData(QByteArray::number(int(member.entry.type)));
    addField(m_tree, member.entry.path.toUtf8());
    addField(m_tree, QByteArray::number(member.entry.mode, 8));
    addField(m_tree, member.entry.linkTarget.toUtf8());
    if (member.entry.type == ArchiveEntry::Type::File) {
        m_file.setFileName(member.hostPath);
        if (!m_file.open(QIODevice::ReadOnly)) {
            fail(ArchiveError::Kind::Io, m_file.errorString(), member.entry.path);
            return false;
        }
    }
    return true;
}

qint64 DirectoryReader::readBlock(QByteArrayView* block)
{
    if (!m_file.isOpen())
        return m_error.isError() ? -1 : 0;
    m_buffer.resize(BlockSize);
    const qint64 read = m_file.read(m_buffer.data(), BlockSize);
    if (read < 0) {
        fail(ArchiveError::Kind::Io, m_file.errorString(), m_members.at(m_index).entry.path);
        m_file.close();
        return -1;
    }
    if (read == 0) {
        m_file.close();
        return 0;
    }
    m_bytesRead += read;
    *block = QByteArrayView(m_buffer.constData(), read);
    m_tree.addData(*block);
    return read;
}

QByteArray DirectoryReader::archiveSha256()
{
    if (!m_done) {
        ArchiveEntry entry;
        while (next(&entry)) { }
    }
    if (m_error.isError())
        return {};
    return m_tree.result();
}
