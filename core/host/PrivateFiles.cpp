#include "PrivateFiles.h"

#include <QFileInfo>

#ifdef Q_OS_WIN
#include <QDir>
#else
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace PrivateFiles {

#ifndef Q_OS_WIN
static QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}
#endif

bool create(const QString& path, QString* error)
{
#ifdef Q_OS_WIN
    // The folder is the user's own temporary folder, whose ACL already keeps other users out.
    QFile file(path);
    if (QFileInfo::exists(path) || !file.open(QIODevice::NewOnly | QIODevice::WriteOnly)) {
        *error = QFileInfo::exists(path) ? QStringLiteral("%1 exists already").arg(path) : file.errorString();
        return false;
    }
    return true;
#else
    const int fd = ::open(
        QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, S_IRUSR | S_IWUSR);
    if (fd < 0) {
        *error = QStringLiteral("%1: %2").arg(path, systemError());
        return false;
    }
    ::fchmod(fd, S_IRUSR | S_IWUSR); // whatever the umask
    ::close(fd);
    return true;
#endif
}

bool openExisting(QFile& file, const QString& path, Write mode, QString* error)
{
#ifdef Q_OS_WIN
    const QFileInfo info(path);
    if (!info.exists() || info.isSymLink() || info.isJunction() || !info.isFile()) {
        *error = QStringLiteral("%1 is not an existing plain file").arg(QDir::toNativeSeparators(path));
        return false;
    }
    file.setFileName(path);
    const QIODevice::OpenMode flags = QIODevice::WriteOnly | QIODevice::ExistingOnly
        | (mode == Write::Append ? QIODevice::Append : QIODevice::Truncate);
    if (!file.open(flags)) {
        *error = file.errorString();
        return false;
    }
    return true;
#else
    const int flags = O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC | (mode == Write::Append ? O_APPEND : 0);
    const int fd = ::open(QFile::encodeName(path).constData(), flags);
    if (fd < 0) {
        *error = QStringLiteral("%1: %2").arg(path, systemError());
        return false;
    }
    struct stat st = {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1) {
        ::close(fd);
        *error = QStringLiteral("%1 is not a plain file of its own").arg(path);
        return false;
    }
    if (mode == Write::Truncate && ::ftruncate(fd, 0) != 0) {
        *error = QStringLiteral("%1: %2").arg(path, systemError());
        ::close(fd);
        return false;
    }
    const QIODevice::OpenMode open
        = QIODevice::WriteOnly | (mode == Write::Append ? QIODevice::Append : QIODevice::OpenMode());
    if (!file.open(fd, open, QFileDevice::AutoCloseHandle)) {
        *error = file.errorString();
        ::close(fd);
        return false;
    }
    return true;
#endif
}

} // namespace PrivateFiles
