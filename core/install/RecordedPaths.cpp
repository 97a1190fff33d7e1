#include "RecordedPaths.h"

#include "FileSystem.h"
#include "Journal.h"
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
        if (!cleanInside(state.root(), path) || !(hidden || FileSystem::isInside(state.folder(), path)))
            return tr("it names %1 as a staged file").arg(path);
    }
    for (const QString& path : journal.discardAfterCommit) {
        if (!cleanInside(state.folder(), path) || path == state.folder())
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
        }
    }
    return {};
}
