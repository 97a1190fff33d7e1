#include "DeployPlanner.h"

#include "FileSystem.h"
#include "FileWriter.h"
#include "InstallCode.h"
#include "SupersededFiles.h"
#include "detect/CudnnInstallScanner.h"
#include "package/ArchiveEntry.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace {

/** Existing library folders of the toolkit, each once (lib64 and lib are often one folder). */
QStringList toolkitLibraryFolders(OsFlavor os, const QString& root)
{
    QStringList folders;
    for (const QString& dir : CudnnInstallScanner::toolkitLibraryDirs(os, root)) {
        const QString canonical = QFileInfo(dir).canonicalFilePath();
        if (!canonical.isEmpty() && !folders.contains(canonical))
            folders.append(canonical);
    }
    return folders;
}

} // namespace

PlannedChanges DeployPlanner::plan(const PackageInspection& package,
                                   const CudaToolkit& toolkit,
                                   const QString& folder,
                                   OsFlavor os,
                                   const QStringList& searchFolders)
{
    PlannedChanges plan;
    plan.changes.root = folder;
    plan.changes.os = os;
    addArchiveFiles(plan, package, folder);

    bool foundCudart = false;
    for (const QString& dir : toolkitLibraryFolders(os, toolkit.root)) {
        const QStringList names = QDir(dir).entryList(QDir::Files | QDir::System, QDir::Name);
        for (const QString& name : names) {
            if (isRuntimeDependency(os, name) && addDiskFile(plan, dir + QLatin1Char('/') + name, folder))
                foundCudart = foundCudart || name.startsWith(QLatin1String("libcudart"), Qt::CaseInsensitive)
                    || name.startsWith(QLatin1String("cudart"), Qt::CaseInsensitive);
        }
    }
    if (!foundCudart)
        plan.diagnostics.append(Diagnostic::of(InstallCode::RuntimeMissing,
                                               tr("The toolkit %1 has no CUDA runtime (cudart) to copy next to "
                                                  "the application.")
                                                   .arg(displayPath(os, toolkit.root)),
                                               tr("Make sure the application finds the CUDA runtime another way, "
                                                  "or choose a complete toolkit."))
                                    .about(toolkit.root)
                                    .offering(FixAction::Kind::ChooseToolkit));

    if (package.cudnnVersion && needsZlibwapi(os, *package.cudnnVersion)) {
        bool found = false;
        for (const QString& dir : toolkitLibraryFolders(os, toolkit.root) + searchFolders) {
            const QString zlib = QDir(dir).filePath(QStringLiteral("zlibwapi.dll"));
            if (!found && QFileInfo(zlib).isFile())
                found = addDiskFile(plan, QFileInfo(zlib).canonicalFilePath(), folder);
        }
        if (!found)
            plan.diagnostics.append(Diagnostic::of(InstallCode::ZlibMissing,
                                                   tr("cuDNN %1 needs zlibwapi.dll, and none was found to copy "
                                                      "next to the application.")
                                                       .arg(package.cudnnVersion->truncated(3).toString()),
                                                   tr("Put zlibwapi.dll (64-bit) into %1 yourself, or deploy "
                                                      "cuDNN 9.2 or later, which does not need it.")
                                                       .arg(displayPath(os, folder))));
    }

    plan.changes.removals = SupersededFiles::find(plan.changes, {folder});
    if (!FileSystem::exists(folder))
        plan.changes.createFolders = {folder};
    return plan;
}

bool DeployPlanner::isRuntimeDependency(OsFlavor os, const QString& fileName)
{
    static const QRegularExpression linuxName(
        QStringLiteral("^lib(cudart|cublas|cublasLt|nvrtc|nvrtc-builtins)\\.so\\.\\d+(\\.\\d+)*$"));
    static const QRegularExpression windowsName(
        QStringLiteral("^(cudart64|cublas64|cublasLt64|nvrtc64|nvrtc-builtins64)_\\d+(_\\d+)?\\.dll$"),
        QRegularExpression::CaseInsensitiveOption);
    return (os == OsFlavor::Windows ? windowsName : linuxName).match(fileName).hasMatch();
}

