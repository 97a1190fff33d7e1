#include "ChecksumSidecar.h"

#include "PackageName.h"
#include "host/RegularFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace {

constexpr qint64 MaxSidecarSize = 4 * 1024 * 1024;

QByteArray readSmallFile(const QString& path)
{
    QString ignored; // a sidecar that cannot be read is as good as none
    return RegularFile::readSmall(path, MaxSidecarSize, &ignored).value_or(QByteArray());
}

std::optional<ExpectedChecksum> expectedFrom(const QJsonObject& entry)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-fA-F]{64}$"));
    const QString sha = entry.value(QStringLiteral("sha256")).toString();
    if (!hex.match(sha).hasMatch())
        return std::nullopt;
    ExpectedChecksum expected;
    expected.sha256 = sha.toLower();
    bool ok = false;
    const qint64 size = entry.value(QStringLiteral("size")).toVariant().toLongLong(&ok);
    if (ok)
        expected.size = size;
    return expected;
}

} // namespace

std::optional<QString> ChecksumSidecar::parseSha256File(const QByteArray& text)
{
    static const QRegularExpression digest(QStringLiteral(R"(^\s*\\?([0-9a-fA-F]{64})(\s|$))"));
    const auto match = digest.match(QString::fromLatin1(text));
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1).toLower();
}

std::optional<ExpectedChecksum>
ChecksumSidecar::fromManifest(const QByteArray& json, const QString& archiveFileName, const Identity& identity)
{
    const QJsonObject cudnn = QJsonDocument::fromJson(json).object().value(QStringLiteral("cudnn")).toObject();
    if (cudnn.isEmpty())
        return std::nullopt;
    const auto manifestVersion = Version::parse(cudnn.value(QStringLiteral("version")).toString());

    // Entries sit at cudnn.<platform>.<cudaNN> (9.x, 8.9 with variants) or at cudnn.<platform> (older manifests).
    QList<QPair<QString, QJsonObject>> candidates; // (platform/variant key, entry)
    for (auto platform = cudnn.constBegin(); platform != cudnn.constEnd(); ++platform) {
        const QJsonObject value = platform->toObject();
        if (value.contains(QStringLiteral("relative_path"))) {
            candidates.append({platform.key(), value});
            continue;
        }
        for (auto variant = value.constBegin(); variant != value.constEnd(); ++variant)
            candidates.append({platform.key() + QLatin1Char('/') + variant.key(), variant->toObject()});
    }

    for (const auto& [key, entry] : candidates) {
        const QString relative = entry.value(QStringLiteral("relative_path")).toString();
        if (QFileInfo(relative).fileName() == archiveFileName)
            return expectedFrom(entry);
    }
    // A renamed download: match what the contents are. Both sbsa and Jetson are aarch64, so both keys are tried.
    if (!identity.cudaMajor || !identity.cudnnVersion || !manifestVersion
        || !manifestVersion->sameRelease(*identity.cudnnVersion))
        return std::nullopt;
    const QString variant = QStringLiteral("cuda%1").arg(*identity.cudaMajor);
    for (bool sbsa : {true, false}) {
        const QString wanted = PackageName::platformKey(identity.os, identity.arch, sbsa) + QLatin1Char('/') + variant;
        for (const auto& [key, entry] : candidates) {
            if (key == wanted)
                return expectedFrom(entry);
        }
    }
    return std::nullopt;
}

std::optional<ExpectedChecksum> ChecksumSidecar::find(const QString& archivePath, const Identity& identity)
{
    const QFileInfo archive(archivePath);
    const QString sidecar = archivePath + QStringLiteral(".sha256");
    if (QFileInfo::exists(sidecar)) {
        if (const auto sha = parseSha256File(readSmallFile(sidecar)))
            return ExpectedChecksum{*sha, std::nullopt, sidecar};
    }
    const QDir folder = archive.absoluteDir();
    const QStringList manifests = folder.entryList({QStringLiteral("redistrib_*.json")}, QDir::Files, QDir::Name);
    for (const QString& manifest : manifests) {
        const QString path = folder.filePath(manifest);
        if (auto expected = fromManifest(readSmallFile(path), archive.fileName(), identity)) {
            expected->source = path;
            return expected;
        }
    }
    return std::nullopt;
}
