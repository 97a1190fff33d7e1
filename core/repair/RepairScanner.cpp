#include "RepairScanner.h"

#include "RepairCode.h"
#include "detect/CudnnInstallScanner.h"
#include "detect/ManagedFiles.h"
#include "env/EnvironmentCode.h"
#include "env/EnvironmentReport.h"
#include "install/FileSystem.h"
#include "install/ToolkitState.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace {

constexpr int MaxLinkDepth = 8;

/** The place a link leads to, one level, as a canonical entry; empty when path is no link. */
QString linkDestination(const QString& path)
{
    const QString target = FileSystem::linkTarget(path);
    if (target.isEmpty())
        return {};
    const QString absolute
        = QDir::isAbsolutePath(target) ? target : FileSystem::parentOf(path) + QLatin1Char('/') + target;
    return ManifestCheck::canonicalEntry(absolute);
}

/** The permission bits as the octal mode the install records (Qt's flags are hexadecimal nibbles). */
int octalMode(const QString& path)
{
    const QFileDevice::Permissions p = QFile::permissions(path);
    const std::pair<QFileDevice::Permission, int> bits[] = {{QFileDevice::ReadOwner, 0400},
                                                            {QFileDevice::WriteOwner, 0200},
                                                            {QFileDevice::ExeOwner, 0100},
                                                            {QFileDevice::ReadGroup, 040},
                                                            {QFileDevice::WriteGroup, 020},
                                                            {QFileDevice::ExeGroup, 010},
                                                            {QFileDevice::ReadOther, 04},
                                                            {QFileDevice::WriteOther, 02},
                                                            {QFileDevice::ExeOther, 01}};
    int mode = 0;
    for (const auto& [flag, bit] : bits)
        mode |= p.testFlag(flag) ? bit : 0;
    return mode;
}

} // namespace

RepairScanner::RepairScanner(RepairScanOptions options)
    : m_options(std::move(options))
{
    if (!m_options.canWriteIn)
        m_options.canWriteIn = &FileSystem::canWriteIn;
}

RepairScan RepairScanner::scan(const SystemSnapshot& system) const
{
    RepairScan scan;
    QStringList roots;
    if (m_options.roots.isEmpty()) {
        for (const CudaToolkit& toolkit : system.toolkits)
            roots.append(toolkit.root);
    } else {
        for (const QString& root : m_options.roots) {
            const QString canonical = QFileInfo(root).canonicalFilePath();
            roots.append(canonical.isEmpty() ? QDir::cleanPath(root) : canonical);
        }
    }
    roots.removeDuplicates();
    scan.roots = roots;
    for (const QString& root : roots)
        scanRoot(system, root, scan);

    if (m_options.roots.isEmpty()) {
        // cuDNN found on the search path outside any toolkit is not ours to change: reported with the manual step.
        // So is every copy outside the toolkits: a package manager's is put right with that manager's own command.
        for (const CudnnInstall& install : system.cudnnInstalls) {
            if (install.location == CudnnInstall::Location::Toolkit)
                continue;
            const QString command = FileOwner{
                install.managedBy,
                install.package,
                install.packageVersion ? install.packageVersion->toString() : QString(),
                install.environment,
                {}}.reinstallCommand(system.os);
            for (const Diagnostic& diagnostic : install.diagnostics()) {
                RepairFinding finding;
                finding.diagnostic = diagnostic;
                finding.manualStep = command.isEmpty() ? diagnostic.fix : managedStep(install.managedBy, command);
                finding.manualAction = command.isEmpty() ? diagnostic.action : FixAction{};
                scan.findings.append(finding);
            }
        }
    }
    for (const ToolkitProblem& problem : system.toolkitProblems) {
        if (!problem.isPointerProblem())
            continue;
        const Diagnostic& diagnostic = problem.diagnostic;
        RepairFinding finding;
        finding.diagnostic = diagnostic;
        finding.manualStep = diagnostic.fix;
        finding.manualAction = diagnostic.action;
        scan.findings.append(finding);
    }
    if (m_options.environment)
        addEnvironment(*m_options.environment, system, scan);
    scan.groupByCause();
    return scan;
}

