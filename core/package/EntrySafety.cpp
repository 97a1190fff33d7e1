#include "EntrySafety.h"

#include <QCoreApplication>
#include <QDir>
#include <QHash>
#include <QSet>

namespace {

QStringList components(const QString& path)
{
    QString p = path;
    p.replace(QLatin1Char('\\'), QLatin1Char('/'));
    return p.split(QLatin1Char('/'), Qt::SkipEmptyParts);
}

QString folderOf(const QString& path)
{
    QString p = path;
    p.replace(QLatin1Char('\\'), QLatin1Char('/'));
    while (p.endsWith(QLatin1Char('/')))
        p.chop(1);
    const qsizetype slash = p.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? QString() : p.left(slash);
}

QString key(const QString& path, OsFlavor filesystem)
{
    QString normalized = components(path).join(QLatin1Char('/'));
    return filesystem == OsFlavor::Windows ? normalized.toCaseFolded() : normalized;
}

PackageFinding unsafe(const QString& path, const QString& why)
{
    return PackageFinding::hardBlock(
               PackageCode::UnsafeEntry,
               QCoreApplication::translate("EntrySafety", "The archive entry \"%1\" is unsafe: %2.").arg(path, why),
               QCoreApplication::translate(
                   "EntrySafety",
                   "Do not install this archive. Download the package again from NVIDIA; an official cuDNN archive "
                   "never contains such entries."))
        .about(path);
}

} // namespace

bool EntrySafety::isAbsolute(const QString& path)
{
    if (path.startsWith(QLatin1Char('/')) || path.startsWith(QLatin1Char('\\')))
        return true;
    // A drive letter ("C:", "C:\x", "C:x") is absolute or drive-relative on Windows: never inside the destination.
    return path.size() >= 2 && path.at(1) == QLatin1Char(':') && path.at(0).isLetter();
}

bool EntrySafety::hasDotDot(const QString& path)
{
    return components(path).contains(QStringLiteral(".."));
}

bool EntrySafety::staysInFolder(const QString& target)
{
    if (target.isEmpty() || isAbsolute(target))
        return false;
    int depth = 0;
    for (const QString& part : components(target)) {
        if (part == QLatin1String(".."))
            --depth;
        else if (part != QLatin1String("."))
            ++depth;
        if (depth < 0)
            return false;
    }
    return true;
}

PackageFindings EntrySafety::check(const QList<ArchiveEntry>& entries, OsFlavor filesystem)
{
    PackageFindings findings;
    QHash<QString, QString> seen; // key -> first path with that key
    QSet<QString> symlinks; // keys of symlink entries
    for (const ArchiveEntry& entry : entries) {
        const QString& path = entry.path;
        if (components(path).isEmpty()) {
            findings.append(unsafe(path, QCoreApplication::translate("EntrySafety", "it has no name")));
            continue;
        }
        if (isAbsolute(path))
            findings.append(unsafe(path, QCoreApplication::translate("EntrySafety", "it is an absolute path")));
        if (hasDotDot(path))
            findings.append(
                unsafe(path, QCoreApplication::translate("EntrySafety", "it climbs out of its folder with \"..\"")));
        if (entry.type == ArchiveEntry::Type::Other)
            findings.append(
                unsafe(path, QCoreApplication::translate("EntrySafety", "it is a device, pipe or socket, not a file")));
        if (entry.type == ArchiveEntry::Type::Symlink && !staysInFolder(entry.linkTarget))
            findings.append(
                unsafe(path,
                       QCoreApplication::translate("EntrySafety", "it is a link to \"%1\", outside its own folder")
                           .arg(entry.linkTarget)));
        if (entry.type == ArchiveEntry::Type::Hardlink) {
            // A tar hard link names another member by its archive path; it must be a sibling already extracted.
            const QString targetKey = key(entry.linkTarget, filesystem);
            if (folderOf(entry.linkTarget) != folderOf(path) || hasDotDot(entry.linkTarget)
                || isAbsolute(entry.linkTarget) || !seen.contains(targetKey))
                findings.append(unsafe(
                    path,
                    QCoreApplication::translate("EntrySafety",
                                                "it is a hard link to \"%1\", which is not an earlier entry in its own "
                                                "folder")
                        .arg(entry.linkTarget)));
        }

        // A path that goes through a link would be written wherever that link points.
        const QStringList parts = components(path);
        QString prefix;
        for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
            prefix += (i ? QStringLiteral("/") : QString()) + parts.at(i);
            if (symlinks.contains(filesystem == OsFlavor::Windows ? prefix.toCaseFolded() : prefix)) {
                findings.append(
                    unsafe(path,
                           QCoreApplication::translate("EntrySafety", "it lies below \"%1\", which is a symbolic link")
                               .arg(prefix)));
                break;
            }
        }

        const QString entryKey = key(path, filesystem);
        const auto previous = seen.constFind(entryKey);
        if (previous != seen.constEnd() && entry.type != ArchiveEntry::Type::Directory) {
            if (previous.value() == components(path).join(QLatin1Char('/')))
                findings.append(
                    unsafe(path,
                           QCoreApplication::translate(
                               "EntrySafety", "the archive holds it twice; which copy lands depends on order")));
            else
                findings.append(unsafe(
                    path,
                    QCoreApplication::translate(
                        "EntrySafety", "its name differs from \"%1\" only in letter case, and Windows cannot keep both")
                        .arg(previous.value())));
        }
        seen.insert(entryKey, components(path).join(QLatin1Char('/')));
        if (entry.type == ArchiveEntry::Type::Symlink)
            symlinks.insert(entryKey);
    }
    return findings;
}
