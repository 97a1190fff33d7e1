#include "InstallFixtures.h"
#include "install/DeployPlanner.h"
#include "install/InstallCode.h"
#include "package/PackageInspector.h"

#include <QtTest>

using namespace InstallFixtures;

/** What an app-local deploy copies: cuDNN's runtime, the CUDA runtime it loads, and zlibwapi where it is needed. */
class TestDeployPlanner : public QObject
{
    Q_OBJECT

private slots:
    void runtimeNames_data();
    void runtimeNames();
    void zlibwapiFor83To91();
    void windowsDeployFindsZlibwapiOrSaysSo();
};

void TestDeployPlanner::runtimeNames_data()
{
    QTest::addColumn<int>("os");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("needed");
    const int linux = int(OsFlavor::Linux);
    const int windows = int(OsFlavor::Windows);
    QTest::newRow("cudart soname") << linux << "libcudart.so.13" << true;
    QTest::newRow("cudart file") << linux << "libcudart.so.13.0.96" << true;
    QTest::newRow("cudart dev link") << linux << "libcudart.so" << false;
    QTest::newRow("cublasLt") << linux << "libcublasLt.so.13" << true;
    QTest::newRow("nvrtc builtins") << linux << "libnvrtc-builtins.so.13.0" << true;
    QTest::newRow("nvrtc alt") << linux << "libnvrtc.alt.so.13" << false;
    QTest::newRow("cufft") << linux << "libcufft.so.12" << false;
    QTest::newRow("static") << linux << "libcudart_static.a" << false;
    QTest::newRow("win cudart") << windows << "cudart64_13.dll" << true;
    QTest::newRow("win cublasLt") << windows << "cublasLt64_12.dll" << true;
    QTest::newRow("win nvrtc") << windows << "nvrtc64_120_0.dll" << true;
    QTest::newRow("win builtins") << windows << "nvrtc-builtins64_126.dll" << true;
    QTest::newRow("win cufft") << windows << "cufft64_11.dll" << false;
}

void TestDeployPlanner::runtimeNames()
{
    QFETCH(int, os);
    QFETCH(QString, name);
    QFETCH(bool, needed);
    QCOMPARE(DeployPlanner::isRuntimeDependency(OsFlavor(os), name), needed);
}

void TestDeployPlanner::zlibwapiFor83To91()
{
    QVERIFY(!DeployPlanner::needsZlibwapi(OsFlavor::Windows, Version{8, 2, 4}));
    QVERIFY(DeployPlanner::needsZlibwapi(OsFlavor::Windows, Version{8, 3, 0}));
    QVERIFY(DeployPlanner::needsZlibwapi(OsFlavor::Windows, Version{9, 1, 1}));
    QVERIFY(!DeployPlanner::needsZlibwapi(OsFlavor::Windows, Version{9, 2, 0}));
    QVERIFY(!DeployPlanner::needsZlibwapi(OsFlavor::Linux, Version{8, 9, 7}));
}

void TestDeployPlanner::windowsDeployFindsZlibwapiOrSaysSo()
{
    TestTree tree;
    tree.writeFile(QStringLiteral("CUDA/v12.4/bin/cudart64_12.dll"), SyntheticBinary::pe(SyntheticBinary::PeAmd64));
    tree.writeFile(QStringLiteral("CUDA/v12.4/bin/cublas64_12.dll"), SyntheticBinary::pe(SyntheticBinary::PeAmd64));
    tree.writeFile(QStringLiteral("CUDA/v12.4/bin/cufft64_11.dll"), SyntheticBinary::pe(SyntheticBinary::PeAmd64));
    CudaToolkit toolkit;
    toolkit.root = QFileInfo(tree.path(QStringLiteral("CUDA/v12.4"))).canonicalFilePath();
    toolkit.version = Version{12, 4};
    CudnnArchiveSpec spec;
    spec.layout = CudnnArchiveSpec::Layout::WindowsLibX64;
    spec.cudnn = Version{8, 9, 7, 29};
    spec.cuda = QStringLiteral("12");
    const PackageInspection package = PackageInspector().inspect(writeSpec(tree, spec));
    const QString app = tree.makeDir(QStringLiteral("app"));

    PlannedChanges without = DeployPlanner::plan(package, toolkit, app, OsFlavor::Windows, {});
    QStringList codes;
    for (const Diagnostic& d : without.diagnostics)
        codes.append(d.code);
    QVERIFY(codes.contains(InstallCode::ZlibMissing));
    QStringList names;
    for (const Change& c : without.changes.changes)
        names.append(c.destination.mid(app.size() + 1));
    QVERIFY2(names.contains(QStringLiteral("cudnn64_8.dll")), qPrintable(names.join(' ')));
    QVERIFY(names.contains(QStringLiteral("cudnn_ops_infer64_8.dll")));
    QVERIFY(names.contains(QStringLiteral("cudart64_12.dll")));
    QVERIFY(names.contains(QStringLiteral("cublas64_12.dll")));
    QVERIFY(!names.contains(QStringLiteral("cufft64_11.dll")));
    QVERIFY(
        std::none_of(names.cbegin(), names.cend(), [](const QString& n) { return n.endsWith(QLatin1String(".lib")); }));

    const QString zlib
        = tree.writeFile(QStringLiteral("zlib/dll_x64/zlibwapi.dll"), SyntheticBinary::pe(SyntheticBinary::PeAmd64));
    PlannedChanges with = DeployPlanner::plan(package, toolkit, app, OsFlavor::Windows, {FileSystem::parentOf(zlib)});
    QVERIFY(with.diagnostics.isEmpty());
    QVERIFY(std::any_of(with.changes.changes.cbegin(), with.changes.changes.cend(), [&](const Change& c) {
        return c.destination == app + QStringLiteral("/zlibwapi.dll") && c.source == Change::Source::Disk;
    }));
}

QTEST_GUILESS_MAIN(TestDeployPlanner)
#include "TestDeployPlanner.moc"
