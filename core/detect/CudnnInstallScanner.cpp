#include "CudnnInstallScanner.h"

#include "DetectCode.h"
#include "VersionParsers.h"
#include "binary/PeImage.h"
#include "host/BoundedFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <map>

static constexpr qint64 HeaderPrefixBytes = 64 * 1024;

CudnnInstallScanner::CudnnInstallScanner(OsFlavor os, const CudnnFileSets& fileSets)
    : m_os(os)
    , m_fileSets(fileSets)
{
}

QStringList CudnnInstallScanner::toolkitLibraryDirs(OsFlavor os, const QString& root)
{
    const QDir dir(root);
    if (os == OsFlavor::Windows)
        return {dir.filePath(QStringLiteral("bin")), dir.filePath(QStringLiteral("bin/x64"))};
    return {dir.filePath(QStringLiteral("lib64")),
            dir.filePath(QStringLiteral("lib")),
            dir.filePath(QStringLiteral("targets/x86_64-linux/lib")),
            dir.filePath(QStringLiteral("targets/sbsa-linux/lib"))};
}

QStringList CudnnInstallScanner::toolkitIncludeDirs(OsFlavor os, const QString& root)
{
    const QDir dir(root);
    if (os == OsFlavor::Windows)
        return {dir.filePath(QStringLiteral("include"))};
    return {dir.filePath(QStringLiteral("include")),
            dir.filePath(QStringLiteral("targets/x86_64-linux/include")),
            dir.filePath(QStringLiteral("targets/sbsa-linux/include"))};
}

bool CudnnInstallScanner::isCudnnLibraryName(OsFlavor os, const QString& fileName)
{
    return cudnnsetup::cudnnfacts::isRuntimeLibraryName(fileName.toStdString(), cudnnLibraryNaming(os));
}

QList<CudnnInstall> CudnnInstallScanner::scanToolkit(const QString& root) const
{
    QList<CudnnInstall> installs
        = scan(CudnnInstall::Location::Toolkit, root, toolkitIncludeDirs(m_os, root), toolkitLibraryDirs(m_os, root));
    for (CudnnInstall& install : installs)
        checkImportLibraries(install);
    return installs;
}

QList<CudnnInstall> CudnnInstallScanner::scanSearchPathDirectory(const QString& directory) const
{
    const QString include = QDir(directory).filePath(QStringLiteral("../include"));
    return withLibraries(scan(CudnnInstall::Location::SearchPath, directory, {include}, {directory}));
}

QList<CudnnInstall>
CudnnInstallScanner::scanCopy(const QString& root, const QStringList& includeDirs, const QStringList& libraryDirs) const
{
    return withLibraries(scan(CudnnInstall::Location::Elsewhere, root, includeDirs, libraryDirs));
}

/** A folder without any library is not an install, only a stray header. */
QList<CudnnInstall> CudnnInstallScanner::withLibraries(QList<CudnnInstall> installs)
{
    installs.erase(
        std::remove_if(installs.begin(), installs.end(), [](const CudnnInstall& i) { return i.libraries.isEmpty(); }),
        installs.end());
    return installs;
}

QList<CudnnLibraryFile> CudnnInstallScanner::libraryFilesIn(const QString& directory) const
{
    QList<CudnnLibraryFile> files;
    const QDir dir(directory);
    const QFileInfoList entries = dir.entryInfoList(QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo& entry : entries) {
        if (!isCudnnLibraryName(m_os, entry.fileName()))
            continue;
        CudnnLibraryFile file;
        file.name = entry.fileName();
        file.path = entry.absoluteFilePath();
        if (entry.isSymLink()) {
            file.linkTarget = QFile::symLinkTarget(entry.absoluteFilePath());
            const QString resolved = entry.canonicalFilePath();
            file.kind = resolved.isEmpty() ? CudnnLibraryFile::Kind::BrokenSymlink : CudnnLibraryFile::Kind::Symlink;
            // symLinkTarget() is absolute; keep what the link says relative to its folder when it is a sibling.
            if (QFileInfo(file.linkTarget).absolutePath() == entry.absolutePath())
                file.linkTarget = QFileInfo(file.linkTarget).fileName();
        }
        file.size = file.kind == CudnnLibraryFile::Kind::BrokenSymlink ? 0 : entry.size();
        file.readableByAll = m_os == OsFlavor::Windows || entry.permission(QFileDevice::ReadOther);
        files.append(file);
    }
    return files;
}

