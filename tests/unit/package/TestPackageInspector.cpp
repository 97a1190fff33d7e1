#include "PackageFixtures.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QtTest>

using Layout = CudnnArchiveSpec::Layout;

namespace {

/** Counts progress updates and cancels after the first data block when asked to. */
class RecordingSink final : public ProgressSink
{
public:
    explicit RecordingSink(const CancellationToken* cancelAfterFirst = nullptr)
        : m_cancel(cancelAfterFirst)
    {
    }
    void report(const ProgressUpdate& update) override
    {
        updates.append(update);
        if (m_cancel && updates.size() >= 3)
            m_cancel->cancel();
    }
    QList<ProgressUpdate> updates;

private:
    const CancellationToken* m_cancel;
};

QString fileHash(const QString& path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    return QString::fromLatin1(QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex());
}

} // namespace

class TestPackageInspector : public QObject
{
    Q_OBJECT

private slots:
    void everyEra_data();
    void everyEra();
    void linuxLinkChains();
    void recordsEntryHashes();
    void wrongArchitecture();
    void renamedArchiveIsRecognisedByContents();
    void cudaFromLibrariesBeatsTheName();
    void incompleteArchive();
    void integrityFailuresBlock_data();
    void integrityFailuresBlock();
    void checksumSidecar_data();
    void checksumSidecar();
    void notCudnn();
    void progressAndCancel();
    void realCudnnFiles();
};

void TestPackageInspector::everyEra_data()
{
    QTest::addColumn<int>("layout");
    QTest::addColumn<QString>("cudnn");
    QTest::addColumn<QString>("cuda");
    QTest::addColumn<QString>("expectedLayout");
    QTest::addColumn<QString>("platform");
    QTest::addColumn<QString>("top");
    QTest::newRow("7.6 linux tgz") << int(Layout::Legacy7Linux) << "7.6.5.32"
                                   << "10.2"
                                   << "include+lib64"
                                   << "linux"
                                   << "cuda";
    QTest::newRow("8.2 windows zip") << int(Layout::LegacyWindows) << "8.2.1.32"
                                     << "11.3"
                                     << "bin+include+lib/x64"
                                     << "windows"
                                     << "cuda";
    QTest::newRow("8.4 windows flat lib") << int(Layout::WindowsFlatLib) << "8.4.1.50"
                                          << "11.6"
                                          << "bin+include+lib"
                                          << "windows"
                                          << "cudnn-windows-x86_64-8.4.1.50_cuda11.6-archive";
    QTest::newRow("8.9 windows lib/x64") << int(Layout::WindowsLibX64) << "8.9.7.29"
                                         << "12"
                                         << "bin+include+lib/x64"
                                         << "windows"
                                         << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive";
    QTest::newRow("9.19 windows bin/x64") << int(Layout::WindowsBinX64) << "9.19.0.56"
                                          << "13"
                                          << "bin/x64+include+lib/x64"
                                          << "windows"
                                          << "cudnn-windows-x86_64-9.19.0.56_cuda13-archive";
    QTest::newRow("9.19 linux tar.xz") << int(Layout::LinuxRedist) << "9.19.0.56"
                                       << "13"
                                       << "include+lib"
                                       << "linux"
                                       << "cudnn-linux-x86_64-9.19.0.56_cuda13-archive";
}

void TestPackageInspector::everyEra()
{
    QFETCH(int, layout);
    QFETCH(QString, cudnn);
    QFETCH(QString, cuda);
    CudnnArchiveSpec spec;
    spec.layout = Layout(layout);
    spec.cudnn = *Version::parse(cudnn);
    spec.cuda = cuda;
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, spec);

    QVERIFY(p.readCompletely);
    QVERIFY(p.name);
    QTEST(PackageLayout::kindName(p.layout), "expectedLayout");
    QTEST(p.topFolder, "top");
    QTEST(osFlavorName(*p.platform), "platform");
    QCOMPARE(p.arch, CpuArch::X86_64);
    QCOMPARE(p.cudnnVersion->toString(), spec.cudnn.truncated(3).toString());
    QCOMPARE(p.cudnnVersionSource,
             spec.cudnn.major() >= 8 ? QStringLiteral("cudnn_version.h") : QStringLiteral("cudnn.h"));
    QCOMPARE(p.cudaVersion->toString(), cuda);
    QVERIFY2(p.missingLibraries.isEmpty(), qPrintable(p.missingLibraries.join(',')));
    const QStringList codes = codesOf(p.findings);
    QVERIFY2(!codes.contains(PackageCode::Incomplete) && !codes.contains(PackageCode::UnsafeEntry)
                 && !codes.contains(PackageCode::NameContentMismatch),
             qPrintable(codes.join(',')));
    QCOMPARE(p.sha256, fileHash(p.file));
    QCOMPARE(p.toJson().value(QStringLiteral("cudnn_version")).toString(), spec.cudnn.truncated(3).toString());
}

