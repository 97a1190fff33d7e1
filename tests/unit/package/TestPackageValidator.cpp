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

/** A package as its NVIDIA name describes it (what the inspector learns from a real archive of that name). */
PackageInspection named(const QString& fileName, const QString& maxSm = {})
{
    PackageInspection p;
    p.file = fileName;
    p.name = PackageName::parse(fileName);
    Q_ASSERT(p.name);
    p.cudnnVersion = p.name->cudnnVersion;
    p.cudaVersion = p.name->cudaVersion;
    p.platform = p.name->os;
    p.arch = p.name->arch;
    if (!maxSm.isEmpty())
        p.maxComputeCapability = Version::parse(maxSm);
    return p;
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
    void forwardCompatibility_data();
    void forwardCompatibility();
    void blackwellOnCuda12Builds_data();
    void blackwellOnCuda12Builds();
    void driverFloors_data();
    void driverFloors();
    void jetsonAndServerArmAreNotInterchangeable();
    void glibcFloor_data();
    void glibcFloor();
    void unknownRangesAreSaidNotGuessed();
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
    const PackageVerdict verdict = validate(p, system); // r points into it
    const PackageFinding* r = reason(verdict, PackageCode::CudaMismatch);
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
    QTest::newRow("Volta on 9.11 cuda12") << "9.11.0.98"
                                          << "12"
                                          << "12.8"
                                          << "7.0" << true;
    QTest::newRow("Blackwell on 9.5 cuda11") << "9.5.1.17"
                                             << "11"
                                             << "11.8"
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
    // The systems by their names, as a person writes them (not the report's "windows" and "linux").
    QVERIFY2(r->diagnostic.message.startsWith(QStringLiteral("This is the Windows build of"))
                 && r->diagnostic.message.endsWith(QStringLiteral("this machine runs Linux.")),
             qPrintable(r->diagnostic.message));

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
        const PackageVerdict verdict = validate(inspectSpec(tree, spec), system); // r points into it
        const PackageFinding* r = reason(verdict, PackageCode::NeedsZlibwapi);
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

void TestPackageValidator::forwardCompatibility_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("maxSm");
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<QString>("cc");
    QTest::addColumn<QString>("code");
    // cuDNN 9.0.0 release notes: CUDA 12+ builds run on newer GPUs in forward-compatibility mode.
    QTest::newRow("Blackwell on 9.5 cuda12: warning") << "cudnn-linux-x86_64-9.5.1.17_cuda12-archive.tar.xz"
                                                      << ""
                                                      << "12.6"
                                                      << "10.0" << PackageCode::GpuForwardCompat;
    QTest::newRow("future GPU on 9.19 cuda13: warning") << "cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"
                                                        << "12.1"
                                                        << "13.0"
                                                        << "13.0" << PackageCode::GpuForwardCompat;
    QTest::newRow("9.19 knows 12.1 natively") << "cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"
                                              << "12.1"
                                              << "13.0"
                                              << "12.1" << QString();
    // The frontend's forward-compatibility page: builds made with CUDA 11 have no such mode; nor has cuDNN 8.
    QTest::newRow("Blackwell on 9.5 cuda11: block") << "cudnn-linux-x86_64-9.5.1.17_cuda11-archive.tar.xz"
                                                    << ""
                                                    << "11.8"
                                                    << "10.0" << PackageCode::GpuUnsupported;
    QTest::newRow("Blackwell on 8.9.7 cuda12: block") << "cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz"
                                                      << ""
                                                      << "12.2"
                                                      << "10.0" << PackageCode::GpuUnsupported;
}

void TestPackageValidator::forwardCompatibility()
{
    QFETCH(QString, file);
    QFETCH(QString, maxSm);
    QFETCH(QString, toolkit);
    QFETCH(QString, cc);
    QFETCH(QString, code);
    const PackageVerdict v
        = validate(named(file, maxSm), linuxMachine(QStringLiteral("/cuda"), toolkit, QStringLiteral("580.95.05"), cc));
    QCOMPARE(reason(v, PackageCode::GpuForwardCompat) != nullptr, code == PackageCode::GpuForwardCompat);
    QCOMPARE(reason(v, PackageCode::GpuUnsupported) != nullptr, code == PackageCode::GpuUnsupported);
    QCOMPARE(v.blocked(), code == PackageCode::GpuUnsupported);
    if (const PackageFinding* f = reason(v, PackageCode::GpuForwardCompat)) {
        QCOMPARE(f->diagnostic.severity, Severity::Warning);
        QVERIFY2(f->diagnostic.message.contains(QLatin1String("forward-compatibility")),
                 qPrintable(f->diagnostic.message));
    }
}

