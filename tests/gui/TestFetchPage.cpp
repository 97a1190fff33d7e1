#include "BackgroundWork.h"
#include "FetchFixtures.h"
#include "LoopbackHttpServer.h"
#include "RedistTree.h"
#include "TestTree.h"
#include "WizardState.h"
#include "engine/Engine.h"
#include "fetch/ArchiveCache.h"
#include "pages/PackagePage.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QTreeWidget>
#include <QtTest>

/**
 * The Package page's third choice, "Download the right one", against a redist tree served on 127.0.0.1: it shows
 * what it will fetch and why, downloads with a progress bar, and the page then holds the archive exactly as if
 * it had been dropped; Cancel stops a download and keeps what arrived.
 */
class TestFetchPage : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void downloadsTheRightOneAndChecksItAsADroppedFile();
    void cancelStopsTheDownload();

private:
    void makePage(const QUrl& mirror);
    template <typename T> T* child(const char* name) const
    {
        T* widget = m_page->findChild<T*>(QLatin1String(name));
        if (!widget)
            qFatal("no widget %s", name);
        return widget;
    }

    std::unique_ptr<TestTree> m_tree;
    QString m_toolkit;
    QString m_cache;
    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<WizardState> m_state;
    std::unique_ptr<BackgroundWork> m_work;
    std::unique_ptr<PackagePage> m_page;
};

void TestFetchPage::init()
{
    m_tree = std::make_unique<TestTree>();
    m_tree->writeFile(QStringLiteral("cuda-13.0/include/cuda.h"), "#define CUDA_VERSION 13000\n");
    m_tree->makeDir(QStringLiteral("cuda-13.0/lib"));
    m_toolkit = QFileInfo(m_tree->path(QStringLiteral("cuda-13.0"))).canonicalFilePath();
    m_cache = m_tree->path(QStringLiteral("cache"));
}

void TestFetchPage::cleanup()
{
    if (m_work)
        m_work->cancelAndWait();
    m_page.reset();
    m_work.reset();
    m_state.reset();
    m_engine.reset();
}

void TestFetchPage::makePage(const QUrl& mirror)
{
    m_engine = std::make_unique<Engine>();
    m_state = std::make_unique<WizardState>();
    SystemSnapshot system = FetchFixtures::machine(m_toolkit);
    system.toolkits.first().active = true;
    m_state->setSnapshot(system);
    m_work = std::make_unique<BackgroundWork>();
    m_page = std::make_unique<PackagePage>(*m_engine, *m_state, *m_work);
    FetchRequest request;
    request.mirror = mirror.toString();
    request.cacheFolder = m_cache;
    request.transferTimeoutMs = 10000;
    m_page->setFetchRequest(request);
    m_page->resize(900, 700);
    m_page->show();
}

void TestFetchPage::downloadsTheRightOneAndChecksItAsADroppedFile()
{
    RedistTree redist(m_tree->path(QStringLiteral("mirror")));
    for (const QString& cuda : {QStringLiteral("12"), QStringLiteral("13")})
        redist.add(FetchFixtures::spec(CudnnArchiveSpec{}.cudnn, cuda));
    redist.writeManifests();
    LoopbackHttpServer server(redist.root());
    makePage(server.url());

    QVERIFY(!m_page->isComplete());
    QTest::mouseClick(child<QPushButton>("fetchPackage"), Qt::LeftButton);
    auto* explanation = child<QLabel>("fetchExplanation");
    QTRY_VERIFY_WITH_TIMEOUT(explanation->text().startsWith(QLatin1String("Fetch cuDNN 9.19.0 for CUDA 13")), 20000);
    QVERIFY(explanation->text().contains(QLatin1String("This is cuDNN 9.19.0 for CUDA 12; your toolkit is 13.0.")));
    auto* start = child<QPushButton>("fetchStart");
    QTRY_VERIFY(start->isVisible());
    QVERIFY(start->text().startsWith(QLatin1String("Download ")));
    QCOMPARE(server.requestCount(), 2); // the listing and the manifest: nothing downloaded before the click

    QTest::mouseClick(start, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_page->isComplete(), 30000);
    const QString archive = m_cache + QStringLiteral("/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz");
    QCOMPARE(child<QLineEdit>("packagePath")->text(), archive);
    QCOMPARE(m_state->packagePath(), archive);
    QVERIFY(m_state->packageChoice()->ok());
    QCOMPARE(m_state->packageChoice()->toolkitRoot, m_toolkit);
    QVERIFY(child<QLabel>("fetchStatus")->text().startsWith(QLatin1String("Downloaded and verified")));
    QVERIFY(child<QLabel>("packageVerdict")->text().contains(QLatin1String("fits this machine")));
    QCOMPARE(server.requests().last().path,
             QStringLiteral("/cudnn/linux-x86_64/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"));
}

