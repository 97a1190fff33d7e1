#include "NetworkSession.h"

#include "FetchCode.h"
#include "FetchSource.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QTimer>
#include <mutex>

NetworkSession::NetworkSession(int transferTimeoutMs)
    : m_manager(std::make_unique<QNetworkAccessManager>())
    , m_transferTimeoutMs(transferTimeoutMs)
{
    static std::once_flag proxyOnce;
    std::call_once(proxyOnce, [] { QNetworkProxyFactory::setUseSystemConfiguration(true); });
    m_manager->setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
}

NetworkSession::~NetworkSession() = default;

void NetworkSession::renew()
{
    m_manager = std::make_unique<QNetworkAccessManager>();
    m_manager->setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
}

QNetworkRequest NetworkSession::request(const QUrl& url) const
{
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    request.setMaximumRedirectsAllowed(10);
    // Identity: a compressed body would be decompressed by Qt, and Range offsets would no longer be file offsets.
    request.setRawHeader("Accept-Encoding", "identity");
    request.setHeader(QNetworkRequest::UserAgentHeader,
                      QStringLiteral("cudnn-setup/%1").arg(QStringLiteral(CUDNN_SETUP_VERSION)));
    request.setTransferTimeout(m_transferTimeoutMs);
    return request;
}

bool NetworkSession::waitUntil(const std::function<bool()>& done,
                               const std::function<bool()>& isCanceled,
                               const std::function<void()>& onCancel)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer poll;
    bool canceled = false;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (!canceled && isCanceled()) {
            canceled = true;
            if (onCancel)
                onCancel();
        }
        if (done() || canceled)
            loop.quit();
    });
    poll.start(20);
    while (!done() && !canceled)
        loop.exec();
    return !canceled;
}

NetworkSession::Reply NetworkSession::readLocal(const QUrl& url, qint64 maxBytes) const
{
    Reply reply;
    reply.url = url;
    QFile file(url.toLocalFile());
    if (!QFileInfo(file.fileName()).isFile()) {
        reply.error = notFound(url);
        return reply;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        reply.error = errorFor(url, QNetworkReply::ContentAccessDenied, 0, file.errorString());
        return reply;
    }
    if (file.size() > maxBytes) {
        reply.error = errorFor(url,
                               QNetworkReply::UnknownContentError,
                               0,
                               QCoreApplication::translate("NetworkSession", "larger than %1 bytes").arg(maxBytes));
        return reply;
    }
    reply.body = file.readAll();
    return reply;
}

QList<NetworkSession::Reply> NetworkSession::getAll(const QList<QUrl>& urls, qint64 maxBytes, CancellationToken cancel)
{
    QList<Reply> results(urls.size());
    QList<QNetworkReply*> pending(urls.size(), nullptr);
    int open = 0;
    for (qsizetype i = 0; i < urls.size(); ++i) {
        results[i].url = urls.at(i);
        if (urls.at(i).isLocalFile()) {
            results[i] = readLocal(urls.at(i), maxBytes);
            continue;
        }
        QNetworkReply* reply = m_manager->get(request(urls.at(i)));
        pending[i] = reply;
        ++open;
        QObject::connect(reply, &QNetworkReply::downloadProgress, reply, [reply, maxBytes](qint64 received, qint64) {
            if (received > maxBytes)
                reply->abort();
        });
        QObject::connect(reply, &QNetworkReply::finished, reply, [&open] { --open; });
    }
    const bool finished = waitUntil([&] { return open == 0; },
                                    [&] { return cancel.isCanceled(); },
                                    [&] {
                                        for (QNetworkReply* reply : pending) {
                                            if (reply && reply->isRunning())
                                                reply->abort();
                                        }
                                    });
    for (qsizetype i = 0; i < urls.size(); ++i) {
        QNetworkReply* reply = pending.at(i);
        if (!reply)
            continue;
        Reply& result = results[i];
        result.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (!finished)
            result.error = canceled(urls.at(i));
        else if (reply->error() != QNetworkReply::NoError)
            result.error = errorFor(urls.at(i), reply->error(), result.httpStatus, reply->errorString());
        else if (reply->bytesAvailable() > maxBytes)
            result.error
                = errorFor(urls.at(i),
                           QNetworkReply::UnknownContentError,
                           result.httpStatus,
                           QCoreApplication::translate("NetworkSession", "larger than %1 bytes").arg(maxBytes));
        else
            result.body = reply->readAll();
        delete reply; // not deleteLater: a worker thread may never run its event loop again
    }
    return results;
}

NetworkSession::Reply NetworkSession::get(const QUrl& url, qint64 maxBytes, CancellationToken cancel)
{
    return getAll({url}, maxBytes, std::move(cancel)).first();
}

Diagnostic NetworkSession::notFound(const QUrl& url)
{
    return Diagnostic::of(FetchCode::NotFound,
                          QCoreApplication::translate("NetworkSession", "%1 does not exist (404 Not Found).")
                              .arg(FetchSource::display(url)),
                          QCoreApplication::translate("NetworkSession",
                                                      "Check the mirror address; a mirror must keep NVIDIA's "
                                                      "layout (redistrib_*.json beside the cudnn/ folder)."))
        .about(url.toString());
}

Diagnostic NetworkSession::canceled(const QUrl& url)
{
    return Diagnostic::of(FetchCode::Canceled,
                          QCoreApplication::translate("NetworkSession", "The download of %1 was cancelled.")
                              .arg(FetchSource::display(url)))
        .about(url.toString());
}

Diagnostic
NetworkSession::errorFor(const QUrl& url, QNetworkReply::NetworkError error, int httpStatus, const QString& text)
{
    if (httpStatus == 404 || error == QNetworkReply::ContentNotFoundError)
        return notFound(url);
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError: // the transfer timeout aborts this way
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::UnknownNetworkError:
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::ProxyNotFoundError:
    case QNetworkReply::ProxyTimeoutError:
        return Diagnostic::of(FetchCode::NoNetwork,
                              QCoreApplication::translate("NetworkSession", "%1 cannot be reached: %2.")
                                  .arg(url.host().isEmpty() ? FetchSource::display(url) : url.host(), text),
                              QCoreApplication::translate("NetworkSession",
                                                          "Check the network connection and the proxy settings, "
                                                          "or use a lab mirror or a shared folder (docs/fetch.md)."))
            .about(url.toString())
            .offering(FixAction::Kind::UseMirror);
    default:
        break;
    }
    return Diagnostic::of(FetchCode::HttpError,
                          httpStatus > 0
                              ? QCoreApplication::translate("NetworkSession", "%1 was refused: HTTP %2 (%3).")
                                    .arg(FetchSource::display(url))
                                    .arg(httpStatus)
                                    .arg(text)
                              : QCoreApplication::translate("NetworkSession", "%1 could not be read: %2.")
                                    .arg(FetchSource::display(url), text),
                          QCoreApplication::translate("NetworkSession", "Try again later, or use another mirror."))
        .about(url.toString())
        .offering(FixAction::Kind::UseMirror);
}
