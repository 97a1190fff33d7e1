#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <optional>

class QFile;

/**
 * Opens what cudnn-setup reads (a package, a manifest, a journal, an installed file it hashes) only when it is a
 * regular file. The open itself is O_NONBLOCK, so a FIFO with no writer or a device cannot block it; fstat must then
 * say S_ISREG before the descriptor goes back to blocking reads. A FIFO, a device, a socket or a folder is refused
 * by name, and reading a small file is bounded by a cap, so no read hangs or grows without end (/dev/zero).
 */
class RegularFile
{
    Q_DECLARE_TR_FUNCTIONS(RegularFile)

public:
    enum class Links {
        Follow,
        Refuse, // O_NOFOLLOW: the name itself must not be a link
    };

    /** Opens path read-only into file when it is a regular file; otherwise false with the reason. */
    static bool open(QFile& file, const QString& path, QString* error, Links links = Links::Follow);
    /** The whole content of a regular file of at most cap bytes; nullopt with the reason otherwise. */
    static std::optional<QByteArray>
    readSmall(const QString& path, qint64 cap, QString* error, Links links = Links::Follow);
};
