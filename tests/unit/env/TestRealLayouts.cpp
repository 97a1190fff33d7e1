#include "TestTree.h"
#include "ToolkitLayout.h"
#include "common/FileIdentity.h"
#include "env/EnvironmentService.h"
#include "repair/RepairScanner.h"

#include <QtTest>

/**
 * NVIDIA's real toolkit layouts, laid out from the listing of real trees (tests/support/layouts): CUDA 13's
 * lib64 -> lib, CUDA 12's lib64 -> targets/x86_64-linux/lib, /usr/local/cuda -> cuda-X, and the loader cache
 * naming the toolkit's lib by another name than the fix would. One folder under two names is one place: a healthy
 * toolkit has no conflict, and the search path analysis, repair and the /usr/local/cuda check all agree.
 */
class TestRealLayouts : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void sameLocationFollowsLinks();
    void healthyToolkitHasNoConflict_data();
    void healthyToolkitHasNoConflict();
    void repairOfAHealthyToolkitFindsNothing();
    void aStaleCopyStillLoses();
    void installIntoARegisteredToolkitNeedsNoFix();

private:
    /** Lays out a toolkit with cuDNN 9.19 in its library folder, registered with the loader as cache names it. */
    QString layOut(const QString& listing, const QString& at, const QString& cacheNames, int cudaMajor);
    EnvironmentLocations locations(const QString& path) const;
    EnvironmentReport analyse(const QString& toolkit, int cudaMajor, const QString& path) const;

    std::unique_ptr<TestTree> m_tree;
};

void TestRealLayouts::init()
{
    m_tree = std::make_unique<TestTree>();
    m_tree->makeDir(QStringLiteral("home"));
    m_tree->writeFile(QStringLiteral("root/etc/ld.so.conf"), "include /etc/ld.so.conf.d/*.conf\n");
}

QString TestRealLayouts::layOut(const QString& listing, const QString& at, const QString& cacheNames, int cudaMajor)
{
    QMap<QString, QByteArray> contents{{QStringLiteral("include/cuda.h"), ToolkitLayout::cudaHeader(cudaMajor, 0)}};
    contents.insert(QStringLiteral("include/cudnn_version.h"), ToolkitLayout::cudnnVersionHeader(9, 19, 0));
    const QString root = ToolkitLayout::layOut(listing, m_tree->path(QStringLiteral("root")), at, contents);
    // CUDA 12's listing holds no cuDNN: put it where the real libraries are, behind the lib64 link.
    const QDir libraries(QFileInfo(root + QStringLiteral("/lib64")).canonicalFilePath());
    for (const char* name : {"libcudnn.so.9",
                             "libcudnn_graph.so.9",
                             "libcudnn_ops.so.9",
                             "libcudnn_cnn.so.9",
                             "libcudnn_adv.so.9",
                             "libcudnn_heuristic.so.9",
                             "libcudnn_engines_precompiled.so.9",
                             "libcudnn_engines_runtime_compiled.so.9"}) {
        QFile library(libraries.filePath(QLatin1String(name)));
        if (!library.exists() && (!library.open(QIODevice::WriteOnly) || library.write("stub") != 4))
            qFatal("cannot write %s", qPrintable(library.fileName()));
    }
    m_tree->writeFile(QStringLiteral("root/etc/ld.so.conf.d/zz-cuda.conf"), cacheNames.toUtf8() + '\n');
    return root;
}

EnvironmentLocations TestRealLayouts::locations(const QString& path) const
{
    EnvironmentLocations l;
    l.host.os = OsFlavor::Linux;
    l.host.variables = {{QStringLiteral("PATH"), path}};
    l.homeDirectory = m_tree->path(QStringLiteral("home"));
    l.systemRoot = SystemRoot(m_tree->path(QStringLiteral("root")));
    l.loginShell = QStringLiteral("/bin/bash");
    l.store = std::make_shared<MemoryEnvironmentStore>();
    l.listing = std::make_shared<LocalDirectoryListing>();
    return l;
}

EnvironmentReport TestRealLayouts::analyse(const QString& toolkit, int cudaMajor, const QString& path) const
{
    const EnvironmentService service(locations(path));
    EnvironmentTarget target;
    target.toolkitRoot = toolkit;
    target.cudaVersion = Version{cudaMajor, 0};
    target.cudnnVersion = Version{9, 19, 0};
    return service.analyse(target, EnvironmentScope::User);
}

