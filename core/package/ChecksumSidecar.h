#pragma once

#include "CpuArch.h"
#include "common/OsFlavor.h"
#include "common/Version.h"

#include <QString>
#include <optional>

/**
 * The checksum a download came with, found beside the archive: "<archive>.sha256" (sha256sum output or the bare
 * digest) or NVIDIA's redistrib_<version>.json manifest, whose entry is matched by file name, or, for a renamed
 * file, by platform, CUDA variant and version.
 */
struct ExpectedChecksum
{
    QString sha256; // lower-case hex
    std::optional<qint64> size;
    QString source; // the file it came from
};

class ChecksumSidecar
{
public:
    /** What the contents say, used to match a manifest entry when the file name does not. */
    struct Identity
    {
        OsFlavor os = OsFlavor::Linux;
        CpuArch arch = CpuArch::Unknown;
        std::optional<int> cudaMajor;
        std::optional<Version> cudnnVersion;
    };

    static std::optional<ExpectedChecksum> find(const QString& archivePath, const Identity& identity);
    /** The digest in a .sha256 file's text, or nullopt. */
    static std::optional<QString> parseSha256File(const QByteArray& text);
    /** The entry for this archive in one redistrib_*.json manifest, or nullopt. */
    static std::optional<ExpectedChecksum>
    fromManifest(const QByteArray& json, const QString& archiveFileName, const Identity& identity);
};
