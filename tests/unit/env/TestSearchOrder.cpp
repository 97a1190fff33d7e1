#include "MemoryListing.h"
#include "TestTree.h"
#include "env/LdSoConf.h"
#include "env/LibraryResolver.h"

#include <QtTest>

/** Who wins a bare-name load: the Windows DLL search and ld.so, over listings and temporary trees. */
class TestSearchOrder : public QObject
{
    Q_OBJECT

private slots:
    void windowsOrderPutsMachinePathBeforeUserPath();
    void windowsSearch_data();
    void windowsSearch();
    void duplicateDirectoriesAreOneCopy();
    void ldSoConfFollowsIncludesInGlobOrder();
    void ldSoConfPendingFileTakesItsPlace();
    void linuxOrderIsLdLibraryPathCacheDefaults();
};

static WindowsDllSearchInputs windowsInputs(const QStringList& machinePath, const QStringList& userPath)
{
    WindowsDllSearchInputs inputs;
    inputs.knownDlls = {QStringLiteral("kernel32.dll")};
    inputs.system32 = QStringLiteral("C:\\Windows\\System32");
    inputs.windowsDir = QStringLiteral("C:\\Windows");
    inputs.machinePath = machinePath;
    inputs.userPath = userPath;
    const auto lookup = [](const QString& name) {
        if (name.compare(QLatin1String("SystemRoot"), Qt::CaseInsensitive) == 0)
            return QStringLiteral("C:\\Windows");
        if (name.compare(QLatin1String("CUDA_PATH"), Qt::CaseInsensitive) == 0)
            return QStringLiteral("C:\\CUDA\\v11.2");
        return QString();
    };
    inputs.machineLookup = lookup;
    inputs.userLookup = lookup;
    return inputs;
}

void TestSearchOrder::windowsOrderPutsMachinePathBeforeUserPath()
{
    WindowsDllSearchInputs inputs = windowsInputs({"C:\\m"}, {"C:\\u"});
    QStringList origins;
    for (const SearchLocation& location : SearchOrders::windowsDlls(inputs))
        origins.append(searchOriginName(location.origin));
    QCOMPARE(origins, (QStringList{"known_dlls", "system32", "windows_dir", "machine_path", "user_path"}));

    inputs.applicationDir = QStringLiteral("C:\\app");
    inputs.currentDir = QStringLiteral("C:\\work");
    origins.clear();
    for (const SearchLocation& location : SearchOrders::windowsDlls(inputs))
        origins.append(searchOriginName(location.origin));
    QCOMPARE(
        origins,
        (QStringList{
            "known_dlls", "application_dir", "system32", "windows_dir", "current_dir", "machine_path", "user_path"}));
}

void TestSearchOrder::windowsSearch_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QStringList>("machinePath");
    QTest::addColumn<QStringList>("userPath");
    QTest::addColumn<QString>("library");
    QTest::addColumn<QString>("winner");
    QTest::addColumn<QString>("via");
    QTest::addColumn<int>("shadowed");

    const QString target = QStringLiteral("C:/CUDA/v12.4/bin/cudnn64_8.dll");
    QTest::newRow("stale copy in System32 beats every PATH")
        << QStringList{"C:\\Windows\\System32\\cudnn64_8.dll", target} << QStringList{"C:\\CUDA\\v12.4\\bin"}
        << QStringList{} << "cudnn64_8.dll"
        << "C:/Windows/System32/cudnn64_8.dll"
        << "system32" << 1;
    QTest::newRow("older toolkit first in machine PATH beats the user PATH")
        << QStringList{"C:\\CUDA\\v11.2\\bin\\cudnn64_8.dll", target} << QStringList{"%CUDA_PATH%\\bin"}
        << QStringList{"C:\\CUDA\\v12.4\\bin"} << "cudnn64_8.dll"
        << "C:/CUDA/v11.2/bin/cudnn64_8.dll"
        << "machine_path" << 1;
    QTest::newRow("names compare case-insensitively")
        << QStringList{"C:\\CUDA\\v12.4\\bin\\CUDNN64_8.DLL"} << QStringList{} << QStringList{"c:\\cuda\\V12.4\\BIN\\"}
        << "cudnn64_8.dll"
        << "c:/cuda/V12.4/BIN/CUDNN64_8.DLL" // the folder as PATH spells it, the name as the disk does
        << "user_path" << 0;
    QTest::newRow("a KnownDLL comes from System32 whatever PATH says")
        << QStringList{"C:\\Windows\\System32\\kernel32.dll", "C:\\tools\\kernel32.dll"} << QStringList{"C:\\tools"}
        << QStringList{} << "kernel32.dll"
        << "C:/Windows/System32/kernel32.dll"
        << "known_dlls" << 1;
    QTest::newRow("nothing anywhere") << QStringList{} << QStringList{"C:\\tools"} << QStringList{} << "zlibwapi.dll"
                                      << ""
                                      << "" << 0;
}