void RepairScanner::scanRoot(const SystemSnapshot& system, const QString& root, RepairScan& scan) const
{
    ManifestCheck check;
    QString error;
    QHash<QString, RepairFix> fixes; // canonical path -> fix
    QList<ManifestCheck::Damage> damages;
    if (!check.load(root, &error)) {
        RepairFinding finding;
        finding.root = root;
        finding.diagnostic = Diagnostic::of(RepairCode::ManifestUnreadable,
                                            tr("cudnn-setup's record of what it installed in %1 cannot be read: %2.")
                                                .arg(displayPath(system.os, root), error))
                                 .about(ToolkitState(root).manifestFile());
        finding.manualStep = tr("Move the damaged manifest away; repair then treats the toolkit as installed by hand.");
        scan.findings.append(finding);
    } else {
        damages = check.damages();
        for (const ManifestCheck::Damage& damage : damages)
            fixes.insert(ManifestCheck::canonicalEntry(damage.path), fixFor(damage, root));
    }

    const QList<CudnnInstall> installs = system.cudnnInToolkit(root);
    for (const CudnnInstall& install : installs) {
        const QHash<QString, RepairFix> more = fixesWithoutManifest(install, root, fixes);
        for (auto it = more.cbegin(); it != more.cend(); ++it)
            fixes.insert(it.key(), it.value());
    }

    QSet<QString> used;
    for (const CudnnInstall& install : installs) {
        for (const CudnnProblem& problem : install.problems) {
            RepairFinding finding = fromDetection(problem, install, root, fixes, used);
            classify(finding);
            scan.findings.append(finding);
        }
    }
    for (const ManifestCheck::Damage& damage : damages) {
        const QString key = ManifestCheck::canonicalEntry(damage.path);
        if (used.contains(key))
            continue;
        RepairFinding finding = fromDamage(damage, root, fixes.value(key));
        classify(finding);
        scan.findings.append(finding);
    }
}

RepairFix RepairScanner::fixFor(const ManifestCheck::Damage& damage, const QString& root) const
{
    RepairFix fix;
    fix.root = root;
    fix.path = damage.path;
    fix.expected = damage.expected;
    fix.package = damage.package;
    switch (damage.kind) {
    case ManifestCheck::Damage::Kind::Missing:
    case ManifestCheck::Damage::Kind::Empty:
    case ManifestCheck::Damage::Kind::Altered:
        fix.kind = damage.expected.kind == ManifestFile::Kind::Symlink ? RepairFix::Kind::RebuildLink
                                                                       : RepairFix::Kind::RestoreFile;
        break;
    case ManifestCheck::Damage::Kind::LinkFlattened:
    case ManifestCheck::Damage::Kind::LinkChanged:
        fix.kind = RepairFix::Kind::RebuildLink;
        break;
    case ManifestCheck::Damage::Kind::NotReadable:
        fix.kind = RepairFix::Kind::FixPermissions;
        fix.expected.mode = damage.expected.mode | 0444;
        break;
    }
    return fix;
}

QHash<QString, RepairFix> RepairScanner::fixesWithoutManifest(const CudnnInstall& install,
                                                              const QString& root,
                                                              const QHash<QString, RepairFix>& known) const
{
    QHash<QString, RepairFix> fixes;
    const QString stateFolder = root + QLatin1Char('/') + ToolkitState::FolderName;
    const auto manifestFile = [&](const QString& path) {
        ManifestFile file;
        file.path = path.mid(root.size() + 1);
        return file;
    };
    for (const CudnnLibraryFile& file : install.libraries) {
        const QString path = ManifestCheck::canonicalEntry(file.path);
        if (known.contains(path) || !FileSystem::isInside(root, path) || FileSystem::isInside(stateFolder, path))
            continue;
        if (file.kind == CudnnLibraryFile::Kind::File) {
            // libcudnn.so.9 as a copy of libcudnn.so.9.19.0: the link goes to the next longer name of the chain,
            // and only when the copy holds exactly that file's bytes.
            const QString prefix = file.name + QLatin1Char('.');
            const CudnnLibraryFile* next = nullptr;
            for (const CudnnLibraryFile& other : install.libraries) {
                if (other.name.startsWith(prefix) && other.name != file.name
                    && QFileInfo(other.path).absolutePath() == QFileInfo(file.path).absolutePath()
                    && (!next || other.name.size() < next->name.size()))
                    next = &other;
            }
            if (next && FileSystem::sha256Of(file.path) == FileSystem::sha256Of(next->path)) {
                RepairFix fix;
                fix.kind = RepairFix::Kind::RebuildLink;
                fix.root = root;
                fix.path = path;
                fix.expected = manifestFile(path);
                fix.expected.kind = ManifestFile::Kind::Symlink;
                fix.expected.linkTarget = next->name;
                fixes.insert(path, fix);
                continue;
            }
        }
        if (!file.readableByAll && file.kind == CudnnLibraryFile::Kind::File && file.size > 0) {
            RepairFix fix;
            fix.kind = RepairFix::Kind::FixPermissions;
            fix.root = root;
            fix.path = path;
            fix.expected = manifestFile(path);
            fix.expected.sha256 = FileSystem::sha256Of(path);
            fix.expected.size = QFileInfo(path).size();
            fix.expected.mode = octalMode(path) | 0444;
            fixes.insert(path, fix);
        }
    }
    return fixes;
}

