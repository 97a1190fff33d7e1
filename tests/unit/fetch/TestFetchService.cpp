#include "FetchCode.h"
#include "FetchFixtures.h"
#include "FetchService.h"
#include "LoopbackHttpServer.h"
#include "RedistTree.h"
#include "TestTree.h"
#include "install/PackageService.h"

#include <QtTest>

using namespace FetchFixtures;

/**
 * The whole way from a mirror to an archive the installer accepts: manifests found in the server's directory
 * listing, named outright, or read from a file:// mirror; a mirror that is not there or lists nothing; and the
 * fetched archive handed to the package picker exactly as a dropped file would be.
 */
class TestFetchService : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void plansFromTheListing();
    void plansFromOneManifest();
    void plansFromAFileMirror();
    void brokenManifestIsReportedOthersStillCount();
    void mirrorThatIsNotThere();
    void mirrorWithoutManifests();
    void fetchedArchiveGoesToThePickerAsADroppedFileWould();

private:
    FetchOptions options(const QUrl& root) const;

    TestTree m_tree;
    std::unique_ptr<LoopbackHttpServer> m_server;
    QString m_mirror;
    QString m_best;
};

void TestFetchService::initTestCase()
{
    RedistTree redist(m_tree.path(QStringLiteral("mirror")));
    m_best = addThreeReleases(redist);
    m_mirror = redist.root();
    m_server = std::make_unique<LoopbackHttpServer>(m_mirror);
    QVERIFY(m_server->isListening());
}

FetchOptions TestFetchService::options(const QUrl& root) const
{
    FetchOptions options;
    options.source.root = root;
    options.cacheFolder = m_tree.path(QStringLiteral("cache"));
    options.transferTimeoutMs = 10000;
    return options;
}

void TestFetchService::plansFromTheListing()
{
    m_server->clearLog();
    const FetchPlanning planning
        = FetchService::plan(options(m_server->url()), machine(QStringLiteral("/opt/cuda-13.0")), std::nullopt, false);
    QVERIFY2(planning.ok(), qPrintable(planning.plan.explanation()));
    QCOMPARE(planning.index.manifests.size(), 2);
    QCOMPARE(planning.index.manifests.first(), m_server->url(QStringLiteral("/redistrib_9.19.0.json")));
    QCOMPARE(planning.index.archives.size(), 3);
    QCOMPARE(planning.plan.chosen()->fileName(), QFileInfo(m_best).fileName());
    QCOMPARE(planning.plan.chosen()->url,
             m_server->url(QStringLiteral("/cudnn/linux-x86_64/") + QFileInfo(m_best).fileName()));
    QCOMPARE(m_server->requestCount(), 3); // the listing and two manifests; no archive
}

void TestFetchService::plansFromOneManifest()
{
    FetchOptions named = options(m_server->url());
    named.source = *FetchSource::fromManifest(m_server->url(QStringLiteral("/redistrib_9.16.0.json")).toString());
    const FetchPlanning planning
        = FetchService::plan(named, machine(QStringLiteral("/opt/cuda-13.0")), std::nullopt, false);
    QVERIFY(planning.ok());
    QCOMPARE(planning.index.manifests.size(), 1);
    QCOMPARE(planning.plan.chosen()->cudnnVersion, (Version{9, 16, 0, 29}));
}

void TestFetchService::plansFromAFileMirror()
{
    m_server->clearLog();
    const FetchPlanning planning = FetchService::plan(options(FetchSource::fromMirror(m_mirror)->root),
                                                      machine(QStringLiteral("/opt/cuda-12.8"), QStringLiteral("12.8")),
                                                      std::nullopt,
                                                      false);
    QVERIFY(planning.ok());
    QCOMPARE(planning.plan.chosen()->cudaMajor, std::optional<int>(12));
    QVERIFY(planning.plan.chosen()->url.isLocalFile());
    const DownloadResult download
        = FetchService::download(options(QUrl::fromLocalFile(m_mirror + QLatin1Char('/'))), *planning.plan.chosen());
    QVERIFY(download.ok());
    QCOMPARE(m_server->requestCount(), 0);
}

