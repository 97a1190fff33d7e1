#pragma once

#include "ArchiveReader.h"
#include "Sha256.h"

#include <QFile>
#include <QList>

/**
 * An extracted cuDNN archive (the cudnn-<platform>-<version>_cudaNN-archive folder NVIDIA's instructions have users
 * unpack) read as the archive it came from: the folder's own name first, then every member below it in byte order
 * of its path, folders with a trailing "/", links as links (never followed), anything else as Other. So the same
 * checks, plan and manifest apply. Its "archive SHA-256" is the SHA-256 of the tree: each member's type, path, mode,
 * link target and content, in that order, so a changed byte or name changes it.
 */
class DirectoryReader final : public ArchiveReader
{
public:
    explicit DirectoryReader(const QString& path);

    bool next(ArchiveEntry* entry) override;
    qint64 readBlock(QByteArrayView* block) override;
    ArchiveContainer container() const override { return ArchiveContainer::Directory; }
    qint64 compressedBytesRead() const override { return m_bytesRead; }
    qint64 compressedSize() const override { return m_totalBytes; }
    QByteArray archiveSha256() override;

    /** Whether path is a folder an extracted archive would be: its name is one of NVIDIA's archive names. */
    static bool isExtractedArchive(const QString& path);

private:
    struct Member
    {
        ArchiveEntry entry;
        QString hostPath;
    };
    bool finishCurrent();

    QList<Member> m_members;
    qsizetype m_index = -1;
    QFile m_file;
    QByteArray m_buffer;
    qint64 m_bytesRead = 0;
    qint64 m_totalBytes = 0;
    Sha256 m_tree;
    bool m_done = false;
};
