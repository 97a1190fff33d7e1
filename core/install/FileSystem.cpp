#include "FileSystem.h"

#include "FaultPoint.h"
#include "LinkFreePath.h"
#include "common/OsFlavor.h"
#include "host/RegularFile.h"
#include "package/Sha256.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStorageInfo>
#include <cerrno>

#ifdef Q_OS_WIN
#include <io.h>
#include <windows.h>
#else
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace FileSystem {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("FileSystem", text);
}

void setError(QString* error, const QString& text)
{
    if (error)
        *error = text;
}

#ifdef Q_OS_WIN
std::wstring native(const QString& path)
{
    return QDir::toNativeSeparators(path).toStdWString();
}

QString lastErrorText()
{
    return qt_error_string(int(GetLastError()));
}
#else
QByteArray native(const QString& path)
{
    return QFile::encodeName(path);
}

QString lastErrorText()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}
#endif

#ifndef Q_OS_WIN // MoveFileExW crosses volumes itself (MOVEFILE_COPY_ALLOWED)
/** from -> to when a plain rename cannot cross the file systems: a flushed copy under a temporary name first. */
bool copyAcross(const QString& from, const QString& to, QString* error)
{
    const QString part = to + QStringLiteral(".cudnn-setup-copy");
    removeEntry(part);
    const Kind kind = kindOf(from);
    if (kind == Kind::Symlink) {
        if (!createSymlink(linkTarget(from), part, error))
            return false;
    } else if (kind == Kind::File) {
        if (!QFile::copy(from, part)) {
            setError(error, tr("cannot copy %1 to %2").arg(from, part));
            return false;
        }
        QFile copy(part);
        if (!copy.open(QIODevice::ReadWrite) || !syncFile(copy, error)) {
            removeEntry(part);
            return false;
        }
    } else {
        setError(error, tr("%1 is neither a file nor a link").arg(from));
        return false;
    }
    if (!move(part, to, error)) {
        removeEntry(part);
        return false;
    }
    return removeEntry(from, error);
}
#endif

} // namespace

Kind kindOf(const QString& path)
{
#ifdef Q_OS_WIN
    const QFileInfo info(path);
    if (info.isSymLink() || info.isJunction())
        return Kind::Symlink;
    if (!info.exists())
        return Kind::None;
    return info.isDir() ? Kind::Directory : info.isFile() ? Kind::File : Kind::Other;
#else
    struct stat st;
    if (::lstat(native(path).constData(), &st) != 0)
        return Kind::None;
    if (S_ISLNK(st.st_mode))
        return Kind::Symlink;
    if (S_ISREG(st.st_mode))
        return Kind::File;
    return S_ISDIR(st.st_mode) ? Kind::Directory : Kind::Other;
#endif
}

QString linkTarget(const QString& path)
{
#ifdef Q_OS_WIN
    return QFileInfo(path).symLinkTarget();
#else
    QByteArray buffer(4096, Qt::Uninitialized);
    const ssize_t n = ::readlink(native(path).constData(), buffer.data(), size_t(buffer.size()));
    return n < 0 ? QString() : QFile::decodeName(buffer.left(n));
#endif
}

bool move(const QString& from, const QString& to, QString* error)
{
#ifdef Q_OS_WIN
    if (MoveFileExW(native(from).c_str(),
                    native(to).c_str(),
                    MOVEFILE_REPLACE_EXISTING | MOVEFILE_COPY_ALLOWED | MOVEFILE_WRITE_THROUGH))
        return true;
    setError(error, tr("cannot move %1 to %2: %3").arg(from, to, lastErrorText()));
    return false;
#else
    if (::rename(native(from).constData(), native(to).constData()) == 0)
        return true;
    if (errno == EXDEV)
        return copyAcross(from, to, error);
    setError(error, tr("cannot move %1 to %2: %3").arg(from, to, lastErrorText()));
    return false;
#endif
}