void TestPackageValidator::blackwellOnCuda12Builds_data()
{
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<QString>("driver");
    QTest::addColumn<QString>("code");
    // 9.10.2 matrix: CC 10.0/12.0 on the CUDA 12 build need toolkits 12.8-12.9 and drivers >= 570.26.
    QTest::newRow("12.8, 575") << "12.8"
                               << "575.57.08" << QString();
    QTest::newRow("12.6: too old a toolkit") << "12.6"
                                             << "575.57.08" << PackageCode::GpuUnsupported;
    QTest::newRow("12.8 on 560: too old a driver") << "12.8"
                                                   << "560.35.05" << PackageCode::DriverTooOld;
}

void TestPackageValidator::blackwellOnCuda12Builds()
{
    QFETCH(QString, toolkit);
    QFETCH(QString, driver);
    QFETCH(QString, code);
    const PackageVerdict v = validate(named(QStringLiteral("cudnn-linux-x86_64-9.10.2.21_cuda12-archive.tar.xz")),
                                      linuxMachine(QStringLiteral("/cuda"), toolkit, driver, QStringLiteral("12.0")));
    QCOMPARE(v.blocked(), !code.isEmpty());
    if (!code.isEmpty())
        QVERIFY(reason(v, code));
}

void TestPackageValidator::driverFloors_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("toolkit");
    QTest::addColumn<QString>("driver");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("needed");
    // Table 3: 11.0.3 runs natively on 450.51.06, below the 11.x family floor 450.80.02 (which is not 11.0's).
    QTest::newRow("11.0 on its own driver") << "cudnn-11.4-linux-x64-v8.2.4.15.tgz"
                                            << "11.0"
                                            << "450.51.06" << QString() << QString();
    QTest::newRow("11.0 on 440") << "cudnn-11.4-linux-x64-v8.2.4.15.tgz"
                                 << "11.0"
                                 << "440.33" << PackageCode::DriverTooOld << "450.51.05";
    // A cuDNN build made for the family needs the family floor (cuDNN 8.9 matrix: r450.80.02 for 11.x).
    QTest::newRow("8.9.7 cuda11 on 11.0 at 450.51.06") << "cudnn-linux-x86_64-8.9.7.29_cuda11-archive.tar.xz"
                                                       << "11.0"
                                                       << "450.51.06" << PackageCode::DriverTooOld << "450.80.02";
    // 13.2 and 13.3 rows (Table 3): 13.2 GA wants 595.45.04, 13.3 GA 610.43.02; the 13.x family runs from 580.
    QTest::newRow("13.2 on 590.48.01: minor compat") << "cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"
                                                     << "13.2"
                                                     << "590.48.01" << PackageCode::DriverMinorCompat << "595.45.04";
    QTest::newRow("13.3 on 610.43.02") << "cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"
                                       << "13.3"
                                       << "610.43.02" << QString() << QString();
    QTest::newRow("13.3 on 575") << "cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"
                                 << "13.3"
                                 << "575.57.08" << PackageCode::DriverTooOld << "580";
}

void TestPackageValidator::driverFloors()
{
    QFETCH(QString, file);
    QFETCH(QString, toolkit);
    QFETCH(QString, driver);
    QFETCH(QString, code);
    QFETCH(QString, needed);
    const PackageVerdict v
        = validate(named(file), linuxMachine(QStringLiteral("/cuda"), toolkit, driver, QStringLiteral("8.0")));
    for (const QString& c : {PackageCode::DriverTooOld, PackageCode::DriverMinorCompat})
        QCOMPARE(reason(v, c) != nullptr, c == code);
    if (const PackageFinding* f = code.isEmpty() ? nullptr : reason(v, code))
        QVERIFY2(f->diagnostic.fix.contains(needed), qPrintable(f->diagnostic.fix));
}

