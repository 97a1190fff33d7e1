#pragma once

#include <QString>

/** The stable diagnostic codes of repair; docs/repair.md says what each means. */
namespace RepairCode {
inline const QString FileMissing = QStringLiteral("REPAIR-FILE-MISSING");
inline const QString FileEmpty = QStringLiteral("REPAIR-FILE-EMPTY");
inline const QString FileAltered = QStringLiteral("REPAIR-FILE-ALTERED");
inline const QString LinkFlattened = QStringLiteral("REPAIR-LINK-FLATTENED");
inline const QString LinkChanged = QStringLiteral("REPAIR-LINK-CHANGED");
inline const QString NotReadable = QStringLiteral("REPAIR-NOT-READABLE");
inline const QString ManifestUnreadable = QStringLiteral("REPAIR-MANIFEST-UNREADABLE");
inline const QString PackageMissing = QStringLiteral("REPAIR-PACKAGE-MISSING");
inline const QString PackageMismatch = QStringLiteral("REPAIR-PACKAGE-MISMATCH");
inline const QString PackageIncomplete = QStringLiteral("REPAIR-PACKAGE-INCOMPLETE");
inline const QString Nothing = QStringLiteral("REPAIR-NOTHING");
inline const QString Applied = QStringLiteral("REPAIR-APPLIED");
inline const QString Canceled = QStringLiteral("REPAIR-CANCELED");
inline const QString RolledBack = QStringLiteral("REPAIR-ROLLED-BACK");
inline const QString Failed = QStringLiteral("REPAIR-FAILED");
inline const QString Consumer = QStringLiteral("REPAIR-CONSUMER");
inline const QString ConsumerOwnCopy = QStringLiteral("REPAIR-CONSUMER-OWN-COPY");
inline const QString ConsumerNoGpu = QStringLiteral("REPAIR-CONSUMER-NO-GPU");
inline const QString ConsumerSearchPath = QStringLiteral("REPAIR-CONSUMER-SEARCH-PATH");
} // namespace RepairCode
