#include "ArchiveBuilder.h"
#include "TestTree.h"
#include "package/ArchiveReader.h"

#include <QCryptographicHash>
#include <QFile>
#include <QtTest>

namespace {

struct Read
{
    QList<ArchiveEntry> entries;
    QList<QByteArray> data;
    ArchiveError error;
    QByteArray sha256;
    qint64 largestBlock = 0;
    qint64 hashedBeforeFinish = 0; // compressed bytes hashed in order during the entries' pass
};

Read readAll(const QString& path)
{
    Read result;
    ArchiveError openError;
    auto reader = ArchiveReader::open(path, &openError);
    if (!reader) {
        result.error = openError;
        return result;
    }
    ArchiveEntry entry;
    while (reader->next(&entry)) {
        QByteArray data;
        QByteArrayView block;
        qint64 n = 0;
        while ((n = reader->readBlock(&block)) > 0) {
            data.append(block);
            result.largestBlock = qMax(result.largestBlock, n);
        }
        result.entries.append(entry);
        result.data.append(data);
    }
    result.error = reader->error();
    result.hashedBeforeFinish = reader->compressedBytesRead();
    result.sha256 = reader->archiveSha256();
    return result;
}

QByteArray fileSha256(const QString& path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

QByteArray noise(int size, quint32 seed)
{
    QByteArray data(size, Qt::Uninitialized);
    QRandomGenerator random(seed);
    for (char& c : data)
        c = char(random.generate());
    return data;
}

/** "blocks.tar.xz" is written the way `xz -T0` writes, in many blocks, for liblzma's multi-threaded decoder. */
void writeSample(const ArchiveBuilder& builder, const QString& path)
{
    builder.write(path);
    if (QFileInfo(path).fileName().startsWith(QLatin1String("blocks")))
        rewriteXzInBlocks(path, 256 * 1024);
}

ArchiveBuilder sample(bool withTarOnlyTypes)
{
    ArchiveBuilder b;
    b.dir(QStringLiteral("top/"))
        .file(QStringLiteral("top/lib/libx.so.1.2.3"), noise(3 * 1024 * 1024, 1), 0755)
        .symlink(QStringLiteral("top/lib/libx.so.1"), QStringLiteral("libx.so.1.2.3"))
        .file(QStringLiteral("top/empty.txt"), {})
        .file(QStringLiteral("top/include/x.h"), "#define X 1\n");
    if (withTarOnlyTypes)
        b.hardlink(QStringLiteral("top/lib/libx-copy.so"), QStringLiteral("top/lib/libx.so.1.2.3"))
            .fifo(QStringLiteral("top/pipe"));
    return b;
}

} // namespace

class TestArchiveReader : public QObject
{
    Q_OBJECT

private slots:
    void extractedFolderReadsAsAnArchive();
    void readsEveryEntry_data();
    void readsEveryEntry();
    void sniffsContentsNotExtension();
    void detectsDamage_data();
    void detectsDamage();
    void cutInTheLastBytes_data();
    void cutInTheLastBytes();
    void rejectsNonArchives();
    void bytesAfterTheXzStream_data();
    void bytesAfterTheXzStream();
    void stopsEarlyAndStillHashesTheWholeFile_data();
    void stopsEarlyAndStillHashesTheWholeFile();
};

void TestArchiveReader::readsEveryEntry_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::newRow("zip") << "sample.zip";
    QTest::newRow("tar.xz") << "sample.tar.xz";
    QTest::newRow("tar.xz in blocks") << "blocks.tar.xz";
    QTest::newRow("tgz") << "sample.tgz";
}

void TestArchiveReader::readsEveryEntry()
{
    QFETCH(QString, fileName);
    TestTree tree;
    const bool zip = fileName.endsWith(QLatin1String(".zip"));
    const ArchiveBuilder builder = sample(!zip);
    const QString path = tree.path(fileName);
    writeSample(builder, path);

    const Read read = readAll(path);
    QVERIFY2(!read.error.isError(), qPrintable(read.error.message));
    QCOMPARE(read.entries.size(), builder.members().size());
    for (qsizetype i = 0; i < read.entries.size(); ++i) {
        const ArchiveBuilder::Member& expected = builder.members().at(i);
        const ArchiveEntry& entry = read.entries.at(i);
        QCOMPARE(entry.path, expected.path);
        QCOMPARE(entry.type, expected.type);
        if (expected.type == ArchiveEntry::Type::File) {
            QCOMPARE(entry.size, expected.data.size());
            QCOMPARE(read.data.at(i), expected.data);
            QCOMPARE(entry.mode, expected.mode);
        }
        if (expected.type == ArchiveEntry::Type::Symlink || expected.type == ArchiveEntry::Type::Hardlink)
            QCOMPARE(entry.linkTarget, expected.linkTarget);
    }
    // Large blocks, and the archive's own hash from the same pass: only what the libraries never read in order
    // (a zip's directory at the end, read first) is left for archiveSha256() to read.
    QVERIFY(read.largestBlock >= 256 * 1024);
    QCOMPARE(read.sha256, fileSha256(path));
    const qint64 size = QFileInfo(path).size();
    QVERIFY2(read.hashedBeforeFinish >= size - (zip ? 4096 : ArchiveReader::BlockSize),
             qPrintable(QStringLiteral("%1 of %2").arg(read.hashedBeforeFinish).arg(size)));
}

