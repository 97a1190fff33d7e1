#pragma once

#include <QString>

/** The stable diagnostic codes of detection; docs/detect-json.md says what each means. */
namespace DetectCode {
// the driver and the probe that asks it
inline const QString ProbeMissing = QStringLiteral("PROBE-MISSING");
inline const QString DriverHangs = QStringLiteral("DRV-HANGS");
inline const QString DriverProbeFailed = QStringLiteral("DRV-PROBE-FAILED");
inline const QString DriverNotFound = QStringLiteral("DRV-NOT-FOUND");
inline const QString DriverNotWorking = QStringLiteral("DRV-NOT-WORKING");
inline const QString DriverTooOld = QStringLiteral("DRV-TOO-OLD");
inline const QString DriverMinorCompat = QStringLiteral("DRV-MINOR-COMPAT");
// the CUDA toolkits
inline const QString CudaNoneFound = QStringLiteral("CUDA-NONE-FOUND");
inline const QString CudaRootInvalid = QStringLiteral("CUDA-ROOT-INVALID");
inline const QString CudaPathStale = QStringLiteral("CUDA-PATH-STALE");
inline const QString CudaLinkDangling = QStringLiteral("CUDA-LINK-DANGLING");
inline const QString CudaVersionUnknown = QStringLiteral("CUDA-VERSION-UNKNOWN");
inline const QString CudaActiveDisagree = QStringLiteral("CUDA-ACTIVE-DISAGREE");
inline const QString CudaNoActive = QStringLiteral("CUDA-NO-ACTIVE");
// the cuDNN installs (each also a CudnnProblem::Kind, which is what code that acts on them reads)
inline const QString CudnnUnknownMajor = QStringLiteral("CUDNN-UNKNOWN-MAJOR");
inline const QString CudnnMissingLibraries = QStringLiteral("CUDNN-MISSING-LIBS");
inline const QString CudnnBrokenLink = QStringLiteral("CUDNN-BROKEN-LINK");
inline const QString CudnnEmptyFile = QStringLiteral("CUDNN-ZERO-BYTE");
inline const QString CudnnNotReadable = QStringLiteral("CUDNN-NOT-READABLE");
inline const QString CudnnFlattenedLink = QStringLiteral("CUDNN-FLATTENED-LINK");
inline const QString CudnnMixedVersions = QStringLiteral("CUDNN-MIXED-VERSIONS");
inline const QString CudnnHeaderMismatch = QStringLiteral("CUDNN-HEADER-MISMATCH");
inline const QString CudnnImportLibrariesMissing = QStringLiteral("CUDNN-IMPORT-LIBS-MISSING");
inline const QString CudnnStrayCopy = QStringLiteral("CUDNN-STRAY-COPY");
// every copy, where it came from (CudnnCopyFinder), and the Python environments (PythonEnvironmentFinder)
inline const QString PythonEnvNotFound = QStringLiteral("PYTHON-ENV-NOT-FOUND");
inline const QString PythonEnvsCapped = QStringLiteral("PYTHON-ENVS-CAPPED");
inline const QString CudnnInstallerPathEmpty = QStringLiteral("CUDNN-INSTALLER-PATH-EMPTY");
inline const QString CudnnCudaMismatch = QStringLiteral("CUDNN-CUDA-MISMATCH");
inline const QString CudnnDriverTooOldForCopy = QStringLiteral("CUDNN-DRIVER-TOO-OLD");
inline const QString CudnnGpuUnsupported = QStringLiteral("CUDNN-GPU-UNSUPPORTED");
// the machine's verdict: what every face says first (MachineVerdict)
inline const QString VerdictCudnnBroken = QStringLiteral("VERDICT-CUDNN-BROKEN");
inline const QString VerdictFrameworksWillNotFit = QStringLiteral("VERDICT-FRAMEWORKS-WILL-NOT-FIT");
inline const QString VerdictFrameworksUnknown = QStringLiteral("VERDICT-FRAMEWORKS-UNKNOWN");
inline const QString VerdictFrameworksFit = QStringLiteral("VERDICT-FRAMEWORKS-FIT");
inline const QString VerdictNoFramework = QStringLiteral("VERDICT-NO-FRAMEWORK");
} // namespace DetectCode
