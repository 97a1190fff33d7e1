#include "Manifest.h"

#include "FaultPoint.h"
#include "FileSystem.h"
#include "RecordedPaths.h"
#include "host/RegularFile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace {

/** Some 15 KB per install of cuDNN 9: a thousand installs fit four times over; larger is not cudnn-setup's. */
constexpr qint64 MaxManifestSize = qint64(64) << 20;

const QList<std::pair<ManifestFile::Action, QString>>& actionNames()
{
    static const QList<std::pair<ManifestFile::Action, QString>> names{
        {ManifestFile::Action::Added, QStringLiteral("added")},
        {ManifestFile::Action::Replaced, QStringLiteral("replaced")},
        {ManifestFile::Action::Removed, QStringLiteral("removed")},
    };
    return names;
}

} // namespace

QString ManifestFile::actionName(Action action)
{
    for (const auto& [value, name] : actionNames()) {
        if (value == action)
            return name;
    }
    return {};
}

QJsonObject ManifestFile::toJson() const
{
    QJsonObject json{{QStringLiteral("path"), path},
                     {QStringLiteral("action"), actionName(action)},
                     {QStringLiteral("kind"), kind == Kind::File ? QStringLiteral("file") : QStringLiteral("symlink")}};
    if (kind == Kind::File) {
        json.insert(QStringLiteral("sha256"), sha256);
        json.insert(QStringLiteral("size"), size);
        json.insert(QStringLiteral("mode"), QString::number(mode, 8));
    } else {
        json.insert(QStringLiteral("link_target"), linkTarget);
    }
    if (!backup.isEmpty())
        json.insert(QStringLiteral("backup"), backup);
    return json;
}

std::optional<ManifestFile> ManifestFile::fromJson(const QJsonObject& json)
{
    ManifestFile file;
    file.path = json.value(QStringLiteral("path")).toString();
    const QString action = json.value(QStringLiteral("action")).toString();
    const auto known = std::find_if(
        actionNames().cbegin(), actionNames().cend(), [&](const auto& pair) { return pair.second == action; });
    if (file.path.isEmpty() || known == actionNames().cend())
        return std::nullopt;
    file.action = known->first;
    file.kind = json.value(QStringLiteral("kind")).toString() == QLatin1String("symlink") ? Kind::Symlink : Kind::File;
    file.sha256 = json.value(QStringLiteral("sha256")).toString();
    file.size = json.value(QStringLiteral("size")).toInteger();
    file.mode = json.value(QStringLiteral("mode")).toString(QStringLiteral("644")).toInt(nullptr, 8);
    file.linkTarget = json.value(QStringLiteral("link_target")).toString();
    file.backup = json.value(QStringLiteral("backup")).toString();
    if (file.action != Action::Added && file.backup.isEmpty())
        return std::nullopt;
    // Uninstall removes and moves what these name: never anything outside the root, nor a backup outside backup/.
    if (!RecordedPaths::isRelativeBelow(file.path)
        || (!file.backup.isEmpty()
            && !(RecordedPaths::isRelativeBelow(file.backup) && file.backup.startsWith(QLatin1String("backup/")))))
        return std::nullopt;
    return file;
}

QJsonObject ManifestEntry::toJson() const
{
    QJsonArray fileList;
    for (const ManifestFile& file : files)
        fileList.append(file.toJson());
    QJsonArray ops;
    for (const QJsonObject& op : operations)
        ops.append(op);
    return {{QStringLiteral("transaction"), transaction},
            {QStringLiteral("kind"), kind},
            {QStringLiteral("time"), time.toString(Qt::ISODate)},
            {QStringLiteral("tool_version"), toolVersion},
            {QStringLiteral("package"), package},
            {QStringLiteral("toolkit"), toolkit},
            {QStringLiteral("files"), fileList},
            {QStringLiteral("folders"), QJsonArray::fromStringList(folders)},
            {QStringLiteral("operations"), ops},
            {QStringLiteral("repairs"), QJsonArray::fromStringList(repairs)}};
}

