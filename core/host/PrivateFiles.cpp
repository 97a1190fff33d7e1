#include "PrivateFiles.h"

#include <QCoreApplication>
#include <QFileInfo>

#ifdef Q_OS_WIN
#include <QDir>
#include <fcntl.h>
#include <io.h>
#include <sys/stat.h>
#else
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace PrivateFiles {

/** What the elevated copy says about its files, in the parent's language (it runs with the parent's --lang). */
static QString tr(const char* text)
{
    return QCoreApplication::translate("PrivateFiles", text);
}

#ifndef Q_OS_WIN
static QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}
#endif

uint invokingUser()
{
    for (const char* name : {"PKEXEC_UID", "SUDO_UID"}) {
        bool ok = false;
        const uint id = qEnvironmentVariable(name).toUInt(&ok);
        if (ok)
            return id;
    }
#ifdef Q_OS_WIN
    return 0; // Windows names no user by number: the launcher's folder is the user's own temporary folder
#else
    return ::getuid();
#endif
}

#ifndef Q_OS_WIN
/** The folder at a canonical path, opened one component at a time from "/" without following any link. */
static int openFolderWithoutLinks(const QString& folder, QString* error)
{
    int fd = ::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    for (const QString& name : folder.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (fd < 0)
            break;
        if (name == QLatin1String(".") || name == QLatin1String("..")) {
            ::close(fd);
            *error = tr("%1 is not a canonical path").arg(folder);
            return -1;
        }
        const int next
            = ::openat(fd, QFile::encodeName(name).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        ::close(fd);
        fd = next;
    }
    if (fd < 0)
        *error = QStringLiteral("%1: %2").arg(folder, systemError());
    return fd;
}
#endif

int createForInvokingUser(const QString& path, QString* error)
{
    const QFileInfo info(path);
    const QString name = info.fileName();
    if (!info.isAbsolute() || name.isEmpty() || name == QLatin1String(".") || name == QLatin1String("..")) {
        *error = tr("%1 is not the absolute path of a file").arg(path);
        return -1;
    }
#ifdef Q_OS_WIN
    // The launcher's folder is the user's own temporary folder; no link or junction on the way is accepted.
    for (QFileInfo level(info.absolutePath()); !level.isRoot(); level.setFile(level.absolutePath())) {
        if (level.isSymLink() || level.isJunction()) {
            *error = tr("%1 leads through a link").arg(QDir::toNativeSeparators(path));
            return -1;
        }
    }
    const int fd = ::_wopen(reinterpret_cast<const wchar_t*>(QDir::toNativeSeparators(path).utf16()),
                            _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY | _O_NOINHERIT,
                            _S_IREAD | _S_IWRITE);
    if (fd < 0)
        *error = tr("%1 cannot be created fresh").arg(QDir::toNativeSeparators(path));
    return fd;
#else
    const int folder = openFolderWithoutLinks(info.path(), error);
    if (folder < 0)
        return -1;
    const uid_t user = invokingUser();
    struct stat st = {};
    if (::fstat(folder, &st) != 0 || st.st_uid != user || (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        ::close(folder);
        *error = tr("%1 is not a private folder of the user it works for (uid %2)").arg(info.path()).arg(user);
        return -1;
    }
    const int fd = ::openat(folder,
                            QFile::encodeName(name).constData(),
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC,
                            S_IRUSR | S_IWUSR);
    ::close(folder);
    if (fd < 0) {
        *error = QStringLiteral("%1: %2").arg(path, systemError());
        return -1;
    }
    if (::fchown(fd, user, st.st_gid) != 0 || ::fchmod(fd, S_IRUSR | S_IWUSR) != 0) {
        *error = QStringLiteral("%1: %2").arg(path, systemError());
        ::close(fd);
        return -1;
    }
    return fd;
#endif
}

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
