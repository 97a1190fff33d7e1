#pragma once

#include "FetchSource.h"
#include "common/Progress.h"
#include "common/Version.h"

#include <QJsonObject>
#include <QList>
#include <QUrl>
#include <optional>

class NetworkSession;

/** One archive a manifest offers: a cuDNN version for one platform and one CUDA variant. */
struct RedistArchive
{
    Version cudnnVersion; // cudnn.version: 9.19.0.56
    QString releaseLabel; // release_label: 9.19.0
    QString platform; // "linux-x86_64", "windows-x86_64", ...
    std::optional<int> cudaMajor; // the variant ("cuda13"), or the file name's _cudaNN where a manifest has none
    QString relativePath; // as the manifest gives it
    QUrl url; // relativePath resolved against the manifest's folder
    qint64 size = -1;
    QString sha256; // lower-case hex
    QString md5;
    QUrl manifest;

    QString fileName() const;
    QJsonObject toJson() const;
};

/**
 * What a redist tree offers: NVIDIA's redistrib_<version>.json manifests, found in the root's directory listing (or
 * named outright), read into one RedistArchive per (cuDNN version, platform, CUDA variant). A manifest that cannot
 * be read is reported and the others still count.
 */
struct RedistIndex
{
    FetchSource source;
    QList<QUrl> manifests; // the ones read
    QList<RedistArchive> archives;
    Diagnostics diagnostics;

    bool empty() const { return archives.isEmpty(); }
    QJsonObject toJson() const;

    /** Reads the listing (or the one manifest), then every manifest it names. */
    static RedistIndex load(const FetchSource& source, NetworkSession& session, CancellationToken cancel = {});

    /**
     * The manifests an HTML directory listing links to (Apache, nginx autoindex, python -m http.server), resolved
     * against the listing's URL, newest version first.
     */
    static QList<QUrl> manifestsInListing(const QByteArray& html, const QUrl& listingUrl);
    /** Every archive one manifest offers; empty with *error set when it is not a cuDNN manifest. */
    static QList<RedistArchive> parseManifest(const QByteArray& json, const QUrl& manifestUrl, QString* error);
    /** The version in "redistrib_9.19.0.json", or nullopt. */
    static std::optional<Version> manifestVersion(const QString& fileName);
};
