#include "FileWriter.h"

#include "FaultPoint.h"
#include "FileSystem.h"
#include "LinkFreePath.h"

#include <cerrno>

FileWriter::~FileWriter()
{
    abort();
}

bool FileWriter::open(const QString& path)
{
    m_path = path;
    m_hash.reset();
    m_size = 0;
    m_sha256.clear();
    m_error.clear();
    m_mismatch = false;
    m_created = false;
    m_noSpace = false;
    // O_CREAT|O_EXCL in a folder reached without following a link: a link planted anywhere is refused, not followed.
    if (!LinkFreePath::createFile(m_file, path, &m_error))
        return false; // whatever is there is not ours to remove
    m_created = true;
    return true;
}

bool FileWriter::write(QByteArrayView block)
{
    if (FaultPoint::hit("stage.write"))
        return fail(tr("cannot write %1: %2").arg(path(), tr("injected fault")));
    if (m_hashing == Hashing::On)
        m_hash.addData(block);
    errno = 0;
    const bool full = FaultPoint::hit("stage.nospace");
    if (full)
        errno = ENOSPC; // what write(2) says on a full disk
    const qint64 written = full ? -1 : m_file.write(block.data(), block.size());
    if (written != block.size()) {
        m_noSpace = FileSystem::isNoSpace(errno);
        return fail(tr("cannot write %1: %2").arg(path(), m_noSpace ? tr("the disk is full") : m_file.errorString()));
    }
    FileSystem::startWriteback(m_file, m_size, written);
    m_size += written;
    return true;
}

bool FileWriter::finish(int mode, qint64 expectedSize, const QString& expectedSha256)
{
    if (m_hashing == Hashing::On)
        m_sha256 = QString::fromLatin1(m_hash.hexResult());
    QString error;
    if (!FileSystem::setMode(m_file, installMode(mode), &error))
        return fail(tr("cannot set the permissions of %1: %2").arg(path(), error));
    if (FaultPoint::hit("stage.flush"))
        return fail(tr("cannot flush %1 to the disk: %2").arg(path(), tr("injected fault")));
    errno = 0;
    if (!FileSystem::syncFile(m_file, &error)) {
        // The file was opened by its handle (LinkFreePath), so the error names no file: this says which.
        const int why = errno;
        m_noSpace = FileSystem::isNoSpace(why);
        return fail(tr("cannot flush %1 to the disk: %2")
                        .arg(path(), m_noSpace ? tr("the disk is full") : qt_error_string(why)));
    }
    if (m_size != expectedSize)
        return fail(tr("%1 came out %2 bytes long instead of %3").arg(path()).arg(m_size).arg(expectedSize), true);
    if (!expectedSha256.isEmpty() && m_hashing == Hashing::On && m_sha256 != expectedSha256)
        return fail(tr("%1 has the SHA-256 %2 instead of %3").arg(path(), m_sha256, expectedSha256), true);
    m_file.close();
    m_created = false; // finished: from here on the transaction owns it
    return true;
}

void FileWriter::abort()
{
    m_file.close();
    if (m_created)
        LinkFreePath::removeEntry(m_path);
    m_created = false;
}

int FileWriter::installMode(int archiveMode)
{
    return (archiveMode & 0111) ? 0755 : 0644;
}

bool FileWriter::fail(const QString& error, bool mismatch)
{
    m_error = error;
    m_mismatch = mismatch;
    abort();
    return false;
}
