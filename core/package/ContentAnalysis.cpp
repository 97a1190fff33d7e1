#include "ContentAnalysis.h"

#include "ArchiveEntry.h"
#include "compat/CudnnFileSets.h"
#include "detect/CudnnHeader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <algorithm>

namespace {

/** "./a/b/" -> "a/b": tar archives made with "tar -C dir ." carry a "./" prefix. */
QString cleanEntryPath(QString path)
{
    while (path.startsWith(QLatin1String("./")))
        path.remove(0, 2);
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    return path;
}

/** Where a symbolic link inside the archive points, as a path below the top folder. */
QString linkTargetPath(const PackageFile& link)
{
    const qsizetype slash = link.relativePath.lastIndexOf(QLatin1Char('/'));
    const QString folder = slash < 0 ? QString() : link.relativePath.left(slash + 1);
    return QDir::cleanPath(folder + link.entry.linkTarget);
}

bool isInstalledKind(ArchiveEntry::Type type)
{
    return type == ArchiveEntry::Type::File || type == ArchiveEntry::Type::Symlink
        || type == ArchiveEntry::Type::Hardlink;
}

bool isCudnnName(const QString& name)
{
    return name.startsWith(QLatin1String("libcudnn")) || name.startsWith(QLatin1String("cudnn"), Qt::CaseInsensitive);
}

QString platformLabel(OsFlavor os, CpuArch arch)
{
    return osFlavorName(os) + QLatin1Char('/') + cpuArchName(arch);
}

PackageFinding mismatch(const QString& message, const QString& fix, const QString& subject)
{
    return PackageFinding::warning(PackageCode::NameContentMismatch, message, fix).about(subject);
}

} // namespace