void TestPackageInspector::linuxLinkChains()
{
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, CudnnArchiveSpec{});
    QVERIFY(p.linkChains.contains(QStringList{"libcudnn.so", "libcudnn.so.9", "libcudnn.so.9.19.0"}));
    QCOMPARE(p.linkChains.size(), 8);
    QVERIFY(!containsCode(p.findings, PackageCode::BrokenLink));

    ArchiveBuilder broken = CudnnArchiveSpec{}.build();
    broken.remove(QStringLiteral("cudnn-linux-x86_64-9.19.0.56_cuda13-archive/lib/libcudnn_ops.so.9.19.0"));
    const QString path = tree.path(QStringLiteral("broken.tar.xz"));
    broken.write(path);
    const PackageInspection q = PackageInspector().inspect(path);
    QVERIFY(containsCode(q.findings, PackageCode::BrokenLink));
}

void TestPackageInspector::recordsEntryHashes()
{
    TestTree tree;
    CudnnArchiveSpec spec;
    const ArchiveBuilder built = spec.build();
    const PackageInspection p = inspectSpec(tree, spec);
    int files = 0;
    for (const ArchiveBuilder::Member& m : built.members()) {
        if (m.type != ArchiveEntry::Type::File)
            continue;
        const PackageFile* f = p.fileAt(m.path.mid(spec.topFolder().size() + 1));
        QVERIFY2(f, qPrintable(m.path));
        QCOMPARE(f->sha256, QString::fromLatin1(QCryptographicHash::hash(m.data, QCryptographicHash::Sha256).toHex()));
        QCOMPARE(f->contentSize, m.data.size());
        ++files;
    }
    QVERIFY(files > 10);
}

void TestPackageInspector::wrongArchitecture()
{
    CudnnArchiveSpec spec;
    spec.machine = SyntheticBinary::ElfAarch64;
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, spec);
    QCOMPARE(p.arch, CpuArch::Arm64);
    QCOMPARE(p.name->arch, CpuArch::Arm64); // the sbsa name agrees
    QVERIFY(!containsCode(p.findings, PackageCode::NameContentMismatch));

    // The same aarch64 files under an x86_64 name: the contents win and the disagreement is reported.
    const PackageInspection lying
        = inspectSpec(tree, spec, QStringLiteral("cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"));
    QCOMPARE(lying.arch, CpuArch::Arm64);
    QVERIFY(containsCode(lying.findings, PackageCode::NameContentMismatch));
}

void TestPackageInspector::renamedArchiveIsRecognisedByContents()
{
    CudnnArchiveSpec spec;
    spec.layout = Layout::WindowsLibX64;
    spec.cudnn = Version{8, 9, 7, 29};
    spec.cuda = QStringLiteral("12");
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, spec, QStringLiteral("cudnn.zip"));
    QVERIFY(!p.name);
    QVERIFY(containsCode(p.findings, PackageCode::UnknownName));
    QCOMPARE(p.cudaVersion->toString(), QStringLiteral("12"));
    QCOMPARE(p.cudaVersionSource, QStringLiteral("folder name"));
    QCOMPARE(p.cudnnVersion->toString(), QStringLiteral("8.9.7"));
    QCOMPARE(*p.platform, OsFlavor::Windows);

    // Renamed to claim another CUDA: the folder inside still says cuda12.
    const PackageInspection q
        = inspectSpec(tree, spec, QStringLiteral("cudnn-windows-x86_64-8.9.7.29_cuda11-archive.zip"));
    QVERIFY(containsCode(q.findings, PackageCode::NameContentMismatch));
    QCOMPARE(q.cudaVersion->toString(), QStringLiteral("12"));
}

void TestPackageInspector::cudaFromLibrariesBeatsTheName()
{
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12"); // name and folder say cuda12 ...
    spec.libraryPayload = QByteArray("\0libcublasLt.so.13\0libnvrtc.so.13\0", 34); // ... the files load CUDA 13
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, spec);
    QCOMPARE(p.referencedCudaMajors, QList<int>{13});
    QCOMPARE(p.cudaMajor(), 13);
    QCOMPARE(p.cudaVersionSource, QStringLiteral("library references"));
    QVERIFY(containsCode(p.findings, PackageCode::NameContentMismatch));
}

