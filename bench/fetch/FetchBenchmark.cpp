// bench-fetch [MiB]: serves a synthetic archive of MiB mebibytes (default 200) from the loopback test server and
// downloads it through the Downloader three ways: fresh, resumed after a connection dropped half way, and as a
// cache hit. Prints throughput (SHA-256 verification included) and the peak resident memory of each run, which
// must stay flat: the archive streams to disk and is never held in memory.
#include "ArchiveCache.h"
#include "Downloader.h"
#include "LoopbackHttpServer.h"
#include "package/Sha256.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <cstdio>

namespace {

qint64 statusKiB(const char* key)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(key))
            return line.mid(qsizetype(qstrlen(key))).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

void resetPeak()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    if (clear.open(QIODevice::WriteOnly))
        clear.write("5"); // resets VmHWM to the current VmRSS (Linux 4.0+)
}

void run(const char* label, const DownloadRequest& request, int maxAttempts = 5)
{
    resetPeak();
    const qint64 before = statusKiB("VmRSS:");
    NetworkSession session;
    Downloader downloader(session);
    downloader.setMaxAttempts(maxAttempts);
    const DownloadResult result = downloader.download(request);
    const qint64 peak = statusKiB("VmHWM:");
    const double mib = double(request.size) / (1024.0 * 1024.0);
    std::printf("%-28s %-10s %8.2f s  %8.1f MiB/s  received %7.1f MiB in %d request(s)  RSS before %6.1f MiB, "
                "peak %6.1f MiB (+%.1f)\n",
                label,
                qPrintable(DownloadResult::statusName(result.status)),
                result.seconds,
                result.seconds > 0 ? mib / result.seconds : 0.0,
                double(result.bytesReceived) / (1024.0 * 1024.0),
                result.requests,
                double(before) / 1024.0,
                double(peak) / 1024.0,
                double(peak - before) / 1024.0);
    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity != Severity::Info)
            std::printf("  %s: %s\n", qPrintable(d.code), qPrintable(d.message));
    }
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const qint64 mib = argc > 1 ? QByteArray(argv[1]).toLongLong() : 200;
    QTemporaryDir dir;
    const QString relative = QStringLiteral("cudnn/linux-x86_64/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz");
    const QString served = dir.path() + QStringLiteral("/mirror/") + relative;
    QDir().mkpath(QFileInfo(served).absolutePath());

    // Written and hashed in 1 MiB blocks, so the benchmark itself never holds the archive either.
    Sha256 hash;
    {
        QFile file(served);
        if (!file.open(QIODevice::WriteOnly))
            return 1;
        QByteArray block(1024 * 1024, Qt::Uninitialized);
        QRandomGenerator generator(7);
        for (qint64 i = 0; i < mib; ++i) {
            generator.fillRange(reinterpret_cast<quint32*>(block.data()), block.size() / 4);
            file.write(block);
            hash.addData(block);
        }
    }
    LoopbackHttpServer server(dir.path() + QStringLiteral("/mirror"));
    DownloadRequest request;
    request.url = server.url(QLatin1Char('/') + relative);
    request.size = mib * 1024 * 1024;
    request.sha256 = QString::fromLatin1(hash.hexResult());
    request.destination = dir.path() + QStringLiteral("/cache/") + QFileInfo(served).fileName();

    std::printf("bench-fetch: %lld MiB from %s (SHA-256 %s)\n",
                static_cast<long long>(mib),
                qPrintable(server.url().toString()),
                Sha256::implementation());
    run("fresh download", request);
    run("cache hit (re-verified)", request);

    QFile::remove(request.destination);
    QFile::remove(ArchiveCache::sidecarPath(request.destination));
    server.dropAfter(QLatin1Char('/') + relative, request.size / 2);
    server.clearLog();
    run("dropped at 50%, resumed", request);
    qint64 sent = 0;
    for (const auto& r : server.requests())
        sent += r.bodyBytesSent;
    std::printf("  server sent %.1f MiB in %lld request(s); second asked for %s\n",
                double(sent) / (1024.0 * 1024.0),
                static_cast<long long>(server.requests().size()),
                server.requests().size() > 1 ? server.requests().at(1).range.constData() : "-");
    return 0;
}
