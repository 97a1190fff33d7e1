#pragma once

#include "ArchiveEntry.h"

#include <QByteArrayView>
#include <QList>
#include <memory>

/**
 * Where a pass over an archive also puts what it reads, so that one read both judges a package and stages it (the
 * install's staging area). The inspector calls it for every member in archive order: openFile(), addSymlink() and
 * addHardlink() on the reading thread, a file's bytes on the inspector's worker thread, in order. Folders and
 * special files are never handed over. A false or a null output stops the pass.
 */
class EntrySink
{
public:
    /** One file's content on its way to the disk. */
    class Output
    {
    public:
        virtual ~Output() = default;
        /** On the worker: the next block of the content. */
        virtual bool write(QByteArrayView block) = 0;
        /** On the worker: the whole content was written. */
        virtual bool finish() = 0;
    };

    virtual ~EntrySink() = default;
    /**
     * Before the first member: what the archive's directory declares (a zip's), empty for a tar. False stops the
     * pass before anything is written: a list no cuDNN package can have, or sizes no volume here can hold.
     */
    virtual bool admitDirectory(const QList<ArchiveEntry>& declared)
    {
        Q_UNUSED(declared);
        return true;
    }
    /** A regular file begins: where its bytes go; null stops the pass. */
    virtual std::shared_ptr<Output> openFile(const ArchiveEntry& entry) = 0;
    virtual bool addSymlink(const ArchiveEntry& entry) = 0;
    /** A hard link repeating original, an earlier member whose content has been written completely. */
    virtual bool addHardlink(const ArchiveEntry& entry, const ArchiveEntry& original) = 0;
    /** Something the worker wrote failed; the pass stops at the next block. */
    virtual bool failed() const = 0;
};
