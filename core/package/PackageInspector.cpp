#include "PackageInspector.h"

#include "ArchiveReader.h"
#include "ContentAnalysis.h"
#include "CudaReferenceScanner.h"
#include "EntrySafety.h"
#include "EntrySink.h"
#include "Sha256.h"
#include "ZipReader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHash>
#include <QSet>

namespace {

constexpr qint64 MaxHeaderText = 4 * 1024 * 1024;
constexpr qint64 ProgressEveryMs = 100;

bool looksLikeLibrary(const QString& name)
{
    return name.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive) || name.endsWith(QLatin1String(".so"))
        || name.contains(QLatin1String(".so."));
}

PackageFinding findingFor(const ArchiveError& error, const QString& file)
{
    const QString where = error.entry.isEmpty() ? file : QStringLiteral("%1 (%2)").arg(file, error.entry);
    const QString redownload = QCoreApplication::translate(
        "PackageInspector",
        "Download the archive again from NVIDIA and compare its size and SHA-256 with the "
        "ones NVIDIA publishes. Nothing was written.");
    switch (error.kind) {
    case ArchiveError::Kind::Truncated:
        return PackageFinding::hardBlock(
                   PackageCode::Truncated,
                   QCoreApplication::translate("PackageInspector", "The archive %1 is cut short: %2.")
                       .arg(where, error.message),
                   redownload)
            .about(file);
    case ArchiveError::Kind::Corrupt:
        return PackageFinding::hardBlock(
                   PackageCode::Corrupt,
                   QCoreApplication::translate("PackageInspector", "The archive %1 is damaged: %2.")
                       .arg(where, error.message),
                   redownload)
            .about(file);
    case ArchiveError::Kind::Unsupported:
        return PackageFinding::hardBlock(
                   PackageCode::NotAnArchive,
                   QCoreApplication::translate("PackageInspector", "%1 cannot be read as a cuDNN archive: %2.")
                       .arg(where, error.message),
                   QCoreApplication::translate(
                       "PackageInspector",
                       "Use the .zip (Windows) or .tar.xz (Linux) archive from NVIDIA's cuDNN download page."))
            .about(file);
    case ArchiveError::Kind::Canceled:
        return PackageFinding::hardBlock(
                   PackageCode::Canceled,
                   QCoreApplication::translate("PackageInspector", "Checking the package was canceled."),
                   QCoreApplication::translate("PackageInspector", "Start again to check the package."))
            .about(file);
    case ArchiveError::Kind::Io:
    case ArchiveError::Kind::None:
        break;
    }
    return PackageFinding::hardBlock(
               PackageCode::Unreadable,
               QCoreApplication::translate("PackageInspector", "%1 cannot be read: %2.").arg(where, error.message),
               QCoreApplication::translate(
                   "PackageInspector",
                   "Check that the file exists, that you may read it, and that the disk is healthy."))
        .about(file);
}

} // namespace

/** What the worker learns of one file's bytes; read on the reading thread only once the worker is idle. */
struct PackageInspector::EntryDigest
{
    Sha256 sha;
    CudaReferenceScanner references;
    bool library = false;
    std::shared_ptr<EntrySink::Output> output;
};

PackageInspector::PackageInspector(ProgressSink* progress, CancellationToken cancel, EntrySink* sink)
    : m_progress(progress ? progress : NullProgressSink::instance())
    , m_cancel(std::move(cancel))
    , m_sink(sink)
    , m_phase(QCoreApplication::translate("PackageInspector", "Checking the package"))
{
}

