// The archive readers over arbitrary bytes, through ArchiveReader::open as the inspection and the install use it:
// the container sniffed from the first bytes (zip, tar.xz, tar.gz), every entry walked and its data read to the
// end, the gzip trailer check, the entry safety rules, and the archive's SHA-256.

#include "FuzzTarget.h"
#include "package/ArchiveReader.h"
#include "package/EntrySafety.h"
#include "package/GzipVerifier.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace {

/** One file per process, rewritten for each input: the readers take a path, as the install gives them. */
QString inputFile()
{
    static const QString path
        = QDir::tempPath() + QStringLiteral("/cudnn-setup-fuzz-archive-%1").arg(QCoreApplication::applicationPid());
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    GzipVerifier gzip;
    gzip.addData(bytes);
    (void)gzip.endedCleanly();

    {
        QFile file(inputFile());
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || file.write(bytes.data(), bytes.size()) != bytes.size())
            FuzzTarget::violated("cannot write the input file");
    }
    (void)sniffArchiveContainer(inputFile());
    ArchiveError error;
    std::unique_ptr<ArchiveReader> reader = ArchiveReader::open(inputFile(), &error);
    if (!reader)
        return 0;
    QList<ArchiveEntry> entries;
    ArchiveEntry entry;
    qint64 total = 0;
    // An entry count and a byte budget: a tiny xz can claim gigabytes, and the fuzzer wants many inputs a second.
    while (entries.size() < 10000 && total < 64 * 1024 * 1024 && reader->next(&entry)) {
        entries.append(entry);
        QByteArrayView block;
        qint64 n = 0;
        while (total < 64 * 1024 * 1024 && (n = reader->readBlock(&block)) > 0) {
            if (block.size() != n)
                FuzzTarget::violated("readBlock() returned a count other than the block's size");
            total += n;
        }
    }
    if (reader->compressedBytesRead() > reader->compressedSize() && reader->compressedSize() > 0)
        FuzzTarget::violated("more compressed bytes read than the file holds");
    (void)reader->archiveSha256();
    (void)EntrySafety::check(entries, OsFlavor::Linux);
    (void)EntrySafety::check(entries, OsFlavor::Windows);
    return 0;
}
