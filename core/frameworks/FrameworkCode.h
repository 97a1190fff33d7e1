#pragma once

#include <QString>

/** The stable codes of the framework verdicts; docs/frameworks.md says what each means. */
namespace FrameworkCode {
inline const QString MajorMismatch = QStringLiteral("FW-CUDNN-MAJOR-MISMATCH");
inline const QString TooOld = QStringLiteral("FW-CUDNN-TOO-OLD");
inline const QString NotFound = QStringLiteral("FW-CUDNN-NOT-FOUND");
inline const QString NoWindowsGpu = QStringLiteral("FW-NO-WINDOWS-GPU");
inline const QString GpuTooOld = QStringLiteral("FW-GPU-TOO-OLD");
inline const QString DriverTooOld = QStringLiteral("FW-DRIVER-TOO-OLD");
inline const QString OwnCopy = QStringLiteral("FW-OWN-COPY");
inline const QString PyIgnoresPath = QStringLiteral("FW-PY-IGNORES-PATH");
inline const QString BuildUnknown = QStringLiteral("FW-BUILD-UNKNOWN");
inline const QString NoCudaBuild = QStringLiteral("FW-NO-CUDA-BUILD");
inline const QString Fits = QStringLiteral("FW-CUDNN-FITS");
inline const QString VersionUnknown = QStringLiteral("FW-CUDNN-VERSION-UNKNOWN");
inline const QString MajorsConflict = QStringLiteral("FW-MAJORS-CONFLICT");
inline const QString LoadedDiffers = QStringLiteral("FW-LOADED-DIFFERS");
inline const QString NotConfirmed = QStringLiteral("FW-NOT-CONFIRMED");
inline const QString ChoiceServes = QStringLiteral("FW-CHOICE-SERVES");
inline const QString ChoicePartial = QStringLiteral("FW-CHOICE-PARTIAL");
} // namespace FrameworkCode
