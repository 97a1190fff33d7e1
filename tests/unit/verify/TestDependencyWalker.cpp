// The static dependency walk, on machines described in the test: Windows folders holding real mingw-built DLLs
// (zlibwapi.dll missing or present, the VC++ runtime, a delay-loaded cuBLASLt, a DLL for another machine) and the
// real Linux cuDNN 9.19 with its RUNPATH, LD_LIBRARY_PATH, loader cache and default folders.
#include "binary/DependencyWalker.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <map>

using namespace cudnnsetup::binary;

namespace {

const QString kRealCudnnDir = QStringLiteral("/usr/local/cuda-13.0/lib");

/** A Windows machine as a map of "C:\folder\file" -> real file on this disk (or bytes given inline). */
struct FakeWindows
{
    std::map<std::string, std::string> files; // Windows path -> file on disk
    std::map<std::string, QByteArray> inlineFiles;

    void add(const std::string& folder, const std::string& name, const QString& diskFile)
    {
        files[folder + "\\" + name] = diskFile.toStdString();
    }
    SearchOrder order(std::vector<std::string> folders) const
    {
        SearchOrder order;
        order.rules = LoaderRules::Windows;
        order.folders = std::move(folders);
        order.listFolder = [this](const std::string& folder) {
            std::vector<std::string> names;
            for (const auto& [path, disk] : files) {
                if (path.rfind(folder + "\\", 0) == 0 && path.find('\\', folder.size() + 1) == std::string::npos)
                    names.push_back(path.substr(folder.size() + 1));
            }
            return names;
        };
        order.openFile = [this](const std::string& path) -> std::unique_ptr<ByteSource> {
            const auto found = files.find(path);
            return found == files.end() ? nullptr : openFileOnDisk(found->second);
        };
        return order;
    }
};

const DependencyLink* linkNamed(const DependencyWalk& walk, const std::string& name)
{
    for (const DependencyLink& link : walk.links) {
        if (QString::fromStdString(link.name).compare(QString::fromStdString(name), Qt::CaseInsensitive) == 0)
            return &link;
    }
    return nullptr;
}

SearchOrder linuxDiskOrder(std::vector<std::string> ldLibraryPath, std::vector<std::string> defaults)
{
    SearchOrder order;
    order.rules = LoaderRules::Linux;
    order.folders = std::move(ldLibraryPath);
    order.defaultFolders = std::move(defaults);
    order.listFolder = listFolderOnDisk;
    order.openFile = openFileOnDisk;
    return order;
}

} // namespace

class TestDependencyWalker : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void windowsSystemNames_data();
    void windowsSystemNames();
    void windowsMissingZlibwapiAndDelayLoadedCublas();
    void windowsZlibwapiFoundCaseInsensitivelyAndWalked();
    void windowsFirstFolderWins();
    void windowsOwnFolderIsNotSearched();
    void windowsVcRuntimeMissingThenInstalled();
    void windowsWrongMachineStopsTheSearch();
    void windowsZeroByteDllIsUnreadable();

    void linuxRealCudnnResolvesEveryDependency();
    void linuxNoZlibOnTheMachine();
    void linuxLdLibraryPathSuppliesAMissingLibrary();
    void linuxLoaderCacheAndWrongMachineSkipped();
    void locateFollowsTheRequestersRunpath();
    void unreadableRoot();

private:
    QString fixture(const QString& name) const { return QDir(m_fixtures).filePath(name); }
    QString m_fixtures;
    QString m_fakes;
};

void TestDependencyWalker::initTestCase()
{
    m_fixtures = qEnvironmentVariable("CUDNN_SETUP_PE_FIXTURES");
    m_fakes = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR");
}

void TestDependencyWalker::windowsSystemNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("system");
    QTest::newRow("API set") << "api-ms-win-crt-runtime-l1-1-0.dll" << true;
    QTest::newRow("extension API set") << "ext-ms-win-ntuser-window-l1-1-0.dll" << true;
    QTest::newRow("KERNEL32 in capitals") << "KERNEL32.dll" << true;
    QTest::newRow("msvcrt") << "msvcrt.dll" << true;
    QTest::newRow("UCRT") << "ucrtbase.dll" << true;
    QTest::newRow("VC++ runtime") << "vcruntime140.dll" << false;
    QTest::newRow("VC++ runtime _1") << "vcruntime140_1.dll" << false;
    QTest::newRow("VC++ STL") << "msvcp140.dll" << false;
    QTest::newRow("zlibwapi") << "zlibwapi.dll" << false;
    QTest::newRow("cudart") << "cudart64_12.dll" << false;
    QTest::newRow("cublasLt") << "cublasLt64_12.dll" << false;
    QTest::newRow("nvrtc") << "nvrtc64_120_0.dll" << false;
}