void TestSearchOrder::windowsSearch()
{
    QFETCH(QStringList, files);
    QFETCH(QStringList, machinePath);
    QFETCH(QStringList, userPath);
    QFETCH(QString, library);
    QFETCH(QString, winner);
    QFETCH(QString, via);
    QFETCH(int, shadowed);

    const MemoryListing listing(OsFlavor::Windows, files);
    const LibraryResolution resolution
        = LibraryResolver(OsFlavor::Windows, listing)
              .resolve(SearchOrders::windowsDlls(windowsInputs(machinePath, userPath)), library);
    QCOMPARE(resolution.winner ? resolution.winner->path : QString(), winner);
    QCOMPARE(resolution.winner ? searchOriginName(resolution.winner->location.origin) : QString(), via);
    QCOMPARE(resolution.shadowed.size(), shadowed);
}

void TestSearchOrder::duplicateDirectoriesAreOneCopy()
{
    const MemoryListing listing(OsFlavor::Windows, {"C:\\CUDA\\v12.4\\bin\\cudnn64_9.dll", "D:\\old\\cudnn64_9.dll"});
    const LibraryResolution resolution
        = LibraryResolver(OsFlavor::Windows, listing)
              .resolve(SearchOrders::windowsDlls(windowsInputs({"C:\\CUDA\\v12.4\\bin", "c:\\cuda\\v12.4\\bin\\"},
                                                               {"D:\\old", "C:\\CUDA\\v12.4\\bin"})),
                       QStringLiteral("cudnn64_9.dll"));
    QCOMPARE(resolution.winner->location.written, QStringLiteral("C:\\CUDA\\v12.4\\bin"));
    QCOMPARE(resolution.shadowed.size(), 1);
    QCOMPARE(resolution.shadowed.constFirst().path, QStringLiteral("D:/old/cudnn64_9.dll"));
}

void TestSearchOrder::ldSoConfFollowsIncludesInGlobOrder()
{
    TestTree root;
    root.writeFile(QStringLiteral("etc/ld.so.conf"), "include /etc/ld.so.conf.d/*.conf\n/opt/last\n");
    root.writeFile(QStringLiteral("etc/ld.so.conf.d/zz-cuda-13-0.conf"), "/usr/local/cuda-13.0/lib\n");
    root.writeFile(QStringLiteral("etc/ld.so.conf.d/988_cuda-12.conf"),
                   "# CUDA 12\n/usr/local/cuda-12/lib64   # trailing comment\n\n/usr/local/cuda-12/lib64/\n");
    root.writeFile(QStringLiteral("etc/ld.so.conf.d/x86_64-linux-gnu.conf"),
                   "/usr/local/lib/x86_64-linux-gnu\nhwcap 0 nosegneg\ninclude nested/*.conf\n");
    root.writeFile(QStringLiteral("etc/ld.so.conf.d/nested/a.conf"), "/opt/nested\n");
    root.writeFile(QStringLiteral("etc/ld.so.conf.d/ignored.txt"), "/opt/ignored\n");

    const SystemRoot systemRoot(root.root());
    QStringList written;
    QStringList sources;
    for (const SearchLocation& location : LdSoConf::cacheDirectories(systemRoot)) {
        written.append(location.written);
        sources.append(QFileInfo(location.source).fileName());
        QCOMPARE(location.directory, systemRoot.hostPath(location.written));
    }
    QCOMPARE(written,
             (QStringList{"/usr/local/cuda-12/lib64",
                          "/usr/local/lib/x86_64-linux-gnu",
                          "/opt/nested",
                          "/usr/local/cuda-13.0/lib",
                          "/opt/last"}));
    QCOMPARE(sources.constFirst(), QStringLiteral("988_cuda-12.conf"));
}

