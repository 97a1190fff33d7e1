#include "LinkFreePath.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#ifndef Q_OS_WIN
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace LinkFreePath {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("LinkFreePath", text);
}

void setError(QString* error, const QString& text)
{
    if (error)
        *error = text;
}

QString throughLink(const QString& path, const QString& link)
{
    return tr("%1 is not written: %2 on the way to it is a link, and nothing is written through a link")
        .arg(path, link);
}

#ifndef Q_OS_WIN

#ifdef O_PATH
constexpr int FolderFlags = O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
#else
constexpr int FolderFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
#endif

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

/** An open folder handle, closed when it goes. */
class Handle
{
public:
    explicit Handle(int fd = -1)
        : m_fd(fd)
    {
    }
    ~Handle() { reset(); }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    Handle(Handle&& other) noexcept
        : m_fd(other.release())
    {
    }
    Handle& operator=(Handle&& other) noexcept
    {
        reset(other.release());
        return *this;
    }
    int fd() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release()
    {
        const int fd = m_fd;
        m_fd = -1;
        return fd;
    }
    void reset(int fd = -1)
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = fd;
    }

private:
    int m_fd;
};

/** The folder holding path, opened from "/" without following a link, and path's last name. */
struct Parent
{
    Handle folder;
    QByteArray name;
    QString error;
    bool throughLink = false; // the error is a link on the way (not a folder that is missing)
};

