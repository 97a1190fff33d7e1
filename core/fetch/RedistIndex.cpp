#include "RedistIndex.h"

#include "FetchCode.h"
#include "NetworkSession.h"
#include "package/PackageName.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <algorithm>

namespace {

constexpr qint64 MaxListingBytes = 8 * 1024 * 1024;
constexpr qint64 MaxManifestBytes = 4 * 1024 * 1024;

const QString ManifestPattern = QStringLiteral("redistrib_*.json");

std::optional<qint64> sizeOf(const QJsonValue& value)
{
    bool ok = false;
    const qint64 size = value.isString() ? value.toString().toLongLong(&ok) : value.toVariant().toLongLong(&ok);
    return ok && size >= 0 ? std::optional<qint64>(size) : std::nullopt;
}

std::optional<int> variantMajor(const QString& key)
{
    static const QRegularExpression variant(QStringLiteral("^cuda(\\d+)$"));
    const auto match = variant.match(key);
    return match.hasMatch() ? std::optional<int>(match.captured(1).toInt()) : std::nullopt;
}

bool isPlatformKey(const QString& key)
{
    static const QRegularExpression platform(QStringLiteral("^(linux|windows)-[a-z0-9_]+$"));
    return platform.match(key).hasMatch();
}

/** Newest first by the version in the name; names without one last, by name. */
void sortManifests(QList<QUrl>& urls)
{
    std::stable_sort(urls.begin(), urls.end(), [](const QUrl& a, const QUrl& b) {
        const auto va = RedistIndex::manifestVersion(QFileInfo(a.path()).fileName());
        const auto vb = RedistIndex::manifestVersion(QFileInfo(b.path()).fileName());
        if (va && vb)
            return *va > *vb;
        return va.has_value() && !vb.has_value();
    });
}

} // namespace

QString RedistArchive::fileName() const
{
    return QFileInfo(relativePath).fileName();
}

QJsonObject RedistArchive::toJson() const
{
    return QJsonObject{
        {QStringLiteral("cudnn_version"), cudnnVersion.toString()},
        {QStringLiteral("release_label"), releaseLabel},
        {QStringLiteral("platform"), platform},
        {QStringLiteral("cuda_variant"), cudaMajor ? QJsonValue(*cudaMajor) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("relative_path"), relativePath},
        {QStringLiteral("url"), url.toString()},
        {QStringLiteral("size"), double(size)},
        {QStringLiteral("sha256"), sha256},
        {QStringLiteral("md5"), md5},
        {QStringLiteral("manifest"), manifest.toString()},
    };
}

QJsonObject RedistIndex::toJson() const
{
    QJsonArray list;
    for (const QUrl& url : manifests)
        list.append(url.toString());
    return QJsonObject{{QStringLiteral("source"), source.toJson()},
                       {QStringLiteral("manifests"), list},
                       {QStringLiteral("archives"), double(archives.size())}};
}

std::optional<Version> RedistIndex::manifestVersion(const QString& fileName)
{
    static const QRegularExpression name(QStringLiteral("^redistrib_([0-9][0-9.]*)\\.json$"));
    const auto match = name.match(fileName);
    return match.hasMatch() ? Version::parse(match.captured(1)) : std::nullopt;
}

QList<QUrl> RedistIndex::manifestsInListing(const QByteArray& html, const QUrl& listingUrl)
{
    static const QRegularExpression href(
        QStringLiteral(R"(href\s*=\s*["']?([^"'\s>]*redistrib_[0-9][0-9.]*\.json)["'\s>])"),
        QRegularExpression::CaseInsensitiveOption);
    QList<QUrl> urls;
    auto it = href.globalMatch(QString::fromUtf8(html));
    while (it.hasNext()) {
        const QUrl url = listingUrl.resolved(QUrl(it.next().captured(1)));
        if (url.isValid() && !urls.contains(url))
            urls.append(url);
    }
    sortManifests(urls);
    return urls;
}