RepairFinding RepairScanner::fromDetection(const CudnnProblem& problem,
                                           const CudnnInstall& install,
                                           const QString& root,
                                           const QHash<QString, RepairFix>& fixes,
                                           QSet<QString>& used) const
{
    const Diagnostic& diagnostic = problem.diagnostic;
    RepairFinding finding;
    finding.diagnostic = diagnostic;
    finding.root = root;

    // The fix for a path, or for what its links lead to (a deleted libcudnn_ops.so.9.19.0 leaves two dangling links).
    const auto cure = [&](const QString& path) -> QString {
        QString at = ManifestCheck::canonicalEntry(path);
        for (int depth = 0; depth < MaxLinkDepth && !at.isEmpty(); ++depth) {
            if (fixes.contains(at))
                return at;
            at = linkDestination(at);
        }
        return {};
    };

    QStringList concerned;
    using Kind = CudnnProblem::Kind;
    const Kind kind = problem.kind;
    if (kind == Kind::EmptyFile || kind == Kind::NotReadable || kind == Kind::FlattenedLink
        || kind == Kind::BrokenLink) {
        concerned.append(diagnostic.subject);
    } else if (kind == Kind::MissingLibraries) {
        QStringList dirs = install.libraryDirs;
        if (dirs.isEmpty())
            dirs = CudnnInstallScanner::toolkitLibraryDirs(hostOsFlavor(), root);
        for (const QString& name : install.missingLibraries) {
            QString found;
            for (const QString& dir : dirs) {
                found = cure(dir + QLatin1Char('/') + name);
                if (!found.isEmpty())
                    break;
            }
            concerned.append(found.isEmpty() ? dirs.value(0) + QLatin1Char('/') + name : found);
        }
    }

    QList<RepairFix> cures;
    bool all = !concerned.isEmpty();
    for (const QString& path : concerned) {
        const QString key = cure(path);
        if (key.isEmpty()) {
            all = false;
            break;
        }
        cures.append(fixes.value(key));
    }
    if (all) {
        finding.fixes = cures;
        for (const RepairFix& fix : cures)
            used.insert(ManifestCheck::canonicalEntry(fix.path));
        return finding;
    }

    const QString version = install.version() ? install.version()->toString() : QString::number(install.major);
    const FixAction installAgain = FixAction::of(FixAction::Kind::InstallAgain, root);
    if (kind == Kind::MixedVersions || kind == Kind::HeaderMismatch) {
        finding.manualStep = tr("Install the one cuDNN version you want into %1 again: that takes the other "
                                "version's files away (and keeps them for uninstall). Repair does not guess which "
                                "version you meant.")
                                 .arg(root);
        finding.manualAction = installAgain;
    } else if (kind == Kind::EmptyFile || kind == Kind::MissingLibraries || kind == Kind::BrokenLink) {
        finding.manualStep = tr("Install cuDNN %1 into %2 again from its package (repair restores only files "
                                "cudnn-setup installed itself).")
                                 .arg(version, root);
        finding.manualAction = installAgain;
    } else {
        finding.manualStep = diagnostic.fix;
        finding.manualAction = diagnostic.action;
    }
    return finding;
}