void TestDependencyWalker::windowsSystemNames()
{
    QFETCH(QString, name);
    QFETCH(bool, system);
    QCOMPARE(isWindowsSystemLibrary(name.toStdString()), system);
}

#define REQUIRE_PE_FIXTURES()                                                                                          \
    if (m_fixtures.isEmpty())                                                                                          \
    QSKIP("mingw-w64 is not installed (apt-get install mingw-w64): no PE fixtures were built")

void TestDependencyWalker::windowsMissingZlibwapiAndDelayLoadedCublas()
{
    REQUIRE_PE_FIXTURES();
    FakeWindows machine;
    const std::string bin = "C:\\CUDA\\v11.8\\bin";
    machine.add(bin, "cudnn_cnn_infer64_8.dll", fixture(QStringLiteral("cudnn_cnn_infer64_8.dll")));
    const SearchOrder order = machine.order({"C:\\App", "C:\\Windows\\System32", "C:\\Windows", bin});
    const DependencyWalk walk = walkDependencies(bin + "\\cudnn_cnn_infer64_8.dll", order);
    QVERIFY2(walk.rootReadable, walk.rootError.c_str());

    const DependencyLink* zlib = linkNamed(walk, "zlibwapi.dll");
    QVERIFY(zlib);
    QCOMPARE(zlib->status, DependencyStatus::Missing);
    QCOMPARE(zlib->neededBy, bin + "\\cudnn_cnn_infer64_8.dll");
    QVERIFY(!zlib->delayLoaded);
    const DependencyLink* cublas = linkNamed(walk, "cublasLt64_12.dll");
    QVERIFY(cublas);
    QCOMPARE(cublas->status, DependencyStatus::Missing);
    QVERIFY(cublas->delayLoaded);
    QCOMPARE(linkNamed(walk, "KERNEL32.dll")->status, DependencyStatus::System);
    QCOMPARE(linkNamed(walk, "msvcrt.dll")->status, DependencyStatus::System);
    QCOMPARE(walk.problems().size(), std::size_t(2));
}

void TestDependencyWalker::windowsZlibwapiFoundCaseInsensitivelyAndWalked()
{
    REQUIRE_PE_FIXTURES();
    FakeWindows machine;
    const std::string bin = "C:\\CUDA\\v11.8\\bin";
    machine.add(bin, "cudnn_cnn_infer64_8.dll", fixture(QStringLiteral("cudnn_cnn_infer64_8.dll")));
    machine.add("C:\\zlib\\dll_x64", "ZLIBWAPI.DLL", fixture(QStringLiteral("zlibwapi.dll")));
    const SearchOrder order = machine.order({"C:\\Windows\\System32", bin, "C:\\zlib\\dll_x64"});
    const DependencyWalk walk = walkDependencies(bin + "\\cudnn_cnn_infer64_8.dll", order);
    const DependencyLink* zlib = linkNamed(walk, "zlibwapi.dll");
    QVERIFY(zlib);
    QCOMPARE(zlib->status, DependencyStatus::Found);
    QCOMPARE(zlib->path, std::string("C:\\zlib\\dll_x64\\ZLIBWAPI.DLL"));
    QCOMPARE(zlib->foundVia, std::string("C:\\zlib\\dll_x64"));
    // zlibwapi.dll's own imports were walked as well (it needs KERNEL32 like everything else).
    const bool walkedZlib = std::any_of(
        walk.links.begin(), walk.links.end(), [&](const DependencyLink& link) { return link.neededBy == zlib->path; });
    QVERIFY(walkedZlib);
    QCOMPARE(walk.problems().size(), std::size_t(1)); // only the delay-loaded cuBLASLt is left
}

