#include "Downloader.h"

#include "ArchiveCache.h"
#include "FetchCode.h"
#include "FetchSource.h"
#include "TransferMeter.h"
#include "common/Logging.h"
#include "package/Sha256.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QRegularExpression>
#include <QSaveFile>

namespace {

constexpr qint64 Block = 1024 * 1024;
constexpr qint64 ReportEveryMs = 100;

QString fileNameOf(const DownloadRequest& request)
{
    return QFileInfo(request.destination).fileName();
}

/** "bytes 100-199/200" -> 100; nullopt when it does not parse. */
std::optional<qint64> contentRangeStart(const QByteArray& header)
{
    static const QRegularExpression range(QStringLiteral(R"(^\s*bytes\s+(\d+)-(\d+)/(\d+|\*)\s*$)"));
    const auto match = range.match(QString::fromLatin1(header));
    return match.hasMatch() ? std::optional<qint64>(match.captured(1).toLongLong()) : std::nullopt;
}

/** The cache folder would not take the bytes: where, why, and what to do. */
Diagnostic cacheUnwritable(const QString& part, const QString& why)
{
    return Diagnostic::of(FetchCode::CacheUnwritable,
                          QCoreApplication::translate("Downloader", "Cannot write %1: %2.").arg(part, why),
                          QCoreApplication::translate("Downloader", "Free some space, or choose another cache folder."))
        .about(part)
        .offering(FixAction::Kind::ChooseCacheFolder);
}

bool isDrop(QNetworkReply::NetworkError error)
{
    switch (error) {
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError: // the transfer timeout
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::UnknownNetworkError:
    case QNetworkReply::ProxyConnectionClosedError:
        return true;
    default:
        return false;
    }
}

} // namespace

struct Downloader::Transfer
{
    DownloadRequest request;
    QString part;
    QFile file;
    Sha256 hash;
    qint64 done = 0; // bytes in the .part, all hashed
    TransferMeter meter;
    QElapsedTimer clock;
    qint64 lastReportMs = -ReportEveryMs;
    QString phase;

    void report(ProgressSink* sink, bool force = false)
    {
        const qint64 now = clock.elapsed();
        meter.sample(now, done);
        if (!sink || (!force && now - lastReportMs < ReportEveryMs))
            return;
        lastReportMs = now;
        ProgressUpdate update;
        update.phase = phase;
        update.bytesDone = done;
        update.bytesTotal = std::max<qint64>(request.size, 0);
        update.currentItem = meter.text(request.size);
        sink->report(update);
    }

    /** Starts the .part over: a server that ignored Range, or a part that cannot be the file's beginning. */
    bool restart()
    {
        hash.reset();
        done = 0;
        return file.resize(0) && file.seek(0);
    }

    bool append(const QByteArray& data)
    {
        if (file.write(data) != data.size())
            return false;
        hash.addData(data);
        done += data.size();
        return true;
    }
};

QString DownloadResult::statusName(Status status)
{
    switch (status) {
    case Status::Downloaded:
        return QStringLiteral("downloaded");
    case Status::CacheHit:
        return QStringLiteral("cache_hit");
    case Status::Failed:
        return QStringLiteral("failed");
    case Status::Canceled:
        return QStringLiteral("canceled");
    }
    return QStringLiteral("failed");
}

QJsonObject DownloadResult::toJson() const
{
    return QJsonObject{
        {QStringLiteral("status"), statusName(status)},
        {QStringLiteral("file"), file.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(file)},
        {QStringLiteral("url"), url.toString()},
        {QStringLiteral("size"), double(size)},
        {QStringLiteral("resumed_from"), double(resumedFrom)},
        {QStringLiteral("bytes_received"), double(bytesReceived)},
        {QStringLiteral("requests"), requests},
        {QStringLiteral("seconds"), seconds},
        {QStringLiteral("diagnostics"), diagnosticsToJson(diagnostics)},
    };
}

Downloader::Downloader(NetworkSession& session, ProgressSink* progress, CancellationToken cancel)
    : m_session(session)
    , m_progress(progress)
    , m_cancel(std::move(cancel))
{
}