bool DeployPlanner::needsZlibwapi(OsFlavor os, const Version& cudnn)
{
    return os == OsFlavor::Windows && cudnn >= Version{8, 3} && cudnn < Version{9, 2};
}

void DeployPlanner::addArchiveFiles(PlannedChanges& plan, const PackageInspection& package, const QString& folder)
{
    for (const PackageFile& file : package.files) {
        if (file.placement.role != PackageLayout::Role::RuntimeLibrary
            || file.entry.type == ArchiveEntry::Type::Directory || file.entry.type == ArchiveEntry::Type::Other)
            continue;
        Change change;
        change.from = file.entry.path;
        change.destination = folder + QLatin1Char('/') + archiveEntryFileName(file.entry.path);
        change.kind
            = file.entry.type == ArchiveEntry::Type::Symlink ? InstallItem::Kind::Symlink : InstallItem::Kind::File;
        change.linkTarget = file.entry.linkTarget;
        if (file.entry.type == ArchiveEntry::Type::Hardlink) {
            change.contentOf = file.entry.linkTarget;
            change.linkTarget.clear();
        }
        change.size = change.isLink() ? 0 : file.contentSize;
        change.sha256 = change.isLink() ? QString() : file.sha256;
        change.mode = FileWriter::installMode(file.entry.mode);
        change.action = compareWithExisting(change, {});
        plan.changes.changes.append(change);
    }
}

bool DeployPlanner::addDiskFile(PlannedChanges& plan, const QString& path, const QString& folder)
{
    const QString name = archiveEntryFileName(path);
    const QString destination = folder + QLatin1Char('/') + name;
    if (std::any_of(plan.changes.changes.cbegin(), plan.changes.changes.cend(), [&](const Change& c) {
            return c.destination.compare(destination, fileNameCase(plan.changes.os)) == 0;
        }))
        return true;
    const QFileInfo info(path);
    Change change;
    change.source = Change::Source::Disk;
    change.destination = destination;
    const QString target = FileSystem::linkTarget(path);
    if (info.isSymLink() && !target.contains(QLatin1Char('/')) && isRuntimeDependency(plan.changes.os, target)) {
        change.kind = InstallItem::Kind::Symlink; // libcudart.so.13 -> libcudart.so.13.0.96, copied beside it
        change.linkTarget = target;
        change.from = path;
    } else {
        change.from = info.canonicalFilePath(); // a link to elsewhere is copied as the file it names
        if (change.from.isEmpty())
            return false;
        change.size = QFileInfo(change.from).size();
        const QFileDevice::Permissions executable
            = QFileDevice::ExeOwner | QFileDevice::ExeUser | QFileDevice::ExeGroup | QFileDevice::ExeOther;
        change.mode = FileWriter::installMode((QFileInfo(change.from).permissions() & executable) ? 0755 : 0644);
    }
    change.action = compareWithExisting(change, change.from);
    plan.changes.changes.append(change);
    return true;
}

InstallItem::Action DeployPlanner::compareWithExisting(const Change& change, const QString& sourceFile)
{
    const FileSystem::Kind existing = FileSystem::kindOf(change.destination);
    if (existing == FileSystem::Kind::None)
        return InstallItem::Action::New;
    if (change.isLink())
        return existing == FileSystem::Kind::Symlink && FileSystem::linkTarget(change.destination) == change.linkTarget
            ? InstallItem::Action::Same
            : InstallItem::Action::Overwrite;
    if (existing != FileSystem::Kind::File || QFileInfo(change.destination).size() != change.size)
        return InstallItem::Action::Overwrite;
    const QString expected = sourceFile.isEmpty() ? change.sha256 : FileSystem::sha256Of(sourceFile);
    return FileSystem::sha256Of(change.destination) == expected ? InstallItem::Action::Same
                                                                : InstallItem::Action::Overwrite;
}
