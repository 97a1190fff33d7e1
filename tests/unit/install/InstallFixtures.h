#pragma once

#include "TestTree.h"
#include "install/FileSystem.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QtTest>

/** Shared by the install tests: toolkits in temporary folders and exact listings of them. */
namespace InstallFixtures {

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

} // namespace InstallFixtures
