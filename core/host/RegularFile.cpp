#include "RegularFile.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>

#ifndef Q_OS_WIN
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

bool RegularFile::open(QFile& file, const QString& path, QString* error, Links links)
{
#ifdef Q_OS_WIN
    Q_UNUSED(links);
    file.setFileName(path);
    if (!QFileInfo(path).isFile()) {
        *error = tr("%1 is not a regular file (it is a folder, a device or missing); only regular files are read")
                     .arg(path);
        return false;
    }
    if (file.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return true;
    *error = tr("cannot read %1: %2").arg(path, file.errorString());
    return false;
#else
    const int flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (links == Links::Refuse ? O_NOFOLLOW : 0);
    const int fd = ::open(QFile::encodeName(path).constData(), flags);
    if (fd < 0) {
        *error = errno == ELOOP && links == Links::Refuse
            ? tr("%1 is a link, and cudnn-setup does not follow one here").arg(path)
            : tr("cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        *error = S_ISFIFO(st.st_mode)
            ? tr("%1 is a FIFO (a named pipe), not a file; cudnn-setup reads only regular files").arg(path)
            : tr("%1 is not a regular file (a folder, a device or a socket); cudnn-setup reads only regular files")
                  .arg(path);
        return false;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (!file.open(fd, QIODevice::ReadOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        *error = tr("cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
#endif
}

std::optional<QByteArray> RegularFile::readSmall(const QString& path, qint64 cap, QString* error, Links links)
{
    QFile file;
    if (!open(file, path, error, links))
        return std::nullopt;
    const QByteArray content = file.read(cap + 1);
    if (content.size() > cap) {
        *error = tr("%1 is larger than %2, more than such a file can hold; it is not read")
                     .arg(path, QLocale().formattedDataSize(cap));
        return std::nullopt;
    }
    if (file.error() != QFileDevice::NoError) {
        *error = tr("cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    return content;
}
