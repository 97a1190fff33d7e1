#pragma once

#include "DownloadResult.h"
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
