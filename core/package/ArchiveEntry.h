#pragma once

#include <QString>

/** One member of an archive as its header describes it; the data, if any, is read from the reader. */
struct ArchiveEntry
{
    enum class Type {
        File,
        Directory,
        Symlink,
        Hardlink,
        Other, // device, fifo, socket: never installed
    };

    QString path; // as stored, "/" separators, no normalisation (safety checks need the raw form)
    Type type = Type::File;
    qint64 size = 0; // uncompressed bytes of a file; 0 otherwise
    int mode = 0; // permission bits (07777)
    QString linkTarget; // symlink: as written; hardlink: the archive path it names
};

QString archiveEntryTypeName(ArchiveEntry::Type type);
/** The last part of an entry path ("/" separators): "cudnn-x/lib/libcudnn.so.9" -> "libcudnn.so.9". */
QString archiveEntryFileName(const QString& path);

/** The kinds of archive cuDNN ships in. */
enum class ArchiveContainer {
    Unknown,
    Zip,
    TarXz,
    TarGz,
    Directory, // an extracted archive's folder
};

QString archiveContainerName(ArchiveContainer container);
