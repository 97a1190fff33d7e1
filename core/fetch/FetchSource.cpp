#include "FetchSource.h"

#include "FetchCode.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace {

std::optional<QUrl> parseUrl(const QString& text, Diagnostic* why)
{
    QUrl url;
    if (text.contains(QLatin1String("://")))
        url = QUrl(text, QUrl::StrictMode);
    else if (!text.isEmpty() && (QDir::isAbsolutePath(text) || QFileInfo::exists(text)))
        url = QUrl::fromLocalFile(QFileInfo(text).absoluteFilePath());
    const QString scheme = url.scheme().toLower();
    if (url.isValid() && (scheme == QLatin1String("http") || scheme == QLatin1String("https")) && !url.host().isEmpty())
        return url;
    if (url.isValid() && url.isLocalFile())
        return url;
    if (why) {
        *why = Diagnostic::of(
                   FetchCode::BadMirror,
                   QCoreApplication::translate("FetchSource", "\"%1\" is not an http://, https:// or file:// address.")
                       .arg(text),
                   QCoreApplication::translate("FetchSource",
                                               "Give the folder that holds the redistrib_*.json files, "
                                               "e.g. http://mirror.lab/cudnn/redist/ or "
                                               "file:///srv/cudnn/redist/."))
                   .about(text);
    }
    return std::nullopt;
}

QUrl asFolder(QUrl url)
{
    QString path = url.path();
    if (!path.endsWith(QLatin1Char('/')))
        url.setPath(path + QLatin1Char('/'));
    return url;
}

} // namespace

QUrl FetchSource::nvidiaRoot()
{
    return QUrl(QStringLiteral("https://developer.download.nvidia.com/compute/cudnn/redist/"));
}

std::optional<FetchSource> FetchSource::fromMirror(const QString& text, Diagnostic* why)
{
    const auto url = parseUrl(text, why);
    if (!url)
        return std::nullopt;
    FetchSource source;
    source.root = asFolder(*url);
    return source;
}

std::optional<FetchSource> FetchSource::fromManifest(const QString& text, Diagnostic* why)
{
    const auto url = parseUrl(text, why);
    if (!url)
        return std::nullopt;
    FetchSource source;
    source.manifest = *url;
    source.root = url->resolved(QUrl(QStringLiteral(".")));
    return source;
}

QJsonObject FetchSource::toJson() const
{
    QJsonObject json{{QStringLiteral("root"), root.toString()}};
    if (!manifest.isEmpty())
        json.insert(QStringLiteral("manifest"), manifest.toString());
    return json;
}

QString FetchSource::display(const QUrl& url)
{
    return url.isLocalFile() ? QDir::toNativeSeparators(url.toLocalFile()) : url.toDisplayString();
}