std::optional<ManifestEntry> ManifestEntry::fromJson(const QJsonObject& json)
{
    ManifestEntry entry;
    entry.transaction = json.value(QStringLiteral("transaction")).toString();
    if (!RecordedPaths::isTransactionId(entry.transaction))
        return std::nullopt; // it names the backup folder an uninstall removes
    entry.kind = json.value(QStringLiteral("kind")).toString();
    entry.time = QDateTime::fromString(json.value(QStringLiteral("time")).toString(), Qt::ISODate);
    entry.toolVersion = json.value(QStringLiteral("tool_version")).toString();
    entry.package = json.value(QStringLiteral("package")).toObject();
    entry.toolkit = json.value(QStringLiteral("toolkit")).toObject();
    for (const char* list : {"files", "folders", "operations", "repairs"}) {
        const QJsonValue value = json.value(QLatin1String(list));
        if (!value.isUndefined() && !value.isArray())
            return std::nullopt; // a list that is something else is damage, not an empty list
    }
    for (const QJsonValue& value : json.value(QStringLiteral("files")).toArray()) {
        std::optional<ManifestFile> file = ManifestFile::fromJson(value.toObject());
        if (!file)
            return std::nullopt;
        entry.files.append(*file);
    }
    for (const QJsonValue& value : json.value(QStringLiteral("folders")).toArray()) {
        if (!RecordedPaths::isRelativeBelow(value.toString()))
            return std::nullopt;
        entry.folders.append(value.toString());
    }
    for (const QJsonValue& value : json.value(QStringLiteral("operations")).toArray())
        entry.operations.append(value.toObject());
    for (const QJsonValue& value : json.value(QStringLiteral("repairs")).toArray()) {
        if (!RecordedPaths::isTransactionId(value.toString()))
            return std::nullopt;
        entry.repairs.append(value.toString());
    }
    return entry;
}

bool Manifest::contains(const QString& transaction) const
{
    return std::any_of(entries.cbegin(), entries.cend(), [&](const ManifestEntry& e) {
        return e.transaction == transaction || e.repairs.contains(transaction);
    });
}

QJsonObject Manifest::toJson() const
{
    QJsonArray list;
    for (const ManifestEntry& entry : entries)
        list.append(entry.toJson());
    return {{QStringLiteral("schema"), Schema}, {QStringLiteral("installs"), list}};
}

std::optional<Manifest> Manifest::load(const QString& path, QString* error)
{
    if (!FileSystem::exists(path))
        return Manifest{};
    const std::optional<QByteArray> content
        = RegularFile::readSmall(path, MaxManifestSize, error, RegularFile::Links::Refuse);
    if (!content)
        return std::nullopt;
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(*content, &parse);
    const QJsonObject json = document.object();
    const QJsonValue installs = json.value(QStringLiteral("installs"));
    if (parse.error != QJsonParseError::NoError || json.value(QStringLiteral("schema")).toInt() != Schema
        || !(installs.isArray() || installs.isUndefined())) {
        *error = tr("%1 is damaged or from another version of cudnn-setup").arg(path);
        return std::nullopt;
    }
    Manifest manifest;
    for (const QJsonValue& value : installs.toArray()) {
        std::optional<ManifestEntry> entry = ManifestEntry::fromJson(value.toObject());
        if (!entry) {
            *error = tr("%1 holds an entry this version cannot read").arg(path);
            return std::nullopt;
        }
        manifest.entries.append(*entry);
    }
    return manifest;
}

bool Manifest::save(const QString& path, QString* error) const
{
    if (entries.isEmpty()) {
        if (FaultPoint::hit("manifest.write")) {
            *error = tr("cannot remove %1: injected fault").arg(path);
            return false;
        }
        const bool removed = FileSystem::removeEntry(path, error);
        FileSystem::syncFolder(FileSystem::parentOf(path));
        return removed;
    }
    return FileSystem::writeAtomically(
        path, QJsonDocument(toJson()).toJson(QJsonDocument::Indented), "manifest.write", error);
}
