#pragma once

// Builders shared by the detection tests: CUDA toolkits and cuDNN installs laid out in a TestTree the way the real
// installers leave them (link chains, version files, Windows folders), and a host that knows nothing but what the
// test says.

#include "TestTree.h"
#include "common/Version.h"
#include "compat/CudnnFileSets.h"
#include "host/HostEnvironment.h"
#include "host/ProcessRunner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace DetectFixtures {

/** The real CUDA 13.0 toolkit with cuDNN 9.19.0 of the CI machine: read-only input, never written. */
inline QString realToolkitRoot()
{
    return QStringLiteral("/usr/local/cuda-13.0");
}

inline bool realToolkitPresent()
{
    return QFileInfo::exists(realToolkitRoot() + QStringLiteral("/include/cuda.h"))
        && QFileInfo::exists(realToolkitRoot() + QStringLiteral("/include/cudnn_version.h"));
}

/** A host with no variables, no default roots, no system dirs, no ldconfig: nothing of the real machine leaks in. */
inline HostEnvironment emptyHost(OsFlavor os)
{
    HostEnvironment host;
    host.os = os;
    return host;
}

/** Bytes standing in for a shared library; the size tells copies apart. */
inline QByteArray libraryBytes(int size = 256)
{
    QByteArray bytes("\x7f"
                     "ELF");
    bytes.append(QByteArray(std::max<qsizetype>(0, size - bytes.size()), '\0'));
    return bytes;
}

/**
 * The DLLs of a cuDNN major, by value: ranging over CudnnFileSets::builtIn().forMajor(n)->windowsDlls reads a
 * temporary optional after its end (ASan's stack-use-after-scope, twice in these tests).
 */
inline QStringList cudnnWindowsDlls(int major)
{
    return CudnnFileSets::builtIn().forMajor(major).value_or(CudnnFileSet{}).windowsDlls;
}

/**
 * A minimal 64-bit Windows DLL (a PE32+ image with no code and no imports) that the loader model takes for a DLL,
 * with a VERSIONINFO resource when fileVersion is given (a.b.c.d, as NVIDIA's DLLs carry theirs): how a stale copy
 * in System32 is told from the toolkit's when the names (cudnn64_9.dll) carry the major alone.
 */
inline QByteArray windowsDllBytes(const std::optional<Version>& fileVersion = std::nullopt)
{
    const auto put16 = [](QByteArray& bytes, int at, quint32 value) {
        bytes[at] = char(value & 0xFF);
        bytes[at + 1] = char((value >> 8) & 0xFF);
    };
    const auto put32 = [&](QByteArray& bytes, int at, quint32 value) {
        put16(bytes, at, value & 0xFFFF);
        put16(bytes, at + 2, value >> 16);
    };
    constexpr int pe = 0x40, coff = pe + 4, optional = coff + 20, sections = optional + 240, raw = 0x200;
    constexpr quint32 rva = 0x1000;
    QByteArray bytes(raw, '\0');
    put16(bytes, 0, 0x5A4D); // MZ
    put32(bytes, 0x3C, pe);
    put32(bytes, pe, 0x00004550); // PE\0\0
    put16(bytes, coff, 0x8664); // AMD64
    put16(bytes, coff + 2, fileVersion ? 1 : 0);
    put16(bytes, coff + 16, 240);
    put16(bytes, coff + 18, 0x2022); // executable, large-address aware, DLL
    put16(bytes, optional, 0x20B); // PE32+
    put32(bytes, optional + 24, 0x80000000); // image base (low half)
    put32(bytes, optional + 60, raw); // size of headers
    put32(bytes, optional + 108, 16); // data directories
    if (!fileVersion)
        return bytes;
    // .rsrc: type RT_VERSION (16) -> name 1 -> language 0x409 -> data entry -> VS_VERSIONINFO with VS_FIXEDFILEINFO.
    QByteArray rsrc(0x58 + 6 + 32 + 2 + 52, '\0');
    const auto directory = [&](int at, quint32 id, quint32 target) {
        put16(rsrc, at + 14, 1); // one id entry
        put32(rsrc, at + 16, id);
        put32(rsrc, at + 20, target);
    };
    directory(0x00, 16, 0x80000000u | 0x18);
    directory(0x18, 1, 0x80000000u | 0x30);
    directory(0x30, 0x409, 0x48);
    const int info = 0x58;
    put32(rsrc, 0x48, rva + info);
    put32(rsrc, 0x48 + 4, quint32(rsrc.size() - info));
    put16(rsrc, info, quint32(rsrc.size() - info));
    put16(rsrc, info + 2, 52);
    const QString key = QStringLiteral("VS_VERSION_INFO");
    for (int i = 0; i < key.size(); ++i)
        put16(rsrc, info + 6 + 2 * i, key.at(i).unicode());
    const int fixed = (info + 6 + 32 + 3) & ~3;
    const auto part = [&](int i) { return quint32(fileVersion->part(i)); };
    put32(rsrc, fixed, 0xFEEF04BD);
    put32(rsrc, fixed + 4, 0x00010000);
    for (const int at : {fixed + 8, fixed + 16}) {
        put32(rsrc, at, part(0) << 16 | part(1));
        put32(rsrc, at + 4, part(2) << 16 | part(3));
    }
    rsrc.resize((rsrc.size() + 0x1FF) & ~0x1FF, '\0');
    const int section = sections;
    bytes.replace(section, 5, QByteArrayLiteral(".rsrc"));
    put32(bytes, section + 8, quint32(rsrc.size())); // virtual size
    put32(bytes, section + 12, rva);
    put32(bytes, section + 16, quint32(rsrc.size())); // raw size
    put32(bytes, section + 20, raw);
    put32(bytes, section + 36, 0x40000040); // initialised data, readable
    put32(bytes, optional + 112 + 2 * 8, rva); // the resource directory
    put32(bytes, optional + 112 + 2 * 8 + 4, quint32(rsrc.size()));
    return bytes + rsrc;
}