void TestPackageInspector::incompleteArchive()
{
    CudnnArchiveSpec spec;
    spec.omit = QStringList{QStringLiteral("libcudnn_adv.so.9"), QStringLiteral("cudnn_cnn.h")};
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, spec);
    QCOMPARE(p.missingLibraries, (QStringList{"libcudnn_adv.so.9", "cudnn_cnn.h"}));
    QVERIFY(containsCode(p.findings, PackageCode::Incomplete));
}

void TestPackageInspector::integrityFailuresBlock_data()
{
    QTest::addColumn<int>("layout");
    QTest::addColumn<bool>("cut");
    QTest::addColumn<QString>("code");
    QTest::newRow("tar.xz truncated") << int(Layout::LinuxRedist) << true << PackageCode::Truncated;
    QTest::newRow("zip truncated") << int(Layout::WindowsBinX64) << true << PackageCode::Truncated;
    QTest::newRow("tgz truncated") << int(Layout::Legacy7Linux) << true << PackageCode::Truncated;
    QTest::newRow("tar.xz corrupt") << int(Layout::LinuxRedist) << false << PackageCode::Corrupt;
    QTest::newRow("zip corrupt") << int(Layout::WindowsBinX64) << false << PackageCode::Corrupt;
}

void TestPackageInspector::integrityFailuresBlock()
{
    QFETCH(int, layout);
    QFETCH(bool, cut);
    QFETCH(QString, code);
    CudnnArchiveSpec spec;
    spec.layout = Layout(layout);
    spec.cudnn = layout == int(Layout::Legacy7Linux) ? Version{7, 6, 5, 32} : Version{9, 19, 0, 56};
    spec.cuda = layout == int(Layout::Legacy7Linux) ? QStringLiteral("10.2") : QStringLiteral("13");
    // Incompressible payload, so the damage lands inside a library's data.
    QByteArray noise(512 * 1024, Qt::Uninitialized);
    QRandomGenerator random(7);
    for (char& c : noise)
        c = char(random.generate());
    spec.libraryPayload = noise;
    TestTree tree;
    const QString path = writeArchive(tree, spec);
    const qint64 size = QFileInfo(path).size();
    if (cut)
        truncateFile(path, size * 2 / 3);
    else
        flipByte(path, size / 2);
    const PackageInspection p = PackageInspector().inspect(path);
    QVERIFY(!p.readCompletely);
    QVERIFY2(containsCode(p.findings, code), qPrintable(codesOf(p.findings).join(',')));
    // A cut archive lacks what came after the cut; that is not reported as a second problem.
    QVERIFY(!containsCode(p.findings, PackageCode::Incomplete));
}

void TestPackageInspector::checksumSidecar_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("code");
    QTest::newRow("none") << "none" << PackageCode::ChecksumUnverified;
    QTest::newRow(".sha256 good") << "sha-good" << PackageCode::ChecksumVerified;
    QTest::newRow(".sha256 bad") << "sha-bad" << PackageCode::ChecksumMismatch;
    QTest::newRow("redistrib good") << "json-good" << PackageCode::ChecksumVerified;
    QTest::newRow("redistrib size differs") << "json-size" << PackageCode::ChecksumMismatch;
    QTest::newRow("redistrib, renamed file") << "json-renamed" << PackageCode::ChecksumVerified;
}

void TestPackageInspector::checksumSidecar()
{
    QFETCH(QString, kind);
    TestTree tree;
    CudnnArchiveSpec spec;
    const bool renamed = kind == QLatin1String("json-renamed");
    const QString path = writeArchive(tree, spec, renamed ? QStringLiteral("download.tar.xz") : QString());
    const QString sha = fileHash(path);
    const qint64 size = QFileInfo(path).size();
    const QString bad = QString(64, QLatin1Char('0'));
    if (kind.startsWith(QLatin1String("sha-")))
        tree.writeFile(QFileInfo(path).fileName() + QStringLiteral(".sha256"),
                       (kind == QLatin1String("sha-good") ? sha : bad).toLatin1() + "  " + spec.fileName().toLatin1()
                           + "\n");
    if (kind.startsWith(QLatin1String("json-"))) {
        const QString entry
            = QStringLiteral(R"({"relative_path": "cudnn/linux-x86_64/%1", "sha256": "%2", "md5": "x", "size": "%3"})")
                  .arg(spec.fileName(), sha)
                  .arg(kind == QLatin1String("json-size") ? size + 1 : size);
        const QString other
            = QStringLiteral(
                  R"({"relative_path": "cudnn/linux-x86_64/other_cuda12.tar.xz", "sha256": "%1", "size": "1"})")
                  .arg(bad);
        tree.writeFile(
            QStringLiteral("redistrib_9.19.0.json"),
            QStringLiteral(
                R"({"release_label": "9.19.0", "cudnn": {"name": "NVIDIA CUDA Deep Neural Network library", "version": "9.19.0.56",
                           "linux-x86_64": {"cuda12": %1, "cuda13": %2}}})")
                .arg(other, entry)
                .toUtf8());
    }
    const PackageInspection p = PackageInspector().inspect(path);
    QFETCH(QString, code);
    QVERIFY2(containsCode(p.findings, code), qPrintable(codesOf(p.findings).join(',')));
}

