#include "ArchiveBuilder.h"
#include "FetchFixtures.h"
#include "LoopbackHttpServer.h"
#include "RedistTree.h"
#include "SilentRun.h"
#include "TestTree.h"

#include <QJsonObject>
#include <QtTest>

using namespace FetchFixtures;

/**
 * `cudnn-setup --silent --fetch` against a redist tree served on 127.0.0.1 by the test: the dry run says what it
 * would fetch and downloads nothing; a real run downloads, verifies and installs into a temporary toolkit; the
 * next run finds the archive in the cache; a mirror with nothing there, a corrupted archive, nothing compatible
 * and a bad address each end with their documented exit code and leave the toolkit as it was.
 */
class TestFetchCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void dryRunSaysWhatItWouldFetchAndDownloadsNothing();
    void fetchInstallsThenTheCacheServesTheNextRun();
    void mirrorWithNothingThereExitsEight();
    void corruptedArchiveExitsNineAndInstallsNothing();
    void nothingCompatibleExitsThreeAndSaysWhatIsNeeded();
    void pythonEnvironmentsFrameworksChooseTheBuild();
    void badArguments_data();
    void badArguments();

private:
    using Run = SilentRun::Result;
    Run run(const QStringList& arguments);
    /** `--fetch --mirror <mirror> --cuda-root <root> --cache <the test's cache>`. */
    QStringList fetchArgs(const QString& mirror, const QString& root) const;
    QString makeToolkit(const QString& name, int cudaCode);
    int archiveRequests() const;

    TestTree m_shared;
    std::unique_ptr<LoopbackHttpServer> m_server;
    QString m_mirror;
    std::unique_ptr<TestTree> m_tree;
    QString m_cache;
};

void TestFetchCli::initTestCase()
{
    RedistTree redist(m_shared.path(QStringLiteral("mirror")));
    addThreeReleases(redist);
    m_mirror = redist.root();
    m_server = std::make_unique<LoopbackHttpServer>(m_mirror);
    QVERIFY(m_server->isListening());
}

void TestFetchCli::init()
{
    m_tree = std::make_unique<TestTree>();
    m_cache = m_tree->path(QStringLiteral("cache"));
    m_server->clearLog();
}

QString TestFetchCli::makeToolkit(const QString& name, int cudaCode)
{
    m_tree->writeFile(name + QStringLiteral("/include/cuda.h"),
                      "#define CUDA_VERSION " + QByteArray::number(cudaCode) + "\n");
    m_tree->makeDir(name + QStringLiteral("/lib"));
    m_tree->symlink(name + QStringLiteral("/lib64"), QStringLiteral("lib"));
    return QFileInfo(m_tree->path(name)).canonicalFilePath();
}

int TestFetchCli::archiveRequests() const
{
    int count = 0;
    for (const LoopbackHttpServer::Request& request : m_server->requests())
        count += request.path.startsWith(QLatin1String("/cudnn/")) ? 1 : 0;
    return count;
}

TestFetchCli::Run TestFetchCli::run(const QStringList& arguments)
{
    SilentRun silent(m_tree->path(QStringLiteral("report.json")));
    for (const char* proxy : {"http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"})
        silent.unset(QLatin1String(proxy));
    // Whatever the command does with home, it does in the test's folder.
    silent.set(QStringLiteral("HOME"), m_tree->path(QStringLiteral("home")));
    silent.set(QStringLiteral("XDG_CACHE_HOME"), m_tree->path(QStringLiteral("home/.cache")));
    return silent.run(arguments);
}

QStringList TestFetchCli::fetchArgs(const QString& mirror, const QString& root) const
{
    return {QStringLiteral("--fetch"),
            QStringLiteral("--mirror"),
            mirror,
            QStringLiteral("--cuda-root"),
            root,
            QStringLiteral("--cache"),
            m_cache};
}