void TestRealLayouts::sameLocationFollowsLinks()
{
    const QString root = layOut(QStringLiteral("cuda-13.0"),
                                QStringLiteral("/usr/local/cuda-13.0"),
                                QStringLiteral("/usr/local/cuda-13.0/lib"),
                                13);
    m_tree->symlink(QStringLiteral("root/usr/local/cuda"), QStringLiteral("cuda-13.0"));
    const QString viaLink = m_tree->path(QStringLiteral("root/usr/local/cuda/lib64"));
    QVERIFY(sameLocation(OsFlavor::Linux, root + QStringLiteral("/lib64"), root + QStringLiteral("/lib")));
    QVERIFY(sameLocation(OsFlavor::Linux, viaLink, root + QStringLiteral("/targets/x86_64-linux/lib")));
    QVERIFY(sameLocation(
        OsFlavor::Linux, viaLink + QStringLiteral("/libcudnn.so"), root + QStringLiteral("/lib/libcudnn.so.9")));
    QVERIFY(!sameLocation(OsFlavor::Linux, root + QStringLiteral("/lib"), root + QStringLiteral("/bin")));
    // Not there (yet), or another OS's path: compared as paths.
    QVERIFY(sameLocation(OsFlavor::Linux, QStringLiteral("/no/such/dir/"), QStringLiteral("/no/such/./dir")));
    QVERIFY(!sameLocation(OsFlavor::Linux, QStringLiteral("/no/such/a"), QStringLiteral("/no/such/b")));
    QVERIFY(sameLocation(OsFlavor::Windows, QStringLiteral("C:\\CUDA\\bin"), QStringLiteral("c:/cuda/BIN")));
}

void TestRealLayouts::healthyToolkitHasNoConflict_data()
{
    QTest::addColumn<QString>("listing");
    QTest::addColumn<QString>("at");
    QTest::addColumn<QString>("cacheNames"); // what /etc/ld.so.conf.d registers
    QTest::addColumn<QString>("target"); // the toolkit as the person names it
    QTest::addColumn<int>("cuda");
    QTest::newRow("CUDA 13: lib64 -> lib, the cache names lib") << "cuda-13.0"
                                                                << "/usr/local/cuda-13.0"
                                                                << "/usr/local/cuda-13.0/lib"
                                                                << "/usr/local/cuda-13.0" << 13;
    QTest::newRow("CUDA 13 named through /usr/local/cuda") << "cuda-13.0"
                                                           << "/usr/local/cuda-13.0"
                                                           << "/usr/local/cuda-13.0/lib"
                                                           << "/usr/local/cuda" << 13;
    QTest::newRow("CUDA 13: the cache names /usr/local/cuda/lib64") << "cuda-13.0"
                                                                    << "/usr/local/cuda-13.0"
                                                                    << "/usr/local/cuda/lib64"
                                                                    << "/usr/local/cuda-13.0" << 13;
    QTest::newRow("CUDA 12: lib64 -> targets/x86_64-linux/lib") << "cuda-12.4"
                                                                << "/usr/local/cuda-12.4"
                                                                << "/usr/local/cuda-12.4/targets/x86_64-linux/lib"
                                                                << "/usr/local/cuda-12.4" << 12;
}

