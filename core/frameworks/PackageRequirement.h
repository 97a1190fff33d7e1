#pragma once

#include "common/OsFlavor.h"
#include "common/Version.h"

#include <QString>
#include <QStringList>
#include <optional>

/**
 * The small part of PEP 508 / PEP 440 that a Requires-Dist line of a cuDNN wheel needs: environment markers with
 * and / or / parentheses, the comparison operators, "in" and "not in", version comparisons where both sides read as
 * versions (python_version), and a version specifier list (">=9.8,<10.0", "==9.19.0.56", "~=9.1").
 */
namespace PackageRequirement {

/** The values markers compare against, for the machine being judged. */
struct MarkerEnvironment
{
    QString sysPlatform; // "linux", "win32"
    QString platformSystem; // "Linux", "Windows"
    QString platformMachine; // "x86_64", "aarch64", "AMD64", "ARM64"
    QString osName; // "posix", "nt"
    std::optional<Version> pythonVersion; // major.minor
    QStringList extras; // the extras taken as requested (PEP 503-normalized)

    /** redistPlatform: NVIDIA's name for the machine ("linux-sbsa"); empty reads as x86_64. */
    static MarkerEnvironment of(OsFlavor os, const QString& redistPlatform, const std::optional<Version>& python);
};

/** True or false; nullopt when the marker is not one this reader understands (then nothing is assumed). An empty
 *  marker is true. */
std::optional<bool> evaluate(const QString& marker, const MarkerEnvironment& environment);

/** True when version satisfies every clause of specifier (empty: any version). "==9.1.*" matches by prefix. */
bool allows(const QString& specifier, const Version& version);
/** The lowest version the specifier names as allowed (>=, ==, ~=, >); nullopt when it has no lower bound. */
std::optional<Version> lowest(const QString& specifier);

} // namespace PackageRequirement
