#include "ChangeSet.h"

#include "FileSystem.h"
#include "FileWriter.h"
#include "package/PackageInspection.h"

#include <QHash>
#include <QJsonArray>

qint64 ChangeSet::bytesToWrite() const
{
    qint64 bytes = 0;
    for (const Change& change : changes)
        bytes += change.writes() && !change.isLink() ? change.size : 0;
    return bytes;
}

int ChangeSet::entriesToWrite() const
{
    return int(std::count_if(changes.cbegin(), changes.cend(), [](const Change& c) { return c.writes(); }));
}

bool ChangeSet::changesNothing() const
{
    return entriesToWrite() == 0 && createFolders.isEmpty() && removals.isEmpty();
}

QStringList ChangeSet::foldersWritten() const
{
    QStringList folders;
    const auto note = [&](const QString& folder) {
        if (!folders.contains(folder) && !createFolders.contains(folder))
            folders.append(folder);
    };
    for (const Change& change : changes) {
        if (change.writes())
            note(FileSystem::parentOf(change.destination));
    }
    for (const Removal& removal : removals)
        note(FileSystem::parentOf(removal.path));
    for (const QString& folder : createFolders) {
        if (!createFolders.contains(FileSystem::parentOf(folder)))
            note(FileSystem::parentOf(folder));
    }
    return folders;
}

const Change* ChangeSet::changeFrom(const QString& archivePath) const
{
    for (const Change& change : changes) {
        if (change.source == Change::Source::Archive && change.from == archivePath)
            return &change;
    }
    return nullptr;
}

QJsonObject ChangeSet::toJson() const
{
    QJsonArray files;
    for (const Change& change : changes) {
        QJsonObject json{
            {QStringLiteral("path"), change.destination},
            {QStringLiteral("action"), InstallItem::actionName(change.action)},
            {QStringLiteral("source"), change.from},
            {QStringLiteral("kind"), change.isLink() ? QStringLiteral("symlink") : QStringLiteral("file")}};
        if (change.isLink()) {
            json.insert(QStringLiteral("link_target"), change.linkTarget);
        } else {
            json.insert(QStringLiteral("size"), change.size);
            json.insert(QStringLiteral("sha256"), change.sha256.isEmpty() ? QJsonValue() : QJsonValue(change.sha256));
        }
        files.append(json);
    }
    QJsonArray removed;
    for (const Removal& removal : removals)
        removed.append(
            QJsonObject{{QStringLiteral("path"), removal.path},
                        {QStringLiteral("kind"), removal.isLink ? QStringLiteral("symlink") : QStringLiteral("file")}});
    return {{QStringLiteral("root"), root},
            {QStringLiteral("os"), osFlavorName(os)},
            {QStringLiteral("bytes_to_write"), bytesToWrite()},
            {QStringLiteral("files"), files},
            {QStringLiteral("create_folders"), QJsonArray::fromStringList(createFolders)},
            {QStringLiteral("remove"), removed}};
}

ChangeSet ChangeSet::fromPlan(const InstallPlan& plan, const PackageInspection& package)
{
    QHash<QString, const PackageFile*> byPath;
    for (const PackageFile& file : package.files)
        byPath.insert(file.entry.path, &file);

    ChangeSet set;
    set.root = plan.toolkitRoot;
    set.os = plan.os;
    for (const InstallItem& item : plan.items) {
        Change change;
        change.from = item.source;
        change.destination = item.destination;
        change.kind = item.kind;
        change.linkTarget = item.linkTarget;
        change.size = item.size;
        change.sha256 = item.sha256;
        change.action = item.action;
        if (const PackageFile* file = byPath.value(item.source)) {
            change.mode = FileWriter::installMode(file->entry.mode);
            if (file->entry.type == ArchiveEntry::Type::Hardlink)
                change.contentOf = file->entry.linkTarget;
        }
        set.changes.append(change);
    }
    set.createFolders = missingLevels(set.root, plan.createFolders);
    return set;
}

QStringList ChangeSet::missingLevels(const QString& root, const QStringList& folders)
{
    QStringList levels;
    for (const QString& folder : folders) {
        QStringList chain;
        for (QString level = folder; FileSystem::isInside(root, level) && level != root && !FileSystem::exists(level);
             level = FileSystem::parentOf(level))
            chain.prepend(level);
        for (const QString& level : chain) {
            if (!levels.contains(level))
                levels.append(level);
        }
    }
    std::stable_sort(levels.begin(), levels.end(), [](const QString& a, const QString& b) {
        return a.count(QLatin1Char('/')) < b.count(QLatin1Char('/'));
    });
    return levels;
}