bool makeFolder(const QString& path, QString* error)
{
    if (kindOf(path) == Kind::Directory)
        return true;
#ifdef Q_OS_WIN
    const bool made = CreateDirectoryW(native(path).c_str(), nullptr);
#else
    const bool made = ::mkdir(native(path).constData(), 0755) == 0;
    if (made) // the umask must not make a toolkit folder unreadable to others
        ::chmod(native(path).constData(), 0755);
#endif
    if (!made)
        setError(error, tr("cannot create the folder %1: %2").arg(path, lastErrorText()));
    return made;
}

bool makePath(const QString& path, QString* error)
{
    if (kindOf(path) == Kind::Directory)
        return true;
    const QString parent = parentOf(path);
    if (parent != path && !makePath(parent, error))
        return false;
    return makeFolder(path, error);
}

bool removeFolderIfEmpty(const QString& path)
{
    if (kindOf(path) != Kind::Directory)
        return kindOf(path) == Kind::None;
    return QDir().rmdir(path);
}

bool removeEntry(const QString& path, QString* error)
{
    const Kind kind = kindOf(path);
    if (kind == Kind::None)
        return true;
    if (kind == Kind::Directory) {
        setError(error, tr("%1 is a folder").arg(path));
        return false;
    }
#ifdef Q_OS_WIN
    SetFileAttributesW(native(path).c_str(), FILE_ATTRIBUTE_NORMAL); // a read-only file cannot be deleted
    const bool removed = DeleteFileW(native(path).c_str());
#else
    const bool removed = ::unlink(native(path).constData()) == 0;
#endif
    if (!removed)
        setError(error, tr("cannot remove %1: %2").arg(path, lastErrorText()));
    return removed;
}

void removeEmptyFolders(const QString& path)
{
    if (kindOf(path) != Kind::Directory)
        return;
    const QStringList children
        = QDir(path).entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QString& child : children)
        removeEmptyFolders(path + QLatin1Char('/') + child);
    removeFolderIfEmpty(path);
}

bool removeTree(const QString& path)
{
    if (kindOf(path) != Kind::Directory)
        return removeEntry(path);
    return QDir(path).removeRecursively(); // removes links, never what they point to
}

bool createSymlink(const QString& target, const QString& path, QString* error)
{
#ifdef Q_OS_WIN
    Q_UNUSED(target);
    setError(error, tr("cannot create the link %1: links are not installed on Windows").arg(path));
    return false;
#else
    if (::symlink(native(target).constData(), native(path).constData()) == 0)
        return true;
    setError(error, tr("cannot create the link %1: %2").arg(path, lastErrorText()));
    return false;
#endif
}

void startWriteback(QFileDevice& file, qint64 offset, qint64 length)
{
#ifdef Q_OS_LINUX
    ::sync_file_range(file.handle(), offset, length, SYNC_FILE_RANGE_WRITE);
#else
    Q_UNUSED(file);
    Q_UNUSED(offset);
    Q_UNUSED(length);
#endif
}

bool setMode(QFileDevice& file, int mode, QString* error)
{
#ifdef Q_OS_WIN
    Q_UNUSED(mode);
    Q_UNUSED(file);
    Q_UNUSED(error);
    return true;
#else
    if (::fchmod(file.handle(), mode_t(mode)) == 0)
        return true;
    setError(error, lastErrorText());
    return false;
#endif
}

bool syncFile(QFileDevice& file, QString* error)
{
    if (!file.flush()) {
        setError(error, file.errorString());
        return false;
    }
#ifdef Q_OS_WIN
    const bool synced = FlushFileBuffers(reinterpret_cast<HANDLE>(_get_osfhandle(file.handle())));
#else
    const bool synced = ::fsync(file.handle()) == 0;
#endif
    if (!synced)
        setError(error, tr("cannot flush %1 to the disk: %2").arg(file.fileName(), lastErrorText()));
    return synced;
}

