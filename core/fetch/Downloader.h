#pragma once

#include "NetworkSession.h"
#include "common/Progress.h"
#include "report/Diagnostic.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QUrl>

/** What to download, what it must be, and where it goes. */
struct DownloadRequest
{
    QUrl url; // http(s):// or file://
    qint64 size = -1; // expected bytes
    QString sha256; // expected digest, lower-case hex
    QString destination; // the verified file; "<destination>.part" while it downloads
};

struct DownloadResult
{
    Q_DECLARE_TR_FUNCTIONS(DownloadResult)

public:
    enum class Status {
        Downloaded, // fetched (possibly resuming a .part) and verified
        CacheHit, // already there, verified again; nothing requested
        Failed, // nothing handed over; a partial download may be kept to resume
        Canceled,
    };

    Status status = Status::Failed;
    QString file; // the verified archive; empty unless ok()
    QUrl url;
    qint64 size = 0;
    qint64 resumedFrom = 0; // bytes of an earlier .part reused
    qint64 bytesReceived = 0; // body bytes that came over the wire in this run
    int requests = 0;
    double seconds = 0.0;
    Diagnostics diagnostics;

    bool ok() const { return status == Status::Downloaded || status == Status::CacheHit; }
    static QString statusName(Status status);
    QJsonObject toJson() const;
};

/**
 * Streams one archive to disk, hashing as it goes: memory stays flat whatever the size. Resumes a ".part" left by
 * an earlier run or a dropped connection with an HTTP Range request (206 appends; a server that ignores Range and
 * answers 200 is read from the start), checks size and SHA-256 before the file takes its final name, and deletes
 * it when either is wrong. Progress carries bytes, rate and time left; cancelling keeps the .part for next time.
 */
class Downloader
{
public:
    Downloader(NetworkSession& session, ProgressSink* progress = nullptr, CancellationToken cancel = {});

    /** A second token that also stops the download (a Cancel button's, beside the application's). */
    void alsoCancelWith(CancellationToken other) { m_alsoCancel = std::move(other); }
    /** Connections that drop mid-file are resumed at most this many times within one run (default 5). */
    void setMaxAttempts(int attempts) { m_maxAttempts = attempts; }

    DownloadResult download(const DownloadRequest& request);

    /** SHA-256 and size of a file, streamed; false when it cannot be read or the token is cancelled. */
    bool hashFile(const QString& path, const QString& phase, qint64 total, QByteArray* hex, qint64* size) const;

private:
    struct Transfer;
    enum class Outcome {
        Complete,
        Dropped, // connection lost mid-body: resume
        Failed,
        Canceled,
    };

    Outcome attempt(Transfer& transfer, DownloadResult& result);
    Outcome copyLocal(Transfer& transfer, DownloadResult& result);
    bool finish(Transfer& transfer, DownloadResult& result);

    NetworkSession& m_session;
    ProgressSink* m_progress;
    bool canceled() const { return m_cancel.isCanceled() || m_alsoCancel.isCanceled(); }

    CancellationToken m_cancel;
    CancellationToken m_alsoCancel;
    int m_maxAttempts = 5;
};