bool Downloader::hashFile(const QString& path, const QString& phase, qint64 total, QByteArray* hex, qint64* size) const
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    Sha256 hash;
    QByteArray buffer(Block, Qt::Uninitialized);
    qint64 done = 0;
    QElapsedTimer clock;
    clock.start();
    qint64 lastReport = -ReportEveryMs;
    for (;;) {
        if (canceled())
            return false;
        const qint64 n = file.read(buffer.data(), buffer.size());
        if (n < 0)
            return false;
        if (n == 0)
            break;
        hash.addData(QByteArrayView(buffer.constData(), n));
        done += n;
        if (m_progress && clock.elapsed() - lastReport >= ReportEveryMs) {
            lastReport = clock.elapsed();
            ProgressUpdate update;
            update.phase = phase;
            update.bytesDone = done;
            update.bytesTotal = std::max<qint64>(total, 0);
            m_progress->report(update);
        }
    }
    *hex = hash.hexResult();
    *size = done;
    return true;
}

DownloadResult Downloader::download(const DownloadRequest& request)
{
    DownloadResult result;
    result.url = request.url;
    result.size = request.size;
    QElapsedTimer total;
    total.start();
    const QString name = fileNameOf(request);
    qCDebug(lcFetch) << "fetching" << request.url << "to" << request.destination << "expecting" << request.size
                     << "bytes, sha256" << request.sha256;
    const auto done = [&](DownloadResult::Status status) {
        result.status = status;
        result.seconds = double(total.nsecsElapsed()) / 1e9;
        qCDebug(lcFetch) << DownloadResult::statusName(status) << "after" << result.seconds << "s";
        return result;
    };

    // A cached copy counts only if it is still exactly what the manifest describes.
    if (QFileInfo(request.destination).isFile()) {
        QByteArray hex;
        qint64 size = 0;
        if (hashFile(request.destination,
                     QCoreApplication::translate("Downloader", "Checking the cached %1").arg(name),
                     request.size,
                     &hex,
                     &size)
            && size == request.size && QString::fromLatin1(hex) == request.sha256) {
            result.file = request.destination;
            result.diagnostics.append(
                Diagnostic::of(FetchCode::CacheHit,
                               QCoreApplication::translate("Downloader",
                                                           "%1 was already in the cache and its SHA-256 matches; "
                                                           "nothing was downloaded.")
                                   .arg(request.destination))
                    .about(request.destination));
            return done(DownloadResult::Status::CacheHit);
        }
        if (canceled()) {
            result.diagnostics.append(NetworkSession::canceled(request.url));
            return done(DownloadResult::Status::Canceled);
        }
        QFile::remove(request.destination); // damaged or outdated: never handed over
        QFile::remove(ArchiveCache::sidecarPath(request.destination));
    }

    Transfer transfer;
    transfer.request = request;
    transfer.part = ArchiveCache::partPath(request.destination);
    transfer.phase = QCoreApplication::translate("Downloader", "Downloading %1").arg(name);
    transfer.clock.start();
    if (!QDir().mkpath(QFileInfo(request.destination).absolutePath())
        || !(transfer.file.setFileName(transfer.part), transfer.file.open(QIODevice::ReadWrite))) {
        result.diagnostics.append(
            Diagnostic::of(FetchCode::CacheUnwritable,
                           QCoreApplication::translate("Downloader", "Cannot write %1: %2.")
                               .arg(transfer.part, transfer.file.errorString()),
                           QCoreApplication::translate("Downloader", "Choose a cache folder this user may write to."))
                .about(transfer.part)
                .offering(FixAction::Kind::ChooseCacheFolder));
        return done(DownloadResult::Status::Failed);
    }

    // Resume: what an earlier run left is hashed first, so the digest still covers every byte.
    const qint64 existing = transfer.file.size();
    if (existing > 0 && (request.size < 0 || existing <= request.size) && !request.url.isLocalFile()) {
        QByteArray buffer(Block, Qt::Uninitialized);
        transfer.phase = QCoreApplication::translate("Downloader", "Checking the partial %1").arg(name);
        while (transfer.done < existing) {
            const qint64 n = transfer.file.read(buffer.data(), std::min(Block, existing - transfer.done));
            if (n <= 0)
                break;
            transfer.hash.addData(QByteArrayView(buffer.constData(), n));
            transfer.done += n;
            transfer.report(m_progress);
        }
        transfer.phase = QCoreApplication::translate("Downloader", "Downloading %1").arg(name);
        if (transfer.done != existing && !transfer.restart()) {
            result.diagnostics.append(NetworkSession::errorFor(
                request.url, QNetworkReply::UnknownContentError, 0, transfer.file.errorString()));
            return done(DownloadResult::Status::Failed);
        }
        result.resumedFrom = transfer.done;
    } else if (!transfer.restart()) {
        result.diagnostics.append(
            NetworkSession::errorFor(request.url, QNetworkReply::UnknownContentError, 0, transfer.file.errorString()));
        return done(DownloadResult::Status::Failed);
    }
    transfer.meter = TransferMeter();

    Outcome outcome = Outcome::Failed;
    if (transfer.done == request.size) {
        outcome = Outcome::Complete; // an earlier run received everything and stopped before verifying
    } else if (request.url.isLocalFile()) {
        outcome = copyLocal(transfer, result);
    } else {
        for (int attempts = 0; attempts < m_maxAttempts; ++attempts) {
            const qint64 before = transfer.done;
            outcome = attempt(transfer, result);
            // A drop that brought nothing new is not worth another try: the network is gone.
            if (outcome != Outcome::Dropped || transfer.done == before)
                break;
        }
    }
    transfer.report(m_progress, true);

    switch (outcome) {
    case Outcome::Complete:
        if (finish(transfer, result)) {
            result.file = request.destination;
            // A drop that was resumed is history, not an error: FETCH-RESUMED below says it happened.
            result.diagnostics.removeIf([](const Diagnostic& d) { return d.code == FetchCode::Interrupted; });
            if (result.resumedFrom > 0 || result.requests > 1) {
                result.diagnostics.append(
                    Diagnostic::of(
                        FetchCode::Resumed,
                        QCoreApplication::translate(
                            "Downloader", "The download of %1 was resumed (%n request(s)).", nullptr, result.requests)
                            .arg(name))
                        .about(request.url.toString()));
            }
            result.diagnostics.append(
                Diagnostic::of(FetchCode::Downloaded,
                               QCoreApplication::translate("Downloader",
                                                           "%1 was downloaded and its size and SHA-256 match the "
                                                           "manifest.")
                                   .arg(name))
                    .about(request.destination));
            return done(DownloadResult::Status::Downloaded);
        }
        return done(DownloadResult::Status::Failed);
    case Outcome::Canceled:
        transfer.file.close(); // the .part stays: the next run resumes it
        result.diagnostics.append(NetworkSession::canceled(request.url));
        return done(DownloadResult::Status::Canceled);
    case Outcome::Dropped:
        transfer.file.close();
        if (!containsCode(result.diagnostics, FetchCode::Interrupted)) {
            result.diagnostics.append(
                Diagnostic::of(FetchCode::Interrupted,
                               QCoreApplication::translate("Downloader",
                                                           "The connection to %1 kept dropping; %2 of %3 bytes "
                                                           "arrived and are kept.")
                                   .arg(request.url.host())
                                   .arg(transfer.done)
                                   .arg(request.size),
                               QCoreApplication::translate("Downloader",
                                                           "Run the same command again: it resumes where this one "
                                                           "stopped."))
                    .about(request.url.toString()));
        }
        return done(DownloadResult::Status::Failed);
    case Outcome::Failed:
        break;
    }
    transfer.file.close();
    return done(DownloadResult::Status::Failed);
}

