#include "BoundedFile.h"

#include <QCoreApplication>
#include <QFile>

#ifdef Q_OS_WIN
#include <QFileInfo>
#else
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace {

/** The words of this file's findings. */
class BoundedFile
{
    Q_DECLARE_TR_FUNCTIONS(BoundedFile)
};

} // namespace

#ifdef Q_OS_WIN

BoundedRead readBoundedFile(const QString& path, qint64 maxBytes)
{
    BoundedRead result;
    // Devices (NUL, CON, \\.\pipe\...) are no regular files; QFileInfo says so without opening them.
    if (!QFileInfo(path).isFile()) {
        result.error = BoundedFile::tr("it is not a regular file");
        return result;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = file.errorString();
        return result;
    }
    result.data = file.read(maxBytes + 1);
    result.truncated = result.data.size() > maxBytes;
    if (result.truncated)
        result.data.truncate(maxBytes);
    result.ok = true;
    return result;
}

#else

BoundedRead readBoundedFile(const QString& path, qint64 maxBytes)
{
    BoundedRead result;
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        result.error = QString::fromLocal8Bit(std::strerror(errno));
        return result;
    }
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        result.error = BoundedFile::tr("it is not a regular file");
        return result;
    }
    constexpr qint64 Chunk = 64 * 1024;
    while (result.data.size() <= maxBytes) {
        const qint64 before = result.data.size();
        const qint64 want = std::min(Chunk, maxBytes + 1 - before);
        result.data.resize(before + want);
        const ssize_t got = ::read(fd, result.data.data() + before, size_t(want));
        if (got < 0 && errno == EINTR) {
            result.data.resize(before);
            continue;
        }
        if (got <= 0) {
            result.data.resize(before);
            if (got < 0)
                result.error = QString::fromLocal8Bit(std::strerror(errno));
            break;
        }
        result.data.resize(before + got);
    }
    ::close(fd);
    result.truncated = result.data.size() > maxBytes;
    if (result.truncated)
        result.data.truncate(maxBytes);
    result.ok = result.error.isEmpty();
    return result;
}

#endif