std::optional<int> CudnnInstallScanner::majorOf(const CudnnLibraryFile& file) const
{
    if (auto version = VersionParsers::cudnnFromLibraryName(file.name))
        return version->major();
    // The unversioned dev link (libcudnn.so) belongs to whatever it points at.
    if (auto version = VersionParsers::cudnnFromLibraryName(QFileInfo(file.linkTarget).fileName()))
        return version->major();
    return std::nullopt;
}

QList<CudnnInstall> CudnnInstallScanner::scan(CudnnInstall::Location location,
                                              const QString& root,
                                              const QStringList& includeDirs,
                                              const QStringList& libraryDirs) const
{
    std::map<int, CudnnInstall> byMajor;
    const auto installFor = [&](int major) -> CudnnInstall& {
        CudnnInstall& install = byMajor[major];
        install.location = location;
        install.root = root;
        install.major = major;
        return install;
    };

    QSet<QString> seenDirs;
    for (const QString& dir : libraryDirs) {
        const QString canonical = QFileInfo(dir).canonicalFilePath();
        if (canonical.isEmpty() || seenDirs.contains(canonical))
            continue;
        seenDirs.insert(canonical);
        for (const CudnnLibraryFile& file : libraryFilesIn(canonical)) {
            const auto major = majorOf(file);
            if (!major)
                continue;
            CudnnInstall& install = installFor(*major);
            install.libraries.append(file);
            if (!install.libraryDirs.contains(canonical))
                install.libraryDirs.append(canonical);
        }
    }

    for (const QString& dir : includeDirs) {
        for (const QString& headerName : {QStringLiteral("cudnn_version.h"), QStringLiteral("cudnn.h")}) {
            const BoundedRead header = readBoundedFile(QDir(dir).filePath(headerName), HeaderPrefixBytes);
            if (!header.ok)
                continue;
            const auto version = VersionParsers::cudnnFromHeader(header.data);
            if (!version)
                continue;
            CudnnInstall& install = installFor(version->major());
            if (!install.headerVersion) {
                install.headerVersion = version;
                install.includeDir = QFileInfo(dir).canonicalFilePath();
            }
            break;
        }
    }

    QList<CudnnInstall> installs;
    for (auto& [major, install] : byMajor) {
        checkLibraries(install);
        checkFlattenedLinks(install);
        checkVersions(install);
        installs.append(install);
    }
    return installs;
}

