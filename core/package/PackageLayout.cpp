#include "PackageLayout.h"

#include <algorithm>

namespace {

bool isSharedObject(const QString& name)
{
    return name.endsWith(QLatin1String(".so")) || name.contains(QLatin1String(".so."));
}

PackageLayout::Role roleOf(PackageLayout::Folder folder, const QString& name)
{
    using Role = PackageLayout::Role;
    using Folder = PackageLayout::Folder;
    const QString lower = name.toLower();
    switch (folder) {
    case Folder::Include:
        return lower.endsWith(QLatin1String(".h")) || lower.endsWith(QLatin1String(".hpp")) ? Role::Header
                                                                                            : Role::Other;
    case Folder::Bin:
    case Folder::BinX64:
        return lower.endsWith(QLatin1String(".dll")) ? Role::RuntimeLibrary : Role::Other;
    case Folder::Lib:
    case Folder::LibX64:
    case Folder::Lib64:
        if (lower.endsWith(QLatin1String(".lib")))
            return Role::ImportLibrary;
        if (lower.endsWith(QLatin1String(".a")))
            return Role::StaticLibrary;
        return isSharedObject(name) ? Role::RuntimeLibrary : Role::Other;
    case Folder::None:
        break;
    }
    return Role::Other;
}

} // namespace

QString PackageLayout::commonTopFolder(const QStringList& paths)
{
    QString top;
    for (const QString& path : paths) {
        const qsizetype slash = path.indexOf(QLatin1Char('/'));
        const QString first = slash < 0 ? QString() : path.left(slash);
        // A bare "top/" directory entry names the folder too; a file at the root means there is no top folder.
        if (first.isEmpty() || (!top.isEmpty() && first != top))
            return {};
        top = first;
    }
    return top;
}

QString PackageLayout::belowTop(const QString& path, const QString& top)
{
    if (top.isEmpty() || !path.startsWith(top + QLatin1Char('/')))
        return path;
    return path.mid(top.size() + 1);
}

PackageLayout::Placement PackageLayout::place(const QString& pathBelowTop)
{
    static const QList<QPair<QString, Folder>> prefixes{
        // Longest first: bin/x64 before bin, lib/x64 before lib.
        {QStringLiteral("bin/x64/"), Folder::BinX64},
        {QStringLiteral("lib/x64/"), Folder::LibX64},
        {QStringLiteral("include/"), Folder::Include},
        {QStringLiteral("lib64/"), Folder::Lib64},
        {QStringLiteral("bin/"), Folder::Bin},
        {QStringLiteral("lib/"), Folder::Lib},
    };
    Placement placement;
    for (const auto& [prefix, folder] : prefixes) {
        if (pathBelowTop.startsWith(prefix, Qt::CaseInsensitive) && pathBelowTop.size() > prefix.size()) {
            placement.folder = folder;
            placement.name = pathBelowTop.mid(prefix.size());
            placement.role = roleOf(folder, placement.name);
            return placement;
        }
    }
    placement.name = pathBelowTop;
    return placement;
}

PackageLayout::Kind PackageLayout::kindOf(const QList<Placement>& placements)
{
    const auto has = [&](Role role, Folder folder) {
        return std::any_of(placements.cbegin(), placements.cend(), [&](const Placement& p) {
            return p.role == role && p.folder == folder;
        });
    };
    if (has(Role::RuntimeLibrary, Folder::BinX64))
        return Kind::WindowsBinX64LibX64;
    if (has(Role::RuntimeLibrary, Folder::Bin))
        return has(Role::ImportLibrary, Folder::Lib) && !has(Role::ImportLibrary, Folder::LibX64)
            ? Kind::WindowsBinFlatLib
            : Kind::WindowsBinLibX64;
    if (has(Role::RuntimeLibrary, Folder::Lib64) || has(Role::StaticLibrary, Folder::Lib64))
        return Kind::LinuxLib64;
    if (has(Role::RuntimeLibrary, Folder::Lib) || has(Role::StaticLibrary, Folder::Lib))
        return Kind::LinuxLib;
    return Kind::Unknown;
}

QString PackageLayout::kindName(Kind kind)
{
    switch (kind) {
    case Kind::WindowsBinLibX64:
        return QStringLiteral("bin+include+lib/x64");
    case Kind::WindowsBinFlatLib:
        return QStringLiteral("bin+include+lib");
    case Kind::WindowsBinX64LibX64:
        return QStringLiteral("bin/x64+include+lib/x64");
    case Kind::LinuxLib64:
        return QStringLiteral("include+lib64");
    case Kind::LinuxLib:
        return QStringLiteral("include+lib");
    case Kind::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString PackageLayout::folderName(Folder folder)
{
    switch (folder) {
    case Folder::Include:
        return QStringLiteral("include");
    case Folder::Bin:
        return QStringLiteral("bin");
    case Folder::BinX64:
        return QStringLiteral("bin/x64");
    case Folder::Lib:
        return QStringLiteral("lib");
    case Folder::LibX64:
        return QStringLiteral("lib/x64");
    case Folder::Lib64:
        return QStringLiteral("lib64");
    case Folder::None:
        break;
    }
    return {};
}