void TestSearchOrder::ldSoConfPendingFileTakesItsPlace()
{
    TestTree root;
    root.writeFile(QStringLiteral("etc/ld.so.conf"), "include /etc/ld.so.conf.d/*.conf\n");
    root.writeFile(QStringLiteral("etc/ld.so.conf.d/988_cuda-12.conf"), "/usr/local/cuda-12/lib64\n");
    const LdSoConf::PendingFiles pending{
        {QStringLiteral("/etc/ld.so.conf.d/00-cudnn-setup.conf"), "# ours\n/usr/local/cuda-12.4/lib64\n"}};
    const QList<SearchLocation> dirs = LdSoConf::cacheDirectories(SystemRoot(root.root()), pending);
    QCOMPARE(dirs.size(), 2);
    QCOMPARE(dirs.at(0).written, QStringLiteral("/usr/local/cuda-12.4/lib64"));
    QVERIFY(!QFile::exists(root.path(QStringLiteral("etc/ld.so.conf.d/00-cudnn-setup.conf"))));
}

void TestSearchOrder::linuxOrderIsLdLibraryPathCacheDefaults()
{
    TestTree root;
    root.writeFile(QStringLiteral("etc/ld.so.conf"), "/opt/stale/lib\n");
    root.writeFile(QStringLiteral("opt/stale/lib/libcudnn.so.9"), "old");
    root.writeFile(QStringLiteral("usr/lib/x86_64-linux-gnu/libcudnn.so.9"), "deb");
    root.writeFile(QStringLiteral("cuda/lib64/libcudnn.so.9"), "target");
    const SystemRoot systemRoot(root.root());

    LinuxLibrarySearchInputs inputs;
    inputs.cacheDirectories = LdSoConf::cacheDirectories(systemRoot);
    inputs.defaultDirectories = LdSoConf::defaultDirectories(systemRoot);
    const LocalDirectoryListing disk;
    const LibraryResolver resolver(OsFlavor::Linux, disk);

    LibraryResolution resolution
        = resolver.resolve(SearchOrders::linuxLibraries(inputs), QStringLiteral("libcudnn.so.9"));
    QCOMPARE(resolution.winner->location.origin, SearchOrigin::LdCache);
    QCOMPARE(resolution.shadowed.size(), 1);
    QCOMPARE(resolution.shadowed.constFirst().location.origin, SearchOrigin::DefaultDir);

    inputs.ldLibraryPath = {root.path(QStringLiteral("cuda/lib64"))};
    resolution = resolver.resolve(SearchOrders::linuxLibraries(inputs), QStringLiteral("libcudnn.so.9"));
    QCOMPARE(resolution.winner->location.origin, SearchOrigin::LdLibraryPath);
    QCOMPARE(resolution.shadowed.size(), 2);
    // Linux names are case-sensitive.
    QVERIFY(!resolver.resolve(SearchOrders::linuxLibraries(inputs), QStringLiteral("LIBCUDNN.so.9")).winner);
}

QTEST_GUILESS_MAIN(TestSearchOrder)
#include "TestSearchOrder.moc"
