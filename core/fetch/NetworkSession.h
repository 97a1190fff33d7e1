#pragma once

#include "common/Progress.h"
#include "report/Diagnostic.h"

#include <QByteArray>
#include <QList>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>
#include <functional>
#include <memory>
#include <optional>

class QNetworkAccessManager;

/**
 * One QNetworkAccessManager for the calling thread, used synchronously: the engine's API is blocking (the silent
 * runner calls it directly, the wizard from a worker thread), so each call runs a local event loop until its
 * replies finish or the token is cancelled. The system's proxy settings are used; redirects are followed unless
 * they go from https to http; file:// URLs are read from disk without the network.
 */
class NetworkSession
{
public:
    struct Reply
    {
        QUrl url;
        QByteArray body;
        int httpStatus = 0; // 0 for file:// and for failures before a status line
        std::optional<Diagnostic> error;
        bool ok() const { return !error.has_value(); }
    };

    explicit NetworkSession(int transferTimeoutMs = 30000);
    ~NetworkSession();
    NetworkSession(const NetworkSession&) = delete;
    NetworkSession& operator=(const NetworkSession&) = delete;

    /** Small documents (listings, manifests), all requested at once; larger than maxBytes is an error. */
    QList<Reply> getAll(const QList<QUrl>& urls, qint64 maxBytes, CancellationToken cancel = {});
    Reply get(const QUrl& url, qint64 maxBytes, CancellationToken cancel = {});

    QNetworkAccessManager& manager() { return *m_manager; }
    /**
     * A new manager, the old one's connections closed. After a connection drops mid-body Qt 6.4 may quietly send
     * the original request again on its own; that stray transfer dies with the manager instead of running on.
     */
    void renew();
    /** A GET with this session's policy: redirects, no compression (Range must count raw bytes), timeout. */
    QNetworkRequest request(const QUrl& url) const;
    /**
     * Runs the event loop until done() or canceled() is true; onCancel runs once when canceled() is. Returns
     * false when cancelled.
     */
    static bool waitUntil(const std::function<bool()>& done,
                          const std::function<bool()>& canceled,
                          const std::function<void()>& onCancel);

    /** The diagnostic for a failed reply: no network, not found (404), or another refusal. */
    static Diagnostic errorFor(const QUrl& url, QNetworkReply::NetworkError error, int httpStatus, const QString& text);
    static Diagnostic notFound(const QUrl& url);
    static Diagnostic canceled(const QUrl& url);

private:
    Reply readLocal(const QUrl& url, qint64 maxBytes) const;

    std::unique_ptr<QNetworkAccessManager> m_manager;
    int m_transferTimeoutMs;
};
