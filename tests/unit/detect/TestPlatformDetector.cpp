#include "TestTree.h"
#include "detect/MachineFile.h"
#include "detect/PlatformDetector.h"

#include <QtTest>

/** NVIDIA's platform key and the OS release of an injected machine, and a snapshot read back from its JSON. */
class TestPlatformDetector : public QObject
{
    Q_OBJECT

private slots:
    void redistPlatform_data();
    void redistPlatform();
    void osReleaseAndGlibc();
    void windowsRelease();
    void snapshotRoundTripsThroughItsJson();
    void machineFileErrors();
};

void TestPlatformDetector::redistPlatform_data()
{
    QTest::addColumn<bool>("windows");
    QTest::addColumn<QString>("cpu");
    QTest::addColumn<bool>("tegra");
    QTest::addColumn<QString>("expected");
    QTest::newRow("x86_64 Linux") << false << "x86_64" << false << "linux-x86_64";
    QTest::newRow("Arm server") << false << "arm64" << false << "linux-sbsa";
    QTest::newRow("Jetson") << false << "arm64" << true << "linux-aarch64";
    QTest::newRow("POWER") << false << "power64" << false << "linux-ppc64le";
    QTest::newRow("Windows x64") << true << "x86_64" << false << "windows-x86_64";
    QTest::newRow("Windows on Arm") << true << "arm64" << false << "windows-arm64";
    QTest::newRow("unknown") << false << "riscv64" << false << "";
}

void TestPlatformDetector::redistPlatform()
{
    QFETCH(bool, windows);
    QFETCH(QString, cpu);
    QFETCH(bool, tegra);
    TestTree tree;
    HostEnvironment host;
    host.os = windows ? OsFlavor::Windows : OsFlavor::Linux;
    host.cpuArchitecture = cpu;
    host.tegraMarkers = {tree.path(QStringLiteral("etc/nv_tegra_release"))};
    if (tegra)
        tree.writeFile(QStringLiteral("etc/nv_tegra_release"), "# R36 (release), REVISION: 4.0\n");
    QTEST(PlatformDetector(host).redistPlatform(), "expected");
}

void TestPlatformDetector::osReleaseAndGlibc()
{
    TestTree tree;
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.osReleaseFile = tree.writeFile(QStringLiteral("etc/os-release"),
                                        "NAME=\"Red Hat Enterprise Linux\"\n# a comment\nVERSION=\"7.9 (Maipo)\"\n"
                                        "VERSION_ID='7.9'\nID=rhel\n");
    host.glibcVersion = QStringLiteral("2.17");
    const OsRelease release = PlatformDetector(host).osRelease();
    QCOMPARE(release.name, QStringLiteral("Red Hat Enterprise Linux"));
    QCOMPARE(release.version, QStringLiteral("7.9"));
    QCOMPARE(release.glibc->toString(), QStringLiteral("2.17"));

    // Nothing injected: nothing read from the real machine, everything unknown.
    const OsRelease none = PlatformDetector(HostEnvironment{}).osRelease();
    QVERIFY(none.name.isEmpty() && none.version.isEmpty() && !none.glibc);
    QCOMPARE(PlatformDetector::parseOsRelease("NAME=Debian\\ GNU/Linux\nVERSION_ID=\"12\"\n").name,
             QStringLiteral("Debian GNU/Linux"));
}

void TestPlatformDetector::windowsRelease()
{
    HostEnvironment host;
    host.os = OsFlavor::Windows;
    host.productName = QStringLiteral("Windows");
    host.productVersion = QStringLiteral("10.0.22631");
    host.glibcVersion = QStringLiteral("2.35"); // never a Windows fact
    const OsRelease release = PlatformDetector(host).osRelease();
    QCOMPARE(release.version, QStringLiteral("10.0.22631"));
    QVERIFY(!release.glibc);
}

void TestPlatformDetector::snapshotRoundTripsThroughItsJson()
{
    SystemSnapshot windows;
    windows.os = OsFlavor::Windows;
    windows.redistPlatform = QStringLiteral("windows-x86_64");
    windows.osRelease = {QStringLiteral("Windows"), QStringLiteral("10.0.22631"), std::nullopt};
    windows.driver.found = true;
    windows.driver.version = Version::parse(QStringLiteral("576.57"));
    GpuInfo gpu;
    gpu.name = QStringLiteral("NVIDIA RTX A4000");
    gpu.computeCapability = Version{8, 6};
    gpu.memoryBytes = 17171480576;
    windows.gpus.append(gpu);
    CudaToolkit toolkit;
    toolkit.root = QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.8");
    toolkit.version = Version{12, 8};
    toolkit.active = true;
    toolkit.origins.append({toolkit.root, QStringLiteral("CUDA_PATH")});
    windows.toolkits.append(toolkit);

    const QJsonObject json = windows.toJson();
    QCOMPARE(json.value(QStringLiteral("redist_platform")).toString(), QStringLiteral("windows-x86_64"));
    QVERIFY(!json.value(QStringLiteral("os")).toObject().contains(QStringLiteral("glibc")));
    QString error;
    const auto back = MachineFile::fromJson(json, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->os, OsFlavor::Windows);
    QCOMPARE(back->toolkits.size(), 1);
    QCOMPARE(back->toolkits.first().root, toolkit.root); // written with "\", read back under Windows rules
    QVERIFY(back->activeToolkit());
    QCOMPARE(back->toJson().value(QStringLiteral("gpus")), json.value(QStringLiteral("gpus")));
    QCOMPARE(back->toJson().value(QStringLiteral("toolkits")), json.value(QStringLiteral("toolkits")));
    QCOMPARE(back->toJson().value(QStringLiteral("os")), json.value(QStringLiteral("os")));
    QCOMPARE(back->driver.version, windows.driver.version);

    SystemSnapshot linux;
    linux.redistPlatform = QStringLiteral("linux-sbsa");
    linux.osRelease.glibc = Version{2, 39};
    const auto linuxBack = MachineFile::fromJson(linux.toJson(), &error);
    QCOMPARE(linuxBack->osRelease.glibc->toString(), QStringLiteral("2.39"));
    QCOMPARE(linuxBack->redistPlatform, QStringLiteral("linux-sbsa"));
}

void TestPlatformDetector::machineFileErrors()
{
    TestTree tree;
    QString error;
    QVERIFY(!MachineFile::read(tree.path(QStringLiteral("absent.json")), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!MachineFile::read(tree.writeFile(QStringLiteral("a.json"), "{not json"), &error));
    QVERIFY(!MachineFile::read(tree.writeFile(QStringLiteral("b.json"), "[1, 2]"), &error));
    QVERIFY(!MachineFile::read(tree.writeFile(QStringLiteral("c.json"), "{\"platform\": \"beos\"}"), &error));
    QVERIFY2(error.contains(QLatin1String("platform")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestPlatformDetector)
#include "TestPlatformDetector.moc"