RepairFinding
RepairScanner::fromDamage(const ManifestCheck::Damage& damage, const QString& root, const RepairFix& fix) const
{
    const OsFlavor os = hostOsFlavor();
    const QString where = displayPath(os, damage.path);
    RepairFinding finding;
    finding.root = root;
    finding.fixes = {fix};
    const QString restore = tr("Repair puts it back from the package it came from.");
    switch (damage.kind) {
    case ManifestCheck::Damage::Kind::Missing:
        finding.diagnostic
            = Diagnostic::of(RepairCode::FileMissing,
                             tr("%1, which cudnn-setup installed, is gone.").arg(where),
                             damage.expected.kind == ManifestFile::Kind::Symlink
                                 ? tr("Repair makes the link to %1 again.").arg(damage.expected.linkTarget)
                                 : restore);
        break;
    case ManifestCheck::Damage::Kind::Empty:
        finding.diagnostic = Diagnostic::of(
            RepairCode::FileEmpty, tr("%1 is empty (a blocked or interrupted copy).").arg(where), restore);
        break;
    case ManifestCheck::Damage::Kind::Altered:
        finding.diagnostic = Diagnostic::of(
            RepairCode::FileAltered,
            tr("%1 is not the file cudnn-setup installed: its content changed since (SHA-256 expected %2).")
                .arg(where, damage.expected.sha256),
            restore);
        break;
    case ManifestCheck::Damage::Kind::LinkFlattened:
        finding.diagnostic = Diagnostic::of(
            RepairCode::LinkFlattened,
            tr("%1 is a copy instead of the link to %2 it was installed as.").arg(where, damage.expected.linkTarget),
            tr("Repair replaces the copy by the link (the copy is kept for undo)."));
        break;
    case ManifestCheck::Damage::Kind::LinkChanged:
        finding.diagnostic = Diagnostic::of(
            RepairCode::LinkChanged,
            tr("%1 no longer is the link to %2 it was installed as.").arg(where, damage.expected.linkTarget),
            tr("Repair makes the link to %1 again.").arg(damage.expected.linkTarget));
        break;
    case ManifestCheck::Damage::Kind::NotReadable:
        finding.diagnostic = Diagnostic::of(
            RepairCode::NotReadable,
            tr("%1 is not readable by all users, so other accounts cannot load it.").arg(where),
            tr("Repair makes it readable by all (mode %1).").arg(QString::number(fix.expected.mode, 8)));
        break;
    }
    finding.diagnostic.about(damage.path);
    return finding;
}

bool RepairScanner::packageAvailable(const QJsonObject& package) const
{
    if (!m_options.package.isEmpty())
        return true; // the service checks it is the same package before it uses it
    return QFileInfo(package.value(QStringLiteral("file")).toString()).isFile();
}

QString RepairScanner::packageStep(const QJsonObject& package) const
{
    return tr("The package these files came from, %1, is no longer there. Give repair that archive from wherever "
              "it is now; it must be the same file (SHA-256 %2).")
        .arg(package.value(QStringLiteral("file")).toString(), package.value(QStringLiteral("sha256")).toString());
}

QString RepairScanner::managedStep(PackageManager manager, const QString& command)
{
    return tr("%1 keeps these files, so repair leaves them alone; to put them right, run: %2")
        .arg(packageManagerName(manager), command);
}

void RepairScanner::classify(RepairFinding& finding) const
{
    if (finding.fixes.isEmpty()) {
        finding.remedy = RepairFinding::Remedy::Manual;
        return;
    }
    for (const RepairFix& fix : finding.fixes) {
        const std::optional<FileOwner> owner = m_options.managedFiles && fix.kind != RepairFix::Kind::Environment
            ? m_options.managedFiles->ownerOf(fix.path)
            : std::nullopt;
        if (!owner)
            continue;
        finding.remedy = RepairFinding::Remedy::Manual;
        finding.manualStep = managedStep(owner->manager, owner->reinstallCommand(hostOsFlavor()));
        finding.manualAction = FixAction{};
        return;
    }
    for (const RepairFix& fix : finding.fixes) {
        if (fix.needsPackage() && !packageAvailable(fix.package)) {
            finding.remedy = RepairFinding::Remedy::Manual;
            finding.manualStep = packageStep(fix.package);
            finding.manualAction
                = FixAction::of(FixAction::Kind::ChoosePackage,
                                QFileInfo(fix.package.value(QStringLiteral("file")).toString()).fileName());
            return;
        }
    }
    QStringList folders;
    for (const RepairFix& fix : finding.fixes) {
        folders.append(FileSystem::parentOf(fix.path));
        const QString state = fix.root + QLatin1Char('/') + ToolkitState::FolderName;
        folders.append(FileSystem::exists(state) ? state : fix.root);
    }
    folders.removeDuplicates();
    for (const QString& folder : folders) {
        if (FileSystem::exists(folder) && !m_options.canWriteIn(folder)) {
            finding.remedy = RepairFinding::Remedy::NeedsElevation;
            finding.manualStep = hostOsFlavor() == OsFlavor::Windows
                ? tr("Repair this as an administrator: this user may not write to %1.").arg(folder)
                : tr("Repair this as root: this user may not write to %1.").arg(folder);
            finding.manualAction = FixAction::of(FixAction::Kind::Elevate);
            return;
        }
    }
    finding.remedy = RepairFinding::Remedy::Automatic;
}

