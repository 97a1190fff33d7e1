#pragma once

#include "ArchiveBuilder.h"
#include "TestTree.h"
#include "detect/SystemSnapshot.h"
#include "install/FileSystem.h"
#include "install/InstallService.h"
#include "install/PackageService.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QtTest>

/** Shared by the install tests: toolkits in temporary folders, packages of real or synthetic files, exact listings. */
namespace InstallFixtures {

inline const QString RealCuda = QStringLiteral("/usr/local/cuda-13.0");

/**
 * Everything below root as it lies: each entry's type, permission bits, content hash or link target. Two equal
 * listings mean byte-identical trees (links not followed, hidden files included).
 */
inline QString listing(const QString& root)
{
    QStringList lines;
    QDirIterator it(
        root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = path.mid(root.size() + 1);
        const QFileInfo info(path);
        const QString mode = QString::number(int(info.permissions() & 0x7777), 16);
        switch (FileSystem::kindOf(path)) {
        case FileSystem::Kind::Symlink:
            lines.append(relative + QStringLiteral(" -> ") + FileSystem::linkTarget(path));
            break;
        case FileSystem::Kind::Directory:
            lines.append(relative + QStringLiteral("/ ") + mode);
            break;
        default:
            lines.append(relative + QLatin1Char(' ') + mode + QLatin1Char(' ') + FileSystem::sha256Of(path));
            break;
        }
    }
    lines.sort();
    return lines.join(QLatin1Char('\n'));
}

/** The listing without cudnn-setup's own folder: what a program using the toolkit sees. */
inline QString toolkitListing(const QString& root)
{
    QStringList lines = listing(root).split(QLatin1Char('\n'));
    lines.removeIf([](const QString& line) { return line.startsWith(QLatin1String(".cudnn-setup/")); });
    return lines.join(QLatin1Char('\n'));
}

/** A CUDA 13.0 toolkit as NVIDIA lays it out: include/cuda.h, lib/, lib64 -> lib. Returns its canonical root. */
inline QString makeToolkit(TestTree& tree, const QString& name = QStringLiteral("cuda-13.0"), int cudaVersion = 13000)
{
    tree.writeFile(name + QStringLiteral("/include/cuda.h"),
                   "#define CUDA_VERSION " + QByteArray::number(cudaVersion) + "\n");
    tree.makeDir(name + QStringLiteral("/lib"));
    tree.symlink(name + QStringLiteral("/lib64"), QStringLiteral("lib"));
    return QFileInfo(tree.path(name)).canonicalFilePath();
}

/** A Linux x86-64 machine with a driver new enough for CUDA 13, one GPU and the given toolkits. */
inline SystemSnapshot machineWith(const QStringList& toolkitRoots, OsFlavor os = OsFlavor::Linux)
{
    SystemSnapshot system;
    system.os = os;
    system.driver.found = true;
    system.driver.version = Version::parse(QStringLiteral("580.95.05"));
    system.driver.newestCuda = Version{13, 0};
    GpuInfo gpu;
    gpu.name = QStringLiteral("NVIDIA GeForce RTX 3090");
    gpu.computeCapability = Version{8, 6};
    system.gpus.append(gpu);
    for (const QString& root : toolkitRoots) {
        CudaToolkit toolkit;
        toolkit.root = root;
        toolkit.version = Version{13, 0};
        toolkit.active = system.toolkits.isEmpty();
        system.toolkits.append(toolkit);
    }
    return system;
}

/**
 * cuDNN 9.19 for CUDA 13 packed as NVIDIA packs it, from the real files of RealCuda where they are small: the
 * headers, the 129 KB libcudnn.so.9 and the 4 MB libcudnn_graph.so.9 it forwards cudnnGetVersion() to. The large
 * sub-libraries (600 MB) are synthetic stand-ins, so packing takes seconds: do it once per test program.
 */
inline ArchiveBuilder realCudnn919()
{
    const auto real = [](const QString& name) {
        QFile file(RealCuda + QStringLiteral("/lib64/") + name);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(file.fileName()));
        return file.readAll();
    };
    CudnnArchiveSpec spec; // 9.19.0.56, CUDA 13, Linux: the layout and the stand-ins
    spec.libraryPayload = "libcudart.so.13";
    ArchiveBuilder synthetic = spec.build();
    const QString top = spec.topFolder() + QLatin1Char('/');
    ArchiveBuilder builder;
    for (const ArchiveBuilder::Member& m : synthetic.members()) {
        if (m.path.startsWith(top + QStringLiteral("include/")) && m.type == ArchiveEntry::Type::File)
            continue; // the real headers replace the synthetic ones
        if (m.path == top + QStringLiteral("lib/libcudnn.so.9.19.0")
            || m.path == top + QStringLiteral("lib/libcudnn_graph.so.9.19.0")) {
            builder.file(
                m.path,
                real(m.path.section(QLatin1Char('/'), -1).replace(QStringLiteral(".9.19.0"), QStringLiteral(".9"))),
                0755);
            continue;
        }
        if (m.type == ArchiveEntry::Type::Directory)
            builder.dir(m.path);
        else if (m.type == ArchiveEntry::Type::Symlink)
            builder.symlink(m.path, m.linkTarget);
        else
            builder.file(m.path, m.data, m.mode);
        if (m.path == top + QStringLiteral("include/")) {
            const QDir include(RealCuda + QStringLiteral("/include"));
            for (const QString& header : include.entryList({QStringLiteral("cudnn*.h")}, QDir::Files, QDir::Name)) {
                QFile file(include.filePath(header));
                if (!file.open(QIODevice::ReadOnly))
                    qFatal("cannot read %s", qPrintable(file.fileName()));
                builder.file(top + QStringLiteral("include/") + header, file.readAll(), 0644);
            }
        }
    }
    return builder;
}

/** Writes an archive under its NVIDIA name into folder and returns its path. */
inline QString writeArchive(TestTree& tree,
                            const ArchiveBuilder& builder,
                            const QString& fileName,
                            const QString& folder = QStringLiteral("packages"))
{
    tree.makeDir(folder);
    const QString path = tree.path(folder + QLatin1Char('/') + fileName);
    builder.write(path);
    return path;
}

inline QString
writeSpec(TestTree& tree, const CudnnArchiveSpec& spec, const QString& folder = QStringLiteral("packages"))
{
    CudnnArchiveSpec withRuntime = spec;
    if (withRuntime.libraryPayload.isEmpty())
        withRuntime.libraryPayload = "libcudart.so." + withRuntime.cuda.section(QLatin1Char('.'), 0, 0).toUtf8();
    return writeArchive(tree, withRuntime.build(), withRuntime.fileName(), folder);
}

/** Picks the archive for the toolkit as the silent runner does. */
inline PackageChoice
choose(const QString& archive, const SystemSnapshot& system, const QString& root, bool force = false)
{
    return PackageService::pick(archive, system, root, force);
}

inline InstallResult
install(const QString& archive, const QString& root, const InstallOptions& options = {}, OsFlavor os = OsFlavor::Linux)
{
    const SystemSnapshot system = machineWith({root}, os);
    return InstallService::install(choose(archive, system, root), system, options);
}

inline QStringList codesOf(const InstallResult& result)
{
    QStringList codes;
    for (const Diagnostic& d : result.diagnostics)
        codes.append(d.code);
    return codes;
}

inline QByteArray describe(const InstallResult& result)
{
    QByteArray text = InstallResult::statusName(result.status).toUtf8();
    for (const Diagnostic& d : result.diagnostics)
        text += "\n  " + d.code.toUtf8() + ": " + d.message.toUtf8();
    return text;
}

} // namespace InstallFixtures