/** "#define CUDA_VERSION 12040" as include/cuda.h carries it (after a licence block, like the real file). */
inline QByteArray cudaHeader(int code)
{
    return QByteArrayLiteral("/*\n * Copyright 1993-2024 NVIDIA Corporation.  All rights reserved.\n */\n\n"
                             "#ifndef __cuda_cuda_h__\n#define __cuda_cuda_h__\n\n#include <stdlib.h>\n\n"
                             "/**\n * CUDA API version number\n */\n#define CUDA_VERSION ")
        + QByteArray::number(code) + QByteArrayLiteral("\n\n#endif /* __cuda_cuda_h__ */\n");
}

/** version.json of CUDA 11.1+ with "cuda.version" as given ("12.4.131", "11.8.20220929"). */
inline QByteArray versionJson(const QString& version)
{
    return QStringLiteral("{\n   \"cuda\" : {\n      \"name\" : \"CUDA SDK\",\n      \"version\" : \"%1\"\n   },\n"
                          "   \"cuda_cudart\" : {\n      \"name\" : \"CUDA Runtime (cudart)\",\n"
                          "      \"version\" : \"%1\"\n   }\n}\n")
        .arg(version)
        .toUtf8();
}

/** cudnn_version.h of cuDNN 8 (1000-scheme) or 9+ (10000-scheme), as NVIDIA ships it. */
inline QByteArray cudnnVersionHeader(int major, int minor, int patch)
{
    const QByteArray scale = major >= 9 ? "10000" : "1000";
    return QByteArrayLiteral("/**\n * \\file: The master cuDNN version file.\n */\n\n#ifndef CUDNN_VERSION_H_\n"
                             "#define CUDNN_VERSION_H_\n\n#define CUDNN_MAJOR ")
        + QByteArray::number(major) + "\n#define CUDNN_MINOR " + QByteArray::number(minor)
        + "\n#define CUDNN_PATCHLEVEL " + QByteArray::number(patch) + "\n\n#define CUDNN_VERSION (CUDNN_MAJOR * "
        + scale + " + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)\n\n#endif /* CUDNN_VERSION_H */\n";
}

inline QStringList cudnn9Bases()
{
    return {QStringLiteral("libcudnn"),
            QStringLiteral("libcudnn_graph"),
            QStringLiteral("libcudnn_ops"),
            QStringLiteral("libcudnn_cnn"),
            QStringLiteral("libcudnn_adv"),
            QStringLiteral("libcudnn_engines_precompiled"),
            QStringLiteral("libcudnn_engines_runtime_compiled"),
            QStringLiteral("libcudnn_heuristic")};
}

