#include "ArchiveBuilder.h"
#include "detect/CudnnHeader.h"
#include "package/BinaryIdentity.h"
#include "package/CudaReferenceScanner.h"
#include "package/PackageLayout.h"

#include <QtTest>

/** The small readers of facts: binary headers, CUDA references in library bytes, version headers, layout. */
class TestContentFacts : public QObject
{
    Q_OBJECT

private slots:
    void binaryIdentity_data();
    void binaryIdentity();
    void peWithoutSignatureIsNothing();
    void cudaReferences_data();
    void cudaReferences();
    void cudaReferenceSplitAcrossBlocks();
    void versionHeader();
    void layout_data();
    void layout();
};

void TestContentFacts::binaryIdentity_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<QString>("os");
    QTest::addColumn<QString>("arch");
    QTest::newRow("elf x86-64") << SyntheticBinary::elf(SyntheticBinary::ElfX86_64) << "linux"
                                << "x86_64";
    QTest::newRow("elf aarch64") << SyntheticBinary::elf(SyntheticBinary::ElfAarch64) << "linux"
                                 << "aarch64";
    QTest::newRow("elf ppc64le") << SyntheticBinary::elf(SyntheticBinary::ElfPpc64) << "linux"
                                 << "ppc64le";
    QTest::newRow("pe amd64") << SyntheticBinary::pe(SyntheticBinary::PeAmd64) << "windows"
                              << "x86_64";
    QTest::newRow("pe arm64") << SyntheticBinary::pe(SyntheticBinary::PeArm64) << "windows"
                              << "aarch64";
    QTest::newRow("pe i386") << SyntheticBinary::pe(0x14c) << "windows"
                             << "unknown";
}

void TestContentFacts::binaryIdentity()
{
    QFETCH(QByteArray, head);
    const auto id = BinaryIdentity::identify(head);
    QVERIFY(id);
    QTEST(osFlavorName(id->os), "os");
    QTEST(cpuArchName(id->arch), "arch");
}

void TestContentFacts::peWithoutSignatureIsNothing()
{
    QByteArray head = SyntheticBinary::pe(SyntheticBinary::PeAmd64);
    head[0x80] = 'X'; // "PE\0\0" broken
    QVERIFY(!BinaryIdentity::identify(head));
    QVERIFY(!BinaryIdentity::identify("!<arch>\n"));
    QVERIFY(!BinaryIdentity::identify("MZ")); // too short for e_lfanew
}

void TestContentFacts::cudaReferences_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QList<int>>("majors");
    QTest::newRow("linux cublasLt 13") << QByteArray("xx\0libcublasLt.so.13\0yy", 23) << QList<int>{13};
    QTest::newRow("linux nvrtc + cudart 12") << QByteArray("libnvrtc.so.12\0libcudart.so.12.4\0", 34) << QList<int>{12};
    QTest::newRow("windows names") << QByteArray("cublasLt64_12.dll\0nvrtc64_120_0.dll\0") << QList<int>{12};
    QTest::newRow("cuda 11 cudart64_110") << QByteArray("cudart64_110.dll") << QList<int>{11};
    QTest::newRow("two majors") << QByteArray("libcublasLt.so.12 libcublasLt.so.13") << QList<int>{12, 13};
    QTest::newRow("stem without version") << QByteArray("cublasLtMatmul nvrtcCompileProgram") << QList<int>{};
    QTest::newRow("implausible") << QByteArray("libcudart.so.3 cudart64_999") << QList<int>{};
}

void TestContentFacts::cudaReferences()
{
    QFETCH(QByteArray, bytes);
    CudaReferenceScanner scanner;
    scanner.addBlock(bytes);
    QTEST(scanner.majors(), "majors");
}

void TestContentFacts::cudaReferenceSplitAcrossBlocks()
{
    const QByteArray bytes = QByteArray(1000, 'x') + "libcublasLt.so.13" + QByteArray(1000, 'y');
    for (int cut = 995; cut < 1020; ++cut) {
        CudaReferenceScanner scanner;
        scanner.addBlock(QByteArrayView(bytes).first(cut));
        scanner.addBlock(QByteArrayView(bytes).sliced(cut));
        QCOMPARE(scanner.majors(), QList<int>{13});
    }
}

void TestContentFacts::versionHeader()
{
    const auto nine = CudnnHeader::parse(SyntheticBinary::versionHeader(Version{9, 19, 0}, QStringLiteral("12.1")));
    QVERIFY(nine);
    QCOMPARE(nine->version.toString(), QStringLiteral("9.19.0"));
    QCOMPARE(nine->maxComputeCapability->toString(), QStringLiteral("12.1"));
    const auto seven = CudnnHeader::parse("#define CUDNN_MAJOR 7\n#define CUDNN_MINOR 6\n#define CUDNN_PATCHLEVEL 5\n");
    QVERIFY(seven);
    QCOMPARE(seven->version.toString(), QStringLiteral("7.6.5"));
    QVERIFY(!seven->maxComputeCapability);
    QVERIFY(!CudnnHeader::parse("#define CUDNN_MAJOR 9\n"));
}

void TestContentFacts::layout_data()
{
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<QString>("kind");
    QTest::newRow("7.x linux") << QStringList{"include/cudnn.h", "lib64/libcudnn.so.7"} << "include+lib64";
    QTest::newRow("8.3 linux") << QStringList{"include/cudnn.h", "lib/libcudnn.so.8"} << "include+lib";
    QTest::newRow("8.2 windows") << QStringList{"bin/cudnn64_8.dll", "lib/x64/cudnn.lib"} << "bin+include+lib/x64";
    QTest::newRow("8.4 windows flat") << QStringList{"bin/cudnn64_8.dll", "lib/cudnn.lib"} << "bin+include+lib";
    QTest::newRow("9.18 windows") << QStringList{"bin/x64/cudnn64_9.dll", "lib/x64/cudnn.lib"}
                                  << "bin/x64+include+lib/x64";
    QTest::newRow("nothing known") << QStringList{"README", "docs/a.txt"} << "unknown";
}

void TestContentFacts::layout()
{
    QFETCH(QStringList, paths);
    QList<PackageLayout::Placement> placements;
    for (const QString& p : paths)
        placements.append(PackageLayout::place(p));
    QTEST(PackageLayout::kindName(PackageLayout::kindOf(placements)), "kind");
    QCOMPARE(PackageLayout::commonTopFolder({"cuda/", "cuda/include/cudnn.h"}), QStringLiteral("cuda"));
    QCOMPARE(PackageLayout::commonTopFolder({"a/x", "b/y"}), QString());
    QCOMPARE(PackageLayout::commonTopFolder({"a/x", "LICENSE"}), QString());
}

QTEST_GUILESS_MAIN(TestContentFacts)
#include "TestContentFacts.moc"
