#include "InstallPlanner.h"

#include "FileSystem.h"
#include "package/EntrySafety.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>

namespace {

using Folder = PackageLayout::Folder;
using Role = PackageLayout::Role;

const QString IncludeFolder = QStringLiteral("include");
const QString LinuxLibraryFolder = QStringLiteral("lib64");
const QString WindowsImportFolder = QStringLiteral("lib/x64");

QString windowsDllFolder(const CudaToolkit& target)
{
    return target.version && target.version->major() >= 13 ? QStringLiteral("bin/x64") : QStringLiteral("bin");
}

/** The folder below the root a placement goes to on this OS; empty when the entry is not installed. */
QString destinationFolder(const PackageLayout::Placement& placement, OsFlavor os, const CudaToolkit& target)
{
    if (os == OsFlavor::Windows) {
        if (placement.role == Role::Header && placement.folder == Folder::Include)
            return IncludeFolder;
        if (placement.role == Role::RuntimeLibrary
            && (placement.folder == Folder::Bin || placement.folder == Folder::BinX64))
            return windowsDllFolder(target);
        if (placement.role == Role::ImportLibrary
            && (placement.folder == Folder::Lib || placement.folder == Folder::LibX64))
            return WindowsImportFolder;
        return {};
    }
    if (placement.role == Role::Header && placement.folder == Folder::Include)
        return IncludeFolder;
    if ((placement.role == Role::RuntimeLibrary || placement.role == Role::StaticLibrary)
        && (placement.folder == Folder::Lib || placement.folder == Folder::Lib64))
        return LinuxLibraryFolder;
    return {};
}

/**
 * <root>/<folder> with every link along it followed (lib64 -> lib, include -> targets/x86_64-linux/include),
 * as far as it exists; the rest is appended as written. Empty if a link leads outside the root.
 */
QString resolveFolder(OsFlavor os, const QString& root, const QString& folder)
{
    const QString canonicalRoot = QFileInfo(root).canonicalFilePath().isEmpty() ? normalizedPath(os, root)
                                                                                : QFileInfo(root).canonicalFilePath();
    QString resolved = canonicalRoot;
    for (const QString& part : folder.split(QLatin1Char('/'))) {
        const QString next = resolved + QLatin1Char('/') + part;
        const QFileInfo info(next);
        resolved = info.exists() ? info.canonicalFilePath() : next;
    }
    return isPathInside(os, canonicalRoot, resolved) ? resolved : QString();
}

InstallItem::Action actionFor(const InstallItem& item, const QFileInfo& existing)
{
    if (!existing.exists() && !existing.isSymLink())
        return InstallItem::Action::New;
    if (item.kind == InstallItem::Kind::Symlink)
        return existing.isSymLink() && existing.symLinkTarget() == existing.absoluteDir().filePath(item.linkTarget)
            ? InstallItem::Action::Same
            : InstallItem::Action::Overwrite;
    if (existing.isSymLink() || !existing.isFile() || existing.size() != item.size)
        return InstallItem::Action::Overwrite;
    return FileSystem::sha256Of(existing.filePath()) == item.sha256 ? InstallItem::Action::Same
                                                                    : InstallItem::Action::Overwrite;
}

} // namespace

QString InstallItem::actionName(Action action)
{
    switch (action) {
    case Action::New:
        return QStringLiteral("new");
    case Action::Overwrite:
        return QStringLiteral("overwrite");
    case Action::Same:
        return QStringLiteral("same");
    }
    return QStringLiteral("new");
}

QJsonObject InstallItem::toJson() const
{
    QJsonObject json{{QStringLiteral("path"), destination},
                     {QStringLiteral("action"), actionName(action)},
                     {QStringLiteral("source"), source},
                     {QStringLiteral("kind"), kind == Kind::File ? QStringLiteral("file") : QStringLiteral("symlink")},
                     {QStringLiteral("size"), size}};
    if (kind == Kind::File)
        json.insert(QStringLiteral("sha256"), sha256);
    else
        json.insert(QStringLiteral("link_target"), linkTarget);
    return json;
}

bool InstallPlan::isValid() const
{
    return std::none_of(findings.cbegin(), findings.cend(), [](const PackageFinding& f) { return f.blocks(); });
}

bool InstallPlan::writesNothing() const
{
    return createFolders.isEmpty() && std::all_of(items.cbegin(), items.cend(), [](const InstallItem& item) {
               return item.action == InstallItem::Action::Same;
           });
}