Downloader::Outcome Downloader::attempt(Transfer& transfer, DownloadResult& result)
{
    QNetworkRequest request = m_session.request(transfer.request.url);
    const qint64 offset = transfer.done;
    if (offset > 0)
        request.setRawHeader("Range", "bytes=" + QByteArray::number(offset) + '-');
    ++result.requests;
    // A custom "GET" is not "idempotent" to Qt, so Qt does not quietly resend it when the connection drops: its
    // resend starts the body over inside the same reply, after we have written the first part to disk.
    QNetworkReply* reply = m_session.manager().sendCustomRequest(request, "GET");
    reply->setReadBufferSize(4 * Block); // flat memory: Qt buffers at most this much before we read it

    bool headersChecked = false;
    bool writeFailed = false;
    bool rangeRefused = false;
    bool finished = false;
    const auto checkHeaders = [&] {
        if (headersChecked)
            return;
        headersChecked = true;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (offset > 0 && status == 206) {
            const auto start = contentRangeStart(reply->rawHeader("Content-Range"));
            if (start && *start == offset)
                return;
            rangeRefused = true; // a range we did not ask for: start over without one
            reply->abort();
        } else if (offset > 0 && status == 200) {
            // The server ignored Range and sends the whole file: read it from the start.
            if (!transfer.restart()) {
                writeFailed = true;
                reply->abort();
            }
        } else if (status == 416) {
            rangeRefused = true;
        }
    };
    const auto drain = [&] {
        checkHeaders();
        if (writeFailed || rangeRefused)
            return;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status >= 300)
            return; // an error page is not the archive
        while (reply->bytesAvailable() > 0) {
            const QByteArray data = reply->read(Block);
            result.bytesReceived += data.size();
            if (!transfer.append(data)) {
                writeFailed = true;
                reply->abort();
                return;
            }
        }
        transfer.report(m_progress);
    };
    QObject::connect(reply, &QNetworkReply::metaDataChanged, reply, checkHeaders);
    QObject::connect(reply, &QNetworkReply::readyRead, reply, drain);
    QObject::connect(reply, &QNetworkReply::finished, reply, [&] {
        drain();
        finished = true;
    });

    const bool notCanceled = NetworkSession::waitUntil(
        [&] { return finished; }, [this] { return canceled(); }, [reply] { reply->abort(); });
    QNetworkReply::NetworkError error = reply->error();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    // Qt 6.4 reports a "Connection: close" response cut short of its Content-Length as a success.
    const QVariant announced = reply->header(QNetworkRequest::ContentLengthHeader);
    if (error == QNetworkReply::NoError && !rangeRefused && !writeFailed && announced.isValid()
        && transfer.done - (status == 206 ? offset : 0) < announced.toLongLong())
        error = QNetworkReply::RemoteHostClosedError;
    const QString errorText = error == reply->error()
        ? reply->errorString()
        : QCoreApplication::translate("Downloader", "the connection closed before the whole file arrived");
    delete reply; // not deleteLater: a worker thread may never run its event loop again
    transfer.file.flush();
    if (error != QNetworkReply::NoError)
        m_session.renew(); // nothing of a broken connection may be reused or resent

    if (!notCanceled)
        return Outcome::Canceled;
    if (writeFailed) {
        result.diagnostics.append(cacheUnwritable(transfer.part, transfer.file.errorString()));
        return Outcome::Failed;
    }
    if (rangeRefused) {
        // 416 or a wrong range: the part cannot be trusted as the file's beginning. One clean try from zero.
        if (!transfer.restart())
            return Outcome::Failed;
        return offset > 0 ? Outcome::Dropped : Outcome::Failed;
    }
    if (error == QNetworkReply::NoError)
        return Outcome::Complete;
    if (isDrop(error) && status > 0 && status < 300) {
        result.diagnostics.removeIf([](const Diagnostic& d) { return d.code == FetchCode::Interrupted; });
        result.diagnostics.append(
            Diagnostic::of(FetchCode::Interrupted,
                           QCoreApplication::translate("Downloader",
                                                       "The connection to %1 dropped after %2 of %3 bytes (%4); "
                                                       "what arrived is kept.")
                               .arg(transfer.request.url.host())
                               .arg(transfer.done)
                               .arg(transfer.request.size)
                               .arg(errorText),
                           QCoreApplication::translate("Downloader",
                                                       "Run the same command again: it resumes where this one "
                                                       "stopped."))
                .about(transfer.request.url.toString()));
        return Outcome::Dropped;
    }
    result.diagnostics.append(NetworkSession::errorFor(transfer.request.url, error, status, errorText));
    return Outcome::Failed;
}

