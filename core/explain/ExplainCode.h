#pragma once

#include <QString>

/**
 * The codes of the causes --explain finds itself, beside those it takes from detection (docs/explain.md; the
 * registry of diagnoses gives each its kind). Where detection already names the fact (a flattened link, a framework
 * verdict), the cause carries detection's code.
 */
namespace ExplainCode {
inline const QString NotSearched = QStringLiteral("EXPLAIN-NOT-SEARCHED");
inline const QString LibraryNowhere = QStringLiteral("EXPLAIN-LIBRARY-NOWHERE");
inline const QString OtherMajorOnly = QStringLiteral("EXPLAIN-OTHER-MAJOR-ONLY");
inline const QString FileUnusable = QStringLiteral("EXPLAIN-FILE-UNUSABLE");
inline const QString NotReadable = QStringLiteral("EXPLAIN-NOT-READABLE");
inline const QString DependencyMissing = QStringLiteral("EXPLAIN-DEPENDENCY-MISSING");
inline const QString CopiesMixed = QStringLiteral("EXPLAIN-COPIES-MIXED");
inline const QString LoadsOlder = QStringLiteral("EXPLAIN-LOADS-OLDER");
inline const QString OlderCopyWins = QStringLiteral("EXPLAIN-OLDER-COPY-WINS");
inline const QString LoadsOtherMajor = QStringLiteral("EXPLAIN-LOADS-OTHER-MAJOR");
inline const QString CacheStale = QStringLiteral("EXPLAIN-CACHE-STALE");
inline const QString ToolkitMismatch = QStringLiteral("EXPLAIN-TOOLKIT-MISMATCH");
inline const QString GpuNotInBuild = QStringLiteral("EXPLAIN-GPU-NOT-IN-BUILD");
inline const QString DriverTooOld = QStringLiteral("EXPLAIN-DRIVER-TOO-OLD");
inline const QString NoDriver = QStringLiteral("EXPLAIN-NO-DRIVER");
inline const QString NotALink = QStringLiteral("EXPLAIN-NOT-A-LINK");
inline const QString HeadersMissing = QStringLiteral("EXPLAIN-HEADERS-MISSING");
inline const QString HeadersMixed = QStringLiteral("EXPLAIN-HEADERS-MIXED");
inline const QString NotSetup = QStringLiteral("EXPLAIN-NOT-SETUP");
// The text itself could not be read: more than ErrorText::MaxBytes, or a --from that is no readable file.
inline const QString TextTooLarge = QStringLiteral("EXPLAIN-TEXT-TOO-LARGE");
inline const QString TextUnreadable = QStringLiteral("EXPLAIN-TEXT-UNREADABLE");
} // namespace ExplainCode