void TestFetchPage::cancelStopsTheDownload()
{
    RedistTree redist(m_tree->path(QStringLiteral("mirror")));
    QByteArray data(6 * 1024 * 1024, Qt::Uninitialized);
    QRandomGenerator(3).fillRange(reinterpret_cast<quint32*>(data.data()), data.size() / 4);
    const QString served = redist.addBytes(Version{9, 19, 0, 56}, QStringLiteral("linux-x86_64"), 13, data);
    redist.writeManifests();
    LoopbackHttpServer server(redist.root());
    server.setChunkDelayMs(40); // about four seconds for the whole file
    makePage(server.url());
    // A folder checked first: the CUDA 12 build is listed under "Why it was not chosen".
    m_tree->makeDir(QStringLiteral("archives"));
    for (const QString& cuda : {QStringLiteral("12"), QStringLiteral("13")}) {
        CudnnArchiveSpec spec;
        spec.cuda = cuda;
        spec.build().write(m_tree->path(QStringLiteral("archives/") + spec.fileName()));
    }
    child<QLineEdit>("packagePath")->setText(m_tree->path(QStringLiteral("archives")));
    m_page->check();
    QTRY_VERIFY_WITH_TIMEOUT(!m_page->isBusy(), 60000);
    auto* candidates = child<QTreeWidget>("packageCandidates");
    QVERIFY(m_page->isComplete());
    QCOMPARE(candidates->topLevelItemCount(), 1);

    QTest::mouseClick(child<QPushButton>("fetchPackage"), Qt::LeftButton);
    auto* start = child<QPushButton>("fetchStart");
    QTRY_VERIFY_WITH_TIMEOUT(start->isVisible(), 20000);
    QTest::mouseClick(start, Qt::LeftButton);
    auto* bar = child<QProgressBar>("fetchProgress");
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, 20000);
    QVERIFY(child<QLabel>("fetchStatus")->text().contains(QLatin1String(" MiB")));
    auto* cancel = child<QPushButton>("fetchCancel");
    QVERIFY(cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_page->isBusy(), 20000);
    QVERIFY(child<QLabel>("fetchStatus")->text().startsWith(QLatin1String("Download cancelled")));
    QVERIFY(!m_page->isComplete());
    const QString destination = m_cache + QLatin1Char('/') + QFileInfo(served).fileName();
    QVERIFY(!QFileInfo::exists(destination));
    const qint64 kept = QFileInfo(ArchiveCache::partPath(destination)).size();
    QVERIFY2(kept > 0 && kept < data.size(), qPrintable(QString::number(kept)));
    QVERIFY(start->isVisible()); // it can be tried again, and would resume
    // What the folder's check said is gone with it: no row explains a choice that is no longer shown.
    QCOMPARE(candidates->topLevelItemCount(), 0);
    QVERIFY(!candidates->isVisible());
}

QTEST_MAIN(TestFetchPage)
#include "TestFetchPage.moc"
