#pragma once

#include "report/Diagnostic.h"

#include <QJsonArray>
#include <QList>

/**
 * A Diagnostic plus what it means for installing: nothing, a block that `force` may lift (compatibility: the
 * tables may be behind the user), or a block nothing lifts (integrity, safety, files that cannot load here).
 */
struct PackageFinding
{
    enum class Blocking {
        No,
        Overridable,
        Always,
    };

    Diagnostic diagnostic;
    Blocking blocking = Blocking::No;
    bool overridden = false; // a block lifted by force; the diagnostic is then a warning

    static PackageFinding info(const QString& code, const QString& message, const QString& fix = {});
    static PackageFinding warning(const QString& code, const QString& message, const QString& fix = {});
    static PackageFinding block(const QString& code, const QString& message, const QString& fix = {});
    static PackageFinding hardBlock(const QString& code, const QString& message, const QString& fix = {});
    PackageFinding& about(const QString& subject);
    PackageFinding& offering(FixAction::Kind kind, const QString& argument = {});

    bool blocks() const { return blocking != Blocking::No && !overridden; }
    QJsonObject toJson() const;
};

using PackageFindings = QList<PackageFinding>;

Diagnostics diagnosticsOf(const PackageFindings& findings);
bool containsCode(const PackageFindings& findings, const QString& code);
QJsonArray findingsToJson(const PackageFindings& findings);

/** The stable codes; docs/packages.md says what each means and how to fix it. */
namespace PackageCode {
inline const QString Unreadable = QStringLiteral("PKG-UNREADABLE");
inline const QString NotAnArchive = QStringLiteral("PKG-NOT-AN-ARCHIVE");
inline const QString Truncated = QStringLiteral("PKG-TRUNCATED");
inline const QString Corrupt = QStringLiteral("PKG-CORRUPT");
inline const QString Canceled = QStringLiteral("PKG-CANCELED");
inline const QString MachineUnreadable
    = QStringLiteral("PKG-MACHINE-UNREADABLE"); // --for-machines: a file in the folder
inline const QString ChecksumMismatch = QStringLiteral("PKG-CHECKSUM-MISMATCH");
inline const QString ChecksumVerified = QStringLiteral("PKG-CHECKSUM-VERIFIED");
inline const QString ChecksumUnverified = QStringLiteral("PKG-CHECKSUM-UNVERIFIED");
inline const QString UnsafeEntry = QStringLiteral("PKG-UNSAFE-ENTRY");
inline const QString NotCudnn = QStringLiteral("PKG-NOT-CUDNN");
inline const QString Incomplete = QStringLiteral("PKG-INCOMPLETE");
inline const QString BrokenLink = QStringLiteral("PKG-BROKEN-LINK");
inline const QString UnknownName = QStringLiteral("PKG-UNKNOWN-NAME");
inline const QString NameContentMismatch = QStringLiteral("PKG-NAME-CONTENT-MISMATCH");
inline const QString MixedBinaries = QStringLiteral("PKG-MIXED-BINARIES");
inline const QString CudaUnknown = QStringLiteral("PKG-CUDA-UNKNOWN");
inline const QString CudaMismatch = QStringLiteral("PKG-CUDA-MISMATCH");
inline const QString DriverTooOld = QStringLiteral("PKG-DRIVER-TOO-OLD");
inline const QString DriverMinorCompat = QStringLiteral("PKG-DRIVER-MINOR-COMPAT");
inline const QString NoDriver = QStringLiteral("PKG-NO-DRIVER");
inline const QString GpuUnsupported = QStringLiteral("PKG-GPU-UNSUPPORTED");
inline const QString GpuForwardCompat = QStringLiteral("PKG-GPU-FORWARD-COMPAT");
inline const QString GpuRangeUnknown = QStringLiteral("PKG-GPU-RANGE-UNKNOWN");
inline const QString OsTooOld = QStringLiteral("PKG-OS-TOO-OLD");
inline const QString OsUnknown = QStringLiteral("PKG-OS-UNKNOWN");
inline const QString NoGpu = QStringLiteral("PKG-NO-GPU");
inline const QString PlatformMismatch = QStringLiteral("PKG-PLATFORM-MISMATCH");
inline const QString ArchMismatch = QStringLiteral("PKG-ARCH-MISMATCH");
inline const QString NeedsZlibwapi = QStringLiteral("PKG-NEEDS-ZLIBWAPI");
inline const QString RulesUnknown = QStringLiteral("PKG-RULES-UNKNOWN");
inline const QString ToolkitUnknown = QStringLiteral("PKG-TOOLKIT-UNKNOWN");
inline const QString NoToolkit = QStringLiteral("PKG-NO-TOOLKIT");
inline const QString NoPackage = QStringLiteral("PKG-NO-PACKAGE");
inline const QString NoneCompatible = QStringLiteral("PKG-NONE-COMPATIBLE");
inline const QString AmbiguousToolkit = QStringLiteral("PKG-AMBIGUOUS-TOOLKIT");
} // namespace PackageCode
