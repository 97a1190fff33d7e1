#pragma once

#include "Operation.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

struct Journal;
struct ManifestEntry;
class ToolkitState;

/**
 * What a journal or a manifest read back from disk may name. Both are files a crash, a full disk or a person can
 * damage, and recovery and uninstall act on them: checked here first, they can never make cudnn-setup move or
 * remove anything outside the root they belong to, nor a visible file of the root as a staged one.
 */
class RecordedPaths
{
    Q_DECLARE_TR_FUNCTIONS(RecordedPaths)

public:
    /** An id Transaction::newId() can have made ("20261130-162907-748-a2bdcd"): a backup folder's name. */
    static bool isTransactionId(const QString& id);
    /** A path a manifest records: relative, not empty, "/" separators, no "." or ".." part. */
    static bool isRelativeBelow(const QString& path);
    /** Why recovery must not act on this journal in state's root, or empty when it may. */
    static QString journalProblem(const ToolkitState& state, const Journal& journal);
    /** The same for the operations rebuilt from it. */
    static QString operationsProblem(const ToolkitState& state, const QList<OperationPointer>& operations);
    /** Why uninstall must not act on this manifest entry (a path of it leads through a link), or empty. */
    static QString entryProblem(const ToolkitState& state, const ManifestEntry& entry);
    /**
     * The first folder between root and path (exclusive of both) that is a link now, or empty. cudnn-setup records
     * only paths whose folders were plain when planned (a layout link like lib64 -> lib is resolved to lib), so a
     * recorded path through any link was not recorded by it: where it leads, not its text, decides.
     */
    static QString linkOnTheWay(const QString& root, const QString& path);
};
