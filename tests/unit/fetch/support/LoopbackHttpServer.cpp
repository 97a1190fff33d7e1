#include "LoopbackHttpServer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <memory>

namespace {
constexpr qint64 Chunk = 64 * 1024;
constexpr qint64 HighWater = 1024 * 1024;
} // namespace

/** Lives in the server's thread; one Connection per socket, closed after each response. */
class LoopbackHttpWorker : public QObject
{
public:
    explicit LoopbackHttpWorker(LoopbackHttpServer& owner)
        : m_owner(owner)
    {
    }

    quint16 listen()
    {
        m_server = new QTcpServer(this);
        if (!m_server->listen(QHostAddress::LocalHost, 0))
            return 0;
        connect(m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server->nextPendingConnection())
                accept(socket);
        });
        return m_server->serverPort();
    }

private:
    struct Connection
    {
        QPointer<QTcpSocket> socket;
        QByteArray header;
        std::unique_ptr<QFile> file;
        qint64 remaining = 0; // body bytes still to send
        qint64 stopAfter = -1; // body bytes to send before dropping; -1: all
        qint64 sent = 0;
        int logIndex = -1;
        bool waiting = false; // a chunk delay is pending
        bool answered = false; // one request per connection ("Connection: close")
    };

    void accept(QTcpSocket* socket)
    {
        auto connection = std::make_shared<Connection>();
        connection->socket = socket;
        connect(socket, &QTcpSocket::readyRead, this, [this, connection] { onRead(connection); });
        connect(socket, &QTcpSocket::bytesWritten, this, [this, connection] { pump(connection); });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }

    void onRead(const std::shared_ptr<Connection>& c)
    {
        if (c->answered || !c->socket)
            return;
        c->header += c->socket->readAll();
        const qsizetype end = c->header.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        c->answered = true;
        const QList<QByteArray> lines = c->header.left(end).split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        QByteArray range;
        for (const QByteArray& line : lines.mid(1)) {
            const qsizetype colon = line.indexOf(':');
            if (colon > 0 && line.left(colon).trimmed().toLower() == "range")
                range = line.mid(colon + 1).trimmed();
        }
        const QString path = QUrl::fromPercentEncoding(requestLine.value(1));
        respond(c, requestLine.value(0), path, range);
    }

    void respond(const std::shared_ptr<Connection>& c,
                 const QByteArray& method,
                 const QString& path,
                 const QByteArray& range)
    {
        LoopbackHttpServer::Request logged;
        logged.path = path;
        logged.range = range;
        bool ignoreRange = false;
        {
            QMutexLocker lock(&m_owner.m_mutex);
            ignoreRange = m_owner.m_ignoreRange;
            auto drop = m_owner.m_drops.find(path);
            if (drop != m_owner.m_drops.end() && drop->times > 0) {
                c->stopAfter = drop->after;
                --drop->times;
            }
        }

        const QString local = QDir::cleanPath(m_owner.m_root + QLatin1Char('/') + path);
        const QFileInfo info(local);
        QByteArray head;
        QByteArray body;
        if (method != "GET") {
            logged.status = 405;
            body = "method not allowed\n";
        } else if (path.contains(QLatin1String("..")) || !local.startsWith(m_owner.m_root) || !info.exists()) {
            logged.status = 404;
            body = "not found\n";
        } else if (info.isDir()) {
            logged.status = 200;
            body = "<!DOCTYPE HTML>\n<html><head><title>Directory listing for " + path.toUtf8()
                + "</title></head><body><ul>\n";
            for (const QFileInfo& entry :
                 QDir(local).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot, QDir::Name)) {
                const QByteArray name = entry.fileName().toUtf8() + (entry.isDir() ? "/" : "");
                body += "<li><a href=\"" + name + "\">" + name + "</a></li>\n";
            }
            body += "</ul></body></html>\n";
        }
        if (logged.status != 0) {
            head = "HTTP/1.1 " + QByteArray::number(logged.status) + (logged.status == 200 ? " OK" : " Error")
                + "\r\nContent-Type: text/html\r\nContent-Length: " + QByteArray::number(body.size())
                + "\r\nConnection: close\r\n\r\n";
            logged.bodyBytesSent = body.size();
            log(logged);
            c->socket->write(head + body);
            c->socket->disconnectFromHost();
            return;
        }

        c->file = std::make_unique<QFile>(local);
        c->file->open(QIODevice::ReadOnly);
        const qint64 size = c->file->size();
        qint64 start = 0;
        static const QRegularExpression bytes(QStringLiteral(R"(^bytes=(\d+)-(\d*)$)"));
        const auto match = bytes.match(QString::fromLatin1(range));
        if (!ignoreRange && match.hasMatch()) {
            start = match.captured(1).toLongLong();
            if (start >= size) {
                logged.status = 416;
                head = "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */" + QByteArray::number(size)
                    + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
                log(logged);
                c->file.reset();
                c->socket->write(head);
                c->socket->disconnectFromHost();
                return;
            }
            logged.status = 206;
            head = "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes " + QByteArray::number(start) + '-'
                + QByteArray::number(size - 1) + '/' + QByteArray::number(size) + "\r\n";
        } else {
            logged.status = 200;
            head = "HTTP/1.1 200 OK\r\n";
        }
        head += "Content-Type: application/octet-stream\r\nAccept-Ranges: bytes\r\nContent-Length: "
            + QByteArray::number(size - start)
            // A response that will be cut short promises to keep the connection, as a real drop breaks one.
            + (c->stopAfter >= 0 ? "\r\nConnection: keep-alive\r\n\r\n" : "\r\nConnection: close\r\n\r\n");
        c->file->seek(start);
        c->remaining = size - start;
        c->logIndex = log(logged);
        c->socket->write(head);
        pump(c);
    }

    int log(const LoopbackHttpServer::Request& request)
    {
        QMutexLocker lock(&m_owner.m_mutex);
        m_owner.m_log.append(request);
        return int(m_owner.m_log.size() - 1);
    }

    void pump(const std::shared_ptr<Connection>& c)
    {
        if (!c->file || !c->socket || c->waiting)
            return;
        int delay = 0;
        {
            QMutexLocker lock(&m_owner.m_mutex);
            delay = m_owner.m_chunkDelayMs;
        }
        while (c->remaining > 0 && c->socket->bytesToWrite() < HighWater) {
            qint64 n = std::min(Chunk, c->remaining);
            if (c->stopAfter >= 0)
                n = std::min(n, c->stopAfter - c->sent);
            if (n <= 0) {
                c->socket->disconnectFromHost(); // mid-file: what was written arrives, then the connection ends
                c->file.reset();
                return;
            }
            const QByteArray data = c->file->read(n);
            c->socket->write(data);
            c->sent += data.size();
            c->remaining -= data.size();
            {
                QMutexLocker lock(&m_owner.m_mutex);
                m_owner.m_log[c->logIndex].bodyBytesSent = c->sent;
            }
            if (delay > 0) {
                c->waiting = true;
                QTimer::singleShot(delay, this, [this, c] {
                    c->waiting = false;
                    pump(c);
                });
                return;
            }
        }
        if (c->remaining == 0) {
            c->file.reset();
            c->socket->disconnectFromHost(); // after what is buffered is written
        }
    }

    LoopbackHttpServer& m_owner;
    QTcpServer* m_server = nullptr;
};

