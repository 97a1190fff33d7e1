#pragma once

#include <QString>

/** The stable codes of the hand-over to an elevated copy; docs/elevation.md says what each means. */
namespace ElevationCode {
inline const QString PackageChanged = QStringLiteral("ELEVATION-PACKAGE-CHANGED"); // not the archive that was judged
} // namespace ElevationCode
