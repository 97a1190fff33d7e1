#include "FileWriter.h"

#include "FaultPoint.h"
#include "FileSystem.h"

FileWriter::~FileWriter()
{
    abort();
}

bool FileWriter::open(const QString& path)
{
    m_file.setFileName(path);
    m_hash.reset();
    m_size = 0;
    m_sha256.clear();
    m_error.clear();
    m_mismatch = false;
    m_created = false;
    // NewOnly is O_CREAT|O_EXCL: a link planted at the name is refused, not followed.
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::NewOnly | QIODevice::Unbuffered)) {
        m_error = tr("cannot create %1: %2").arg(path, m_file.errorString());
        return false; // whatever is there is not ours to remove
    }
    m_created = true;
    return true;
}

bool FileWriter::write(QByteArrayView block)
{
    if (FaultPoint::hit("stage.write"))
        return fail(tr("cannot write %1: %2").arg(path(), tr("injected fault")));
    if (m_hashing == Hashing::On)
        m_hash.addData(block);
    const qint64 written = m_file.write(block.data(), block.size());
    if (written != block.size())
        return fail(tr("cannot write %1: %2").arg(path(), m_file.errorString()));
    FileSystem::startWriteback(m_file, m_size, written);
    m_size += written;
    return true;
}

bool FileWriter::finish(int mode, qint64 expectedSize, const QString& expectedSha256)
{
    if (m_hashing == Hashing::On)
        m_sha256 = QString::fromLatin1(m_hash.hexResult());
    QString error;
    const auto p = QFileDevice::Permissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser
                                            | QFileDevice::WriteUser | QFileDevice::ReadGroup | QFileDevice::ReadOther)
        | ((mode & 0111)
               ? (QFileDevice::ExeOwner | QFileDevice::ExeUser | QFileDevice::ExeGroup | QFileDevice::ExeOther)
               : QFileDevice::Permissions());
    if (!m_file.setPermissions(p))
        return fail(tr("cannot set the permissions of %1: %2").arg(path(), m_file.errorString()));
    if (FaultPoint::hit("stage.flush"))
        return fail(tr("cannot flush %1 to the disk: %2").arg(path(), tr("injected fault")));
    if (!FileSystem::syncFile(m_file, &error))
        return fail(error);
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
        FileSystem::removeEntry(m_file.fileName());
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