QList<RedistArchive> RedistIndex::parseManifest(const QByteArray& json, const QUrl& manifestUrl, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    const QJsonObject cudnn = document.object().value(QStringLiteral("cudnn")).toObject();
    const auto version = Version::parse(cudnn.value(QStringLiteral("version")).toString());
    if (document.isNull() || cudnn.isEmpty() || !version) {
        if (error) {
            *error = document.isNull()
                ? parseError.errorString()
                : QCoreApplication::translate("RedistIndex", "no \"cudnn\" entry with a version");
        }
        return {};
    }
    const QString label = document.object().value(QStringLiteral("release_label")).toString();
    const QUrl folder = manifestUrl.resolved(QUrl(QStringLiteral(".")));

    QList<RedistArchive> archives;
    const auto add = [&](const QString& platform, std::optional<int> cudaMajor, const QJsonObject& entry) {
        RedistArchive archive;
        archive.cudnnVersion = *version;
        archive.releaseLabel = label.isEmpty() ? version->truncated(3).toString() : label;
        archive.platform = platform;
        archive.relativePath = entry.value(QStringLiteral("relative_path")).toString();
        archive.size = sizeOf(entry.value(QStringLiteral("size"))).value_or(-1);
        archive.sha256 = entry.value(QStringLiteral("sha256")).toString().toLower();
        archive.md5 = entry.value(QStringLiteral("md5")).toString().toLower();
        archive.manifest = manifestUrl;
        static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
        // A path that climbs out of the tree, or an entry without a digest, is never offered.
        if (archive.relativePath.isEmpty() || archive.relativePath.contains(QLatin1String(".."))
            || archive.relativePath.startsWith(QLatin1Char('/')) || archive.relativePath.contains(QLatin1String(":"))
            || !hex.match(archive.sha256).hasMatch() || archive.size < 0)
            return;
        archive.url = folder.resolved(QUrl(archive.relativePath));
        if (!cudaMajor) {
            if (const auto name = PackageName::parse(archive.fileName()))
                cudaMajor = name->cudaVersion.major();
        }
        archive.cudaMajor = cudaMajor;
        archives.append(archive);
    };

    // cudnn.<platform>.<cudaNN> (8.9 on), or cudnn.<platform> itself in older manifests.
    for (auto platform = cudnn.constBegin(); platform != cudnn.constEnd(); ++platform) {
        if (!isPlatformKey(platform.key()) || !platform->isObject())
            continue;
        const QJsonObject value = platform->toObject();
        // Usually one or the other; 9.27.0's windows-arm64 entry has both, a bare _cuda13.4 zip beside its cuda13.
        if (value.contains(QStringLiteral("relative_path")))
            add(platform.key(), std::nullopt, value);
        for (auto variant = value.constBegin(); variant != value.constEnd(); ++variant) {
            if (const auto major = variantMajor(variant.key()); major && variant->isObject())
                add(platform.key(), major, variant->toObject());
        }
    }
    if (archives.isEmpty() && error)
        *error = QCoreApplication::translate("RedistIndex", "it lists no archive with a path, a size and a SHA-256");
    return archives;
}

RedistIndex RedistIndex::load(const FetchSource& source, NetworkSession& session, CancellationToken cancel)
{
    RedistIndex index;
    index.source = source;
    QList<QUrl> manifests;
    if (!source.manifest.isEmpty()) {
        manifests.append(source.manifest);
    } else if (source.isLocal()) {
        const QDir folder(source.root.toLocalFile());
        if (!folder.exists()) {
            index.diagnostics.append(NetworkSession::notFound(source.root));
            return index;
        }
        for (const QString& name : folder.entryList({ManifestPattern}, QDir::Files | QDir::Readable, QDir::Name))
            manifests.append(QUrl::fromLocalFile(folder.filePath(name)));
        sortManifests(manifests);
    } else {
        const NetworkSession::Reply listing = session.get(source.root, MaxListingBytes, cancel);
        if (!listing.ok()) {
            index.diagnostics.append(*listing.error);
            return index;
        }
        manifests = manifestsInListing(listing.body, source.root);
    }
    if (manifests.isEmpty()) {
        index.diagnostics.append(
            Diagnostic::of(FetchCode::NoManifest,
                           QCoreApplication::translate("RedistIndex", "%1 lists no redistrib_*.json manifest.")
                               .arg(FetchSource::display(source.root)),
                           QCoreApplication::translate("RedistIndex",
                                                       "Use the folder that holds NVIDIA's "
                                                       "redistrib_<version>.json files (with directory listing "
                                                       "on), or name one of those files."))
                .about(source.root.toString())
                .offering(FixAction::Kind::NameIndex));
        return index;
    }

    const QList<NetworkSession::Reply> replies = session.getAll(manifests, MaxManifestBytes, cancel);
    for (const NetworkSession::Reply& reply : replies) {
        if (!reply.ok()) {
            index.diagnostics.append(*reply.error);
            continue;
        }
        QString error;
        const QList<RedistArchive> archives = parseManifest(reply.body, reply.url, &error);
        if (archives.isEmpty()) {
            index.diagnostics.append(
                Diagnostic::of(FetchCode::BadManifest,
                               QCoreApplication::translate("RedistIndex", "%1 is not a cuDNN manifest: %2.")
                                   .arg(FetchSource::display(reply.url), error),
                               QCoreApplication::translate("RedistIndex",
                                                           "Copy the manifest from NVIDIA's redist folder "
                                                           "unchanged."))
                    .about(reply.url.toString()));
            continue;
        }
        index.manifests.append(reply.url);
        index.archives.append(archives);
    }
    return index;
}
