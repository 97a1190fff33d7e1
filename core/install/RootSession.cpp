#include "RootSession.h"

#include "InstallCode.h"
#include "InstallLog.h"
#include "InstallResult.h"
#include "Preflight.h"
#include "Transaction.h"
#include "common/OsFlavor.h"

RootSession::RootSession(const QString& root, const OperationFactory& factory, InstallLog* log)
    : m_state(root)
    , m_factory(factory)
    , m_log(log)
{
}

bool RootSession::open(InstallResult& result)
{
    const OsFlavor os = hostOsFlavor();
    QString error;
    switch (m_state.lock(&error)) {
    case ToolkitState::LockResult::Locked:
        break;
    case ToolkitState::LockResult::Busy:
        result.status = InstallResult::Status::Failed;
        result.diagnostics.append(Diagnostic::of(InstallCode::Locked,
                                                 tr("Nothing was changed: %1.").arg(error),
                                                 tr("Wait for the other run to finish, then try again."))
                                      .about(m_state.root()));
        return false;
    case ToolkitState::LockResult::Denied:
        // A state folder or a lock file that is a link (or a folder, a file) is no question of rights: root would be
        // refused the same way.
        if (Diagnostics squatted
            = Preflight::checkStateFolder(m_state.folder(), os) + Preflight::checkLockFile(m_state.lockFile(), os);
            !squatted.isEmpty()) {
            result.status = InstallResult::Status::Failed;
            result.diagnostics.append(squatted);
            return false;
        }
        result.status = InstallResult::Status::NeedsElevation;
        result.diagnostics.append(Diagnostic::of(InstallCode::NeedsElevation,
                                                 tr("This user may not write to %1, so nothing was changed (%2).")
                                                     .arg(displayPath(os, m_state.root()), error),
                                                 os == OsFlavor::Windows
                                                     ? tr("Run cudnn-setup as an administrator.")
                                                     : tr("Run cudnn-setup as root (for example with sudo).")));
        return false;
    }

    const Transaction::Recovery recovery = Transaction::recover(m_state, m_factory, m_log);
    if (recovery.found && !recovery.error.isEmpty()) {
        result.status = InstallResult::Status::Failed;
        result.diagnostics.append(
            Diagnostic::of(Severity::Error,
                           recovery.undoFailed ? InstallCode::RollbackIncomplete : InstallCode::JournalUnreadable,
                           tr("An earlier run in %1 was interrupted, and it could not be put back: %2")
                               .arg(displayPath(os, m_state.root()), recovery.error),
                           tr("Nothing else was changed. Fix the cause (space, permissions), then run cudnn-setup "
                              "again: it tries again first. The journal is %1.")
                               .arg(displayPath(os, m_state.journalFile())))
                .about(m_state.journalFile()));
        return false;
    }
    if (recovery.found) {
        m_recovered = true;
        result.recovered = true;
        result.diagnostics.append(Diagnostic::of(
            InstallCode::Recovered,
            recovery.committed ? tr("An earlier %1 in %2 had finished but not tidied up; it was tidied up.")
                                     .arg(recovery.journal.kind, displayPath(os, m_state.root()))
                               : tr("An earlier %1 in %2 (started %3) was interrupted; everything it had changed "
                                    "was put back first.")
                                     .arg(recovery.journal.kind,
                                          displayPath(os, m_state.root()),
                                          recovery.journal.started.toLocalTime().toString(Qt::ISODate))));
    }

    std::optional<Manifest> manifest = Manifest::load(m_state.manifestFile(), &error);
    if (!manifest) {
        result.status = InstallResult::Status::Failed;
        result.diagnostics.append(Diagnostic::of(InstallCode::ManifestUnreadable,
                                                 tr("Nothing was changed: %1.").arg(error),
                                                 tr("Move the damaged file away; cudnn-setup then no longer knows "
                                                    "what it installed there, so uninstall by hand."))
                                      .about(m_state.manifestFile()));
        return false;
    }
    m_manifest = *manifest;
    return true;
}