Downloader::Outcome Downloader::copyLocal(Transfer& transfer, DownloadResult& result)
{
    ++result.requests;
    QFile source(transfer.request.url.toLocalFile());
    if (!QFileInfo(source.fileName()).isFile()) {
        result.diagnostics.append(NetworkSession::notFound(transfer.request.url));
        return Outcome::Failed;
    }
    if (!source.open(QIODevice::ReadOnly)) {
        result.diagnostics.append(NetworkSession::errorFor(
            transfer.request.url, QNetworkReply::ContentAccessDenied, 0, source.errorString()));
        return Outcome::Failed;
    }
    QByteArray buffer(Block, Qt::Uninitialized);
    for (;;) {
        if (canceled())
            return Outcome::Canceled;
        const qint64 n = source.read(buffer.data(), buffer.size());
        if (n < 0) {
            result.diagnostics.append(NetworkSession::errorFor(
                transfer.request.url, QNetworkReply::UnknownContentError, 0, source.errorString()));
            return Outcome::Failed;
        }
        if (n == 0)
            return Outcome::Complete;
        result.bytesReceived += n;
        if (!transfer.append(QByteArray::fromRawData(buffer.constData(), int(n)))) {
            result.diagnostics.append(cacheUnwritable(transfer.part, transfer.file.errorString()));
            return Outcome::Failed;
        }
        transfer.report(m_progress);
    }
}

