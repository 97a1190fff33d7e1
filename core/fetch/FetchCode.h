#pragma once

#include <QString>

/** The stable codes of fetching; docs/fetch.md says what each means and how to fix it. */
namespace FetchCode {
inline const QString NoNetwork = QStringLiteral("FETCH-NO-NETWORK"); // no connection, name lookup, timeout
inline const QString NotFound = QStringLiteral("FETCH-NOT-FOUND"); // 404, or no such file under a file:// mirror
inline const QString HttpError = QStringLiteral("FETCH-HTTP-ERROR"); // any other refusal by the server
inline const QString Interrupted = QStringLiteral("FETCH-INTERRUPTED"); // the connection kept dropping; .part kept
inline const QString NoManifest = QStringLiteral("FETCH-NO-MANIFEST"); // the mirror lists no redistrib_*.json
inline const QString BadManifest = QStringLiteral("FETCH-BAD-MANIFEST"); // a manifest that is not what NVIDIA writes
inline const QString NoneCompatible = QStringLiteral("FETCH-NONE-COMPATIBLE"); // and what would be needed
inline const QString Chosen = QStringLiteral("FETCH-CHOSEN"); // what will be fetched, and why
inline const QString SizeMismatch = QStringLiteral("FETCH-SIZE-MISMATCH");
inline const QString ChecksumMismatch = QStringLiteral("FETCH-CHECKSUM-MISMATCH");
inline const QString Canceled = QStringLiteral("FETCH-CANCELED");
inline const QString CacheUnwritable = QStringLiteral("FETCH-CACHE-UNWRITABLE");
inline const QString CacheHit = QStringLiteral("FETCH-CACHE-HIT");
inline const QString Downloaded = QStringLiteral("FETCH-DOWNLOADED");
inline const QString Resumed = QStringLiteral("FETCH-RESUMED");
inline const QString BadMirror = QStringLiteral("FETCH-BAD-MIRROR"); // a URL that is not http(s):// or file://
} // namespace FetchCode