namespace ContentAnalysis {

void placeFiles(PackageInspection& inspection)
{
    QStringList paths;
    QStringList namesForTop; // a folder keeps its trailing "/", so "top/" names the top folder
    for (const PackageFile& file : inspection.files) {
        paths.append(cleanEntryPath(file.entry.path));
        namesForTop.append(paths.last()
                           + (file.entry.type == ArchiveEntry::Type::Directory ? QStringLiteral("/") : QString()));
    }
    inspection.topFolder = PackageLayout::commonTopFolder(namesForTop);

    QList<PackageLayout::Placement> placements;
    for (qsizetype i = 0; i < inspection.files.size(); ++i) {
        PackageFile& file = inspection.files[i];
        file.relativePath = PackageLayout::belowTop(paths.at(i), inspection.topFolder);
        if (isInstalledKind(file.entry.type))
            file.placement = PackageLayout::place(file.relativePath);
        placements.append(file.placement);
    }
    inspection.layout = PackageLayout::kindOf(placements);
    inspection.name = PackageName::parse(QFileInfo(inspection.file).fileName());
    inspection.folderName = PackageName::parseBaseName(inspection.topFolder);
}

void identifyBinaries(PackageInspection& inspection)
{
    QList<QPair<OsFlavor, CpuArch>> kinds;
    QStringList examples;
    for (const PackageFile& file : inspection.files) {
        if (file.placement.role != PackageLayout::Role::RuntimeLibrary || !file.binary)
            continue;
        const QPair<OsFlavor, CpuArch> kind{file.binary->os, file.binary->arch};
        if (!kinds.contains(kind)) {
            kinds.append(kind);
            examples.append(QStringLiteral("%1 (%2)").arg(file.relativePath, platformLabel(kind.first, kind.second)));
        }
    }
    if (kinds.size() == 1) {
        inspection.platform = kinds.first().first;
        inspection.arch = kinds.first().second;
        return;
    }
    if (kinds.size() > 1) {
        inspection.findings.append(
            PackageFinding::hardBlock(
                PackageCode::MixedBinaries,
                QCoreApplication::translate("ContentAnalysis",
                                            "The archive mixes libraries built for different "
                                            "systems: %1.")
                    .arg(examples.join(QStringLiteral(", "))),
                QCoreApplication::translate("ContentAnalysis", "Use an unmodified archive from NVIDIA."))
                .about(inspection.file));
        return;
    }
    // No binary could be read (a cut archive, or no libraries): the layout still tells the system.
    using Kind = PackageLayout::Kind;
    if (inspection.layout == Kind::WindowsBinLibX64 || inspection.layout == Kind::WindowsBinFlatLib
        || inspection.layout == Kind::WindowsBinX64LibX64)
        inspection.platform = OsFlavor::Windows;
    else if (inspection.layout == Kind::LinuxLib || inspection.layout == Kind::LinuxLib64)
        inspection.platform = OsFlavor::Linux;
}

void identifyVersions(PackageInspection& inspection,
                      const QByteArray& versionHeader,
                      const QByteArray& legacyHeader,
                      const QList<int>& referencedCudaMajors)
{
    const std::optional<PackageName>& folder = inspection.folderName;
    const std::optional<PackageName>& name = inspection.name;

    if (const auto header = CudnnHeader::parse(versionHeader)) {
        inspection.cudnnVersion = header->version;
        inspection.cudnnVersionSource = QStringLiteral("cudnn_version.h");
        inspection.maxComputeCapability = header->maxComputeCapability;
    } else if (const auto legacy = CudnnHeader::parse(legacyHeader)) {
        inspection.cudnnVersion = legacy->version;
        inspection.cudnnVersionSource = QStringLiteral("cudnn.h");
    } else if (folder) {
        inspection.cudnnVersion = folder->cudnnVersion;
        inspection.cudnnVersionSource = QStringLiteral("folder name");
    } else if (name) {
        inspection.cudnnVersion = name->cudnnVersion;
        inspection.cudnnVersionSource = QStringLiteral("file name");
    }

    inspection.referencedCudaMajors = referencedCudaMajors;
    std::sort(inspection.referencedCudaMajors.begin(), inspection.referencedCudaMajors.end());
    if (inspection.referencedCudaMajors.size() == 1) {
        // The binaries name the major; a name that agrees may add the minor (8.3/8.4: _cuda11.5).
        const int major = inspection.referencedCudaMajors.first();
        inspection.cudaVersion = Version{major};
        for (const auto& claim : {folder, name}) {
            if (claim && claim->cudaVersion.major() == major && claim->cudaMinorGiven()) {
                inspection.cudaVersion = claim->cudaVersion;
                break;
            }
        }
        inspection.cudaVersionSource = QStringLiteral("library references");
    } else if (folder) {
        inspection.cudaVersion = folder->cudaVersion;
        inspection.cudaVersionSource = QStringLiteral("folder name");
    } else if (name) {
        inspection.cudaVersion = name->cudaVersion;
        inspection.cudaVersionSource = QStringLiteral("file name");
    }
}

void checkFileSet(PackageInspection& inspection)
{
    const OsFlavor os = inspection.platform.value_or(OsFlavor::Linux);
    QStringList libraries;
    QStringList headers;
    for (const PackageFile& file : inspection.files) {
        const QString name = archiveEntryFileName(file.placement.name);
        if (file.placement.role == PackageLayout::Role::RuntimeLibrary && !libraries.contains(name))
            libraries.append(name);
        if (file.placement.role == PackageLayout::Role::Header)
            headers.append(name);
    }
    libraries.sort();
    inspection.libraries = libraries;

    const bool anyCudnn = std::any_of(libraries.cbegin(), libraries.cend(), isCudnnName)
        || std::any_of(headers.cbegin(), headers.cend(), isCudnnName);
    if (!anyCudnn || !inspection.cudnnVersion) {
        if (inspection.readCompletely) {
            inspection.findings.append(
                PackageFinding::hardBlock(
                    PackageCode::NotCudnn,
                    QCoreApplication::translate("ContentAnalysis",
                                                "The archive holds no cuDNN libraries or headers this program "
                                                "recognises."),
                    QCoreApplication::translate("ContentAnalysis",
                                                "Choose the cuDNN archive (cudnn-<system>-<arch>-<version>_cuda<N>-"
                                                "archive) from NVIDIA's cuDNN download page."))
                    .about(inspection.file));
        }
        return;
    }

    const int major = inspection.cudnnVersion->major();
    const auto set = CudnnFileSets::builtIn().forMajor(major);
    if (!set) {
        inspection.findings.append(
            PackageFinding::warning(PackageCode::RulesUnknown,
                                    QCoreApplication::translate("ContentAnalysis",
                                                                "This program does not know the file list of cuDNN "
                                                                "%1, so it cannot tell whether files are missing.")
                                        .arg(major))
                .about(inspection.file));
    } else {
        QStringList missing;
        for (const QString& expected : set->runtimeLibraries(os)) {
            if (!libraries.contains(expected, fileNameCase(os)))
                missing.append(expected);
        }
        for (const QString& expected : set->headers) {
            if (!headers.contains(expected, fileNameCase(os)))
                missing.append(expected);
        }
        inspection.missingLibraries = missing;
        // A cut archive is missing whatever came after the cut; that is already its finding.
        if (!missing.isEmpty() && inspection.readCompletely) {
            inspection.findings.append(
                PackageFinding::block(PackageCode::Incomplete,
                                      QCoreApplication::translate("ContentAnalysis",
                                                                  "The archive lacks files every cuDNN %1 "
                                                                  "installation has: %2.")
                                          .arg(major)
                                          .arg(missing.join(QStringLiteral(", "))),
                                      QCoreApplication::translate(
                                          "ContentAnalysis",
                                          "Download the complete archive from NVIDIA; programs that use cuDNN load "
                                          "these files at run time and fail without them."))
                    .about(inspection.file));
        }
    }

    // Link chains, followed inside the archive from each link no other link points at.
    QSet<QString> linkedTo;
    for (const PackageFile& file : inspection.files) {
        if (file.entry.type == ArchiveEntry::Type::Symlink)
            linkedTo.insert(linkTargetPath(file));
    }
    for (const PackageFile& head : inspection.files) {
        if (head.entry.type != ArchiveEntry::Type::Symlink || linkedTo.contains(head.relativePath))
            continue;
        QStringList chain{archiveEntryFileName(head.relativePath)};
        const PackageFile* at = &head;
        bool resolved = false;
        while (at && chain.size() <= 16) {
            if (at->entry.type != ArchiveEntry::Type::Symlink) {
                resolved = true;
                break;
            }
            const QString target = linkTargetPath(*at);
            at = inspection.fileAt(target);
            chain.append(archiveEntryFileName(target));
        }
        inspection.linkChains.append(chain);
        if (!resolved && inspection.readCompletely) {
            inspection.findings.append(
                PackageFinding::block(PackageCode::BrokenLink,
                                      QCoreApplication::translate("ContentAnalysis",
                                                                  "The link chain %1 does not end at a file in the "
                                                                  "archive.")
                                          .arg(chain.join(QStringLiteral(" -> "))),
                                      QCoreApplication::translate(
                                          "ContentAnalysis",
                                          "Use an unmodified archive from NVIDIA; a broken link installs a library "
                                          "that cannot be loaded."))
                    .about(head.entry.path));
        }
    }
}

void compareNames(PackageInspection& inspection)
{
    const QString fileName = QFileInfo(inspection.file).fileName();
    const std::optional<PackageName>& name = inspection.name;
    const std::optional<PackageName>& folder = inspection.folderName;
    const QString fix = folder
        ? QCoreApplication::translate("ContentAnalysis",
                                      "The archive's own folder is named \"%1\"; rename the "
                                      "file to match, or download the build you meant.")
              .arg(folder->baseName)
        : QCoreApplication::translate("ContentAnalysis",
                                      "Rename the file to what it contains, or download the build you meant.");

    if (!name) {
        inspection.findings.append(
            PackageFinding::info(PackageCode::UnknownName,
                                 QCoreApplication::translate("ContentAnalysis",
                                                             "The name \"%1\" is not one NVIDIA uses; the archive's "
                                                             "contents decide what it is.")
                                     .arg(fileName))
                .about(inspection.file));
    }

    struct Claim
    {
        const std::optional<PackageName>& name;
        QString what;
    };
    const Claim claims[] = {{name, QCoreApplication::translate("ContentAnalysis", "file name")},
                            {folder, QCoreApplication::translate("ContentAnalysis", "folder name")}};
    for (const Claim& claim : claims) {
        if (!claim.name)
            continue;
        const PackageName& said = *claim.name;
        const bool headerKnown = inspection.cudnnVersionSource.endsWith(QLatin1String(".h"));
        if (headerKnown && inspection.cudnnVersion
            && said.cudnnVersion.truncated(3) != inspection.cudnnVersion->truncated(3)) {
            inspection.findings.append(
                mismatch(QCoreApplication::translate("ContentAnalysis", "The %1 says cuDNN %2, but %3 says %4.")
                             .arg(claim.what,
                                  said.cudnnVersion.toString(),
                                  inspection.cudnnVersionSource,
                                  inspection.cudnnVersion->toString()),
                         fix,
                         inspection.file));
        }
        if (inspection.cudaVersionSource == QLatin1String("library references") && inspection.cudaVersion
            && said.cudaVersion.major() != inspection.cudaVersion->major()) {
            inspection.findings.append(
                mismatch(QCoreApplication::translate("ContentAnalysis",
                                                     "The %1 says the build is for CUDA %2, but its libraries load "
                                                     "CUDA %3 libraries.")
                             .arg(claim.what, said.cudaVersion.toString())
                             .arg(inspection.cudaVersion->major()),
                         fix,
                         inspection.file));
        }
        if (inspection.platform
            && (said.os != *inspection.platform
                || (inspection.arch != CpuArch::Unknown && said.arch != inspection.arch))) {
            inspection.findings.append(mismatch(
                QCoreApplication::translate("ContentAnalysis", "The %1 says %2, but the libraries are built for %3.")
                    .arg(claim.what,
                         platformLabel(said.os, said.arch),
                         platformLabel(*inspection.platform, inspection.arch)),
                fix,
                inspection.file));
        }
    }
    if (name && folder && name->baseName != folder->baseName) {
        inspection.findings.append(
            mismatch(QCoreApplication::translate("ContentAnalysis",
                                                 "The file \"%1\" was renamed: the archive's folder is \"%2\".")
                         .arg(fileName, folder->baseName),
                     fix,
                     inspection.file));
    }
}

} // namespace ContentAnalysis