void syncFolder(const QString& path)
{
#ifndef Q_OS_WIN
    const int fd = ::open(native(path).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
#else
    Q_UNUSED(path);
#endif
}

QString partialPath(const QString& path)
{
    return path + QStringLiteral(".part");
}

bool writeAtomically(const QString& path, const QByteArray& data, const char* faultPoint, QString* error)
{
    // In the state folder of a root: written without following a link, like every file of the toolkit.
    const QString part = partialPath(path);
    LinkFreePath::removeEntry(part);
    QFile file;
    if (!LinkFreePath::createFile(file, part, error) || !setMode(file, 0644, error))
        return false;
    if (FaultPoint::hit(faultPoint) || file.write(data) != data.size() || !syncFile(file, error)) {
        setError(error, tr("cannot write %1: %2").arg(part, file.errorString()));
        file.close();
        LinkFreePath::removeEntry(part);
        return false;
    }
    file.close();
    if (!LinkFreePath::move(part, path, error)) {
        LinkFreePath::removeEntry(part);
        return false;
    }
    syncFolder(parentOf(path));
    return true;
}

bool canWriteIn(const QString& folder)
{
#ifdef Q_OS_WIN
    // ACLs decide, and only trying tells: a file that vanishes when closed leaves the folder as it was.
    const QString probe = folder + QStringLiteral("/.cudnn-setup-write-test");
    const HANDLE handle = CreateFileW(native(probe).c_str(),
                                      GENERIC_WRITE,
                                      0,
                                      nullptr,
                                      CREATE_NEW,
                                      FILE_ATTRIBUTE_TEMPORARY | FILE_FLAG_DELETE_ON_CLOSE,
                                      nullptr);
    if (handle == INVALID_HANDLE_VALUE)
        return GetLastError() == ERROR_FILE_EXISTS;
    CloseHandle(handle);
    return true;
#else
    // As this process's effective identity, as open() will judge it (access() asks for the real one).
    return ::faccessat(AT_FDCWD, native(folder).constData(), W_OK | X_OK, AT_EACCESS) == 0;
#endif
}

qint64 availableBytes(const QString& path)
{
    QString existing = path;
    while (!QFileInfo::exists(existing) && parentOf(existing) != existing)
        existing = parentOf(existing);
    const QStorageInfo storage(existing);
    return storage.isValid() ? storage.bytesAvailable() : -1;
}

bool isNoSpace(int error)
{
#ifdef EDQUOT
    if (error == EDQUOT)
        return true;
#endif
    return error == ENOSPC;
}

bool isOnReadOnlyVolume(const QString& path)
{
    const QStorageInfo storage(path);
    return storage.isValid() && storage.isReadOnly();
}

QByteArray identityOf(const QString& path)
{
#ifdef Q_OS_WIN
    Q_UNUSED(path);
    return {};
#else
    struct stat st;
    if (::lstat(native(path).constData(), &st) != 0)
        return {};
    return QByteArray::number(qulonglong(st.st_dev)) + ':' + QByteArray::number(qulonglong(st.st_ino));
#endif
}

QString sha256Of(const QString& path)
{
    QFile file;
    QString ignored;
    if (!RegularFile::open(file, path, &ignored)) // a FIFO or a device put there would never end
        return {};
    Sha256 sha;
    QByteArray buffer(1024 * 1024, Qt::Uninitialized);
    qint64 n = 0;
    while ((n = file.read(buffer.data(), buffer.size())) > 0)
        sha.addData(QByteArrayView(buffer.constData(), n));
    return n < 0 ? QString() : QString::fromLatin1(sha.hexResult());
}

bool isInside(const QString& root, const QString& path)
{
    return isPathInside(hostOsFlavor(), root, path);
}

bool isSafeFolder(const QString& folder, const QString& root)
{
    const QString canonical = QFileInfo(folder).canonicalFilePath();
    return !canonical.isEmpty() && canonical.compare(folder, fileNameCase(hostOsFlavor())) == 0
        && kindOf(folder) == Kind::Directory && isInside(root, folder);
}

QString parentOf(const QString& path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    if (slash < 0)
        return path;
    if (slash == 0)
        return QStringLiteral("/");
#ifdef Q_OS_WIN
    if (slash == 2 && path.at(1) == QLatin1Char(':'))
        return path.left(3); // "C:/"
#endif
    return path.left(slash);
}

} // namespace FileSystem