void TestArchiveReader::sniffsContentsNotExtension()
{
    TestTree tree;
    const QString path = tree.path(QStringLiteral("really-a-zip.tar.xz"));
    sample(false).writeZip(path);
    QCOMPARE(sniffArchiveContainer(path), ArchiveContainer::Zip);
    QVERIFY(!readAll(path).error.isError());
}

void TestArchiveReader::detectsDamage_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<bool>("cut"); // else a flipped byte in the compressed data
    QTest::addColumn<int>("expected");
    QTest::newRow("zip cut") << "a.zip" << true << int(ArchiveError::Kind::Truncated);
    QTest::newRow("tar.xz cut") << "a.tar.xz" << true << int(ArchiveError::Kind::Truncated);
    QTest::newRow("tar.xz in blocks cut") << "blocks.tar.xz" << true << int(ArchiveError::Kind::Truncated);
    QTest::newRow("tgz cut") << "a.tgz" << true << int(ArchiveError::Kind::Truncated);
    QTest::newRow("zip flipped") << "a.zip" << false << int(ArchiveError::Kind::Corrupt);
    QTest::newRow("tar.xz flipped") << "a.tar.xz" << false << int(ArchiveError::Kind::Corrupt);
    QTest::newRow("tar.xz in blocks flipped") << "blocks.tar.xz" << false << int(ArchiveError::Kind::Corrupt);
    QTest::newRow("tgz flipped") << "a.tgz" << false << int(ArchiveError::Kind::Corrupt);
}

void TestArchiveReader::detectsDamage()
{
    QFETCH(QString, fileName);
    QFETCH(bool, cut);
    QFETCH(int, expected);
    TestTree tree;
    const QString path = tree.path(fileName);
    writeSample(sample(false), path);
    const qint64 size = QFileInfo(path).size();
    if (cut)
        truncateFile(path, size / 2);
    else
        flipByte(path, size / 2); // inside the big library's compressed data

    const Read read = readAll(path);
    QVERIFY(read.error.isError());
    if (int(read.error.kind) != expected)
        qWarning("%s", qPrintable(read.error.message));
    QCOMPARE(int(read.error.kind), expected);
    QVERIFY(!read.error.message.isEmpty());
}

void TestArchiveReader::cutInTheLastBytes_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::newRow("tar.xz: the stream footer") << "a.tar.xz";
    QTest::newRow("tar.xz in blocks: the stream footer") << "blocks.tar.xz";
    QTest::newRow("tgz: the CRC-32 and length trailer") << "a.tgz";
    QTest::newRow("zip: the end record") << "a.zip";
}

void TestArchiveReader::cutInTheLastBytes()
{
    QFETCH(QString, fileName);
    TestTree tree;
    const QString path = tree.path(fileName);
    writeSample(sample(false), path);
    truncateFile(path, QFileInfo(path).size() - 4);
    const Read read = readAll(path);
    QVERIFY(read.error.isError());
}

void TestArchiveReader::rejectsNonArchives()
{
    TestTree tree;
    ArchiveError error;
    QVERIFY(!ArchiveReader::open(tree.writeFile(QStringLiteral("notes.zip"), "just text"), &error));
    QCOMPARE(error.kind, ArchiveError::Kind::Unsupported);
    QVERIFY(!ArchiveReader::open(tree.path(QStringLiteral("missing.tar.xz")), &error));
    QCOMPARE(error.kind, ArchiveError::Kind::Io);
}

void TestArchiveReader::bytesAfterTheXzStream_data()
{
    QTest::addColumn<QByteArray>("after");
    QTest::addColumn<bool>("damaged");
    // Stream padding, a multiple of four zero bytes, is part of the xz format; anything else is not.
    QTest::newRow("stream padding") << QByteArray(8, '\0') << false;
    QTest::newRow("other bytes") << QByteArray("not part of any xz stream") << true;
}

