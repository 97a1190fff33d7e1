#pragma once

#include <QString>

/** The stable diagnostic codes of installing, uninstalling and deploying; docs/install.md says what each means. */
namespace InstallCode {
inline const QString NeedsElevation = QStringLiteral("INSTALL-NEEDS-ELEVATION");
inline const QString NoSpace = QStringLiteral("INSTALL-NO-SPACE");
inline const QString Locked = QStringLiteral("INSTALL-LOCKED");
inline const QString UnsafePackage = QStringLiteral("INSTALL-UNSAFE-PACKAGE");
inline const QString UnsafeTarget = QStringLiteral("INSTALL-UNSAFE-TARGET");
inline const QString ManifestUnsafe = QStringLiteral("INSTALL-MANIFEST-UNSAFE");
inline const QString ReadOnlyVolume = QStringLiteral("INSTALL-READ-ONLY-VOLUME");
inline const QString WriteFailed = QStringLiteral("INSTALL-WRITE-FAILED");
inline const QString ContentMismatch = QStringLiteral("INSTALL-CONTENT-MISMATCH");
inline const QString ArchiveChanged = QStringLiteral("INSTALL-ARCHIVE-CHANGED");
inline const QString Canceled = QStringLiteral("INSTALL-CANCELED");
inline const QString RolledBack = QStringLiteral("INSTALL-ROLLED-BACK");
inline const QString RollbackIncomplete = QStringLiteral("INSTALL-ROLLBACK-INCOMPLETE");
inline const QString Recovered = QStringLiteral("INSTALL-RECOVERED");
inline const QString Interrupted = QStringLiteral("INSTALL-INTERRUPTED");
inline const QString JournalUnreadable = QStringLiteral("INSTALL-JOURNAL-UNREADABLE");
inline const QString ManifestUnreadable = QStringLiteral("INSTALL-MANIFEST-UNREADABLE");
inline const QString Unchanged = QStringLiteral("INSTALL-UNCHANGED");
inline const QString Superseded = QStringLiteral("INSTALL-SUPERSEDED");
inline const QString NotInstalled = QStringLiteral("INSTALL-NOTHING-TO-UNINSTALL");
inline const QString ChangedSinceInstall = QStringLiteral("INSTALL-CHANGED-SINCE");
inline const QString NoPlan = QStringLiteral("INSTALL-NO-PLAN");
inline const QString AmbiguousUninstall = QStringLiteral("INSTALL-AMBIGUOUS-UNINSTALL");
inline const QString RuntimeMissing = QStringLiteral("DEPLOY-RUNTIME-MISSING");
inline const QString ZlibMissing = QStringLiteral("DEPLOY-ZLIBWAPI-MISSING");
inline const QString LogUnwritable = QStringLiteral("INSTALL-LOG-UNWRITABLE");
inline const QString ManagedFiles = QStringLiteral("INSTALL-MANAGED-FILES");
} // namespace InstallCode