void CudnnInstallScanner::checkLibraries(CudnnInstall& install) const
{
    const QString where = displayPath(m_os, install.root);
    const auto fileSet = m_fileSets.forMajor(install.major);
    if (!fileSet) {
        install.problems.append(CudnnProblem{
            CudnnProblem::Kind::UnknownMajor,
            Diagnostic::of(
                DetectCode::CudnnUnknownMajor,
                tr("cuDNN %1 in %2 is a major version this program does not know.").arg(install.major).arg(where),
                tr("Update cudnn-setup."))
                .about(install.root)});
        return;
    }
    for (const QString& expected : fileSet->runtimeLibraries(m_os)) {
        const bool present
            = std::any_of(install.libraries.cbegin(), install.libraries.cend(), [&](const CudnnLibraryFile& f) {
                  return f.name.compare(expected, fileNameCase(m_os)) == 0
                      && f.kind != CudnnLibraryFile::Kind::BrokenSymlink;
              });
        if (!present)
            install.missingLibraries.append(expected);
    }
    if (!install.missingLibraries.isEmpty()) {
        const bool none = install.missingLibraries.size() == fileSet->runtimeLibraries(m_os).size();
        install.problems.append(CudnnProblem{
            CudnnProblem::Kind::MissingLibraries,
            Diagnostic::of(
                DetectCode::CudnnMissingLibraries,
                none ? tr("cuDNN %1 headers are in %2 but none of its libraries are.").arg(install.major).arg(where)
                     : tr("cuDNN %1 in %2 is missing %3.")
                           .arg(install.major)
                           .arg(where, install.missingLibraries.join(QStringLiteral(", "))),
                tr("Reinstall cuDNN from its archive (repair can restore the files)."))
                .about(install.root)});
    }
    // libcudnn.so -> libcudnn.so.9 -> libcudnn.so.9.1.0 are three names of one file: what is wrong with the file
    // (empty, not readable) is reported once, about the file itself. A dangling link has no content to judge.
    QSet<QString> checkedFiles;
    for (const CudnnLibraryFile& file : install.libraries) {
        if (file.kind == CudnnLibraryFile::Kind::BrokenSymlink) {
            install.problems.append(CudnnProblem{
                CudnnProblem::Kind::BrokenLink,
                Diagnostic::of(
                    DetectCode::CudnnBrokenLink,
                    tr("%1 is a link to %2, which does not exist.").arg(displayPath(m_os, file.path), file.linkTarget),
                    tr("Reinstall cuDNN, or point the link at the library file."))
                    .about(file.path)});
            continue;
        }
        const QString real
            = file.kind == CudnnLibraryFile::Kind::Symlink ? QFileInfo(file.path).canonicalFilePath() : file.path;
        if (checkedFiles.contains(real))
            continue;
        checkedFiles.insert(real);
        if (file.size == 0) {
            install.problems.append(CudnnProblem{
                CudnnProblem::Kind::EmptyFile,
                Diagnostic::of(DetectCode::CudnnEmptyFile,
                               tr("%1 is empty (a blocked or interrupted copy).").arg(displayPath(m_os, real)),
                               tr("Copy it again from the cuDNN archive (repair can restore it)."))
                    .about(real)});
        }
        if (!file.readableByAll) {
            install.problems.append(
                CudnnProblem{CudnnProblem::Kind::NotReadable,
                             Diagnostic::of(DetectCode::CudnnNotReadable,
                                            tr("%1 is not readable by all users, so other accounts cannot load it.")
                                                .arg(displayPath(m_os, real)),
                                            tr("Run: chmod a+r %1").arg(real))
                                 .about(real)});
        }
    }
}

void CudnnInstallScanner::checkFlattenedLinks(CudnnInstall& install) const
{
    if (m_os == OsFlavor::Windows)
        return;
    // libcudnn.so.8 must be a link to libcudnn.so.8.9.7; a regular file next to it is what `cp` without -P leaves,
    // and ldconfig then warns "is not a symbolic link". A lone regular .so.9 (pip wheels) is fine.
    for (const CudnnLibraryFile& file : install.libraries) {
        if (file.kind != CudnnLibraryFile::Kind::File)
            continue;
        const QString prefix = file.name + QLatin1Char('.');
        const auto longer
            = std::find_if(install.libraries.cbegin(), install.libraries.cend(), [&](const CudnnLibraryFile& other) {
                  return other.kind == CudnnLibraryFile::Kind::File && other.name.startsWith(prefix)
                      && QFileInfo(other.path).absolutePath() == QFileInfo(file.path).absolutePath();
              });
        if (longer == install.libraries.cend())
            continue;
        install.problems.append(CudnnProblem{
            CudnnProblem::Kind::FlattenedLink,
            Diagnostic::of(
                DetectCode::CudnnFlattenedLink,
                tr("%1 is a copy of %2 instead of a link to it (copied without keeping links); "
                   "ldconfig reports it as \"not a symbolic link\".")
                    .arg(displayPath(m_os, file.path), longer->name),
                tr("Replace the copy by a link: ln -sf %1 %2 (repair does this).").arg(longer->name, file.path))
                .about(file.path)});
    }
}