void TestArchiveReader::bytesAfterTheXzStream()
{
    // The tar inside ends before them, so only a decoder that reads to the file's end sees them.
    QFETCH(QByteArray, after);
    QFETCH(bool, damaged);
    TestTree tree;
    const QString path = tree.path(QStringLiteral("a.tar.xz"));
    sample(true).write(path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::Append));
    file.write(after);
    file.close();
    const Read read = readAll(path);
    if (damaged) {
        QCOMPARE(read.error.kind, ArchiveError::Kind::Corrupt);
        QVERIFY(!read.error.message.isEmpty());
    } else {
        QVERIFY2(!read.error.isError(), qPrintable(read.error.message));
        QCOMPARE(read.sha256, fileSha256(path));
    }
}

void TestArchiveReader::stopsEarlyAndStillHashesTheWholeFile_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::newRow("tar.xz") << "a.tar.xz";
    QTest::newRow("tar.xz in blocks") << "blocks.tar.xz";
    QTest::newRow("tgz") << "a.tgz";
}

void TestArchiveReader::stopsEarlyAndStillHashesTheWholeFile()
{
    // A reader left after its first entry (a refusal, a cancel) stops its decoder, and the archive's SHA-256 is
    // still that of the whole file.
    QFETCH(QString, fileName);
    TestTree tree;
    const QString path = tree.path(fileName);
    writeSample(sample(true), path);
    ArchiveError error;
    auto reader = ArchiveReader::open(path, &error);
    QVERIFY(reader);
    ArchiveEntry entry;
    QVERIFY(reader->next(&entry));
    QCOMPARE(reader->archiveSha256(), fileSha256(path));
    reader.reset();

    reader = ArchiveReader::open(path, &error); // and one dropped mid-entry, with its decoder still running
    QVERIFY(reader->next(&entry) && reader->next(&entry));
    QByteArrayView block;
    QVERIFY(reader->readBlock(&block) > 0);
    reader.reset();
}

void TestArchiveReader::extractedFolderReadsAsAnArchive()
{
    TestTree tree;
    const QString top = QStringLiteral("cudnn-linux-x86_64-9.19.0.56_cuda13-archive");
    tree.writeFile(top + QStringLiteral("/lib/libcudnn.so.9.19.0"), "library");
    tree.symlink(top + QStringLiteral("/lib/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.19.0"));
    tree.writeFile(top + QStringLiteral("/include/cudnn.h"), "header");
    const QString folder = tree.path(top);
    const auto read = [&folder](QStringList* entries) {
        ArchiveError error;
        const auto reader = ArchiveReader::open(folder, &error);
        if (!reader)
            return QByteArray();
        ArchiveEntry entry;
        while (reader->next(&entry))
            entries->append(archiveEntryTypeName(entry.type) + QLatin1Char(' ') + entry.path
                            + (entry.linkTarget.isEmpty() ? QString() : QStringLiteral(" -> ") + entry.linkTarget));
        return reader->container() == ArchiveContainer::Directory ? reader->archiveSha256() : QByteArray();
    };
    QStringList entries;
    const QByteArray sha = read(&entries);
    QCOMPARE(sha.size(), 32);
    // The folder's own name first, then path order; the link stays a link.
    QCOMPARE(entries.value(0), QStringLiteral("dir ") + top + QLatin1Char('/'));
    QVERIFY2(
        entries.contains(QStringLiteral("symlink ") + top + QStringLiteral("/lib/libcudnn.so.9 -> libcudnn.so.9.19.0")),
        qPrintable(entries.join(QLatin1Char('\n'))));
    QStringList sorted = entries.mid(1);
    std::sort(sorted.begin(), sorted.end(), [](const QString& a, const QString& b) {
        return a.section(QLatin1Char(' '), 1).toUtf8() < b.section(QLatin1Char(' '), 1).toUtf8();
    });
    QCOMPARE(entries.mid(1), sorted);
    // The same tree reads the same; one changed byte changes its SHA-256.
    QStringList again;
    QCOMPARE(read(&again), sha);
    tree.writeFile(top + QStringLiteral("/include/cudnn.h"), "headeR");
    QVERIFY(read(&again) != sha);
    // A folder of another name is no package.
    QVERIFY(!QFileInfo(tree.makeDir(QStringLiteral("cudnn-extracted"))).fileName().isEmpty());
    ArchiveError error;
    QVERIFY(!ArchiveReader::open(tree.path(QStringLiteral("cudnn-extracted")), &error));
}

QTEST_GUILESS_MAIN(TestArchiveReader)
#include "TestArchiveReader.moc"
