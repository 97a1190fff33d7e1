#include "FetchSource.h"
#include "RedistIndex.h"

#include <QtTest>

/** NVIDIA's manifests and directory listings read into archives; mirror addresses checked before any request. */
class TestRedistIndex : public QObject
{
    Q_OBJECT

private slots:
    void manifestWithVariants();
    void olderManifestWithoutVariants();
    void entriesThatCannotBeTrustedAreDropped_data();
    void entriesThatCannotBeTrustedAreDropped();
    void notAManifest_data();
    void notAManifest();
    void listingFormats_data();
    void listingFormats();
    void mirrorAddresses_data();
    void mirrorAddresses();
    void manifestNamedOutright();
};

static const QByteArray Sha = QByteArray(64, 'a');

// The shape of https://developer.download.nvidia.com/compute/cudnn/redist/redistrib_9.19.0.json (abridged).
static QByteArray manifest919()
{
    return R"({
  "release_date": "2026-02-03", "release_label": "9.19.0", "release_product": "cudnn",
  "cudnn": {
    "name": "NVIDIA CUDA Deep Neural Network library", "license": "cudnn", "license_path": "cudnn/LICENSE.txt",
    "version": "9.19.0.56", "cuda_variant": ["12", "13"],
    "linux-x86_64": {
      "cuda12": {"relative_path": "cudnn/linux-x86_64/cudnn-linux-x86_64-9.19.0.56_cuda12-archive.tar.xz",
                 "sha256": ")"
        + Sha + R"(", "md5": "0123456789abcdef0123456789abcdef", "size": "912345678"},
      "cuda13": {"relative_path": "cudnn/linux-x86_64/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz",
                 "sha256": ")"
        + QByteArray(64, 'B') + R"(", "md5": "0123456789abcdef0123456789abcdef", "size": 812345678}
    },
    "windows-x86_64": {
      "cuda13": {"relative_path": "cudnn/windows-x86_64/cudnn-windows-x86_64-9.19.0.56_cuda13-archive.zip",
                 "sha256": ")"
        + Sha + R"(", "md5": "0123456789abcdef0123456789abcdef", "size": "700000000"}
    }
  },
  "cudnn_samples": {"name": "samples", "source": {"relative_path": "cudnn_samples/source/x.tar.xz",
                    "sha256": ")"
        + Sha + R"(", "size": "1"}}
})";
}

void TestRedistIndex::manifestWithVariants()
{
    const QUrl url(QStringLiteral("http://mirror.lab/cudnn/redist/redistrib_9.19.0.json"));
    QString error;
    const QList<RedistArchive> archives = RedistIndex::parseManifest(manifest919(), url, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(archives.size(), 3); // the samples are not a cuDNN archive
    const RedistArchive* cuda13 = nullptr;
    for (const RedistArchive& archive : archives) {
        QCOMPARE(archive.cudnnVersion, (Version{9, 19, 0, 56}));
        QCOMPARE(archive.releaseLabel, QStringLiteral("9.19.0"));
        QCOMPARE(archive.manifest, url);
        if (archive.platform == QLatin1String("linux-x86_64") && archive.cudaMajor == 13)
            cuda13 = &archive;
    }
    QVERIFY(cuda13);
    QCOMPARE(cuda13->size, qint64(812345678)); // a number as well as NVIDIA's string
    QCOMPARE(cuda13->sha256, QString(QByteArray(64, 'b'))); // lower case
    QCOMPARE(cuda13->fileName(), QStringLiteral("cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"));
    QCOMPARE(cuda13->url.toString(),
             QStringLiteral("http://mirror.lab/cudnn/redist/cudnn/linux-x86_64/"
                            "cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"));
}

void TestRedistIndex::olderManifestWithoutVariants()
{
    const QByteArray json = R"({"release_label": "8.4.1", "cudnn": {"version": "8.4.1.50",
        "linux-x86_64": {"relative_path": "cudnn/linux-x86_64/cudnn-linux-x86_64-8.4.1.50_cuda11.6-archive.tar.xz",
                         "sha256": ")"
        + Sha + R"(", "size": "100"}}})";
    QString error;
    const auto archives
        = RedistIndex::parseManifest(json, QUrl(QStringLiteral("file:///srv/redist/redistrib_8.4.1.json")), &error);
    QCOMPARE(archives.size(), 1);
    QCOMPARE(archives.first().cudaMajor, std::optional<int>(11)); // from the file name
    QCOMPARE(archives.first().url.toLocalFile(),
             QStringLiteral("/srv/redist/cudnn/linux-x86_64/cudnn-linux-x86_64-8.4.1.50_cuda11.6-archive.tar.xz"));
}

void TestRedistIndex::entriesThatCannotBeTrustedAreDropped_data()
{
    QTest::addColumn<QByteArray>("entry");
    QTest::newRow("climbs out") << QByteArray(R"({"relative_path": "../../etc/x.tar.xz", "sha256": ")" + Sha
                                              + R"(", "size": "1"})");
    QTest::newRow("absolute") << QByteArray(R"({"relative_path": "/etc/x.tar.xz", "sha256": ")" + Sha
                                            + R"(", "size": "1"})");
    QTest::newRow("another host") << QByteArray(R"({"relative_path": "http://evil/x.tar.xz", "sha256": ")" + Sha
                                                + R"(", "size": "1"})");
    QTest::newRow("no digest") << QByteArray(R"({"relative_path": "cudnn/x.tar.xz", "size": "1"})");
    QTest::newRow("short digest") << QByteArray(R"({"relative_path": "cudnn/x.tar.xz", "sha256": "abc", "size": "1"})");
    QTest::newRow("no size") << QByteArray(R"({"relative_path": "cudnn/x.tar.xz", "sha256": ")" + Sha + R"("})");
}

