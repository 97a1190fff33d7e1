#pragma once

#include <QChar>
#include <QString>
#include <Qt>

/**
 * Which operating system's rules a piece of pure logic follows. Decisions take this as a value so Windows
 * semantics (";" lists, case-insensitive names, "\" separators) are tested on Linux.
 */
enum class OsFlavor {
    Linux,
    Windows,
};

OsFlavor hostOsFlavor();
QString osFlavorName(OsFlavor os);
/** "Windows" or "Linux", as a sentence names the system (osFlavorName is the report's "windows" / "linux"). */
QString osDisplayName(OsFlavor os);

/** ";" on Windows, ":" elsewhere. */
QChar pathListSeparator(OsFlavor os);
/** Windows file names compare case-insensitively. */
Qt::CaseSensitivity fileNameCase(OsFlavor os);
/** Joins with "/" (Qt's internal separator on every OS) and cleans the result. */
QString joinPath(OsFlavor os, const QString& base, const QString& child);
/** How a person expects to read the path: "\" separators for Windows. */
QString displayPath(OsFlavor os, const QString& path);
/** Forward slashes, no trailing separator (except a root), "." and ".." folded. Drive letters kept. */
QString normalizedPath(OsFlavor os, const QString& path);
/** Equal as paths under the flavour's rules (case, separators, a trailing separator). */
bool samePath(OsFlavor os, const QString& a, const QString& b);
/** path is root or lies below it, compared under the flavour's rules after normalising both. */
bool isPathInside(OsFlavor os, const QString& root, const QString& path);
/** The executable's file name: "nvcc" -> "nvcc.exe" on Windows. */
QString executableName(OsFlavor os, const QString& base);