void RepairScanner::addEnvironment(const EnvironmentReport& report,
                                   const SystemSnapshot& system,
                                   RepairScan& scan) const
{
    const QString root = report.target.toolkitRoot;
    for (const EnvironmentConflict& conflict : report.conflicts) {
        RepairFinding finding;
        finding.diagnostic = report.diagnosticFor(conflict); // its severity too: the search path's page shows the same
        finding.root = root;
        const bool fixable = conflict.conflictClass == ConflictClass::UserSearchPath
            || (conflict.conflictClass == ConflictClass::MachineScope && report.scope == EnvironmentScope::Machine);
        switch (report.standing(conflict)) {
        case ConflictStanding::TargetHasNone:
            finding.remedy = RepairFinding::Remedy::None;
            break;
        case ConflictStanding::FixInPlace:
            finding.remedy = RepairFinding::Remedy::None;
            finding.manualStep = report.restartNote();
            break;
        case ConflictStanding::NotSearchPath:
            finding.remedy = RepairFinding::Remedy::Manual;
            finding.manualStep = conflict.fix;
            break;
        case ConflictStanding::FixedByPlan:
            if (fixable && report.plan.canApply()) {
                finding.remedy = RepairFinding::Remedy::Automatic;
                RepairFix fix;
                fix.kind = RepairFix::Kind::Environment;
                fix.root = root;
                fix.path = root;
                finding.fixes = {fix};
                break;
            }
            [[fallthrough]];
        case ConflictStanding::Open:
            finding.remedy = conflict.conflictClass == ConflictClass::MachineScope
                ? RepairFinding::Remedy::NeedsElevation
                : RepairFinding::Remedy::Manual;
            finding.manualStep = conflict.fix;
            break;
        }
        scan.findings.append(finding);
    }
    for (const Diagnostic& diagnostic : report.diagnostics) {
        if (diagnostic.code != EnvironmentCode::LoaderCacheStale)
            continue;
        RepairFinding finding;
        finding.diagnostic = diagnostic;
        finding.root = root;
        RepairFix fix;
        fix.kind = RepairFix::Kind::LoaderCache;
        fix.root = root;
        fix.path = root;
        finding.fixes = {fix};
        finding.remedy = report.loaderCache && report.loaderCache->mayRebuild ? RepairFinding::Remedy::Automatic
                                                                              : RepairFinding::Remedy::NeedsElevation;
        if (finding.remedy == RepairFinding::Remedy::NeedsElevation)
            finding.manualStep = diagnostic.fix;
        scan.findings.append(finding);
    }
    const std::optional<Diagnostic> link = report.cudaLinkDiagnostic();
    if (link && !report.cudaLink->target.isEmpty()) {
        // Pointing at another toolkit that holds cuDNN too is a choice, not a fault.
        const CudaToolkit* linked = system.toolkitAt(report.cudaLink->path);
        if (linked && !system.cudnnInToolkit(linked->root).isEmpty())
            return;
        RepairFinding finding;
        finding.root = root;
        finding.diagnostic = *link;
        finding.remedy = RepairFinding::Remedy::Manual;
        finding.manualStep = tr("If programs should use this toolkit, run as root: ln -sfn %1 %2 (repair leaves the "
                                "link alone: another toolkit's users may rely on it).")
                                 .arg(root, report.cudaLink->path);
        scan.findings.append(finding);
    }
}