void TestDependencyWalker::windowsFirstFolderWins()
{
    REQUIRE_PE_FIXTURES();
    FakeWindows machine;
    machine.add("C:\\lib", "cudnn_cnn_infer64_8.dll", fixture(QStringLiteral("cudnn_cnn_infer64_8.dll")));
    machine.add("C:\\Windows\\System32", "zlibwapi.dll", fixture(QStringLiteral("zlibwapi.dll")));
    machine.add("C:\\CUDA\\bin", "zlibwapi.dll", fixture(QStringLiteral("zlibwapi.dll")));
    const DependencyWalk walk = walkDependencies("C:\\lib\\cudnn_cnn_infer64_8.dll",
                                                 machine.order({"C:\\Windows\\System32", "C:\\CUDA\\bin"}));
    QCOMPARE(linkNamed(walk, "zlibwapi.dll")->path, std::string("C:\\Windows\\System32\\zlibwapi.dll"));
}

void TestDependencyWalker::windowsOwnFolderIsNotSearched()
{
    REQUIRE_PE_FIXTURES();
    // zlibwapi.dll right next to the sub-library, but that folder is not on the search path: the loader does not
    // look there for a dependency (the seeds' "the file is right there" failure).
    FakeWindows machine;
    machine.add("D:\\cudnn\\bin", "cudnn_cnn_infer64_8.dll", fixture(QStringLiteral("cudnn_cnn_infer64_8.dll")));
    machine.add("D:\\cudnn\\bin", "zlibwapi.dll", fixture(QStringLiteral("zlibwapi.dll")));
    const DependencyWalk walk = walkDependencies("D:\\cudnn\\bin\\cudnn_cnn_infer64_8.dll",
                                                 machine.order({"C:\\App", "C:\\Windows\\System32"}));
    QCOMPARE(linkNamed(walk, "zlibwapi.dll")->status, DependencyStatus::Missing);
    // ... and once the folder is on PATH it is found.
    const DependencyWalk onPath
        = walkDependencies("D:\\cudnn\\bin\\cudnn_cnn_infer64_8.dll",
                           machine.order({"C:\\App", "C:\\Windows\\System32", "D:\\cudnn\\bin"}));
    QCOMPARE(linkNamed(onPath, "zlibwapi.dll")->status, DependencyStatus::Found);
}

void TestDependencyWalker::windowsVcRuntimeMissingThenInstalled()
{
    REQUIRE_PE_FIXTURES();
    FakeWindows machine;
    machine.add("C:\\App", "needs_vcruntime.dll", fixture(QStringLiteral("needs_vcruntime.dll")));
    const std::vector<std::string> folders{"C:\\App", "C:\\Windows\\System32"};
    const DependencyWalk before = walkDependencies("C:\\App\\needs_vcruntime.dll", machine.order(folders));
    QCOMPARE(linkNamed(before, "vcruntime140.dll")->status, DependencyStatus::Missing);
    QCOMPARE(linkNamed(before, "msvcp140.dll")->status, DependencyStatus::Missing);

    // The redistributable puts both into System32 (any PE DLL stands in for them here).
    machine.add("C:\\Windows\\System32", "VCRUNTIME140.dll", fixture(QStringLiteral("zlibwapi.dll")));
    machine.add("C:\\Windows\\System32", "MSVCP140.dll", fixture(QStringLiteral("zlibwapi.dll")));
    const DependencyWalk after = walkDependencies("C:\\App\\needs_vcruntime.dll", machine.order(folders));
    QCOMPARE(linkNamed(after, "vcruntime140.dll")->status, DependencyStatus::Found);
    QCOMPARE(linkNamed(after, "msvcp140.dll")->status, DependencyStatus::Found);
    QVERIFY(after.problems().empty());
}