void TestPackageValidator::jetsonAndServerArmAreNotInterchangeable()
{
    // Support matrices list "AArch64 SBSA" (linux-sbsa) and "AArch64 for Jetson" (linux-aarch64) apart.
    const PackageInspection jetsonBuild = named(QStringLiteral("cudnn-linux-aarch64-9.13.0.50_cuda12-archive.tar.xz"));
    const PackageInspection serverBuild = named(QStringLiteral("cudnn-linux-sbsa-9.13.0.50_cuda12-archive.tar.xz"));
    SystemSnapshot jetson = linuxMachine(
        QStringLiteral("/cuda"), QStringLiteral("12.6"), QStringLiteral("560.35.05"), QStringLiteral("8.7"));
    jetson.redistPlatform = QStringLiteral("linux-aarch64");
    SystemSnapshot server = jetson;
    server.redistPlatform = QStringLiteral("linux-sbsa");
    // The host processor of the test (x86_64) is not the machine's: the snapshot's platform decides.
    const PackageVerdict wrongOnJetson = validate(serverBuild, jetson);
    QVERIFY(reason(wrongOnJetson, PackageCode::PlatformMismatch));
    QVERIFY(!reason(wrongOnJetson, PackageCode::ArchMismatch));
    QVERIFY(!wrongOnJetson.forceWouldLift());
    QVERIFY(reason(validate(jetsonBuild, server), PackageCode::PlatformMismatch));
    QVERIFY(!validate(jetsonBuild, jetson).blocked());
    QVERIFY(!validate(serverBuild, server).blocked());
}

void TestPackageValidator::glibcFloor_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("glibc");
    QTest::addColumn<QString>("code");
    // cuDNN 9 Linux tables start at RHEL 8 (glibc 2.28); 8.9 still lists RHEL 7 (2.17).
    QTest::newRow("9.19 on RHEL 7") << "cudnn-linux-x86_64-9.19.0.56_cuda12-archive.tar.xz"
                                    << "2.17" << PackageCode::OsTooOld;
    QTest::newRow("9.19 on RHEL 8") << "cudnn-linux-x86_64-9.19.0.56_cuda12-archive.tar.xz"
                                    << "2.28" << QString();
    QTest::newRow("8.9.7 on RHEL 7") << "cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz"
                                     << "2.17" << QString();
    QTest::newRow("glibc unknown") << "cudnn-linux-x86_64-9.19.0.56_cuda12-archive.tar.xz"
                                   << "" << PackageCode::OsUnknown;
    QTest::newRow("8.8 floor unknown") << "cudnn-linux-x86_64-8.8.1.3_cuda12-archive.tar.xz"
                                       << "2.17" << PackageCode::OsUnknown;
}

void TestPackageValidator::glibcFloor()
{
    QFETCH(QString, file);
    QFETCH(QString, glibc);
    QFETCH(QString, code);
    SystemSnapshot system = linuxMachine(QStringLiteral("/cuda"), QStringLiteral("12.4"), QStringLiteral("550.54.15"));
    system.osRelease.glibc = Version::parse(glibc);
    const PackageVerdict v = validate(named(file), system);
    QCOMPARE(reason(v, PackageCode::OsTooOld) != nullptr, code == PackageCode::OsTooOld);
    QCOMPARE(reason(v, PackageCode::OsUnknown) != nullptr, code == PackageCode::OsUnknown);
    QCOMPARE(v.blocked(), code == PackageCode::OsTooOld);
    if (const PackageFinding* f = reason(v, PackageCode::OsUnknown))
        QCOMPARE(f->diagnostic.severity, Severity::Info);
    // Windows has no glibc: never checked.
    system.os = OsFlavor::Windows;
    QVERIFY(!reason(validate(named(QString(file)
                                       .replace(QLatin1String("linux"), QLatin1String("windows"))
                                       .replace(QLatin1String(".tar.xz"), QLatin1String(".zip"))),
                             system),
                    PackageCode::OsTooOld));
}

void TestPackageValidator::unknownRangesAreSaidNotGuessed()
{
    // NVIDIA's compute capability table for 8.6-8.7 was not read: the check is skipped, and the verdict says so.
    const PackageVerdict v = validate(
        named(QStringLiteral("cudnn-linux-x86_64-8.6.0.163_cuda11-archive.tar.xz")),
        linuxMachine(
            QStringLiteral("/cuda"), QStringLiteral("11.8"), QStringLiteral("520.61.05"), QStringLiteral("3.0")));
    const PackageFinding* f = reason(v, PackageCode::GpuRangeUnknown);
    QVERIFY(f);
    QCOMPARE(f->diagnostic.severity, Severity::Info);
    QVERIFY(!reason(v, PackageCode::GpuUnsupported));
}

QTEST_GUILESS_MAIN(TestPackageValidator)
#include "TestPackageValidator.moc"