bool Downloader::finish(Transfer& transfer, DownloadResult& result)
{
    const DownloadRequest& request = transfer.request;
    const bool flushed = transfer.file.flush();
    transfer.file.close();
    const QString actual = QString::fromLatin1(transfer.hash.hexResult());
    // A wrong file is deleted, never handed over: the next run starts clean instead of resuming garbage.
    if (transfer.done != request.size) {
        QFile::remove(transfer.part);
        result.diagnostics.append(
            Diagnostic::of(
                FetchCode::SizeMismatch,
                QCoreApplication::translate("Downloader", "%1 has %2 bytes; the manifest says %3. It was deleted.")
                    .arg(fileNameOf(request))
                    .arg(transfer.done)
                    .arg(request.size),
                QCoreApplication::translate("Downloader",
                                            "Run again; if it happens again, the mirror's copy or its "
                                            "manifest is out of date."))
                .about(request.url.toString()));
        return false;
    }
    if (actual != request.sha256) {
        QFile::remove(transfer.part);
        result.diagnostics.append(
            Diagnostic::of(FetchCode::ChecksumMismatch,
                           QCoreApplication::translate("Downloader",
                                                       "The SHA-256 of %1 is %2; the manifest says %3. The file "
                                                       "was deleted and nothing was installed.")
                               .arg(fileNameOf(request), actual, request.sha256),
                           QCoreApplication::translate("Downloader",
                                                       "Run again; if it happens again, the mirror's copy is "
                                                       "damaged or was altered: tell its administrator."))
                .about(request.url.toString()));
        return false;
    }
    QFile::remove(request.destination);
    if (!flushed || !QFile::rename(transfer.part, request.destination)) {
        result.diagnostics.append(
            Diagnostic::of(FetchCode::CacheUnwritable,
                           QCoreApplication::translate("Downloader", "Cannot move %1 into place.").arg(transfer.part),
                           QCoreApplication::translate("Downloader", "Choose another cache folder."))
                .about(transfer.part)
                .offering(FixAction::Kind::ChooseCacheFolder));
        return false;
    }
    // sha256sum's format, so the package inspector later reports the archive as verified.
    QSaveFile sidecar(ArchiveCache::sidecarPath(request.destination));
    if (sidecar.open(QIODevice::WriteOnly)) {
        sidecar.write(request.sha256.toLatin1() + "  " + fileNameOf(request).toUtf8() + '\n');
        sidecar.commit();
    }
    return true;
}
