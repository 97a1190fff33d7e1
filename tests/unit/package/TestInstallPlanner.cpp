#include "PackageFixtures.h"
#include "install/InstallPlanner.h"

#include <QFile>
#include <QtTest>

using Layout = CudnnArchiveSpec::Layout;

namespace {

const InstallItem* itemFor(const InstallPlan& plan, const QString& destinationEnd)
{
    for (const InstallItem& item : plan.items) {
        if (item.destination.endsWith(destinationEnd))
            return &item;
    }
    return nullptr;
}

} // namespace

class TestInstallPlanner : public QObject
{
    Q_OBJECT

private slots:
    void linuxFollowsLib64Link();
    void newOverwriteSame();
    void windowsDestinations_data();
    void windowsDestinations();
    void neverOutsideTheRoot();
};

void TestInstallPlanner::linuxFollowsLib64Link()
{
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, CudnnArchiveSpec{});
    tree.makeDir(QStringLiteral("cuda/targets/x86_64-linux/lib"));
    tree.symlink(QStringLiteral("cuda/lib64"), QStringLiteral("targets/x86_64-linux/lib"));
    const QString root = QFileInfo(tree.path(QStringLiteral("cuda"))).canonicalFilePath();
    const InstallPlan plan = InstallPlanner::plan(p, toolkitOf(root, QStringLiteral("13.0")), OsFlavor::Linux);
    QVERIFY(plan.isValid());

    const InstallItem* lib = itemFor(plan, QStringLiteral("/libcudnn.so.9.19.0"));
    QVERIFY(lib);
    QCOMPARE(lib->destination, root + QStringLiteral("/targets/x86_64-linux/lib/libcudnn.so.9.19.0"));
    QCOMPARE(lib->kind, InstallItem::Kind::File);
    QCOMPARE(lib->action, InstallItem::Action::New);
    const InstallItem* link = itemFor(plan, QStringLiteral("/libcudnn.so.9"));
    QCOMPARE(link->kind, InstallItem::Kind::Symlink);
    QCOMPARE(link->linkTarget, QStringLiteral("libcudnn.so.9.19.0"));
    QVERIFY(itemFor(plan, QStringLiteral("/include/cudnn_version.h")));
    QCOMPARE(itemFor(plan, QStringLiteral("/include/cudnn_version.h"))->destination,
             root + QStringLiteral("/include/cudnn_version.h"));

    for (const InstallItem& item : plan.items) {
        QVERIFY(item.destination.startsWith(root + QLatin1Char('/')));
        QVERIFY(!item.destination.startsWith(root + QStringLiteral("/cuda/"))); // never nested
    }
    QVERIFY(plan.skipped.contains(QStringLiteral("cudnn-linux-x86_64-9.19.0.56_cuda13-archive/LICENSE")));
    qint64 bytes = 0;
    for (const PackageFile& f : p.files)
        bytes += f.entry.type == ArchiveEntry::Type::File && f.placement.role != PackageLayout::Role::Other
            ? f.contentSize
            : 0;
    QCOMPARE(plan.bytesToWrite, bytes);
    QVERIFY(plan.createFolders.contains(root + QStringLiteral("/include")));
}

void TestInstallPlanner::newOverwriteSame()
{
    TestTree tree;
    CudnnArchiveSpec spec;
    const ArchiveBuilder built = spec.build();
    const PackageInspection p = inspectSpec(tree, spec);
    const QString top = spec.topFolder() + QLatin1Char('/');
    QByteArray versionHeader;
    for (const ArchiveBuilder::Member& m : built.members()) {
        if (m.path == top + QStringLiteral("include/cudnn_version.h"))
            versionHeader = m.data;
    }
    tree.writeFile(QStringLiteral("cuda/include/cudnn_version.h"), versionHeader); // identical
    tree.writeFile(QStringLiteral("cuda/include/cudnn.h"), "older cudnn.h"); // differs
    tree.makeDir(QStringLiteral("cuda/lib64"));
    tree.symlink(QStringLiteral("cuda/lib64/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.19.0")); // same link
    tree.symlink(QStringLiteral("cuda/lib64/libcudnn.so"), QStringLiteral("libcudnn.so.8")); // another target
    const QString root = QFileInfo(tree.path(QStringLiteral("cuda"))).canonicalFilePath();
    const InstallPlan plan = InstallPlanner::plan(p, toolkitOf(root, QStringLiteral("13.0")), OsFlavor::Linux);

    QCOMPARE(itemFor(plan, QStringLiteral("/cudnn_version.h"))->action, InstallItem::Action::Same);
    QCOMPARE(itemFor(plan, QStringLiteral("/cudnn.h"))->action, InstallItem::Action::Overwrite);
    QCOMPARE(itemFor(plan, QStringLiteral("/libcudnn.so.9"))->action, InstallItem::Action::Same);
    QCOMPARE(itemFor(plan, QStringLiteral("/libcudnn.so"))->action, InstallItem::Action::Overwrite);
    QCOMPARE(itemFor(plan, QStringLiteral("/libcudnn_ops.so.9.19.0"))->action, InstallItem::Action::New);
    const qint64 sameBytes = versionHeader.size();
    qint64 all = 0;
    for (const InstallItem& item : plan.items)
        all += item.kind == InstallItem::Kind::File ? item.size : 0;
    QCOMPARE(plan.bytesToWrite, all - sameBytes);
}