void TestFetchCli::dryRunSaysWhatItWouldFetchAndDownloadsNothing()
{
    const QString root = makeToolkit(QStringLiteral("cuda-13.0"), 13000);
    const Run r = run(fetchArgs(m_server->url().toString(), root) + QStringList{QStringLiteral("--dry-run")});
    QVERIFY2(r.exitCode == 0, r.out + r.err);
    QVERIFY2(r.out.contains("Fetch cuDNN 9.19.0 for CUDA 13 (linux-x86_64)"), r.out);
    QVERIFY(r.out.contains("Not chosen:\n  cuDNN 9.19.0 for CUDA 12 (linux-x86_64): This is cuDNN 9.19.0 for CUDA 12; "
                           "your toolkit is 13.0."));
    QVERIFY(r.out.contains("Would download"));
    QCOMPARE(r.report.value(QStringLiteral("command")).toString(), QStringLiteral("dry-run"));
    QCOMPARE(r.report.value(QStringLiteral("status")).toString(), QStringLiteral("planned"));
    const QJsonObject fetch = r.report.value(QStringLiteral("fetch")).toObject();
    QCOMPARE(fetch.value(QStringLiteral("chosen")).toObject().value(QStringLiteral("cuda_variant")).toInt(), 13);
    QCOMPARE(fetch.value(QStringLiteral("candidates")).toArray().size(), 3);
    QVERIFY(fetch.value(QStringLiteral("download")).isNull());
    QVERIFY(reportCodes(r.report).contains(QStringLiteral("FETCH-CHOSEN")));
    QCOMPARE(archiveRequests(), 0);
    QVERIFY(!QFileInfo::exists(m_cache));
    QVERIFY(!QFileInfo::exists(root + QStringLiteral("/include/cudnn.h")));
}

