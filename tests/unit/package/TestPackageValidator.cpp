#include "PackageFixtures.h"
#include "package/PackageValidator.h"

#include <QtTest>

using Layout = CudnnArchiveSpec::Layout;

namespace {

PackageVerdict
validate(const PackageInspection& p, const SystemSnapshot& system, bool force = false, CpuArch host = CpuArch::X86_64)
{
    const PackageValidator validator(CudnnReleaseTable::builtIn(), CudaDriverTable::builtIn(), host);
    return validator.validate(p, system, system.toolkits.first(), force);
}

const PackageFinding* reason(const PackageVerdict& verdict, const QString& code)
{
    for (const PackageFinding& f : verdict.reasons) {
        if (f.diagnostic.code == code)
            return &f;
    }
    return nullptr;
}

} // namespace

class TestPackageValidator : public QObject
{
    Q_OBJECT

private slots:
    void matchingPackageIsOk();
    void cudaMismatchNamesTheRightBuild();
    void cudaMinorRangeOfOldReleases();
    void driver_data();
    void driver();
    void gpus_data();
    void gpus();
    void platformAndArchitecture();
    void zlibwapi();
    void forceLiftsCompatibilityOnly();
};

void TestPackageValidator::matchingPackageIsOk()
{
    TestTree tree;
    CudnnArchiveSpec spec;
    spec.maxSm = QStringLiteral("12.1");
    const PackageInspection p = inspectSpec(tree, spec);
    const PackageVerdict v = validate(p, linuxMachine(tree.path(QStringLiteral("cuda")), QStringLiteral("13.0")));
    QVERIFY2(v.level == PackageVerdict::Level::Ok, qPrintable(QJsonDocument(v.toJson()).toJson()));
}

void TestPackageValidator::cudaMismatchNamesTheRightBuild()
{
    TestTree tree;
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const PackageInspection p = inspectSpec(tree, spec);
    const PackageVerdict v = validate(p, linuxMachine(tree.path(QStringLiteral("cuda")), QStringLiteral("13.0")));
    QCOMPARE(v.level, PackageVerdict::Level::Blocked);
    const PackageFinding* r = reason(v, PackageCode::CudaMismatch);
    QVERIFY(r);
    QCOMPARE(r->blocking, PackageFinding::Blocking::Overridable);
    QVERIFY2(r->diagnostic.message.contains(QLatin1String("cuDNN 9.19.0 for CUDA 12"))
                 && r->diagnostic.message.contains(QLatin1String("13.0")),
             qPrintable(r->diagnostic.message));
    QVERIFY2(r->diagnostic.fix.contains(QLatin1String("cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz")),
             qPrintable(r->diagnostic.fix));
    QVERIFY(v.forceWouldLift());
}

void TestPackageValidator::cudaMinorRangeOfOldReleases()
{
    TestTree tree;
    CudnnArchiveSpec spec;
    spec.layout = Layout::LegacyWindows;
    spec.cudnn = Version{8, 2, 1, 32};
    spec.cuda = QStringLiteral("11.3");
    const PackageInspection p = inspectSpec(tree, spec);
    SystemSnapshot system
        = linuxMachine(tree.path(QStringLiteral("cuda")), QStringLiteral("11.2"), QStringLiteral("470.82.01"));
    system.os = OsFlavor::Windows;
    system.driver.version = Version::parse(QStringLiteral("472.50"));
    QVERIFY(!reason(validate(p, system), PackageCode::CudaMismatch)); // 8.2.1 covers 11.0-11.3
    system.toolkits.first().version = Version::parse(QStringLiteral("11.6"));
    const PackageFinding* r = reason(validate(p, system), PackageCode::CudaMismatch);
    QVERIFY(r);
    QVERIFY2(r->diagnostic.message.contains(QLatin1String("11.0-11.3")), qPrintable(r->diagnostic.message));
}

void TestPackageValidator::driver_data()
{
    QTest::addColumn<QString>("cuda");
    QTest::addColumn<QString>("driver");
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("blocks");
    QTest::newRow("new enough") << "13.0"
                                << "580.95.05" << QString() << false;
    QTest::newRow("minor version compatibility") << "13.1"
                                                 << "580.95.05" << PackageCode::DriverMinorCompat << false;
    QTest::newRow("too old for CUDA 13") << "13.0"
                                         << "575.57.08" << PackageCode::DriverTooOld << true;
}

void TestPackageValidator::driver()
{
    QFETCH(QString, cuda);
    QFETCH(QString, driver);
    QFETCH(QString, code);
    QFETCH(bool, blocks);
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, CudnnArchiveSpec{});
    const PackageVerdict v = validate(p, linuxMachine(tree.path(QStringLiteral("cuda")), cuda, driver));
    for (const QString& c : {PackageCode::DriverTooOld, PackageCode::DriverMinorCompat})
        QCOMPARE(reason(v, c) != nullptr, c == code);
    QCOMPARE(v.blocked(), blocks);
    if (const PackageFinding* r = reason(v, PackageCode::DriverTooOld))
        QVERIFY(r->diagnostic.fix.contains(QLatin1String("580")));
}