Parent openParent(const QString& path)
{
    Parent parent;
    const QString clean = QDir::cleanPath(path);
    if (!QDir::isAbsolutePath(clean) || clean != path || clean == QLatin1String("/")) {
        parent.error = tr("%1 is not a plain absolute path").arg(path);
        return parent;
    }
    const QStringList parts = clean.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    Handle folder(::open("/", FolderFlags));
    QString walked;
    for (qsizetype i = 0; i + 1 < parts.size() && folder.valid(); ++i) {
        walked += QLatin1Char('/') + parts.at(i);
        const QByteArray name = QFile::encodeName(parts.at(i));
        Handle next(::openat(folder.fd(), name.constData(), FolderFlags));
        if (!next.valid()) {
            struct stat st;
            const bool link
                = ::fstatat(folder.fd(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
            parent.error = link ? throughLink(path, walked) : tr("cannot open %1: %2").arg(walked, systemError());
            parent.throughLink = link;
            return parent;
        }
        folder = std::move(next);
    }
    if (!folder.valid()) {
        parent.error = tr("cannot open /: %1").arg(systemError());
        return parent;
    }
    parent.folder = std::move(folder);
    parent.name = QFile::encodeName(parts.last());
    return parent;
}

FileSystem::Kind kindAt(int folder, const char* name)
{
    struct stat st;
    if (::fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return FileSystem::Kind::None;
    if (S_ISLNK(st.st_mode))
        return FileSystem::Kind::Symlink;
    if (S_ISREG(st.st_mode))
        return FileSystem::Kind::File;
    return S_ISDIR(st.st_mode) ? FileSystem::Kind::Directory : FileSystem::Kind::Other;
}

/** A folder below fd opened for listing, never through a link. */
int openListable(int fd, const char* name)
{
    return ::openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/** What is at parent's name. */
FileSystem::Kind kindIn(const Parent& parent)
{
    return kindAt(parent.folder.fd(), parent.name.constData());
}

/** Opens path's folder into parent; false, with the reason in error, when it cannot be reached without a link. */
bool reach(const QString& path, Parent& parent, QString* error = nullptr)
{
    parent = openParent(path);
    if (parent.error.isEmpty())
        return true;
    setError(error, parent.error);
    return false;
}

bool syncHandle(int fd)
{
    return ::fsync(fd) == 0;
}

/** from -> to when they lie on two file systems: a flushed copy under a temporary name, renamed into place. */
bool copyAcross(const Parent& from, const Parent& to, const QString& toPath, QString* error)
{
    const QByteArray part = to.name + ".cudnn-setup-copy";
    ::unlinkat(to.folder.fd(), part.constData(), 0);
    const FileSystem::Kind kind = kindAt(from.folder.fd(), from.name.constData());
    if (kind == FileSystem::Kind::Symlink) {
        QByteArray target(4096, Qt::Uninitialized);
        const ssize_t n = ::readlinkat(from.folder.fd(), from.name.constData(), target.data(), size_t(target.size()));
        if (n < 0 || ::symlinkat(target.left(n).constData(), to.folder.fd(), part.constData()) != 0) {
            setError(error, tr("cannot copy the link to %1: %2").arg(toPath, systemError()));
            return false;
        }
    } else if (kind == FileSystem::Kind::File) {
        Handle in(::openat(from.folder.fd(), from.name.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
        struct stat st;
        Handle out(in.valid() && ::fstat(in.fd(), &st) == 0
                       ? ::openat(to.folder.fd(),
                                  part.constData(),
                                  O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                                  st.st_mode & 07777)
                       : -1);
        bool ok = out.valid();
        QByteArray buffer(1024 * 1024, Qt::Uninitialized);
        ssize_t n = 0;
        while (ok && (n = ::read(in.fd(), buffer.data(), size_t(buffer.size()))) > 0)
            ok = ::write(out.fd(), buffer.constData(), size_t(n)) == n;
        ok = ok && n == 0 && syncHandle(out.fd());
        if (!ok) {
            setError(error, tr("cannot copy to %1: %2").arg(toPath, systemError()));
            if (out.valid())
                ::unlinkat(to.folder.fd(), part.constData(), 0);
            return false;
        }
    } else {
        setError(error, tr("%1 is neither a file nor a link").arg(toPath));
        return false;
    }
    if (::renameat(to.folder.fd(), part.constData(), to.folder.fd(), to.name.constData()) != 0) {
        setError(error, tr("cannot move to %1: %2").arg(toPath, systemError()));
        ::unlinkat(to.folder.fd(), part.constData(), 0);
        return false;
    }
    return ::unlinkat(from.folder.fd(), from.name.constData(), 0) == 0;
}

/** The names in the folder held by fd; ok becomes false when it cannot be listed. */
QList<QByteArray> namesIn(int fd, bool* ok)
{
    QList<QByteArray> names;
    const int copy = ::dup(fd); // closedir() closes it, fd stays the caller's
    DIR* dir = copy >= 0 ? ::fdopendir(copy) : nullptr;
    if (!dir) {
        if (copy >= 0)
            ::close(copy);
        *ok = false;
        return names;
    }
    while (const dirent* entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name != "." && name != "..")
            names.append(name);
    }
    ::closedir(dir);
    return names;
}

/** Empties the folder held by fd, bottom up, links removed, never followed. */
bool emptyFolder(int fd)
{
    bool ok = true;
    const QList<QByteArray> names = namesIn(fd, &ok);
    for (const QByteArray& name : std::as_const(names)) {
        if (kindAt(fd, name.constData()) == FileSystem::Kind::Directory) {
            Handle child(openListable(fd, name.constData()));
            ok = child.valid() && emptyFolder(child.fd()) && ok;
            ok = ::unlinkat(fd, name.constData(), AT_REMOVEDIR) == 0 && ok;
        } else {
            ok = ::unlinkat(fd, name.constData(), 0) == 0 && ok;
        }
    }
    return ok;
}

/** Removes the empty folders below fd, bottom up; true if fd's folder is empty afterwards. */
bool pruneEmpty(int fd)
{
    bool empty = true;
    const QList<QByteArray> names = namesIn(fd, &empty);
    for (const QByteArray& name : std::as_const(names)) {
        if (kindAt(fd, name.constData()) != FileSystem::Kind::Directory) {
            empty = false;
            continue;
        }
        Handle child(openListable(fd, name.constData()));
        if (!(child.valid() && pruneEmpty(child.fd()) && ::unlinkat(fd, name.constData(), AT_REMOVEDIR) == 0))
            empty = false;
    }
    return empty;
}

#else // Q_OS_WIN: each folder of the path is checked for a reparse point right before the call

QString linkOnTheWay(const QString& path)
{
    QString folder = FileSystem::parentOf(path);
    while (FileSystem::parentOf(folder) != folder) {
        if (FileSystem::kindOf(folder) == FileSystem::Kind::Symlink)
            return folder;
        folder = FileSystem::parentOf(folder);
    }
    return {};
}

bool refuseLink(const QString& path, QString* error)
{
    const QString link = linkOnTheWay(path);
    if (link.isEmpty())
        return false;
    setError(error, throughLink(path, link));
    return true;
}

#endif

} // namespace

#ifndef Q_OS_WIN

QString problemOnTheWay(const QString& path)
{
    const Parent parent = openParent(path);
    return parent.throughLink ? parent.error : QString();
}

FileSystem::Kind kindOf(const QString& path)
{
    if (path == QLatin1String("/"))
        return FileSystem::Kind::Directory;
    const Parent parent = openParent(path);
    return parent.error.isEmpty() ? kindIn(parent) : FileSystem::Kind::None;
}

bool move(const QString& from, const QString& to, QString* error)
{
    const Parent source = openParent(from);
    const Parent target = openParent(to);
    if (!source.error.isEmpty() || !target.error.isEmpty()) {
        setError(error, source.error.isEmpty() ? target.error : source.error);
        return false;
    }
    if (::renameat(source.folder.fd(), source.name.constData(), target.folder.fd(), target.name.constData()) == 0)
        return true;
    if (errno == EXDEV)
        return copyAcross(source, target, to, error);
    setError(error, tr("cannot move %1 to %2: %3").arg(from, to, systemError()));
    return false;
}

bool makeFolder(const QString& path, QString* error)
{
    Parent parent;
    if (!reach(path, parent, error))
        return false;
    if (::mkdirat(parent.folder.fd(), parent.name.constData(), 0755) == 0) {
        ::fchmodat(parent.folder.fd(), parent.name.constData(), 0755, 0); // the umask must not hide it from others
        return true;
    }
    if (errno == EEXIST && kindIn(parent) == FileSystem::Kind::Directory)
        return true;
    setError(error, tr("cannot create the folder %1: %2").arg(path, systemError()));
    return false;
}

bool removeFolderIfEmpty(const QString& path)
{
    Parent parent;
    if (!reach(path, parent))
        return false;
    const FileSystem::Kind kind = kindIn(parent);
    if (kind != FileSystem::Kind::Directory)
        return kind == FileSystem::Kind::None;
    return ::unlinkat(parent.folder.fd(), parent.name.constData(), AT_REMOVEDIR) == 0;
}

bool removeEntry(const QString& path, QString* error)
{
    Parent parent;
    if (!reach(path, parent, error))
        return false;
    const FileSystem::Kind kind = kindIn(parent);
    if (kind == FileSystem::Kind::None)
        return true;
    if (kind == FileSystem::Kind::Directory) {
        setError(error, tr("%1 is a folder").arg(path));
        return false;
    }
    if (::unlinkat(parent.folder.fd(), parent.name.constData(), 0) == 0)
        return true;
    setError(error, tr("cannot remove %1: %2").arg(path, systemError()));
    return false;
}

bool removeTree(const QString& path)
{
    Parent parent;
    if (!reach(path, parent))
        return false;
    const FileSystem::Kind kind = kindIn(parent);
    if (kind == FileSystem::Kind::None)
        return true;
    if (kind != FileSystem::Kind::Directory)
        return ::unlinkat(parent.folder.fd(), parent.name.constData(), 0) == 0;
    Handle folder(openListable(parent.folder.fd(), parent.name.constData()));
    return folder.valid() && emptyFolder(folder.fd())
        && ::unlinkat(parent.folder.fd(), parent.name.constData(), AT_REMOVEDIR) == 0;
}

void removeEmptyFolders(const QString& path)
{
    const Parent parent = openParent(path);
    if (!parent.error.isEmpty() || kindIn(parent) != FileSystem::Kind::Directory)
        return;
    Handle folder(openListable(parent.folder.fd(), parent.name.constData()));
    if (folder.valid() && pruneEmpty(folder.fd()))
        ::unlinkat(parent.folder.fd(), parent.name.constData(), AT_REMOVEDIR);
}

bool createSymlink(const QString& target, const QString& path, QString* error)
{
    Parent parent;
    if (!reach(path, parent, error))
        return false;
    if (::symlinkat(QFile::encodeName(target).constData(), parent.folder.fd(), parent.name.constData()) == 0)
        return true;
    setError(error, tr("cannot create the link %1: %2").arg(path, systemError()));
    return false;
}

bool createFile(QFile& file, const QString& path, QString* error)
{
    Parent parent;
    if (!reach(path, parent, error))
        return false;
    const int fd = ::openat(
        parent.folder.fd(), parent.name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        setError(error, tr("cannot create %1: %2").arg(path, systemError()));
        return false;
    }
    if (!file.open(fd, QIODevice::WriteOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        ::unlinkat(parent.folder.fd(), parent.name.constData(), 0);
        setError(error, tr("cannot create %1: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

#else

QString problemOnTheWay(const QString& path)
{
    const QString link = linkOnTheWay(path);
    return link.isEmpty() ? QString() : throughLink(path, link);
}

FileSystem::Kind kindOf(const QString& path)
{
    return linkOnTheWay(path).isEmpty() ? FileSystem::kindOf(path) : FileSystem::Kind::None;
}

bool move(const QString& from, const QString& to, QString* error)
{
    return !refuseLink(from, error) && !refuseLink(to, error) && FileSystem::move(from, to, error);
}

bool makeFolder(const QString& path, QString* error)
{
    return !refuseLink(path, error) && FileSystem::makeFolder(path, error);
}

bool removeFolderIfEmpty(const QString& path)
{
    return linkOnTheWay(path).isEmpty() && FileSystem::removeFolderIfEmpty(path);
}

bool removeEntry(const QString& path, QString* error)
{
    return !refuseLink(path, error) && FileSystem::removeEntry(path, error);
}

bool removeTree(const QString& path)
{
    return linkOnTheWay(path).isEmpty() && FileSystem::removeTree(path);
}

void removeEmptyFolders(const QString& path)
{
    if (linkOnTheWay(path).isEmpty())
        FileSystem::removeEmptyFolders(path);
}

bool createSymlink(const QString& target, const QString& path, QString* error)
{
    return !refuseLink(path, error) && FileSystem::createSymlink(target, path, error);
}

bool createFile(QFile& file, const QString& path, QString* error)
{
    if (refuseLink(path, error))
        return false;
    file.setFileName(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::NewOnly | QIODevice::Unbuffered))
        return true;
    setError(error, tr("cannot create %1: %2").arg(path, file.errorString()));
    return false;
}

#endif

bool makePath(const QString& path, QString* error)
{
    if (kindOf(path) == FileSystem::Kind::Directory)
        return true;
    const QString parent = FileSystem::parentOf(path);
    if (parent != path && !makePath(parent, error))
        return false;
    return makeFolder(path, error);
}

} // namespace LinkFreePath