QJsonObject InstallPlan::toJson() const
{
    QJsonArray files;
    for (const InstallItem& item : items)
        files.append(item.toJson());
    return QJsonObject{{QStringLiteral("root"), toolkitRoot},
                       {QStringLiteral("os"), osFlavorName(os)},
                       {QStringLiteral("bytes_to_write"), bytesToWrite},
                       {QStringLiteral("files"), files},
                       {QStringLiteral("create_folders"), QJsonArray::fromStringList(createFolders)},
                       {QStringLiteral("skipped"), QJsonArray::fromStringList(skipped)},
                       {QStringLiteral("diagnostics"), findingsToJson(findings)}};
}

QStringList InstallPlanner::destinationFolders(const CudaToolkit& target, OsFlavor os)
{
    const QStringList folders = os == OsFlavor::Windows
        ? QStringList{IncludeFolder, windowsDllFolder(target), WindowsImportFolder}
        : QStringList{IncludeFolder, LinuxLibraryFolder};
    QStringList resolved;
    for (const QString& folder : folders)
        resolved.append(resolveFolder(os, target.root, folder));
    return resolved;
}

InstallPlan InstallPlanner::plan(const PackageInspection& package, const CudaToolkit& target, OsFlavor os)
{
    InstallPlan plan;
    plan.toolkitRoot = target.root;
    plan.os = os;

    QHash<QString, QString> resolvedFolders; // "lib64" -> its real path
    QHash<QString, QString> destinations; // case-folded on Windows -> source
    for (const PackageFile& file : package.files) {
        const QString folder = destinationFolder(file.placement, os, target);
        if (folder.isEmpty()) {
            if (file.entry.type != ArchiveEntry::Type::Directory)
                plan.skipped.append(file.entry.path);
            continue;
        }
        if (!resolvedFolders.contains(folder)) {
            const QString resolved = resolveFolder(os, target.root, folder);
            resolvedFolders.insert(folder, resolved);
            if (resolved.isEmpty()) {
                plan.findings.append(PackageFinding::hardBlock(
                                         PackageCode::UnsafeEntry,
                                         QCoreApplication::translate("InstallPlanner",
                                                                     "%1 leads outside the "
                                                                     "toolkit folder %2.")
                                             .arg(joinPath(os, target.root, folder), target.root),
                                         QCoreApplication::translate("InstallPlanner",
                                                                     "Fix the toolkit's folder links, or install into "
                                                                     "another toolkit."))
                                         .about(folder));
            } else if (!QFileInfo::exists(resolved)) {
                plan.createFolders.append(resolved);
            }
        }
        const QString base = resolvedFolders.value(folder);
        if (base.isEmpty())
            continue;

        InstallItem item;
        item.source = file.entry.path;
        item.destination = joinPath(os, base, file.placement.name);
        const bool link = file.entry.type == ArchiveEntry::Type::Symlink;
        if (EntrySafety::hasDotDot(file.placement.name) || !isPathInside(os, base, item.destination)
            || (link && !EntrySafety::staysInFolder(file.entry.linkTarget))) {
            plan.skipped.append(file.entry.path); // already a PKG-UNSAFE-ENTRY finding of the inspection
            continue;
        }
        item.kind = link ? InstallItem::Kind::Symlink : InstallItem::Kind::File;
        item.linkTarget = link ? file.entry.linkTarget : QString();
        item.size = link ? 0 : file.contentSize;
        item.sha256 = file.sha256;
        const QFileInfo existing(item.destination);
        if (existing.isDir() && !existing.isSymLink()) {
            plan.findings.append(
                PackageFinding::hardBlock(
                    PackageCode::UnsafeEntry,
                    QCoreApplication::translate("InstallPlanner",
                                                "%1 is a folder, but the "
                                                "package has a file there.")
                        .arg(displayPath(os, item.destination)),
                    QCoreApplication::translate("InstallPlanner", "Move the folder away, then install again."))
                    .about(item.destination));
            continue;
        }
        const QString key = os == OsFlavor::Windows ? item.destination.toCaseFolded() : item.destination;
        if (destinations.contains(key)) {
            plan.findings.append(
                PackageFinding::hardBlock(
                    PackageCode::UnsafeEntry,
                    QCoreApplication::translate("InstallPlanner",
                                                "%1 and %2 would both be "
                                                "written to %3.")
                        .arg(destinations.value(key), item.source, displayPath(os, item.destination)),
                    QCoreApplication::translate("InstallPlanner", "Use an unmodified archive from NVIDIA."))
                    .about(item.destination));
            continue;
        }
        destinations.insert(key, item.source);
        item.action = actionFor(item, existing);
        if (item.kind == InstallItem::Kind::File && item.action != InstallItem::Action::Same)
            plan.bytesToWrite += item.size;
        plan.items.append(item);
    }
    return plan;
}