void TestRealLayouts::healthyToolkitHasNoConflict()
{
    QFETCH(QString, listing);
    QFETCH(QString, at);
    QFETCH(QString, cacheNames);
    QFETCH(QString, target);
    QFETCH(int, cuda);
    const QString root = layOut(listing, at, cacheNames, cuda);
    // NVIDIA's runfile writes the link absolute; inside the test's "/" it is relative, which the kernel and the
    // analysis both follow there.
    m_tree->symlink(QStringLiteral("root/usr/local/cuda"), QFileInfo(root).fileName());
    const QString toolkit = m_tree->path(QStringLiteral("root") + target);
    const EnvironmentReport report
        = analyse(toolkit, cuda, m_tree->path(QStringLiteral("root/usr/local/cuda/bin")) + QStringLiteral(":/usr/bin"));

    QStringList conflicts;
    for (const EnvironmentConflict& conflict : report.conflicts)
        conflicts.append(conflict.library + QStringLiteral(" from ") + conflict.winner.value_or(LibraryCopy{}).path);
    QCOMPARE(conflicts, QStringList{});
    QVERIFY2(report.plan.isEmpty(), qPrintable(report.plan.diffText()));
    QVERIFY(report.cudaLink && report.cudaLink->pointsAtTarget);
    for (const Diagnostic& d : report.diagnostics)
        QVERIFY2(d.severity == Severity::Info, qPrintable(d.code + QStringLiteral(": ") + d.message));
    // The fix, were one needed, names the folder by the toolkit's first name for it, once.
    QCOMPARE(report.libraryDirs, QStringList{toolkit + QStringLiteral("/lib64")});
    // Each library is one copy, not a winner shadowing itself under another name.
    for (const LibraryStatus& status : report.libraries)
        QVERIFY2(status.before.shadowed.isEmpty(), qPrintable(status.before.library));
}

void TestRealLayouts::repairOfAHealthyToolkitFindsNothing()
{
    const QString root = layOut(QStringLiteral("cuda-13.0"),
                                QStringLiteral("/usr/local/cuda-13.0"),
                                QStringLiteral("/usr/local/cuda-13.0/lib"),
                                13);
    m_tree->symlink(QStringLiteral("root/usr/local/cuda"), QStringLiteral("cuda-13.0"));
    const EnvironmentReport report
        = analyse(root, 13, m_tree->path(QStringLiteral("root/usr/local/cuda/bin")) + QStringLiteral(":/usr/bin"));
    RepairScanOptions options;
    options.roots = {m_tree->path(QStringLiteral("root/usr/local/cuda"))};
    options.environment = &report;
    const RepairScan scan = RepairScanner(options).scan(SystemSnapshot{});
    QStringList found;
    for (const RepairFinding& finding : scan.findings)
        found.append(finding.diagnostic.code + QStringLiteral(": ") + finding.diagnostic.message);
    QCOMPARE(found, QStringList{});
    QVERIFY(scan.isClean());
}

void TestRealLayouts::aStaleCopyStillLoses()
{
    // Identity must not hide a real conflict: another toolkit's cuDNN first in the cache still wins.
    const QString root = layOut(QStringLiteral("cuda-13.0"),
                                QStringLiteral("/usr/local/cuda-13.0"),
                                QStringLiteral("/opt/old/lib64\n/usr/local/cuda-13.0/lib"),
                                13);
    m_tree->writeFile(QStringLiteral("root/opt/old/lib64/libcudnn.so.9"), "stale");
    const EnvironmentReport report = analyse(root, 13, root + QStringLiteral("/bin:/usr/bin"));
    QCOMPARE(report.conflicts.size(), 1);
    QCOMPARE(report.conflicts.first().library, QStringLiteral("libcudnn.so.9"));
    QVERIFY(report.conflicts.first().fixedByPlan);
    QCOMPARE(report.conflicts.first().shadowed.size(), 1); // the toolkit's copy, once
}

void TestRealLayouts::installIntoARegisteredToolkitNeedsNoFix()
{
    // Before cuDNN is in: the plan sees its files where they will be (lib64), and the loader cache finds them in lib,
    // the same folder. A toolkit NVIDIA registered with the loader needs no profile change.
    const QString root = layOut(QStringLiteral("cuda-13.0"),
                                QStringLiteral("/usr/local/cuda-13.0"),
                                QStringLiteral("/usr/local/cuda-13.0/lib"),
                                13);
    for (const QString& name : QDir(root + QStringLiteral("/lib")).entryList({QStringLiteral("libcudnn*")}))
        QVERIFY(QFile::remove(root + QStringLiteral("/lib/") + name));
    const EnvironmentReport report = analyse(root, 13, root + QStringLiteral("/bin:/usr/bin"));
    QStringList conflicts;
    for (const EnvironmentConflict& conflict : report.conflicts)
        conflicts.append(conflict.library);
    QCOMPARE(conflicts, QStringList{});
    QVERIFY2(report.plan.isEmpty(), qPrintable(report.plan.diffText()));
}

QTEST_GUILESS_MAIN(TestRealLayouts)
#include "TestRealLayouts.moc"
