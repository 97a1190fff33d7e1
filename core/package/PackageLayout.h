#pragma once

#include <QList>
#include <QString>
#include <QStringList>

/**
 * Where things sit inside a cuDNN archive, below its top folder ("cuda/" or the archive's own name), in every era:
 *   Windows  bin/ + include/ + lib/x64/      7.x to 8.2 and 8.5 to 9.17
 *            bin/ + include/ + lib/ (flat)   8.3 and 8.4
 *            bin/x64/ + include/ + lib/x64/  9.18 on
 *   Linux    include/ + lib64/               7.x to 8.2 (cuda/)
 *            include/ + lib/                 8.3 on (and 7.x for ppc64le)
 * The inspector uses it to find the files, the planner to decide where each goes: one reading of a path, not two.
 */
class PackageLayout
{
public:
    enum class Kind {
        Unknown,
        WindowsBinLibX64,
        WindowsBinFlatLib,
        WindowsBinX64LibX64,
        LinuxLib64,
        LinuxLib,
    };

    enum class Role {
        Header,
        RuntimeLibrary, // .dll, .so*
        ImportLibrary, // .lib
        StaticLibrary, // .a
        Other, // licence, readme, anything the install leaves behind
    };

    enum class Folder {
        None,
        Include,
        Bin,
        BinX64,
        Lib,
        LibX64,
        Lib64,
    };

    /** One path's reading: its role, the folder it came from, and its path below that folder. */
    struct Placement
    {
        Role role = Role::Other;
        Folder folder = Folder::None;
        QString name; // "libcudnn.so.9", "cudnn.h"
    };

    /** The first path component every path shares, or empty if they do not share one (or there is only a file). */
    static QString commonTopFolder(const QStringList& paths);
    /** "a/b/c" below top "a" -> "b/c"; paths outside top are returned unchanged. */
    static QString belowTop(const QString& path, const QString& top);
    static Placement place(const QString& pathBelowTop);
    static Kind kindOf(const QList<Placement>& placements);

    static QString kindName(Kind kind);
    static QString folderName(Folder folder); // "include", "bin/x64", ...
};
