#include "Merger.h"

#include "FileSystem.h"
#include "FileWriter.h"
#include "InstallCode.h"
#include "InstallLog.h"
#include "LinkFreePath.h"
#include "package/ArchiveReader.h"

#include <QFile>

namespace {

constexpr int ReportEveryMs = 100;
constexpr int WriteQueueDepth = 4; // blocks of ArchiveReader::BlockSize: memory stays flat whatever the archive

} // namespace

Merger::Merger(ProgressSink* progress, CancellationToken cancel, InstallLog* log)
    : m_progress(progress ? progress : NullProgressSink::instance())
    , m_cancel(std::move(cancel))
    , m_log(log)
    , m_writes(WriteQueueDepth)
{
}

Merger::Outcome Merger::stage(const QString& archive,
                              const QString& archiveSha256,
                              ChangeSet& changes,
                              const std::function<QString(const Change&)>& stagedPath)
{
    m_stagedPath = stagedPath;
    m_staged.clear();
    m_written.clear();
    m_writeFailed = false;
    m_writeFailure = Outcome{};
    m_outcome = Outcome{};
    m_update = ProgressUpdate{};
    m_update.phase = tr("Writing files");
    m_update.bytesTotal = changes.bytesToWrite();
    m_update.itemsTotal = changes.entriesToWrite();
    m_sinceReport.start();
    report({}, true);

    const bool fromArchive = std::any_of(changes.changes.cbegin(), changes.changes.cend(), [](const Change& c) {
        return c.writes() && c.source == Change::Source::Archive;
    });
    if (fromArchive && !stageArchive(archive, archiveSha256, changes))
        return m_outcome;

    for (Change& change : changes.changes) {
        if (!change.writes() || change.source != Change::Source::Disk)
            continue;
        const QString staged = m_stagedPath(change);
        if (!folderIsSafe(change.destination, changes.root))
            return m_outcome;
        const bool ok
            = change.isLink() ? stageLink(change, staged) : stageCopy(change.from, change, staged, &change.sha256);
        if (!ok)
            return m_outcome;
    }
    report({}, true);
    m_outcome.ok = true;
    return m_outcome;
}

bool Merger::stageArchive(const QString& archive, const QString& archiveSha256, const ChangeSet& changes)
{
    ArchiveError openError;
    std::unique_ptr<ArchiveReader> reader = ArchiveReader::open(archive, &openError);
    if (!reader)
        return fail(InstallCode::ArchiveChanged, tr("%1 cannot be read any more: %2").arg(archive, openError.message));

    const bool read = readEntries(*reader, archive, changes);
    const bool written = drainWrites(); // every job has run before anything it uses goes away
    if (!written || !read) {
        m_written.clear(); // unfinished staged files remove themselves
        return false;
    }
    for (const auto& [destination, writer] : m_written)
        InstallLog::to(
            m_log, tr("staged %1 (%2 bytes, sha256 %3)").arg(destination).arg(writer->size()).arg(writer->sha256()));
    m_written.clear();

    if (reader->error().isError())
        return fail(reader->error().kind == ArchiveError::Kind::Io ? InstallCode::WriteFailed
                                                                   : InstallCode::ArchiveChanged,
                    tr("reading %1 failed at %2: %3").arg(archive, reader->error().entry, reader->error().message));
    for (const Change& change : changes.changes) {
        if (change.writes() && change.source == Change::Source::Archive && !m_staged.contains(change.destination))
            return fail(
                InstallCode::ArchiveChanged,
                tr("%1 no longer holds %2; the archive changed since it was checked").arg(archive, change.from));
    }
    const QString sha256 = QString::fromLatin1(reader->archiveSha256().toHex());
    if (!archiveSha256.isEmpty() && sha256 != archiveSha256)
        return fail(
            InstallCode::ArchiveChanged,
            tr("%1 now has the SHA-256 %2, not the %3 it had when it was checked").arg(archive, sha256, archiveSha256));
    return true;
}

bool Merger::readEntries(ArchiveReader& reader, const QString& archive, const ChangeSet& changes)
{
    ArchiveEntry entry;
    while (reader.next(&entry)) {
        const Change* change = changes.changeFrom(entry.path);
        if (!change || !change->writes())
            continue; // read past, unwritten
        if (!folderIsSafe(change->destination, changes.root))
            return false;
        const QString staged = m_stagedPath(*change);
        const bool asPlanned = change->isLink()
            ? entry.type == ArchiveEntry::Type::Symlink && entry.linkTarget == change->linkTarget
            : (change->contentOf.isEmpty() ? entry.type == ArchiveEntry::Type::File
                                           : entry.type == ArchiveEntry::Type::Hardlink);
        if (!asPlanned)
            return fail(
                InstallCode::ArchiveChanged,
                tr("%1 in %2 is not what the package check saw; the archive changed since").arg(entry.path, archive));
        if (change->isLink()) {
            if (!stageLink(*change, staged))
                return false;
        } else if (!change->contentOf.isEmpty()) {
            // A hard link repeats an earlier entry's data: copy it from where that entry was staged (or lies).
            const Change* original = changes.changeFrom(change->contentOf);
            if (!original)
                return fail(InstallCode::ArchiveChanged,
                            tr("%1 repeats %2, which this install does not write").arg(entry.path, change->contentOf));
            QString sha256;
            if (!drainWrites()
                || !stageCopy(m_staged.value(original->destination, original->destination), *change, staged, &sha256))
                return false;
        } else if (!stageEntry(reader, *change, staged)) {
            return false;
        }
        if (m_cancel.isCanceled())
            return fail(InstallCode::Canceled, tr("The install was canceled."));
    }
    if (m_cancel.isCanceled())
        return fail(InstallCode::Canceled, tr("The install was canceled."));
    return true;
}

