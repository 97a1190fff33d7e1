#pragma once

#include "InstallOptions.h"
#include "InstallResult.h"
#include "Manifest.h"
#include "common/Progress.h"

#include <QCoreApplication>

class ToolkitState;

/**
 * Takes back the newest install recorded in a root's manifest, as a transaction of its own: what it added goes,
 * what it replaced or removed comes back from its backups, the folders it created go if empty, and the manifest
 * pops that entry. Files changed since the install are named and left alone (the whole uninstall is refused)
 * unless forced, when the changed copies are kept in the backup folder.
 */
class Uninstaller
{
    Q_DECLARE_TR_FUNCTIONS(Uninstaller)

public:
    Uninstaller(const InstallOptions& options, ProgressSink* progress, CancellationToken cancel);

    /** root: canonical. */
    InstallResult run(const QString& root);

    /** One path that is not as the install left it. */
    struct Conflict
    {
        QString path;
        QString why;
        bool backupMissing = false; // the saved previous copy is gone: it cannot be restored
    };
    /** Every path of the entry that changed since it was installed, and every backup that is missing. */
    static QList<Conflict> conflicts(const ToolkitState& state, const ManifestEntry& entry);

private:
    const InstallOptions& m_options;
    ProgressSink* m_progress;
    CancellationToken m_cancel;
};