void TestDependencyWalker::windowsWrongMachineStopsTheSearch()
{
    REQUIRE_PE_FIXTURES();
    QTemporaryDir temp;
    QByteArray bytes;
    {
        QFile file(fixture(QStringLiteral("zlibwapi.dll")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        bytes = file.readAll();
    }
    const quint32 pe = quint32(uchar(bytes[0x3C])) | quint32(uchar(bytes[0x3D])) << 8;
    bytes[pe + 4] = char(0x4C); // IMAGE_FILE_MACHINE_I386: a 32-bit zlibwapi.dll
    bytes[pe + 5] = char(0x01);
    const QString x86 = temp.filePath(QStringLiteral("zlibwapi32.dll"));
    {
        QFile file(x86);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
    }
    FakeWindows machine;
    machine.add("C:\\lib", "cudnn_cnn_infer64_8.dll", fixture(QStringLiteral("cudnn_cnn_infer64_8.dll")));
    machine.add("C:\\x86", "zlibwapi.dll", x86);
    machine.add("C:\\x64", "zlibwapi.dll", fixture(QStringLiteral("zlibwapi.dll")));
    const DependencyWalk walk
        = walkDependencies("C:\\lib\\cudnn_cnn_infer64_8.dll", machine.order({"C:\\x86", "C:\\x64"}));
    const DependencyLink* zlib = linkNamed(walk, "zlibwapi.dll");
    QCOMPARE(zlib->status, DependencyStatus::WrongMachine); // Windows does not search on: error 193
    QCOMPARE(zlib->path, std::string("C:\\x86\\zlibwapi.dll"));
    QVERIFY(!zlib->detail.empty());
}

void TestDependencyWalker::windowsZeroByteDllIsUnreadable()
{
    REQUIRE_PE_FIXTURES();
    QTemporaryDir temp;
    const QString empty = temp.filePath(QStringLiteral("empty.dll"));
    {
        QFile file(empty);
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    FakeWindows machine;
    machine.add("C:\\lib", "cudnn_cnn_infer64_8.dll", fixture(QStringLiteral("cudnn_cnn_infer64_8.dll")));
    machine.add("C:\\lib2", "zlibwapi.dll", empty);
    const DependencyWalk walk = walkDependencies("C:\\lib\\cudnn_cnn_infer64_8.dll", machine.order({"C:\\lib2"}));
    QCOMPARE(linkNamed(walk, "zlibwapi.dll")->status, DependencyStatus::Unreadable);
}

void TestDependencyWalker::linuxRealCudnnResolvesEveryDependency()
{
    const QString cnn = QDir(kRealCudnnDir).filePath(QStringLiteral("libcudnn_cnn.so.9"));
    if (!QFile::exists(cnn) || !QFile::exists(QStringLiteral("/lib/x86_64-linux-gnu/libz.so.1")))
        QSKIP("needs the real cuDNN 9 in /usr/local/cuda-13.0/lib and an x86_64 Debian multiarch libz");
    const SearchOrder order = linuxDiskOrder({}, {"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu"});
    const DependencyWalk walk = walkDependencies(cnn.toStdString(), order);
    QVERIFY(walk.rootReadable);
    const DependencyLink* ops = linkNamed(walk, "libcudnn_ops.so.9");
    QCOMPARE(ops->status, DependencyStatus::Found);
    QCOMPARE(ops->foundVia, std::string("RUNPATH")); // $ORIGIN, expanded
    QCOMPARE(QString::fromStdString(ops->path), QDir(kRealCudnnDir).filePath(QStringLiteral("libcudnn_ops.so.9")));
    const DependencyLink* zlib = linkNamed(walk, "libz.so.1");
    QCOMPARE(zlib->status, DependencyStatus::Found);
    QCOMPARE(zlib->path, std::string("/lib/x86_64-linux-gnu/libz.so.1"));
    QCOMPARE(zlib->foundVia, std::string("default folder"));
    QCOMPARE(linkNamed(walk, "libc.so.6")->status, DependencyStatus::System);
    QVERIFY2(walk.problems().empty(), walk.problems().empty() ? "" : walk.problems().front().name.c_str());
}

void TestDependencyWalker::linuxNoZlibOnTheMachine()
{
    const QString cnn = QDir(kRealCudnnDir).filePath(QStringLiteral("libcudnn_cnn.so.9"));
    if (!QFile::exists(cnn))
        QSKIP("needs the real cuDNN 9 in /usr/local/cuda-13.0/lib");
    // No default folders and no cache: a machine without zlib (and without libstdc++).
    const DependencyWalk walk = walkDependencies(cnn.toStdString(), linuxDiskOrder({}, {}));
    const auto problems = walk.problems();
    QVERIFY(std::any_of(problems.begin(), problems.end(), [](const DependencyLink& link) {
        return link.name == "libz.so.1" && link.status == DependencyStatus::Missing;
    }));
    // The sub-libraries next to it are still found through RUNPATH.
    QCOMPARE(linkNamed(walk, "libcudnn_graph.so.9")->status, DependencyStatus::Found);
}

void TestDependencyWalker::linuxLdLibraryPathSuppliesAMissingLibrary()
{
    const std::string cnn = (m_fakes + QStringLiteral("/verify-missing-dependency/libcudnn_cnn.so.9")).toStdString();
    const DependencyWalk missing = walkDependencies(cnn, linuxDiskOrder({}, {}));
    QCOMPARE(linkNamed(missing, "libcudnnsetup_absent.so.1")->status, DependencyStatus::Missing);

    const std::string absent = (m_fakes + QStringLiteral("/_absent")).toStdString();
    const DependencyWalk found = walkDependencies(cnn, linuxDiskOrder({absent}, {}));
    const DependencyLink* link = linkNamed(found, "libcudnnsetup_absent.so.1");
    QCOMPARE(link->status, DependencyStatus::Found);
    QCOMPARE(link->foundVia, std::string("LD_LIBRARY_PATH"));
}

void TestDependencyWalker::linuxLoaderCacheAndWrongMachineSkipped()
{
    const QString real = m_fakes + QStringLiteral("/_absent/libcudnnsetup_absent.so.1");
    QTemporaryDir temp;
    QByteArray bytes;
    {
        QFile file(real);
        QVERIFY(file.open(QIODevice::ReadOnly));
        bytes = file.readAll();
    }
    bytes[18] = char(183); // EM_AARCH64: an arm64 build of the same library
    bytes[19] = 0;
    QDir(temp.path()).mkdir(QStringLiteral("arm64"));
    {
        QFile file(temp.filePath(QStringLiteral("arm64/libcudnnsetup_absent.so.1")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
    }
    SearchOrder order = linuxDiskOrder({temp.filePath(QStringLiteral("arm64")).toStdString()}, {});
    order.loaderCache["libcudnnsetup_absent.so.1"] = {real.toStdString()};
    const std::string cnn = (m_fakes + QStringLiteral("/verify-missing-dependency/libcudnn_cnn.so.9")).toStdString();
    const DependencyWalk walk = walkDependencies(cnn, order);
    const DependencyLink* link = linkNamed(walk, "libcudnnsetup_absent.so.1");
    QCOMPARE(link->status, DependencyStatus::Found); // the arm64 copy was skipped, as ld.so skips it
    QCOMPARE(link->foundVia, std::string("ld.so cache"));
    QCOMPARE(QString::fromStdString(link->path), real);

    order.loaderCache.clear();
    const DependencyWalk onlyArm = walkDependencies(cnn, order);
    const DependencyLink* missing = linkNamed(onlyArm, "libcudnnsetup_absent.so.1");
    QCOMPARE(missing->status, DependencyStatus::Missing);
    QVERIFY(QString::fromStdString(missing->detail).contains(QStringLiteral("skipped")));
}

void TestDependencyWalker::locateFollowsTheRequestersRunpath()
{
    const std::string main = (m_fakes + QStringLiteral("/verify-ok/libcudnn.so.9")).toStdString();
    const SearchOrder order = linuxDiskOrder({}, {});
    const DependencyLink viaRunpath = locateLibrary("libcudnn_ops.so.9", order, main);
    QCOMPARE(viaRunpath.status, DependencyStatus::Found);
    QCOMPARE(viaRunpath.foundVia, std::string("RUNPATH"));
    QCOMPARE(QString::fromStdString(viaRunpath.path), m_fakes + QStringLiteral("/verify-ok/libcudnn_ops.so.9"));
    // LD_LIBRARY_PATH comes before RUNPATH.
    const std::string other = (m_fakes + QStringLiteral("/verify-empty-file")).toStdString();
    const DependencyLink viaPath = locateLibrary("libcudnn_ops.so.9", linuxDiskOrder({other}, {}), main);
    QCOMPARE(viaPath.foundVia, std::string("LD_LIBRARY_PATH"));
    QCOMPARE(viaPath.status, DependencyStatus::Unreadable); // that copy is 0 bytes
    // Without a requester nobody's RUNPATH applies.
    QCOMPARE(locateLibrary("libcudnn_ops.so.9", order).status, DependencyStatus::Missing);
}

void TestDependencyWalker::unreadableRoot()
{
    const DependencyWalk walk = walkDependencies("/nonexistent/libcudnn.so.9", linuxDiskOrder({}, {}));
    QVERIFY(!walk.rootReadable);
    QVERIFY(!walk.rootError.empty());
    QVERIFY(walk.links.empty());
}

QTEST_GUILESS_MAIN(TestDependencyWalker)
#include "TestDependencyWalker.moc"
