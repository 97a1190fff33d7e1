#include "package/PackageName.h"

#include <QtTest>

class TestPackageName : public QObject
{
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void folderName();
};

void TestPackageName::parse_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("cudnn");
    QTest::addColumn<QString>("cuda");
    QTest::addColumn<QString>("os");
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("container");
    QTest::addColumn<QString>("top");

    QTest::newRow("7.6 linux tgz") << "cudnn-10.2-linux-x64-v7.6.5.32.tgz" << true << "7.6.5.32"
                                   << "10.2"
                                   << "linux"
                                   << "x86_64"
                                   << "tar.gz"
                                   << "cudnn-10.2-linux-x64-v7.6.5.32";
    QTest::newRow("7.6 windows10") << "cudnn-10.2-windows10-x64-v7.6.5.32.zip" << true << "7.6.5.32"
                                   << "10.2"
                                   << "windows"
                                   << "x86_64"
                                   << "zip"
                                   << "cudnn-10.2-windows10-x64-v7.6.5.32";
    QTest::newRow("7.6 windows7 cuda 9.0") << "cudnn-9.0-windows7-x64-v7.6.4.38.zip" << true << "7.6.4.38"
                                           << "9.0"
                                           << "windows"
                                           << "x86_64"
                                           << "zip"
                                           << "cudnn-9.0-windows7-x64-v7.6.4.38";
    QTest::newRow("8.2 windows") << "cudnn-11.3-windows-x64-v8.2.1.32.zip" << true << "8.2.1.32"
                                 << "11.3"
                                 << "windows"
                                 << "x86_64"
                                 << "zip"
                                 << "cudnn-11.3-windows-x64-v8.2.1.32";
    QTest::newRow("8.0 ppc64le") << "cudnn-10.2-linux-ppc64le-v8.0.5.39.tgz" << true << "8.0.5.39"
                                 << "10.2"
                                 << "linux"
                                 << "ppc64le"
                                 << "tar.gz"
                                 << "cudnn-10.2-linux-ppc64le-v8.0.5.39";
    QTest::newRow("8.3 minor suffix") << "cudnn-linux-x86_64-8.3.2.44_cuda11.5-archive.tar.xz" << true << "8.3.2.44"
                                      << "11.5"
                                      << "linux"
                                      << "x86_64"
                                      << "tar.xz"
                                      << "cudnn-linux-x86_64-8.3.2.44_cuda11.5-archive";
    QTest::newRow("8.9 windows cuda12") << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip" << true << "8.9.7.29"
                                        << "12"
                                        << "windows"
                                        << "x86_64"
                                        << "zip"
                                        << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive";
    QTest::newRow("9.19 sbsa") << "cudnn-linux-sbsa-9.19.0.56_cuda13-archive.tar.xz" << true << "9.19.0.56"
                               << "13"
                               << "linux"
                               << "aarch64"
                               << "tar.xz"
                               << "cudnn-linux-sbsa-9.19.0.56_cuda13-archive";
    QTest::newRow("jetson aarch64") << "cudnn-linux-aarch64-9.3.0.75_cuda12-archive.tar.xz" << true << "9.3.0.75"
                                    << "12"
                                    << "linux"
                                    << "aarch64"
                                    << "tar.xz"
                                    << "cudnn-linux-aarch64-9.3.0.75_cuda12-archive";
    QTest::newRow("browser copy suffix") << "cudnn-windows-x86_64-9.19.0.56_cuda13-archive (1).zip" << true
                                         << "9.19.0.56"
                                         << "13"
                                         << "windows"
                                         << "x86_64"
                                         << "zip"
                                         << "cudnn-windows-x86_64-9.19.0.56_cuda13-archive";
    QTest::newRow("renamed") << "cudnn.zip" << false << ""
                             << ""
                             << ""
                             << ""
                             << ""
                             << "";
    QTest::newRow("installer exe") << "cudnn_9.19.0_windows.exe" << false << ""
                                   << ""
                                   << ""
                                   << ""
                                   << ""
                                   << "";
    QTest::newRow("wrong extension") << "cudnn-linux-x86_64-9.19.0.56_cuda13-archive.zip.part" << false << ""
                                     << ""
                                     << ""
                                     << ""
                                     << ""
                                     << "";
    // A part too large for an int matches the pattern's digits but is no version (a fuzzed manifest found it).
    QTest::newRow("cuda major overflows") << "cudnn-linux-x86_64-8.9.7.29_cuda99999999999-archive.tar.xz" << false << ""
                                          << ""
                                          << ""
                                          << ""
                                          << ""
                                          << "";
    QTest::newRow("cudnn part overflows") << "cudnn-10.2-linux-x64-v7.6.99999999999.32.tgz" << false << ""
                                          << ""
                                          << ""
                                          << ""
                                          << ""
                                          << "";
}

void TestPackageName::parse()
{
    QFETCH(QString, file);
    QFETCH(bool, valid);
    const auto name = PackageName::parse(file);
    QCOMPARE(name.has_value(), valid);
    if (!valid)
        return;
    QTEST(name->cudnnVersion.toString(), "cudnn");
    QTEST(name->cudaVersion.toString(), "cuda");
    QTEST(osFlavorName(name->os), "os");
    QTEST(cpuArchName(name->arch), "arch");
    QTEST(archiveContainerName(name->container), "container");
    QTEST(name->baseName, "top");
}

void TestPackageName::folderName()
{
    const auto folder = PackageName::parseBaseName(QStringLiteral("cudnn-windows-x86_64-8.9.7.29_cuda11-archive"));
    QVERIFY(folder);
    QCOMPARE(folder->cudaVersion.toString(), QStringLiteral("11"));
    QCOMPARE(folder->container, ArchiveContainer::Unknown);
    QVERIFY(!PackageName::parseBaseName(QStringLiteral("cuda")));
}

QTEST_GUILESS_MAIN(TestPackageName)
#include "TestPackageName.moc"