PackageInspection PackageInspector::inspect(const QString& path)
{
    PackageInspection result;
    const QFileInfo info(path);
    result.file = info.absoluteFilePath();
    result.fileSize = info.size();
    m_cudaMajors.clear();
    m_digests.clear();
    m_entriesDone = 0;
    m_versionHeader.clear();
    m_legacyHeader.clear();

    ArchiveError openError;
    const auto reader = ArchiveReader::open(path, &openError);
    if (!reader) {
        result.name = PackageName::parse(info.fileName());
        result.findings.append(findingFor(openError, result.file));
        return result;
    }
    result.container = reader->container();
    m_sinceReport.start();
    const auto* zip = dynamic_cast<const ZipReader*>(reader.get()); // a tar declares each member at its header only
    if (!m_sink || m_sink->admitDirectory(zip ? zip->declaredEntries() : QList<ArchiveEntry>()))
        readEntries(*reader, result);
    m_digest.drain(); // every job has run: the digests are complete and the sink has all it was given
    collectDigests(result);

    const bool canceled = m_cancel.isCanceled();
    if (canceled)
        result.findings.append(findingFor({ArchiveError::Kind::Canceled, {}, {}}, result.file));
    else if (reader->error().isError())
        result.findings.append(findingFor(reader->error(), result.file));
    else
        result.readCompletely = true;
    if (!canceled)
        result.sha256 = QString::fromLatin1(reader->archiveSha256().toHex());
    reportProgress(*reader, {}, true);

    ContentAnalysis::placeFiles(result);
    ContentAnalysis::identifyBinaries(result);
    ContentAnalysis::identifyVersions(result, m_versionHeader, m_legacyHeader, m_cudaMajors);
    ContentAnalysis::checkFileSet(result);
    ContentAnalysis::compareNames(result);

    QList<ArchiveEntry> entries;
    for (const PackageFile& file : result.files)
        entries.append(file.entry);
    const OsFlavor filesystem = result.platform.value_or(result.name ? result.name->os : OsFlavor::Linux);
    result.findings.append(EntrySafety::check(entries, filesystem));

    if (!result.sha256.isEmpty()) {
        const ChecksumSidecar::Identity identity{filesystem, result.arch, result.cudaMajor(), result.cudnnVersion};
        result.expectedChecksum = ChecksumSidecar::find(result.file, identity);
        if (!result.expectedChecksum) {
            result.findings.append(
                PackageFinding::info(
                    PackageCode::ChecksumUnverified,
                    QCoreApplication::translate(
                        "PackageInspector", "No checksum lies beside the archive, so its SHA-256 was not compared."),
                    QCoreApplication::translate(
                        "PackageInspector",
                        "Put NVIDIA's redistrib_<version>.json or a <archive>.sha256 file next to "
                        "the archive to have it checked."))
                    .about(result.file));
        } else if (result.expectedChecksum->sha256 != result.sha256
                   || result.expectedChecksum->size.value_or(result.fileSize) != result.fileSize) {
            result.findings.append(
                PackageFinding::hardBlock(
                    PackageCode::ChecksumMismatch,
                    QCoreApplication::translate("PackageInspector",
                                                "The archive's SHA-256 is %1, but %2 says %3: it is not the file "
                                                "NVIDIA published.")
                        .arg(result.sha256, result.expectedChecksum->source, result.expectedChecksum->sha256),
                    QCoreApplication::translate("PackageInspector",
                                                "Download the archive again; if it still differs, do not install it."))
                    .about(result.file));
        } else {
            result.findings.append(
                PackageFinding::info(PackageCode::ChecksumVerified,
                                     QCoreApplication::translate("PackageInspector", "The SHA-256 matches %1.")
                                         .arg(result.expectedChecksum->source))
                    .about(result.file));
        }
    }
    return result;
}

void PackageInspector::readEntries(ArchiveReader& reader, PackageInspection& result)
{
    QHash<QString, qsizetype> indexByPath; // for hard links, which name an earlier member
    ArchiveEntry entry;
    while (!m_cancel.isCanceled() && reader.next(&entry)) {
        m_entriesDone = int(result.files.size());
        reportProgress(reader, entry.path, true);
        PackageFile file;
        file.entry = entry;
        file.contentSize = entry.size;
        if (entry.type == ArchiveEntry::Type::File) {
            const QString name = archiveEntryFileName(entry.path).toLower();
            QByteArray* keep = name == QLatin1String("cudnn_version.h") ? &m_versionHeader
                : name == QLatin1String("cudnn.h")                      ? &m_legacyHeader
                                                                        : nullptr;
            if (!readData(reader, result.files.size(), file, keep))
                return;
        } else if (entry.type == ArchiveEntry::Type::Hardlink) {
            if (const auto it = indexByPath.constFind(entry.linkTarget); it != indexByPath.constEnd()) {
                const PackageFile& target = result.files.at(*it);
                file.contentSize = target.contentSize;
                file.binary = target.binary;
            }
        }
        if (m_sink && !handOver(result, file, indexByPath))
            return;
        indexByPath.insert(entry.path, result.files.size());
        result.files.append(file);
    }
}

