#include "ArchiveCache.h"
#include "Downloader.h"
#include "FetchCode.h"
#include "LoopbackHttpServer.h"
#include "RedistTree.h"
#include "TestTree.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QtTest>

namespace {

/** Records every update; can cancel the token once a number of bytes has arrived. */
class RecordingSink final : public ProgressSink
{
public:
    QList<ProgressUpdate> updates;
    CancellationToken cancelAt;
    qint64 cancelAfterBytes = -1;

    void report(const ProgressUpdate& update) override
    {
        updates.append(update);
        if (cancelAfterBytes >= 0 && update.bytesDone >= cancelAfterBytes)
            cancelAt.cancel();
    }
};

QByteArray noise(qsizetype size, quint32 seed)
{
    QByteArray data(size, Qt::Uninitialized);
    QRandomGenerator generator(seed);
    generator.fillRange(reinterpret_cast<quint32*>(data.data()), size / 4);
    return data;
}

QString sha256Hex(const QByteArray& data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

/**
 * One archive from the loopback server into a cache folder: streamed and verified, resumed with Range after a
 * dropped connection (in the same run and in the next), a server that ignores Range, a corrupted byte, a 404, no
 * server at all, a file:// source, the cache hit, and cancelling.
 */
class TestDownloader : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void downloadsVerifiesAndReportsRate();
    void resumesAfterADroppedConnection();
    void resumesWhatAnEarlierRunLeft();
    void serverThatIgnoresRangeSendsItAllAgain();
    void corruptedByteIsCaughtAndDiscarded();
    void wrongSizeIsCaughtAndDiscarded();
    void notFound();
    void noNetwork();
    void fileMirror();
    void cacheHitMakesNoRequest();
    void damagedCacheCopyIsFetchedAgain();
    void cancelKeepsThePartForNextTime();

private:
    DownloadRequest requestFor(const QString& file) const;
    QList<LoopbackHttpServer::Request> resumingRequests() const;
    DownloadResult fetch(const DownloadRequest& request,
                         ProgressSink* sink = nullptr,
                         CancellationToken cancel = {},
                         int attempts = 5);

    std::unique_ptr<TestTree> m_tree;
    std::unique_ptr<LoopbackHttpServer> m_server;
    QByteArray m_data;
    QString m_served; // path of the served archive
    QString m_relative;
    QString m_cache;
};

void TestDownloader::init()
{
    m_tree = std::make_unique<TestTree>();
    RedistTree redist(m_tree->path(QStringLiteral("mirror")));
    m_data = noise(3 * 1024 * 1024 + 123, 42);
    m_served = redist.addBytes(Version{9, 19, 0, 56}, QStringLiteral("linux-x86_64"), 13, m_data);
    m_relative = redist.relativePathOf(QFileInfo(m_served).fileName());
    redist.writeManifests();
    m_server = std::make_unique<LoopbackHttpServer>(redist.root());
    QVERIFY(m_server->isListening());
    m_cache = m_tree->path(QStringLiteral("cache"));
}

QList<LoopbackHttpServer::Request> TestDownloader::resumingRequests() const
{
    // Qt 6.4 sometimes sends the original request once more by itself when a connection closes mid-body (a stray
    // without Range, cut off when the downloader renews its network manager); the downloader's own are the rest.
    QList<LoopbackHttpServer::Request> requests = m_server->requests();
    for (qsizetype i = 1; i + 1 < requests.size(); ++i) {
        if (requests.at(i).range.isEmpty() && requests.at(i + 1).range.startsWith("bytes="))
            requests.removeAt(i--);
    }
    return requests;
}

DownloadRequest TestDownloader::requestFor(const QString& file) const
{
    DownloadRequest request;
    request.url = m_server->url(QLatin1Char('/') + m_relative);
    request.size = QFileInfo(file).size();
    request.sha256 = sha256Hex(readAll(file));
    request.destination = m_cache + QLatin1Char('/') + QFileInfo(file).fileName();
    return request;
}

DownloadResult
TestDownloader::fetch(const DownloadRequest& request, ProgressSink* sink, CancellationToken cancel, int attempts)
{
    NetworkSession session(10000);
    Downloader downloader(session, sink, std::move(cancel));
    downloader.setMaxAttempts(attempts);
    return downloader.download(request);
}

void TestDownloader::downloadsVerifiesAndReportsRate()
{
    const DownloadRequest request = requestFor(m_served);
    m_server->setChunkDelayMs(2); // slow enough for the meter to see several samples
    RecordingSink sink;
    const DownloadResult result = fetch(request, &sink);
    QVERIFY2(result.ok(),
             qPrintable(diagnosticsToJson(result.diagnostics).first().toObject().value("message").toString()));
    QCOMPARE(result.status, DownloadResult::Status::Downloaded);
    QCOMPARE(result.file, request.destination);
    QCOMPARE(readAll(result.file), m_data);
    QVERIFY(!QFile::exists(ArchiveCache::partPath(request.destination)));
    QCOMPARE(readAll(ArchiveCache::sidecarPath(request.destination)),
             request.sha256.toLatin1() + "  " + QFileInfo(request.destination).fileName().toUtf8() + '\n');
    QCOMPARE(result.requests, 1);
    QCOMPARE(result.bytesReceived, qint64(m_data.size()));
    QCOMPARE(m_server->requestCount(), 1);
    QVERIFY(m_server->requests().first().range.isEmpty());
    QVERIFY(containsCode(result.diagnostics, FetchCode::Downloaded));

    QVERIFY(sink.updates.size() >= 2);
    QCOMPARE(sink.updates.last().bytesDone, qint64(m_data.size()));
    QCOMPARE(sink.updates.last().bytesTotal, qint64(m_data.size()));
    QVERIFY(sink.updates.last().phase.startsWith(QLatin1String("Downloading cudnn-linux-x86_64-9.19.0.56_cuda13")));
    bool sawRate = false;
    for (const ProgressUpdate& update : sink.updates)
        sawRate = sawRate || update.currentItem.contains(QRegularExpression(QStringLiteral(R"(/s, \d+:\d\d left$)")));
    QVERIFY2(sawRate, qPrintable(sink.updates.last().currentItem));
}

void TestDownloader::resumesAfterADroppedConnection()
{
    const DownloadRequest request = requestFor(m_served);
    const qint64 cut = m_data.size() * 2 / 5;
    m_server->dropAfter(QLatin1Char('/') + m_relative, cut);
    const DownloadResult result = fetch(request);
    QVERIFY2(result.ok(), QJsonDocument(result.toJson()).toJson().constData());
    QCOMPARE(readAll(result.file), m_data);

    // What the downloader asked for: the file, then the rest of it.
    const QList<LoopbackHttpServer::Request> requests = resumingRequests();
    QCOMPARE(requests.size(), 2);
    QVERIFY(requests.at(0).range.isEmpty());
    QCOMPARE(requests.at(0).bodyBytesSent, cut);
    QCOMPARE(requests.at(1).range, "bytes=" + QByteArray::number(cut) + '-');
    QCOMPARE(requests.at(1).status, 206);
    QCOMPARE(requests.at(1).bodyBytesSent, m_data.size() - cut);
    QCOMPARE(result.bytesReceived, qint64(m_data.size())); // nothing received twice
    QVERIFY(result.bytesReceived < 2 * m_data.size());
    QCOMPARE(result.requests, 2);
    QVERIFY(containsCode(result.diagnostics, FetchCode::Resumed));
    QCOMPARE(worstSeverity(result.diagnostics), Severity::Info); // resumed, so no error is left standing
}

void TestDownloader::resumesWhatAnEarlierRunLeft()
{
    const DownloadRequest request = requestFor(m_served);
    const qint64 cut = m_data.size() / 3;
    m_server->dropAfter(QLatin1Char('/') + m_relative, cut);
    const DownloadResult first = fetch(request, nullptr, {}, 1); // no second try in this run
    QCOMPARE(first.status, DownloadResult::Status::Failed);
    QVERIFY2(containsCode(first.diagnostics, FetchCode::Interrupted),
             QJsonDocument(first.toJson()).toJson().constData());
    QVERIFY(!QFile::exists(request.destination));
    QCOMPARE(QFileInfo(ArchiveCache::partPath(request.destination)).size(), cut);

    const DownloadResult second = fetch(request);
    QVERIFY(second.ok());
    QCOMPARE(second.resumedFrom, cut);
    QCOMPARE(second.bytesReceived, m_data.size() - cut);
    QCOMPARE(readAll(second.file), m_data);
    QCOMPARE(m_server->requests().last().range, "bytes=" + QByteArray::number(cut) + '-');
    QVERIFY(first.bytesReceived + second.bytesReceived < 2 * m_data.size());
    QCOMPARE(first.bytesReceived + second.bytesReceived, qint64(m_data.size()));
}

void TestDownloader::serverThatIgnoresRangeSendsItAllAgain()
{
    const DownloadRequest request = requestFor(m_served);
    m_server->dropAfter(QLatin1Char('/') + m_relative, m_data.size() / 2);
    m_server->setIgnoreRange(true);
    const DownloadResult result = fetch(request);
    QVERIFY(result.ok());
    QCOMPARE(readAll(result.file), m_data); // not the first half twice
    QCOMPARE(result.requests, 2);
    const LoopbackHttpServer::Request last = m_server->requests().last();
    QVERIFY(!last.range.isEmpty()); // asked for a range...
    QCOMPARE(last.status, 200); // ...and got the whole file
}

void TestDownloader::corruptedByteIsCaughtAndDiscarded()
{
    const DownloadRequest request = requestFor(m_served); // the manifest's digest of the good file
    flipByte(m_served, m_data.size() / 2); // then the mirror's copy rots
    const DownloadResult result = fetch(request);
    QCOMPARE(result.status, DownloadResult::Status::Failed);
    QVERIFY(result.file.isEmpty());
    QVERIFY(containsCode(result.diagnostics, FetchCode::ChecksumMismatch));
    QVERIFY(!QFile::exists(request.destination));
    QVERIFY(!QFile::exists(ArchiveCache::partPath(request.destination)));
    QVERIFY(!QFile::exists(ArchiveCache::sidecarPath(request.destination)));
    const Diagnostic& d = result.diagnostics.last();
    QCOMPARE(d.severity, Severity::Error);
    QVERIFY(d.message.contains(request.sha256));
    QVERIFY(d.message.contains(QLatin1String("deleted and nothing was installed")));
}

void TestDownloader::wrongSizeIsCaughtAndDiscarded()
{
    DownloadRequest request = requestFor(m_served);
    request.size += 1;
    const DownloadResult result = fetch(request);
    QCOMPARE(result.status, DownloadResult::Status::Failed);
    QVERIFY(containsCode(result.diagnostics, FetchCode::SizeMismatch));
    QVERIFY(!QFile::exists(request.destination));
    QVERIFY(!QFile::exists(ArchiveCache::partPath(request.destination)));
}

void TestDownloader::notFound()
{
    DownloadRequest request = requestFor(m_served);
    request.url = m_server->url(QStringLiteral("/cudnn/linux-x86_64/missing-archive.tar.xz"));
    const DownloadResult result = fetch(request);
    QCOMPARE(result.status, DownloadResult::Status::Failed);
    QCOMPARE(result.diagnostics.size(), 1);
    QCOMPARE(result.diagnostics.first().code, FetchCode::NotFound);
    QVERIFY(result.diagnostics.first().message.contains(QLatin1String("404")));
    QCOMPARE(m_server->requestCount(), 1); // a 404 is not retried
    QVERIFY(!QFile::exists(request.destination));
}

void TestDownloader::noNetwork()
{
    quint16 closedPort = 0;
    {
        QTcpServer probe; // a port that was free a moment ago and has nobody listening now
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        closedPort = probe.serverPort();
    }
    DownloadRequest request = requestFor(m_served);
    request.url = QUrl(QStringLiteral("http://127.0.0.1:%1/%2").arg(closedPort).arg(m_relative));
    const DownloadResult result = fetch(request);
    QCOMPARE(result.status, DownloadResult::Status::Failed);
    QCOMPARE(result.diagnostics.first().code, FetchCode::NoNetwork);
    QCOMPARE(result.diagnostics.first().action.kind, FixAction::Kind::UseMirror);
    QVERIFY(!QFile::exists(request.destination));
}

void TestDownloader::fileMirror()
{
    DownloadRequest request = requestFor(m_served);
    request.url = QUrl::fromLocalFile(m_served);
    const DownloadResult result = fetch(request);
    QVERIFY(result.ok());
    QCOMPARE(readAll(result.file), m_data);
    QCOMPARE(m_server->requestCount(), 0);

    request.url = QUrl::fromLocalFile(m_served + QStringLiteral(".gone"));
    request.destination += QStringLiteral(".other");
    const DownloadResult missing = fetch(request);
    QCOMPARE(missing.diagnostics.first().code, FetchCode::NotFound);
}

void TestDownloader::cacheHitMakesNoRequest()
{
    const DownloadRequest request = requestFor(m_served);
    QVERIFY(fetch(request).ok());
    m_server->clearLog();
    RecordingSink sink;
    const DownloadResult again = fetch(request, &sink);
    QCOMPARE(again.status, DownloadResult::Status::CacheHit);
    QCOMPARE(again.file, request.destination);
    QCOMPARE(again.requests, 0);
    QCOMPARE(again.bytesReceived, qint64(0));
    QCOMPARE(m_server->requestCount(), 0);
    QVERIFY(containsCode(again.diagnostics, FetchCode::CacheHit));
}

void TestDownloader::damagedCacheCopyIsFetchedAgain()
{
    const DownloadRequest request = requestFor(m_served);
    QVERIFY(fetch(request).ok());
    flipByte(request.destination, 10);
    m_server->clearLog();
    const DownloadResult again = fetch(request);
    QCOMPARE(again.status, DownloadResult::Status::Downloaded);
    QCOMPARE(m_server->requestCount(), 1);
    QCOMPARE(readAll(again.file), m_data);
}

void TestDownloader::cancelKeepsThePartForNextTime()
{
    const DownloadRequest request = requestFor(m_served);
    m_server->setChunkDelayMs(20);
    RecordingSink sink;
    CancellationToken cancel;
    sink.cancelAt = cancel;
    sink.cancelAfterBytes = 256 * 1024;
    const DownloadResult result = fetch(request, &sink, cancel);
    QCOMPARE(result.status, DownloadResult::Status::Canceled);
    QVERIFY(containsCode(result.diagnostics, FetchCode::Canceled));
    QVERIFY(!QFile::exists(request.destination));
    const qint64 kept = QFileInfo(ArchiveCache::partPath(request.destination)).size();
    QVERIFY2(kept >= 256 * 1024 && kept < m_data.size(), qPrintable(QString::number(kept)));

    m_server->setChunkDelayMs(0);
    const DownloadResult resumed = fetch(request);
    QVERIFY(resumed.ok());
    QCOMPARE(resumed.resumedFrom, kept);
    QCOMPARE(readAll(resumed.file), m_data);
}

QTEST_GUILESS_MAIN(TestDownloader)
#include "TestDownloader.moc"
