#pragma once

#include "ArchiveEntry.h"
#include "BinaryIdentity.h"
#include "ChecksumSidecar.h"
#include "PackageFinding.h"
#include "PackageLayout.h"
#include "PackageName.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

/** One archive member as inspected: the entry, where it belongs, and what its bytes are. */
struct PackageFile
{
    ArchiveEntry entry;
    QString relativePath; // below the top folder
    PackageLayout::Placement placement;
    QString sha256; // hex of the content; for a hard link, its target's. Empty for links and folders.
    std::optional<BinaryIdentity> binary; // runtime libraries only

    /** Size of the content this entry installs (a hard link's is its target's). */
    qint64 contentSize = 0;
};

/** Everything learned from one pass over an archive, before any decision about a machine. */
struct PackageInspection
{
    QString file; // absolute path
    qint64 fileSize = 0;
    QString sha256; // hex of the archive file
    ArchiveContainer container = ArchiveContainer::Unknown;
    bool readCompletely = false; // every entry's data was read and checked to the end

    std::optional<PackageName> name; // what the file name claims
    std::optional<PackageName> folderName; // what the top folder's name claims (a renamed file keeps it)
    QString topFolder;
    PackageLayout::Kind layout = PackageLayout::Kind::Unknown;

    std::optional<OsFlavor> platform; // from the binaries (or, without any, the layout)
    CpuArch arch = CpuArch::Unknown;
    std::optional<Version> cudnnVersion; // from the header, else the name
    QString cudnnVersionSource; // "cudnn_version.h", "cudnn.h", "folder name", "file name"
    std::optional<Version> maxComputeCapability; // CUDNN_MAX_SM_* (9.x headers)
    std::optional<Version> cudaVersion; // the CUDA the build targets: major, and minor where a name gives one
    QString cudaVersionSource; // "library references", "folder name", "file name"
    QList<int> referencedCudaMajors; // CUDA library names seen in the binaries

    QStringList libraries; // runtime library names present (files or links)
    QStringList missingLibraries; // expected for this major, absent
    QList<QStringList> linkChains; // libcudnn.so -> libcudnn.so.9 -> libcudnn.so.9.19.0, as names
    QList<PackageFile> files;

    std::optional<ExpectedChecksum> expectedChecksum;
    PackageFindings findings;

    std::optional<int> cudaMajor() const;
    bool isCudnn() const { return cudnnVersion.has_value(); }
    /** The file at this path below the top folder, or nullptr. */
    const PackageFile* fileAt(const QString& relativePath) const;

    /** The report's "package" section. */
    QJsonObject toJson() const;
};