inline QStringList cudnn8Bases()
{
    return {QStringLiteral("libcudnn"),
            QStringLiteral("libcudnn_ops_infer"),
            QStringLiteral("libcudnn_ops_train"),
            QStringLiteral("libcudnn_cnn_infer"),
            QStringLiteral("libcudnn_cnn_train"),
            QStringLiteral("libcudnn_adv_infer"),
            QStringLiteral("libcudnn_adv_train")};
}

/**
 * The tarball layout, copied with links kept: lib.so -> lib.so.M -> lib.so.M.m.p (a regular file) for each base
 * name, in libDir (relative to the tree).
 */
inline void linkChains(TestTree& tree, const QString& libDir, const QStringList& bases, const QString& version)
{
    const QString major = version.section(QLatin1Char('.'), 0, 0);
    for (const QString& base : bases) {
        const QString full = base + QStringLiteral(".so.") + version;
        const QString soname = base + QStringLiteral(".so.") + major;
        tree.writeFile(libDir + QLatin1Char('/') + full, libraryBytes());
        tree.symlink(libDir + QLatin1Char('/') + soname, full);
        tree.symlink(libDir + QLatin1Char('/') + base + QStringLiteral(".so"), soname);
    }
}

/** The pip wheel and CI-machine layout: lib.so.M regular files, lib.so links to them, no fully versioned name. */
inline void sonameFiles(TestTree& tree, const QString& libDir, const QStringList& bases, int major)
{
    for (const QString& base : bases) {
        const QString soname = base + QStringLiteral(".so.") + QString::number(major);
        tree.writeFile(libDir + QLatin1Char('/') + soname, libraryBytes());
        tree.symlink(libDir + QLatin1Char('/') + base + QStringLiteral(".so"), soname);
    }
}

/** A Linux toolkit: version file(s), include/cuda.h, bin/nvcc (an ELF stand-in), lib and a lib64 link to it. */
struct LinuxToolkit
{
    QString dir; // relative to the tree: "cuda-12.4"
    int cudaCode = 0; // include/cuda.h CUDA_VERSION; 0 for none
    QString versionJson{}; // cuda.version, empty for no file
    QString versionTxt{}; // "CUDA Version 11.0.207", empty for no file
    bool nvcc = true;
};

inline QString makeLinuxToolkit(TestTree& tree, const LinuxToolkit& t)
{
    tree.makeDir(t.dir + QStringLiteral("/lib"));
    tree.symlink(t.dir + QStringLiteral("/lib64"), QStringLiteral("lib"));
    if (t.cudaCode > 0)
        tree.writeFile(t.dir + QStringLiteral("/include/cuda.h"), cudaHeader(t.cudaCode));
    if (!t.versionJson.isEmpty())
        tree.writeFile(t.dir + QStringLiteral("/version.json"), versionJson(t.versionJson));
    if (!t.versionTxt.isEmpty())
        tree.writeFile(t.dir + QStringLiteral("/version.txt"), t.versionTxt.toUtf8() + '\n');
    if (t.nvcc) {
        const QString nvcc = tree.writeFile(t.dir + QStringLiteral("/bin/nvcc"), libraryBytes(1024));
        QFile::setPermissions(nvcc, QFile::permissions(nvcc) | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther);
    }
    return QFileInfo(tree.path(t.dir)).canonicalFilePath();
}

/** A Windows toolkit as the CUDA installer leaves it: bin/nvcc.exe, include/cuda.h, version.json. */
inline QString makeWindowsToolkit(TestTree& tree, const QString& dir, const QString& version, int cudaCode)
{
    tree.writeFile(dir + QStringLiteral("/bin/nvcc.exe"), QByteArrayLiteral("MZ") + libraryBytes(510));
    tree.writeFile(dir + QStringLiteral("/include/cuda.h"), cudaHeader(cudaCode));
    tree.writeFile(dir + QStringLiteral("/version.json"), versionJson(version));
    tree.makeDir(dir + QStringLiteral("/lib/x64"));
    return QFileInfo(tree.path(dir)).canonicalFilePath();
}

