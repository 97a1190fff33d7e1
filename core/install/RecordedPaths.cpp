#include "RecordedPaths.h"

#include "FileSystem.h"
#include "Journal.h"
#include "Manifest.h"
#include "ToolkitState.h"

#include <QDir>
#include <QRegularExpression>

namespace {

/** Absolute, already clean (no "." or ".." to climb out with), and inside folder. */
bool cleanInside(const QString& folder, const QString& path)
{
    return QDir::isAbsolutePath(path) && QDir::cleanPath(path) == path && FileSystem::isInside(folder, path);
}

} // namespace

QString RecordedPaths::linkOnTheWay(const QString& root, const QString& path)
{
    if (!FileSystem::isInside(root, path))
        return {};
    for (QString folder = FileSystem::parentOf(path); folder.size() > root.size() && folder != path;
         folder = FileSystem::parentOf(folder)) {
        if (FileSystem::kindOf(folder) == FileSystem::Kind::Symlink)
            return folder;
    }
    return {};
}

QString RecordedPaths::entryProblem(const ToolkitState& state, const ManifestEntry& entry)
{
    QStringList paths;
    for (const ManifestFile& file : entry.files) {
        paths.append(state.absolutePath(file.path));
        if (!file.backup.isEmpty())
            paths.append(state.absoluteInFolder(file.backup));
    }
    for (const QString& folder : entry.folders)
        paths.append(state.absolutePath(folder));
    for (const QString& path : std::as_const(paths)) {
        const QString link = linkOnTheWay(state.root(), path);
        if (!link.isEmpty())
            return tr("it names %1, which leads through the link %2").arg(path, link);
    }
    return {};
}

bool RecordedPaths::isTransactionId(const QString& id)
{
    static const QRegularExpression pattern(QStringLiteral("^[0-9]{8}-[0-9]{6}-[0-9]{3}-[0-9a-f]{6}$"));
    return pattern.match(id).hasMatch();
}

bool RecordedPaths::isRelativeBelow(const QString& path)
{
    if (path.isEmpty() || path.contains(QLatin1Char('\\')) || QDir::isAbsolutePath(path) || path.contains(u':'))
        return false;
    const QStringList parts = path.split(QLatin1Char('/'));
    return std::none_of(parts.cbegin(), parts.cend(), [](const QString& part) {
        return part.isEmpty() || part == QLatin1String(".") || part == QLatin1String("..");
    });
}

QString RecordedPaths::journalProblem(const ToolkitState& state, const Journal& journal)
{
    if (!isTransactionId(journal.transaction))
        return tr("its transaction id \"%1\" is not one cudnn-setup makes").arg(journal.transaction);
    for (const QString& path : journal.temporaries) {
        // Staged files are hidden names next to their destination ("lib/.libcudnn.so.9.cudnn-setup-<id>"), or lie
        // in the state folder: never a visible file of the toolkit.
        const bool hidden = path.section(QLatin1Char('/'), -1).startsWith(QLatin1Char('.'));
        if (!cleanInside(state.root(), path) || !(hidden || FileSystem::isInside(state.folder(), path))
            || !linkOnTheWay(state.root(), path).isEmpty())
            return tr("it names %1 as a staged file").arg(path);
    }
    for (const QString& path : journal.discardAfterCommit) {
        if (!cleanInside(state.folder(), path) || path == state.folder() || !linkOnTheWay(state.root(), path).isEmpty())
            return tr("it names %1 to remove").arg(path);
    }
    return {};
}

QString RecordedPaths::operationsProblem(const ToolkitState& state, const QList<OperationPointer>& operations)
{
    for (const OperationPointer& operation : operations) {
        for (const QString& path : operation->paths()) {
            if (!path.isEmpty() && !cleanInside(state.root(), path))
                return tr("its step %1 names %2, outside %3").arg(operation->name(), path, state.root());
            const QString link = path.isEmpty() ? QString() : linkOnTheWay(state.root(), path);
            if (!link.isEmpty())
                return tr("its step %1 names %2, which leads through the link %3").arg(operation->name(), path, link);
        }
    }
    return {};
}