void TestPackageValidator::gpus_data()
{
    QTest::addColumn<QString>("cudnn");
    QTest::addColumn<QString>("cuda");
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<QString>("cc");
    QTest::addColumn<bool>("unsupported");
    QTest::newRow("Ampere on 9.19") << "9.19.0.56"
                                    << "13"
                                    << "13.0"
                                    << "8.6" << false;
    QTest::newRow("Volta on CUDA 13") << "9.19.0.56"
                                      << "13"
                                      << "13.0"
                                      << "7.0" << true;
    QTest::newRow("Pascal on 9.17+ cuda12") << "9.19.0.56"
                                            << "12"
                                            << "12.8"
                                            << "6.1" << true;
    QTest::newRow("Pascal on 9.10 cuda12") << "9.10.2.21"
                                           << "12"
                                           << "12.8"
                                           << "6.1" << false;
    QTest::newRow("Blackwell on 9.5") << "9.5.1.17"
                                      << "12"
                                      << "12.6"
                                      << "10.0" << true;
}

void TestPackageValidator::gpus()
{
    QFETCH(QString, cudnn);
    QFETCH(QString, cuda);
    QFETCH(QString, toolkit);
    QFETCH(QString, cc);
    QFETCH(bool, unsupported);
    CudnnArchiveSpec spec;
    spec.cudnn = *Version::parse(cudnn);
    spec.cuda = cuda;
    TestTree tree;
    const PackageInspection p = inspectSpec(tree, spec);
    const PackageVerdict v
        = validate(p, linuxMachine(tree.path(QStringLiteral("cuda")), toolkit, QStringLiteral("580.95.05"), cc));
    const PackageFinding* r = reason(v, PackageCode::GpuUnsupported);
    QCOMPARE(r != nullptr, unsupported);
    if (r)
        QVERIFY2(r->diagnostic.message.contains(cc), qPrintable(r->diagnostic.message));
}

void TestPackageValidator::platformAndArchitecture()
{
    TestTree tree;
    CudnnArchiveSpec windows;
    windows.layout = Layout::WindowsBinX64;
    const PackageVerdict onLinux
        = validate(inspectSpec(tree, windows), linuxMachine(tree.path(QStringLiteral("cuda"))));
    const PackageFinding* r = reason(onLinux, PackageCode::PlatformMismatch);
    QVERIFY(r);
    QCOMPARE(r->blocking, PackageFinding::Blocking::Always);
    QVERIFY(!onLinux.forceWouldLift());

    CudnnArchiveSpec arm;
    arm.machine = SyntheticBinary::ElfAarch64;
    const PackageVerdict onX86 = validate(inspectSpec(tree, arm), linuxMachine(tree.path(QStringLiteral("cuda"))));
    QVERIFY(reason(onX86, PackageCode::ArchMismatch));
    const PackageVerdict onArm
        = validate(inspectSpec(tree, arm), linuxMachine(tree.path(QStringLiteral("cuda"))), false, CpuArch::Arm64);
    QVERIFY(!reason(onArm, PackageCode::ArchMismatch));
}

void TestPackageValidator::zlibwapi()
{
    TestTree tree;
    SystemSnapshot system
        = linuxMachine(tree.path(QStringLiteral("cuda")), QStringLiteral("12.2"), QStringLiteral("537.13"));
    system.os = OsFlavor::Windows;
    for (const auto& [version, needs] : {std::pair{Version{8, 9, 7, 29}, true},
                                         std::pair{Version{9, 1, 0, 70}, true},
                                         std::pair{Version{9, 2, 0, 82}, false}}) {
        CudnnArchiveSpec spec;
        spec.layout = Layout::WindowsLibX64;
        spec.cudnn = version;
        spec.cuda = QStringLiteral("12");
        const PackageFinding* r = reason(validate(inspectSpec(tree, spec), system), PackageCode::NeedsZlibwapi);
        QCOMPARE(r != nullptr, needs);
        if (r) {
            QCOMPARE(r->diagnostic.severity, Severity::Warning);
            QVERIFY(r->diagnostic.fix.contains(QLatin1String("zlibwapi.dll")));
        }
    }
}

void TestPackageValidator::forceLiftsCompatibilityOnly()
{
    TestTree tree;
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const SystemSnapshot system = linuxMachine(tree.path(QStringLiteral("cuda")), QStringLiteral("13.0"));
    const PackageVerdict forced = validate(inspectSpec(tree, spec), system, true);
    QCOMPARE(forced.level, PackageVerdict::Level::Warning);
    QVERIFY(reason(forced, PackageCode::CudaMismatch)->overridden);
    QCOMPARE(reason(forced, PackageCode::CudaMismatch)->diagnostic.severity, Severity::Warning);

    // A damaged archive stays blocked whatever force says.
    const QString path = writeArchive(tree, spec, QStringLiteral("cut.tar.xz"));
    truncateFile(path, QFileInfo(path).size() / 2);
    const PackageVerdict cut = validate(PackageInspector().inspect(path), system, true);
    QCOMPARE(cut.level, PackageVerdict::Level::Blocked);
    QVERIFY(!cut.forceWouldLift());
}

QTEST_GUILESS_MAIN(TestPackageValidator)
#include "TestPackageValidator.moc"