void TestFetchService::brokenManifestIsReportedOthersStillCount()
{
    TestTree tree;
    QDir().mkpath(tree.path(QStringLiteral("mirror")));
    QFile::copy(m_mirror + QStringLiteral("/redistrib_9.16.0.json"),
                tree.path(QStringLiteral("mirror/redistrib_9.16.0.json")));
    tree.writeFile(QStringLiteral("mirror/redistrib_9.20.0.json"), "<html>Service Unavailable</html>");
    const FetchPlanning planning
        = FetchService::plan(options(QUrl::fromLocalFile(tree.path(QStringLiteral("mirror/")))),
                             machine(QStringLiteral("/opt/cuda-13.0")),
                             std::nullopt,
                             false);
    QCOMPARE(planning.index.manifests.size(), 1);
    QVERIFY(containsCode(planning.index.diagnostics, FetchCode::BadManifest));
    QVERIFY(planning.ok()); // 9.16 still offered (its URL points into a mirror without archives: that is the download's
                            // business)
}

void TestFetchService::mirrorThatIsNotThere()
{
    const FetchPlanning planning = FetchService::plan(options(m_server->url(QStringLiteral("/no/such/redist/"))),
                                                      machine(QStringLiteral("/opt/cuda-13.0")),
                                                      std::nullopt,
                                                      false);
    QVERIFY(!planning.ok());
    QVERIFY(planning.index.empty());
    QCOMPARE(planning.index.diagnostics.size(), 1);
    QCOMPARE(planning.index.diagnostics.first().code, FetchCode::NotFound);
    QVERIFY(planning.plan.choice.candidates.isEmpty());

    const FetchPlanning local
        = FetchService::plan(options(QUrl::fromLocalFile(m_tree.path(QStringLiteral("nowhere/")))),
                             machine(QStringLiteral("/opt/cuda-13.0")),
                             std::nullopt,
                             false);
    QCOMPARE(local.index.diagnostics.first().code, FetchCode::NotFound);
}

void TestFetchService::mirrorWithoutManifests()
{
    const FetchPlanning planning = FetchService::plan(options(m_server->url(QStringLiteral("/cudnn/"))),
                                                      machine(QStringLiteral("/opt/cuda-13.0")),
                                                      std::nullopt,
                                                      false);
    QVERIFY(!planning.ok());
    QCOMPARE(planning.index.diagnostics.first().code, FetchCode::NoManifest);
    QCOMPARE(planning.index.diagnostics.first().action.kind, FixAction::Kind::NameIndex);
}

void TestFetchService::fetchedArchiveGoesToThePickerAsADroppedFileWould()
{
    const QString root = m_tree.path(QStringLiteral("cuda-13.0"));
    const SystemSnapshot system = machine(root);
    const FetchOptions fetchOptions = options(m_server->url());
    const FetchPlanning planning = FetchService::plan(fetchOptions, system, std::nullopt, false);
    QVERIFY(planning.ok());
    const DownloadResult download = FetchService::download(fetchOptions, *planning.plan.chosen());
    QVERIFY(download.ok());
    QCOMPARE(download.file, fetchOptions.cacheFolder + QLatin1Char('/') + QFileInfo(m_best).fileName());

    const PackageChoice choice = PackageService::pick(download.file, system, root, false);
    QVERIFY(choice.ok());
    QCOMPARE(choice.chosen()->inspection.sha256, planning.plan.chosen()->sha256);
    QVERIFY(containsCode(choice.chosen()->inspection.findings, PackageCode::ChecksumVerified)); // the .sha256 beside it

    const QJsonObject json = FetchService::toJson(planning, &download);
    QCOMPARE(json.value(QStringLiteral("download")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("downloaded"));
    QCOMPARE(json.value(QStringLiteral("index")).toObject().value(QStringLiteral("manifests")).toArray().size(), 2);
}

QTEST_GUILESS_MAIN(TestFetchService)
#include "TestFetchService.moc"
