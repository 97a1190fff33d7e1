#pragma once

#include "ArchiveEntry.h"
#include "CpuArch.h"
#include "common/OsFlavor.h"
#include "common/Version.h"

#include <optional>

/**
 * What an NVIDIA archive's file name says, in both naming eras:
 *   cudnn-<cuda>-<os>-<arch>-v<ver>.{tgz,zip}                 7.x to 8.2 ("windows10", "windows7", "x64")
 *   cudnn-<os>-<arch>-<ver>_cuda<M[.m]>-archive.{tar.xz,zip}  8.3 on (minor only in 8.3 and 8.4)
 * A name is a claim; the inspector checks it against the contents, which win.
 */
struct PackageName
{
    enum class Era {
        Legacy, // cuda/ top folder
        Redist, // <archive basename>/ top folder
    };

    Era era = Era::Redist;
    Version cudnnVersion; // 9.19.0.56
    Version cudaVersion; // 13, or 11.5 where the name gives a minor
    OsFlavor os = OsFlavor::Linux;
    QString osLabel; // as written: "linux", "windows10"
    CpuArch arch = CpuArch::Unknown;
    QString archLabel; // as written: "x64", "sbsa"
    ArchiveContainer container = ArchiveContainer::Unknown; // what the extension claims (Unknown for a folder)
    QString baseName; // without extension and a browser's " (1)": a redist archive's top folder

    bool cudaMinorGiven() const { return cudaVersion.size() > 1; }
    /** NVIDIA's platform key the name claims: "linux-sbsa", "linux-aarch64" (Jetson), "windows-arm64", ... */
    QString redistPlatform() const;

    static std::optional<PackageName> parse(const QString& fileName);
    /** The same without an extension: a redist archive's top folder carries its original name. */
    static std::optional<PackageName> parseBaseName(const QString& baseName);
    /** The NVIDIA platform key, "linux-x86_64", "linux-sbsa", "windows-x86_64". */
    static QString platformKey(OsFlavor os, CpuArch arch, bool sbsa = true);
};
