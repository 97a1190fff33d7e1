#include "FileLock.h"

#include <QCoreApplication>
#include <QFile>

#ifdef Q_OS_WIN
#include <windows.h>
#else
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

FileLock::FileLock(QString path)
    : m_path(std::move(path))
{
}

FileLock::~FileLock()
{
    unlock();
}

qint64 FileLock::holderPid() const
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    bool ok = false;
    const qint64 pid = file.read(32).trimmed().toLongLong(&ok);
    return ok && pid > 0 ? pid : 0;
}

#ifndef Q_OS_WIN

bool FileLock::isLocked() const
{
    return m_fd >= 0;
}

FileLock::Result FileLock::tryLock(QString* error)
{
    if (m_fd >= 0)
        return Result::Locked;
    const QByteArray path = QFile::encodeName(m_path);
    // A holder removes the file before it lets go: a lock taken on a file that is no longer at the path is no lock,
    // so open again. Twice is what a race can cost; the bound only keeps a broken file system from looping.
    for (int attempt = 0; attempt < 8; ++attempt) {
        const int fd = ::open(path.constData(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0644);
        if (fd < 0) {
            *error = QString::fromLocal8Bit(std::strerror(errno));
            return Result::Denied;
        }
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            const int why = errno;
            ::close(fd);
            if (why == EWOULDBLOCK || why == EINTR)
                return Result::Busy;
            *error = QString::fromLocal8Bit(std::strerror(why));
            return Result::Denied;
        }
        struct stat held = {};
        struct stat named = {};
        if (::fstat(fd, &held) == 0 && ::lstat(path.constData(), &named) == 0 && held.st_dev == named.st_dev
            && held.st_ino == named.st_ino && S_ISREG(held.st_mode)) {
            const QByteArray pid = QByteArray::number(QCoreApplication::applicationPid()) + '\n';
            if (::ftruncate(fd, 0) == 0 && ::write(fd, pid.constData(), size_t(pid.size())) < 0) {
                // The pid is only a courtesy to the run kept out; the lock is held either way.
            }
            m_fd = fd;
            return Result::Locked;
        }
        ::close(fd);
    }
    *error = QCoreApplication::translate("FileLock", "%1 keeps changing").arg(m_path);
    return Result::Denied;
}

void FileLock::unlock()
{
    if (m_fd < 0)
        return;
    ::unlink(QFile::encodeName(m_path).constData());
    ::close(m_fd); // lets go of the flock
    m_fd = -1;
}

#else

bool FileLock::isLocked() const
{
    return m_handle != nullptr;
}

FileLock::Result FileLock::tryLock(QString* error)
{
    if (m_handle)
        return Result::Locked;
    const std::wstring path = m_path.toStdWString();
    for (int attempt = 0; attempt < 8; ++attempt) {
        HANDLE handle = CreateFileW(path.c_str(),
                                    GENERIC_READ | GENERIC_WRITE | DELETE,
                                    FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                    nullptr,
                                    OPEN_ALWAYS,
                                    FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT,
                                    nullptr);
        if (handle == INVALID_HANDLE_VALUE) {
            const DWORD why = GetLastError();
            *error = QStringLiteral("CreateFileW: error %1").arg(why);
            // A file its last holder is deleting answers ERROR_ACCESS_DENIED until it is gone: try again.
            if (why == ERROR_ACCESS_DENIED && attempt < 7) {
                Sleep(10);
                continue;
            }
            return why == ERROR_SHARING_VIOLATION ? Result::Busy : Result::Denied;
        }
        OVERLAPPED whole = {};
        if (!LockFileEx(handle, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, MAXDWORD, MAXDWORD, &whole)) {
            const DWORD why = GetLastError();
            CloseHandle(handle);
            if (why == ERROR_LOCK_VIOLATION || why == ERROR_IO_PENDING)
                return Result::Busy;
            *error = QStringLiteral("LockFileEx: error %1").arg(why);
            return Result::Denied;
        }
        FILE_STANDARD_INFO standard = {};
        if (GetFileInformationByHandleEx(handle, FileStandardInfo, &standard, sizeof standard)
            && !standard.DeletePending) {
            m_handle = handle;
            return Result::Locked;
        }
        CloseHandle(handle); // the holder before let go of a file that is going: open the path again
    }
    *error = QCoreApplication::translate("FileLock", "%1 keeps changing").arg(m_path);
    return Result::Denied;
}

void FileLock::unlock()
{
    if (!m_handle)
        return;
    // Marked for deletion while held, removed when the last handle closes.
    FILE_DISPOSITION_INFO dispose = {TRUE};
    SetFileInformationByHandle(m_handle, FileDispositionInfo, &dispose, sizeof dispose);
    OVERLAPPED whole = {};
    UnlockFileEx(m_handle, 0, MAXDWORD, MAXDWORD, &whole);
    CloseHandle(m_handle);
    m_handle = nullptr;
}

#endif
