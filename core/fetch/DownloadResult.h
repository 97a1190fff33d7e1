#pragma once

#include "report/Diagnostic.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QUrl>

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