void TestPackageInspector::notCudnn()
{
    TestTree tree;
    const QString path = tree.path(QStringLiteral("something.tar.xz"));
    ArchiveBuilder().file(QStringLiteral("x/readme.txt"), "hello").write(path);
    const PackageInspection p = PackageInspector().inspect(path);
    QVERIFY(p.readCompletely);
    QVERIFY(containsCode(p.findings, PackageCode::NotCudnn));
}

void TestPackageInspector::progressAndCancel()
{
    TestTree tree;
    CudnnArchiveSpec spec;
    const QString path = writeArchive(tree, spec);
    RecordingSink sink;
    const PackageInspection p = PackageInspector(&sink).inspect(path);
    QVERIFY(p.readCompletely);
    QVERIFY(sink.updates.size() > 10);
    QCOMPARE(sink.updates.last().bytesDone, QFileInfo(path).size());
    QCOMPARE(sink.updates.last().bytesTotal, QFileInfo(path).size());
    for (qsizetype i = 1; i < sink.updates.size(); ++i)
        QVERIFY(sink.updates.at(i).bytesDone >= sink.updates.at(i - 1).bytesDone);

    CancellationToken cancel;
    RecordingSink canceling(&cancel);
    const PackageInspection canceled = PackageInspector(&canceling, cancel).inspect(path);
    QVERIFY(!canceled.readCompletely);
    QVERIFY(containsCode(canceled.findings, PackageCode::Canceled));
    QVERIFY(canceled.files.size() < p.files.size());
}

void TestPackageInspector::realCudnnFiles()
{
    const QDir cuda(qEnvironmentVariable("CUDNN_SETUP_REAL_CUDA", QStringLiteral("/usr/local/cuda-13.0")));
    const QString lib = cuda.filePath(QStringLiteral("lib/libcudnn.so.9"));
    if (!QFileInfo::exists(lib) || !QFileInfo::exists(cuda.filePath(QStringLiteral("include/cudnn_version.h"))))
        QSKIP("no real cuDNN 9 under /usr/local/cuda-13.0 (set CUDNN_SETUP_REAL_CUDA)");

    // Headers, the small main library and two small sub-libraries: real bytes, in seconds.
    const QString top = QStringLiteral("cudnn-linux-x86_64-9.19.0.56_cuda13-archive/");
    ArchiveBuilder b;
    for (const QString& header :
         QDir(cuda.filePath(QStringLiteral("include"))).entryList({QStringLiteral("cudnn*.h")}, QDir::Files)) {
        QFile f(cuda.filePath(QStringLiteral("include/") + header));
        QVERIFY(f.open(QIODevice::ReadOnly));
        b.file(top + QStringLiteral("include/") + header, f.readAll());
    }
    for (const QString& name :
         {QStringLiteral("libcudnn"), QStringLiteral("libcudnn_cnn"), QStringLiteral("libcudnn_graph")}) {
        QFile f(cuda.filePath(QStringLiteral("lib/%1.so.9").arg(name)));
        QVERIFY(f.open(QIODevice::ReadOnly));
        b.file(top + QStringLiteral("lib/%1.so.9.19.0").arg(name), f.readAll(), 0755);
        b.symlink(top + QStringLiteral("lib/%1.so.9").arg(name), name + QStringLiteral(".so.9.19.0"));
        b.symlink(top + QStringLiteral("lib/%1.so").arg(name), name + QStringLiteral(".so.9"));
    }
    TestTree tree;
    const QString path = tree.path(QStringLiteral("cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"));
    b.write(path);
    const PackageInspection p = PackageInspector().inspect(path);
    QVERIFY(p.readCompletely);
    QCOMPARE(p.cudnnVersion->toString(), QStringLiteral("9.19.0"));
    QCOMPARE(p.maxComputeCapability->toString(), QStringLiteral("12.1"));
    QCOMPARE(*p.platform, OsFlavor::Linux);
    QCOMPARE(p.arch, CpuArch::X86_64);
    QCOMPARE(p.cudaMajor(), 13);
    QVERIFY(p.missingLibraries.contains(QStringLiteral("libcudnn_adv.so.9"))); // left out for speed
    QVERIFY(!p.missingLibraries.contains(QStringLiteral("libcudnn_graph.so.9")));
}

QTEST_GUILESS_MAIN(TestPackageInspector)
#include "TestPackageInspector.moc"