std::optional<Version> CudnnInstallScanner::dllFileVersion(const QString& path)
{
    if (!path.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive))
        return std::nullopt;
    const auto source = cudnnsetup::binary::FileSource::open(QFile::encodeName(path).toStdString());
    if (!source)
        return std::nullopt;
    const auto image = cudnnsetup::binary::parsePe(*source);
    if (!image || !image->fileVersion)
        return std::nullopt;
    return Version::parse(QString::fromStdString(image->fileVersion->text()));
}

void CudnnInstallScanner::checkVersions(CudnnInstall& install) const
{
    QSet<QString> fullVersions;
    for (const CudnnLibraryFile& file : install.libraries) {
        const auto version = VersionParsers::cudnnFromLibraryName(file.name);
        if (version && version->size() >= 3)
            fullVersions.insert(version->truncated(3).toString());
    }
    // Windows DLL names carry only the major (cudnn64_8.dll): the version resource says the rest (8.0.5.39), which
    // is how a stale copy in System32 or another toolkit's bin is told apart from the one just installed.
    if (fullVersions.isEmpty()) {
        for (const CudnnLibraryFile& file : install.libraries) {
            if (const auto version = dllFileVersion(file.path))
                fullVersions.insert(version->truncated(3).toString());
        }
    }
    if (fullVersions.size() == 1)
        install.libraryVersion = Version::parse(*fullVersions.cbegin());
    if (fullVersions.size() > 1) {
        QStringList versions(fullVersions.cbegin(), fullVersions.cend());
        versions.sort();
        install.problems.append(CudnnProblem{
            CudnnProblem::Kind::MixedVersions,
            Diagnostic::of(DetectCode::CudnnMixedVersions,
                           tr("%1 holds cuDNN library files of several versions (%2); the sub-libraries will "
                              "refuse to work together.")
                               .arg(displayPath(m_os, install.root), versions.join(QStringLiteral(", "))),
                           tr("Uninstall the older files or reinstall one cuDNN version."))
                .about(install.root)});
    }
    if (install.headerVersion && install.libraryVersion
        && !install.headerVersion->sameRelease(*install.libraryVersion)) {
        install.problems.append(
            CudnnProblem{CudnnProblem::Kind::HeaderMismatch,
                         Diagnostic::of(DetectCode::CudnnHeaderMismatch,
                                        tr("The cuDNN headers in %1 say %2 but the libraries are %3.")
                                            .arg(displayPath(m_os, install.root),
                                                 install.headerVersion->toString(),
                                                 install.libraryVersion->toString()),
                                        tr("Reinstall one cuDNN version so headers and libraries match."))
                             .about(install.root)});
    }
}

void CudnnInstallScanner::checkImportLibraries(CudnnInstall& install) const
{
    if (m_os != OsFlavor::Windows || install.libraries.isEmpty())
        return;
    const auto fileSet = m_fileSets.forMajor(install.major);
    if (!fileSet)
        return;
    const QDir libDir(QDir(install.root).filePath(QStringLiteral("lib/x64")));
    QStringList missing;
    for (const QString& name : fileSet->windowsImportLibraries) {
        if (!libDir.exists(name))
            missing.append(name);
    }
    if (!missing.isEmpty()) {
        install.problems.append(CudnnProblem{
            CudnnProblem::Kind::ImportLibrariesMissing,
            Diagnostic::of(DetectCode::CudnnImportLibrariesMissing,
                           tr("Programs can load cuDNN from %1, but building against it needs %2 in lib\\x64.")
                               .arg(displayPath(m_os, install.root), missing.join(QStringLiteral(", "))),
                           tr("Reinstall cuDNN from its archive to add the import libraries."))
                .about(install.root)});
    }
}