void TestRedistIndex::entriesThatCannotBeTrustedAreDropped()
{
    QFETCH(QByteArray, entry);
    const QByteArray json = R"({"cudnn": {"version": "9.1.0.70", "linux-x86_64": {"cuda12": )" + entry + "}}}";
    QString error;
    QVERIFY(RedistIndex::parseManifest(json, QUrl(QStringLiteral("http://m/redistrib_9.1.0.json")), &error).isEmpty());
    QVERIFY(!error.isEmpty());
}

void TestRedistIndex::notAManifest_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("html") << QByteArray("<html>404</html>");
    QTest::newRow("cuda manifest") << QByteArray(R"({"cuda_cudart": {"version": "13.0.96"}})");
    QTest::newRow("no version") << QByteArray(R"({"cudnn": {"linux-x86_64": {}}})");
}

void TestRedistIndex::notAManifest()
{
    QFETCH(QByteArray, json);
    QString error;
    QVERIFY(RedistIndex::parseManifest(json, QUrl(QStringLiteral("http://m/redistrib_1.json")), &error).isEmpty());
    QVERIFY(!error.isEmpty());
}

void TestRedistIndex::listingFormats_data()
{
    QTest::addColumn<QByteArray>("html");
    QTest::newRow("python http.server") << QByteArray(
        "<ul><li><a href=\"cudnn/\">cudnn/</a></li><li><a href=\"redistrib_9.10.0.json\">redistrib_9.10.0.json</a>"
        "</li><li><a href=\"redistrib_9.9.0.json\">x</a></li><li><a href=\"redistrib_9.19.0.json\">x</a></li></ul>");
    QTest::newRow("nginx autoindex") << QByteArray(
        "<pre><a href=\"../\">../</a>\n<a href=\"redistrib_9.9.0.json\">redistrib_9.9.0.json</a>  01-Jan-2026\n"
        "<a href=\"redistrib_9.19.0.json\">redistrib_9.19.0.json</a>\n<a href=\"redistrib_9.10.0.json\">r</a>\n"
        "<a href=\"redistrib_9.10.0.json\">again</a></pre>");
    QTest::newRow("NVIDIA, single quotes, absolute")
        << QByteArray("<a href='/compute/cudnn/redist/redistrib_9.9.0.json'>redistrib_9.9.0.json</a>"
                      "<a href='/compute/cudnn/redist/redistrib_9.19.0.json'>a</a><a href='redistrib_9.10.0.json'>b</a>"
                      "<a href='redistrib_notes.json'>not a version</a><a href='cudnn_samples.json'>no</a>");
}

void TestRedistIndex::listingFormats()
{
    QFETCH(QByteArray, html);
    const QUrl root(QStringLiteral("http://host/compute/cudnn/redist/"));
    const QList<QUrl> urls = RedistIndex::manifestsInListing(html, root);
    QCOMPARE(urls,
             (QList<QUrl>{root.resolved(QUrl(QStringLiteral("redistrib_9.19.0.json"))),
                          root.resolved(QUrl(QStringLiteral("redistrib_9.10.0.json"))),
                          root.resolved(QUrl(QStringLiteral("redistrib_9.9.0.json")))}));
}

void TestRedistIndex::mirrorAddresses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("root"); // empty: rejected
    QTest::newRow("http") << "http://mirror.lab/cudnn/redist"
                          << "http://mirror.lab/cudnn/redist/";
    QTest::newRow("https slash") << "https://mirror.lab/x/"
                                 << "https://mirror.lab/x/";
    QTest::newRow("file url") << "file:///srv/redist"
                              << "file:///srv/redist/";
    QTest::newRow("plain path") << "/srv/redist"
                                << "file:///srv/redist/";
    QTest::newRow("ftp") << "ftp://mirror.lab/redist"
                         << "";
    QTest::newRow("no host") << "http:///redist"
                             << "";
    QTest::newRow("relative missing") << "no-such-folder-here"
                                      << "";
}

void TestRedistIndex::mirrorAddresses()
{
    QFETCH(QString, text);
    QFETCH(QString, root);
    Diagnostic why;
    const auto source = FetchSource::fromMirror(text, &why);
    if (root.isEmpty()) {
        QVERIFY(!source);
        QCOMPARE(why.code, QStringLiteral("FETCH-BAD-MIRROR"));
        QVERIFY(why.message.contains(text));
    } else {
        QVERIFY(source);
        QCOMPARE(source->root.toString(), root);
    }
}

void TestRedistIndex::manifestNamedOutright()
{
    const auto source = FetchSource::fromManifest(QStringLiteral("http://m.lab/redist/redistrib_9.19.0.json"));
    QVERIFY(source);
    QCOMPARE(source->root.toString(), QStringLiteral("http://m.lab/redist/"));
    QCOMPARE(source->manifest.toString(), QStringLiteral("http://m.lab/redist/redistrib_9.19.0.json"));
    QCOMPARE(FetchSource::nvidiaRoot().toString(),
             QStringLiteral("https://developer.download.nvidia.com/compute/cudnn/redist/"));
}

QTEST_GUILESS_MAIN(TestRedistIndex)
#include "TestRedistIndex.moc"