void TestInstallPlanner::windowsDestinations_data()
{
    QTest::addColumn<int>("layout");
    QTest::addColumn<QString>("cudnn");
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<QString>("dllFolder");
    QTest::newRow("9.19 bin/x64 into CUDA 13") << int(Layout::WindowsBinX64) << "9.19.0.56"
                                               << "13.0"
                                               << "/bin/x64/";
    QTest::newRow("9.19 bin/x64 into CUDA 12") << int(Layout::WindowsBinX64) << "9.19.0.56"
                                               << "12.8"
                                               << "/bin/";
    QTest::newRow("8.9 bin into CUDA 12") << int(Layout::WindowsLibX64) << "8.9.7.29"
                                          << "12.2"
                                          << "/bin/";
    QTest::newRow("8.4 flat lib") << int(Layout::WindowsFlatLib) << "8.4.1.50"
                                  << "11.6"
                                  << "/bin/";
    QTest::newRow("8.2 cuda/ top folder") << int(Layout::LegacyWindows) << "8.2.1.32"
                                          << "11.3"
                                          << "/bin/";
}

void TestInstallPlanner::windowsDestinations()
{
    QFETCH(int, layout);
    QFETCH(QString, cudnn);
    QFETCH(QString, toolkit);
    QFETCH(QString, dllFolder);
    CudnnArchiveSpec spec;
    spec.layout = Layout(layout);
    spec.cudnn = *Version::parse(cudnn);
    spec.cuda = layout == int(Layout::WindowsFlatLib) ? QStringLiteral("11.6")
        : layout == int(Layout::LegacyWindows)        ? QStringLiteral("11.3")
                                                      : toolkit.section(QLatin1Char('.'), 0, 0);
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, spec);
    const QString root = tree.root() + QStringLiteral("/CUDA/v") + toolkit;
    const InstallPlan plan = InstallPlanner::plan(p, toolkitOf(root, toolkit), OsFlavor::Windows);
    const int major = spec.cudnn.major();
    const InstallItem* dll = itemFor(plan, QStringLiteral("cudnn64_%1.dll").arg(major));
    QVERIFY(dll);
    QCOMPARE(dll->destination, root + dllFolder + QStringLiteral("cudnn64_%1.dll").arg(major));
    QCOMPARE(itemFor(plan, QStringLiteral("cudnn.lib"))->destination, root + QStringLiteral("/lib/x64/cudnn.lib"));
    QCOMPARE(itemFor(plan, QStringLiteral("cudnn.h"))->destination, root + QStringLiteral("/include/cudnn.h"));
    QVERIFY(!itemFor(plan, QStringLiteral("LICENSE")) && !itemFor(plan, QStringLiteral(".txt")));
}

void TestInstallPlanner::neverOutsideTheRoot()
{
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, CudnnArchiveSpec{});
    tree.makeDir(QStringLiteral("elsewhere"));
    tree.makeDir(QStringLiteral("cuda"));
    tree.symlink(QStringLiteral("cuda/lib64"), tree.path(QStringLiteral("elsewhere")));
    const InstallPlan plan = InstallPlanner::plan(
        p, toolkitOf(tree.path(QStringLiteral("cuda")), QStringLiteral("13.0")), OsFlavor::Linux);
    QVERIFY(!plan.isValid());
    for (const InstallItem& item : plan.items)
        QVERIFY(!item.destination.contains(QLatin1String("elsewhere")));
}

QTEST_GUILESS_MAIN(TestInstallPlanner)
#include "TestInstallPlanner.moc"