/** pip's record of one installed distribution in a site-packages folder: *.dist-info with METADATA and INSTALLER. */
inline void writeDistInfo(TestTree& tree, const QString& site, const QString& project, const QString& version)
{
    const QString info = site + QLatin1Char('/') + QString(project).replace(QLatin1Char('-'), QLatin1Char('_'))
        + QLatin1Char('-') + version + QStringLiteral(".dist-info/");
    tree.writeFile(info + QStringLiteral("METADATA"),
                   QStringLiteral("Metadata-Version: 2.1\nName: %1\nVersion: %2\n").arg(project, version).toUtf8());
    tree.writeFile(info + QStringLiteral("INSTALLER"), "pip\n");
}

/**
 * A venv as python -m venv and pip leave it, read without running Python: pyvenv.cfg and one *.dist-info per
 * "name==version" in lib/python3.11/site-packages (Windows: Lib/site-packages). Returns that site-packages folder,
 * relative to the tree.
 */
inline QString writeVenv(TestTree& tree, const QString& dir, const QStringList& distributions, OsFlavor os)
{
    tree.writeFile(dir + QStringLiteral("/pyvenv.cfg"), "home = /usr/bin\nversion = 3.11.4\n");
    const QString site = dir
        + (os == OsFlavor::Windows ? QStringLiteral("/Lib/site-packages")
                                   : QStringLiteral("/lib/python3.11/site-packages"));
    tree.makeDir(site);
    for (const QString& distribution : distributions)
        writeDistInfo(tree,
                      site,
                      distribution.section(QStringLiteral("=="), 0, 0),
                      distribution.section(QStringLiteral("=="), 1));
    return site;
}

/** The nvidia-cudnn-cuNN wheel's files in a site-packages folder: nvidia/cudnn/lib (sonames) and its version header. */
inline void writeCudnnWheel(TestTree& tree, const QString& site, int major, int minor, int patch)
{
    const QString wheel = site + QStringLiteral("/nvidia/cudnn");
    sonameFiles(tree, wheel + QStringLiteral("/lib"), major >= 9 ? cudnn9Bases() : cudnn8Bases(), major);
    tree.writeFile(wheel + QStringLiteral("/include/cudnn_version.h"), cudnnVersionHeader(major, minor, patch));
}

/** conda-meta/<name>-<version>-<build>.json with its files (relative to the prefix) and depends. */
inline void writeCondaRecord(TestTree& tree,
                             const QString& prefix,
                             const QString& name,
                             const QString& version,
                             const QStringList& files,
                             const QStringList& depends)
{
    const QJsonObject json{{QStringLiteral("name"), name},
                           {QStringLiteral("version"), version},
                           {QStringLiteral("files"), QJsonArray::fromStringList(files)},
                           {QStringLiteral("depends"), QJsonArray::fromStringList(depends)}};
    tree.writeFile(prefix + QStringLiteral("/conda-meta/%1-%2-h0_0.json").arg(name, version),
                   QJsonDocument(json).toJson());
}

/** The soname files of a cuDNN major's libraries in folder, as a record lists them: "lib/libcudnn.so.9", ... */
inline QStringList soFiles(const QString& folder, int major)
{
    QStringList files;
    for (const QString& base : major == 8 ? cudnn8Bases() : cudnn9Bases())
        files.append(folder + QLatin1Char('/') + base + QStringLiteral(".so.") + QString::number(major));
    return files;
}

/** conda's cudnn package in the env at prefix: lib/ sonames (stand-ins), include/cudnn_version.h, its record. */
inline void writeCondaCudnn(TestTree& tree, const QString& prefix, const Version& version, const QStringList& depends)
{
    const int major = version.major();
    sonameFiles(tree, prefix + QStringLiteral("/lib"), major == 8 ? cudnn8Bases() : cudnn9Bases(), major);
    tree.writeFile(prefix + QStringLiteral("/include/cudnn_version.h"),
                   cudnnVersionHeader(major, version.minor(), version.patch()));
    writeCondaRecord(
        tree, prefix, QStringLiteral("cudnn"), version.toString(), soFiles(QStringLiteral("lib"), major), depends);
}

inline QString canonical(const QString& path)
{
    return QFileInfo(path).canonicalFilePath();
}

} // namespace DetectFixtures