bool PackageInspector::handOver(const PackageInspection& result,
                                const PackageFile& file,
                                const QHash<QString, qsizetype>& index)
{
    switch (file.entry.type) {
    case ArchiveEntry::Type::Symlink:
        return m_sink->addSymlink(file.entry);
    case ArchiveEntry::Type::Hardlink:
        if (const auto it = index.constFind(file.entry.linkTarget); it != index.constEnd()) {
            m_digest.drain(); // the original is written completely before it is repeated
            return !m_sink->failed() && m_sink->addHardlink(file.entry, result.files.at(*it).entry);
        }
        return true; // names nothing before it: the verdict refuses the package
    case ArchiveEntry::Type::File: // handed over as it was read
    case ArchiveEntry::Type::Directory:
    case ArchiveEntry::Type::Other: // never written: the verdict refuses a package with one
        break;
    }
    return true;
}

bool PackageInspector::readData(ArchiveReader& reader, qsizetype index, PackageFile& file, QByteArray* keepText)
{
    auto digest = std::make_shared<EntryDigest>();
    digest->library = looksLikeLibrary(file.entry.path);
    if (m_sink) {
        digest->output = m_sink->openFile(file.entry);
        if (!digest->output)
            return false;
    }
    m_digests.append({index, digest});
    QByteArray head;
    QByteArrayView block;
    qint64 n = 0;
    while ((n = reader.readBlock(&block)) > 0) {
        if (m_sink && m_sink->failed())
            return false;
        m_digest.submit(block, [digest](QByteArrayView copy) {
            digest->sha.addData(copy);
            if (digest->library)
                digest->references.addBlock(copy);
            if (digest->output)
                digest->output->write(copy);
        });
        if (head.size() < BinaryIdentity::HeadSize)
            head.append(block.first(qMin<qint64>(n, BinaryIdentity::HeadSize - head.size())));
        if (keepText && keepText->size() < MaxHeaderText)
            keepText->append(block);
        if (m_cancel.isCanceled())
            return false;
        reportProgress(reader, file.entry.path, false);
    }
    if (n < 0)
        return false;
    if (digest->output)
        m_digest.submit(QByteArray(), [digest](QByteArrayView) { digest->output->finish(); });
    if (digest->library)
        file.binary = BinaryIdentity::identify(head);
    return true;
}

void PackageInspector::collectDigests(PackageInspection& result)
{
    for (const auto& [index, digest] : m_digests) {
        if (index >= result.files.size())
            continue; // the entry whose reading stopped the pass
        result.files[index].sha256 = QString::fromLatin1(digest->sha.result().toHex());
        for (int major : digest->references.majors()) {
            if (!m_cudaMajors.contains(major))
                m_cudaMajors.append(major);
        }
    }
    QHash<QString, qsizetype> indexByPath;
    for (qsizetype i = 0; i < result.files.size(); ++i) {
        PackageFile& file = result.files[i];
        if (file.entry.type == ArchiveEntry::Type::Hardlink) {
            if (const auto it = indexByPath.constFind(file.entry.linkTarget); it != indexByPath.constEnd())
                file.sha256 = result.files.at(*it).sha256;
        }
        indexByPath.insert(file.entry.path, i);
    }
    m_digests.clear();
}

void PackageInspector::reportProgress(const ArchiveReader& reader, const QString& current, bool force)
{
    if (!force && m_sinceReport.elapsed() < ProgressEveryMs)
        return;
    m_sinceReport.restart();
    ProgressUpdate update;
    update.phase = m_phase;
    update.bytesDone = reader.compressedBytesRead();
    update.bytesTotal = reader.compressedSize();
    update.itemsDone = m_entriesDone;
    update.currentItem = current;
    m_progress->report(update);
}
