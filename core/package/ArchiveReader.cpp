#include "ArchiveReader.h"

#include "DirectoryReader.h"
#include "TarReader.h"
#include "ZipReader.h"
#include "host/RegularFile.h"

#include <QCoreApplication>
#include <QFile>
#include <atomic>

namespace {
std::atomic<int> s_opened{0};
} // namespace

int ArchiveReader::opened()
{
    return s_opened.load();
}

QString archiveEntryTypeName(ArchiveEntry::Type type)
{
    switch (type) {
    case ArchiveEntry::Type::File:
        return QStringLiteral("file");
    case ArchiveEntry::Type::Directory:
        return QStringLiteral("dir");
    case ArchiveEntry::Type::Symlink:
        return QStringLiteral("symlink");
    case ArchiveEntry::Type::Hardlink:
        return QStringLiteral("hardlink");
    case ArchiveEntry::Type::Other:
        return QStringLiteral("other");
    }
    return QStringLiteral("other");
}

QString archiveEntryFileName(const QString& path)
{
    return path.mid(path.lastIndexOf(QLatin1Char('/')) + 1);
}

QString archiveContainerName(ArchiveContainer container)
{
    switch (container) {
    case ArchiveContainer::Zip:
        return QStringLiteral("zip");
    case ArchiveContainer::TarXz:
        return QStringLiteral("tar.xz");
    case ArchiveContainer::TarGz:
        return QStringLiteral("tar.gz");
    case ArchiveContainer::Directory:
        return QStringLiteral("directory");
    case ArchiveContainer::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

ArchiveContainer sniffArchiveContainer(const QString& path)
{
    QFile file;
    QString error;
    if (!RegularFile::open(file, path, &error))
        return ArchiveContainer::Unknown;
    const QByteArray magic = file.read(6);
    if (magic.startsWith("PK\x03\x04") || magic.startsWith("PK\x05\x06"))
        return ArchiveContainer::Zip;
    if (magic
        == QByteArray("\xFD"
                      "7zXZ\x00",
                      6))
        return ArchiveContainer::TarXz;
    if (magic.startsWith("\x1F\x8B"))
        return ArchiveContainer::TarGz;
    return ArchiveContainer::Unknown;
}

std::unique_ptr<ArchiveReader> ArchiveReader::open(const QString& path, ArchiveError* error)
{
    ++s_opened;
    std::unique_ptr<ArchiveReader> reader;
    const ArchiveContainer container
        = DirectoryReader::isExtractedArchive(path) ? ArchiveContainer::Directory : sniffArchiveContainer(path);
    switch (container) {
    case ArchiveContainer::Directory:
        reader = std::make_unique<DirectoryReader>(path);
        break;
    case ArchiveContainer::Zip:
        reader = std::make_unique<ZipReader>(path);
        break;
    case ArchiveContainer::TarXz:
    case ArchiveContainer::TarGz:
        reader = std::make_unique<TarReader>(path, container);
        break;
    case ArchiveContainer::Unknown: {
        QFile file;
        QString why;
        const bool readable = RegularFile::open(file, path, &why);
        error->kind = readable ? ArchiveError::Kind::Unsupported : ArchiveError::Kind::Io;
        error->message
            = readable ? QCoreApplication::translate("ArchiveReader", "not a zip, tar.xz or tar.gz archive") : why;
        return nullptr;
    }
    }
    if (reader->error().isError()) {
        *error = reader->error();
        return nullptr;
    }
    *error = {};
    return reader;
}

void ArchiveReader::fail(ArchiveError::Kind kind, const QString& message, const QString& entry)
{
    if (m_error.isError())
        return; // the first failure is the cause; later ones are its echo
    m_error.kind = kind;
    m_error.message = message;
    m_error.entry = entry;
}