LoopbackHttpServer::LoopbackHttpServer(const QString& root)
    : m_root(QDir::cleanPath(QFileInfo(root).absoluteFilePath()))
{
    m_worker = new LoopbackHttpWorker(*this);
    m_worker->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
    quint16 port = 0;
    QMetaObject::invokeMethod(
        m_worker, [this, &port] { port = m_worker->listen(); }, Qt::BlockingQueuedConnection);
    m_port = port;
}

LoopbackHttpServer::~LoopbackHttpServer()
{
    m_thread.quit();
    m_thread.wait();
}

QUrl LoopbackHttpServer::url(const QString& path) const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path));
}

void LoopbackHttpServer::dropAfter(const QString& path, qint64 bodyBytes, int times)
{
    QMutexLocker lock(&m_mutex);
    m_drops.insert(path, Drop{bodyBytes, times});
}

void LoopbackHttpServer::setIgnoreRange(bool ignore)
{
    QMutexLocker lock(&m_mutex);
    m_ignoreRange = ignore;
}

void LoopbackHttpServer::setChunkDelayMs(int ms)
{
    QMutexLocker lock(&m_mutex);
    m_chunkDelayMs = ms;
}

QList<LoopbackHttpServer::Request> LoopbackHttpServer::requests() const
{
    QMutexLocker lock(&m_mutex);
    return m_log;
}

int LoopbackHttpServer::requestCount() const
{
    QMutexLocker lock(&m_mutex);
    return int(m_log.size());
}

qint64 LoopbackHttpServer::bodyBytesSent() const
{
    QMutexLocker lock(&m_mutex);
    qint64 total = 0;
    for (const Request& request : m_log)
        total += request.bodyBytesSent;
    return total;
}

void LoopbackHttpServer::clearLog()
{
    QMutexLocker lock(&m_mutex);
    m_log.clear();
}
