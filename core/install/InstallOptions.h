#pragma once

#include "Operation.h"
#include "Preflight.h"

#include <QList>
#include <QStringList>
#include <functional>

class InstallLog;
struct PackageChoice;

/** How an install, deploy or uninstall runs; the defaults are what the silent runner and the wizard want. */
struct InstallOptions
{
    /** Uninstall: also take back files changed since the install (the changed copies are kept in the backup folder). */
    bool force = false;
    /** Phases and every file action, as plain text lines; may be null. */
    InstallLog* log = nullptr;
    /** Rebuilds the operations a journal or manifest holds; knows the file operations, others add theirs. */
    OperationFactory operations;
    /**
     * The steps performed after the files, in the same transaction, and recorded in the manifest (the environment
     * step); asked once the package is judged, with the choice that judgement made. May be empty.
     */
    std::function<QList<OperationPointer>(const PackageChoice& choice)> operationsAfterFiles;
    /**
     * The loader cache's part of a transaction whose files change in folders: the operation that goes before every
     * file and the one that goes after them all (ldconfig once they are undone, once they are performed), or none.
     * Journalled, never recorded in the manifest: an uninstall asks again for its own folders. May be empty.
     */
    std::function<QList<OperationPointer>(const QStringList& folders)> loaderCacheFraming;
    /** Deploy: folders besides the toolkit to look in for zlibwapi.dll (the PATH). */
    QStringList searchFolders;
    /** The free space and write permission probes (tests stand in a full or read-only disk). */
    Preflight preflight;
};