bool Merger::stageEntry(ArchiveReader& reader, const Change& change, const QString& staged)
{
    auto writer = std::make_shared<FileWriter>();
    if (!writer->open(staged))
        return fail(InstallCode::WriteFailed, writer->errorString());
    m_staged.insert(change.destination, staged);
    m_written.append({change.destination, writer});
    QByteArrayView block;
    qint64 n = 0;
    while ((n = reader.readBlock(&block)) > 0) {
        if (m_writeFailed)
            return false; // drainWrites() tells why
        m_writes.submit(block, [this, writer](QByteArrayView data) {
            if (!m_writeFailed && !writer->write(data))
                writeFailed(*writer);
        });
        m_update.bytesDone += n;
        if (m_cancel.isCanceled())
            return fail(InstallCode::Canceled, tr("The install was canceled."));
        report(change.destination, false);
    }
    if (n < 0)
        return fail(InstallCode::ArchiveChanged, tr("reading %1 failed: %2").arg(change.from, reader.error().message));
    const int mode = change.mode;
    const qint64 size = change.size;
    const QString sha256 = change.sha256;
    m_writes.submit(QByteArray(), [this, writer, mode, size, sha256](QByteArrayView) {
        if (!m_writeFailed && !writer->finish(mode, size, sha256))
            writeFailed(*writer);
    });
    ++m_update.itemsDone;
    return true;
}

bool Merger::drainWrites()
{
    m_writes.drain();
    if (!m_writeFailed)
        return true;
    std::lock_guard<std::mutex> lock(m_failureMutex);
    m_outcome = m_writeFailure;
    InstallLog::to(m_log, m_outcome.error);
    return false;
}

void Merger::writeFailed(const FileWriter& writer)
{
    std::lock_guard<std::mutex> lock(m_failureMutex);
    if (m_writeFailed)
        return;
    m_writeFailure.code = writer.contentMismatch() ? InstallCode::ContentMismatch
        : writer.noSpace()                         ? InstallCode::NoSpace
                                                   : InstallCode::WriteFailed;
    m_writeFailure.error = writer.errorString();
    m_writeFailed = true;
}

bool Merger::stageCopy(const QString& from, const Change& change, const QString& staged, QString* sha256)
{
    QFile source(from);
    if (!source.open(QIODevice::ReadOnly))
        return fail(InstallCode::WriteFailed, tr("cannot read %1: %2").arg(from, source.errorString()));
    FileWriter writer;
    if (!writer.open(staged))
        return fail(InstallCode::WriteFailed, writer.errorString());
    m_staged.insert(change.destination, staged);
    QByteArray buffer(int(ArchiveReader::BlockSize), Qt::Uninitialized);
    qint64 n = 0;
    while ((n = source.read(buffer.data(), buffer.size())) > 0) {
        if (!write(writer, QByteArrayView(buffer.constData(), n), change.destination))
            return false;
    }
    if (n < 0) {
        writer.abort();
        return fail(InstallCode::WriteFailed, tr("cannot read %1: %2").arg(from, source.errorString()));
    }
    if (!writer.finish(change.mode, change.size, change.sha256))
        return fail(writer.contentMismatch() ? InstallCode::ContentMismatch : InstallCode::WriteFailed,
                    writer.errorString());
    *sha256 = writer.sha256();
    ++m_update.itemsDone;
    InstallLog::to(m_log,
                   tr("staged %1 from %2 (%3 bytes, sha256 %4)")
                       .arg(change.destination, from)
                       .arg(writer.size())
                       .arg(writer.sha256()));
    return true;
}

bool Merger::stageLink(const Change& change, const QString& staged)
{
    QString error;
    if (!LinkFreePath::createSymlink(change.linkTarget, staged, &error))
        return fail(InstallCode::WriteFailed, error);
    m_staged.insert(change.destination, staged);
    ++m_update.itemsDone;
    InstallLog::to(m_log, tr("staged the link %1 -> %2").arg(change.destination, change.linkTarget));
    report(change.destination, false);
    return true;
}

bool Merger::folderIsSafe(const QString& destination, const QString& root)
{
    const QString folder = FileSystem::parentOf(destination);
    if (FileSystem::isSafeFolder(folder, root))
        return true;
    return fail(InstallCode::UnsafeTarget,
                tr("%1 is not the folder inside %2 that was planned (a link may lead elsewhere now); nothing is "
                   "written there")
                    .arg(folder, root));
}

bool Merger::write(FileWriter& writer, QByteArrayView block, const QString& destination)
{
    if (!writer.write(block))
        return fail(writer.noSpace() ? InstallCode::NoSpace : InstallCode::WriteFailed, writer.errorString());
    m_update.bytesDone += block.size();
    if (m_cancel.isCanceled()) {
        writer.abort();
        return fail(InstallCode::Canceled, tr("The install was canceled."));
    }
    report(destination, false);
    return true;
}

bool Merger::fail(const QString& code, const QString& error)
{
    m_outcome.ok = false;
    m_outcome.canceled = code == InstallCode::Canceled;
    m_outcome.code = code;
    m_outcome.error = error;
    InstallLog::to(m_log, error);
    return false;
}

void Merger::report(const QString& current, bool force)
{
    if (!force && current == m_update.currentItem && m_sinceReport.elapsed() < ReportEveryMs)
        return;
    m_sinceReport.restart();
    m_update.currentItem = current;
    m_progress->report(m_update);
}
