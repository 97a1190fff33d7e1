#include "Preflight.h"

#include "FileSystem.h"
#include "InstallCode.h"

#include <QLocale>

Preflight::Preflight()
    : Preflight(&FileSystem::availableBytes, &FileSystem::canWriteIn)
{
}

Preflight::Preflight(SpaceProbe availableBytes, WriteProbe canWriteIn)
    : m_availableBytes(std::move(availableBytes))
    , m_canWriteIn(std::move(canWriteIn))
    , m_isReadOnly(&FileSystem::isOnReadOnlyVolume)
{
}

Diagnostics Preflight::checkPackage(const PackageInspection& package, const PackageFindings& planFindings)
{
    Diagnostics problems;
    for (const PackageFinding& finding : package.findings + planFindings) {
        if (finding.diagnostic.code != PackageCode::UnsafeEntry && finding.blocking != PackageFinding::Blocking::Always)
            continue;
        problems.append(
            Diagnostic::of(InstallCode::UnsafePackage,
                           tr("Nothing of %1 is installed: %2").arg(package.file, finding.diagnostic.message),
                           finding.diagnostic.fix)
                .about(finding.diagnostic.subject)
                .offering(finding.diagnostic.action));
    }
    if (!package.readCompletely && problems.isEmpty())
        problems.append(Diagnostic::of(InstallCode::UnsafePackage,
                                       tr("%1 was not read completely when it was checked, so nothing of it is "
                                          "installed.")
                                           .arg(package.file),
                                       tr("Check the package again (a dry run shows why it stopped)."))
                            .about(package.file));
    return problems;
}

Diagnostics Preflight::checkTarget(const ChangeSet& changes, const QString& stateFolder, Space space) const
{
    Diagnostics problems;
    const auto unsafe = [&](const QString& path) {
        problems.append(Diagnostic::of(InstallCode::UnsafeTarget,
                                       tr("%1 is not inside %2 as planned (a folder link may lead elsewhere).")
                                           .arg(displayPath(changes.os, path), displayPath(changes.os, changes.root)),
                                       tr("Fix the toolkit's folder links, or install into another toolkit."))
                            .about(path));
    };
    if (!FileSystem::isSafeFolder(changes.root, changes.root))
        unsafe(changes.root);
    for (const Change& change : changes.changes) {
        const QString folder = FileSystem::parentOf(change.destination);
        if (change.writes() && FileSystem::exists(folder) && !FileSystem::isSafeFolder(folder, changes.root))
            unsafe(change.destination);
    }
    for (const QString& folder : changes.createFolders) {
        if (!FileSystem::isInside(changes.root, folder))
            unsafe(folder);
    }
    for (const Removal& removal : changes.removals) {
        if (!FileSystem::isSafeFolder(FileSystem::parentOf(removal.path), changes.root))
            unsafe(removal.path);
    }
    if (!problems.isEmpty())
        return problems;

    problems = checkWritable(foldersToWrite(changes, stateFolder));
    if (!problems.isEmpty())
        return problems;
    return space == Space::Check ? checkSpace(changes.root, changes.bytesToWrite(), changes.os) : Diagnostics();
}

Diagnostics Preflight::checkBeforeReading(const QString& root,
                                          const QString& stateFolder,
                                          const QStringList& destinations,
                                          qint64 atLeastBytes,
                                          OsFlavor os) const
{
    const Diagnostics state = checkStateFolder(stateFolder, os);
    if (!state.isEmpty())
        return state;
    QStringList folders{FileSystem::exists(stateFolder) ? stateFolder : root};
    for (QString folder : destinations) {
        while (!folder.isEmpty() && !FileSystem::exists(folder) && FileSystem::isInside(root, folder) && folder != root)
            folder = FileSystem::parentOf(folder); // created by the install: what matters is the level it goes in
        if (!folder.isEmpty() && !folders.contains(folder))
            folders.append(folder);
    }
    const Diagnostics problems = checkWritable(folders);
    return problems.isEmpty() ? checkSpace(root, atLeastBytes, os) : problems;
}

