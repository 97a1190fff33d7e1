#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QMutex>
#include <QString>
#include <QThread>
#include <QUrl>
#include <atomic>

class LoopbackHttpWorker;

/**
 * A small HTTP/1.1 server for tests on 127.0.0.1 (port 0: the system picks one), serving a folder from its own
 * thread so a test may block (QProcess::waitForFinished) while it answers. GET only; "Range: bytes=N-" answered
 * with 206 unless told to ignore it; 404 for what is not there; a folder answered with an HTML listing like
 * python's http.server; on request, a response cut off after N body bytes; and a log of every request.
 */
class LoopbackHttpServer
{
public:
    struct Request
    {
        QString path;
        QByteArray range; // the Range header, empty if none
        int status = 0;
        qint64 bodyBytesSent = 0;
    };

    explicit LoopbackHttpServer(const QString& root);
    ~LoopbackHttpServer();

    bool isListening() const { return m_port != 0; }
    quint16 port() const { return m_port; }
    /** http://127.0.0.1:PORT/ plus path. */
    QUrl url(const QString& path = QStringLiteral("/")) const;

    /** The next `times` responses for path stop after `bodyBytes` bytes of body and close the connection. */
    void dropAfter(const QString& path, qint64 bodyBytes, int times = 1);
    /** Answer every request with 200 and the whole file, as servers without Range support do. */
    void setIgnoreRange(bool ignore);
    /** Pause this long after each 64 KiB of body (to cancel or watch progress mid-file). */
    void setChunkDelayMs(int ms);

    QList<Request> requests() const;
    int requestCount() const;
    qint64 bodyBytesSent() const;
    void clearLog();

private:
    friend class LoopbackHttpWorker;
    struct Drop
    {
        qint64 after = 0;
        int times = 0;
    };

    QString m_root;
    QThread m_thread;
    LoopbackHttpWorker* m_worker = nullptr;
    quint16 m_port = 0;

    mutable QMutex m_mutex; // guards everything below
    QMap<QString, Drop> m_drops;
    bool m_ignoreRange = false;
    int m_chunkDelayMs = 0;
    QList<Request> m_log;
};