void TestFetchCli::fetchInstallsThenTheCacheServesTheNextRun()
{
    const QString root = makeToolkit(QStringLiteral("cuda-13.0"), 13000);
    const QStringList install = fetchArgs(m_server->url().toString(), root)
        + QStringList{QStringLiteral("--path-scope"),
                      QStringLiteral("none"),
                      QStringLiteral("--no-benchmark"),
                      QStringLiteral("--no-verify")}; // synthetic libraries: they cannot load
    const Run installed = run(install);
    QVERIFY2(installed.exitCode == 0, installed.out + installed.err);
    QCOMPARE(archiveRequests(), 1);
    const QString archive = m_cache + QStringLiteral("/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz");
    QVERIFY(QFileInfo(archive).isFile());
    QVERIFY(QFileInfo(root + QStringLiteral("/lib/libcudnn.so.9.19.0")).isFile());
    QVERIFY(QFileInfo(root + QStringLiteral("/include/cudnn_version.h")).isFile());
    QCOMPARE(installed.report.value(QStringLiteral("command")).toString(), QStringLiteral("install"));
    const QJsonObject package = installed.report.value(QStringLiteral("package")).toObject();
    QCOMPARE(package.value(QStringLiteral("file")).toString(), archive); // as if --package had named it
    const QJsonObject fetch = installed.report.value(QStringLiteral("fetch")).toObject();
    QCOMPARE(fetch.value(QStringLiteral("download")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("downloaded"));
    QVERIFY(reportCodes(installed.report).contains(QStringLiteral("PKG-CHECKSUM-VERIFIED")));

    // The next run (a dry run here) finds the archive in the cache and plans with it: no archive request.
    const Run again = run(fetchArgs(m_server->url().toString(), root) + QStringList{QStringLiteral("--dry-run")});
    QVERIFY2(again.exitCode == 0, again.out + again.err);
    QVERIFY(again.out.contains("Already in the cache, verified"));
    QCOMPARE(archiveRequests(), 1);
    QCOMPARE(again.report.value(QStringLiteral("package")).toObject().value(QStringLiteral("file")).toString(),
             archive);
}

void TestFetchCli::mirrorWithNothingThereExitsEight()
{
    const QString root = makeToolkit(QStringLiteral("cuda-13.0"), 13000);
    const Run r = run(fetchArgs(m_server->url(QStringLiteral("/no/such/place/")).toString(), root));
    QCOMPARE(r.exitCode, 8);
    QVERIFY(reportCodes(r.report).contains(QStringLiteral("FETCH-NOT-FOUND")));
    QCOMPARE(r.report.value(QStringLiteral("status")).toString(), QStringLiteral("nothing_found"));
}

void TestFetchCli::corruptedArchiveExitsNineAndInstallsNothing()
{
    // A mirror whose archive rotted after its manifest was written.
    TestTree rotten;
    RedistTree redist(rotten.path(QStringLiteral("mirror")));
    const QString archive = redist.add(spec(Version{9, 19, 0, 56}, QStringLiteral("13")));
    redist.writeManifests();
    flipByte(archive, QFileInfo(archive).size() / 2);
    LoopbackHttpServer server(redist.root());

    const QString root = makeToolkit(QStringLiteral("cuda-13.0"), 13000);
    const Run r
        = run(fetchArgs(server.url().toString(), root)
              + QStringList{QStringLiteral("--path-scope"), QStringLiteral("none"), QStringLiteral("--no-benchmark")});
    QCOMPARE(r.exitCode, 9);
    QVERIFY(reportCodes(r.report).contains(QStringLiteral("FETCH-CHECKSUM-MISMATCH")));
    QCOMPARE(r.report.value(QStringLiteral("status")).toString(), QStringLiteral("download_failed"));
    QVERIFY(QDir(m_cache).entryList(QDir::Files).isEmpty()); // discarded, .part included
    QVERIFY(!QFileInfo::exists(root + QStringLiteral("/include/cudnn.h")));
}

void TestFetchCli::nothingCompatibleExitsThreeAndSaysWhatIsNeeded()
{
    const QString root = makeToolkit(QStringLiteral("cuda-11.8"), 11080);
    const Run r
        = run(fetchArgs(QUrl::fromLocalFile(m_mirror).toString(), root) + QStringList{QStringLiteral("--dry-run")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY(reportCodes(r.report).contains(QStringLiteral("FETCH-NONE-COMPATIBLE")));
    QVERIFY2(r.out.contains("is built for CUDA 11"), r.out);
    QVERIFY(r.out.contains("(there are builds for CUDA 12, 13)"));
    QCOMPARE(m_server->requestCount(), 0); // file:// needs no server
}

void TestFetchCli::pythonEnvironmentsFrameworksChooseTheBuild()
{
    // NVIDIA's real manifests (8.9.7 ... 9.27.0) in a folder mirror; a venv whose TensorFlow 2.15 loads cuDNN 8.9+.
    const QDir real(QDir::cleanPath(qEnvironmentVariable("CUDNN_SETUP_TEST_DATA")
                                    + QStringLiteral("/../../unit/package/data/redistrib")));
    const QString mirror = m_tree->makeDir(QStringLiteral("real-mirror"));
    for (const QString& name : real.entryList({QStringLiteral("redistrib_*.json")}, QDir::Files))
        QVERIFY(QFile::copy(real.filePath(name), mirror + QLatin1Char('/') + name));
    m_tree->writeFile(QStringLiteral("tf/pyvenv.cfg"), "home = /usr/bin\nversion = 3.11.4\n");
    m_tree->writeFile(QStringLiteral("tf/lib/python3.11/site-packages/tensorflow-2.15.0.dist-info/METADATA"),
                      "Metadata-Version: 2.1\nName: tensorflow\nVersion: 2.15.0\n");
    const QString venv = QFileInfo(m_tree->path(QStringLiteral("tf"))).canonicalFilePath();
    const QString root = makeToolkit(QStringLiteral("cuda-12.2"), 12020);
    const QStringList fetch = fetchArgs(QUrl::fromLocalFile(mirror).toString(), root) + QStringList{"--dry-run"};

    const Run plain = run(fetch);
    QVERIFY2(plain.out.contains("Fetch cuDNN 9.27.0 for CUDA 12"), plain.out + plain.err);

    const Run served = run(fetch + QStringList{QStringLiteral("--python-env"), venv});
    QVERIFY2(served.out.contains("Fetch cuDNN 8.9.7 for CUDA 12"), served.out + served.err);
    QVERIFY2(served.out.contains("cuDNN 8.9.7.29 serves every framework that loads cuDNN from this machine: tensorflow "
                                 "2.15.0."),
             served.out);
    QVERIFY(reportCodes(served.report).contains(QStringLiteral("FW-CHOICE-SERVES")));
}

void TestFetchCli::badArguments_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("ftp mirror") << QStringList{"--fetch", "--mirror", "ftp://mirror.lab/redist"};
    QTest::newRow("fetch and package") << QStringList{"--fetch", "--package", "/tmp/x.tar.xz"};
    QTest::newRow("mirror without fetch") << QStringList{"--package", "/tmp/x.tar.xz", "--mirror", "http://m/"};
    QTest::newRow("mirror and manifest") << QStringList{
        "--fetch", "--mirror", "http://m/", "--manifest", "http://m/r.json"};
}

void TestFetchCli::badArguments()
{
    QFETCH(QStringList, arguments);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestFetchCli)
#include "TestFetchCli.moc"