Diagnostics Preflight::checkSpace(const QString& root, qint64 bytes, OsFlavor os) const
{
    const qint64 needed = bytes + margin(bytes);
    const qint64 available = m_availableBytes(root);
    if (available < 0 || available >= needed)
        return {};
    const QLocale locale;
    return {Diagnostic::of(
                InstallCode::NoSpace,
                tr("%1 has %2 free, but the install needs %3 (the files and a margin).")
                    .arg(displayPath(os, root), locale.formattedDataSize(available), locale.formattedDataSize(needed)),
                tr("Free some space on that drive, then run the install again."))
                .about(root)};
}

QStringList Preflight::foldersToWrite(const ChangeSet& changes, const QString& stateFolder)
{
    QStringList folders = changes.foldersWritten();
    folders.prepend(FileSystem::exists(stateFolder) ? stateFolder : changes.root);
    return folders;
}

Diagnostics Preflight::checkWritable(const QStringList& folders) const
{
    for (const QString& folder : folders) {
        if (m_canWriteIn(folder))
            continue;
        if (m_isReadOnly && m_isReadOnly(folder))
            return {Diagnostic::of(InstallCode::ReadOnlyVolume,
                                   tr("%1 lies on a read-only file system, so nothing was changed (no user may "
                                      "write there, root neither).")
                                       .arg(displayPath(hostOsFlavor(), folder)),
                                   tr("Mount that file system writable, or install into a toolkit on a writable "
                                      "drive."))
                        .about(folder)};
        const bool windows = hostOsFlavor() == OsFlavor::Windows;
        return {
            Diagnostic::of(
                InstallCode::NeedsElevation,
                tr("This user may not write to %1, so nothing was changed.").arg(displayPath(hostOsFlavor(), folder)),
                windows ? tr("Run cudnn-setup as an administrator.")
                        : tr("Run cudnn-setup as root (for example with sudo), or install into "
                             "a toolkit you own."))
                .about(folder)};
    }
    return {};
}

Diagnostics Preflight::checkStateFolder(const QString& stateFolder, OsFlavor os)
{
    const FileSystem::Kind kind = FileSystem::kindOf(stateFolder);
    if (kind == FileSystem::Kind::None || kind == FileSystem::Kind::Directory)
        return {};
    const QString shown = displayPath(os, stateFolder);
    return {Diagnostic::of(InstallCode::UnsafeTarget,
                           kind == FileSystem::Kind::Symlink
                               ? tr("%1 is a link, not cudnn-setup's own folder, so nothing was changed: "
                                    "cudnn-setup never writes its journal, manifest or backups through a link.")
                                     .arg(shown)
                               : tr("%1 is a file, not cudnn-setup's own folder, so nothing was changed.").arg(shown),
                           tr("Move %1 away (cudnn-setup keeps its journal, manifest and backups in that folder), "
                              "then run cudnn-setup again.")
                               .arg(shown))
                .about(stateFolder)};
}

qint64 Preflight::margin(qint64 bytes)
{
    return qMax<qint64>(64 * 1024 * 1024, bytes / 20);
}

Diagnostics Preflight::checkLockFile(const QString& lockFile, OsFlavor os)
{
    const FileSystem::Kind kind = FileSystem::kindOf(lockFile);
    if (kind == FileSystem::Kind::None || kind == FileSystem::Kind::File)
        return {};
    const QString shown = displayPath(os, lockFile);
    const QString what = kind == FileSystem::Kind::Symlink ? tr("%1 is a link, not cudnn-setup's lock file").arg(shown)
        : kind == FileSystem::Kind::Directory ? tr("%1 is a folder, not cudnn-setup's lock file").arg(shown)
                                              : tr("%1 is not a file, so not cudnn-setup's lock file").arg(shown);
    return {Diagnostic::of(InstallCode::UnsafeTarget,
                           tr("%1, so nothing was changed: cudnn-setup never opens its lock through a link or on "
                              "anything but a file of its own.")
                               .arg(what),
                           tr("Remove %1, then run cudnn-setup again.").arg(shown))
                .about(lockFile)};
}
