#pragma once

#include "common/OsFlavor.h"
#include "common/Version.h"

#include <QJsonObject>
#include <QList>
#include <optional>

/**
 * CUDA toolkit release -> minimum driver, from resources/compat/cuda-drivers.json. Answers the two questions
 * detection asks: does this driver run that toolkit, and what is the newest CUDA this driver supports?
 */
class CudaDriverTable
{
public:
    struct Row
    {
        Version cuda; // major.minor
        QString release; // GA, U1, ...
        std::optional<Version> linuxDriver;
        std::optional<Version> windowsDriver;
        QString source;
    };

    /** How a driver runs a toolkit: natively (its release driver or newer), through its family's minor version
     *  compatibility, not at all, or unknown (no row for that toolkit or family). */
    struct Fit
    {
        enum class Kind { Unknown, Native, MinorCompatibility, TooOld };
        Kind kind = Kind::Unknown;
        std::optional<Version> toolkitDriver; // the toolkit's own release driver (its lowest row)
        std::optional<Version> needed; // TooOld: the lowest driver that runs it at all
    };

    static const CudaDriverTable& builtIn();
    static CudaDriverTable fromJson(const QJsonObject& json);

    /** The lowest driver that runs any release of that major.minor (its GA row); nullopt if unknown or N/A. */
    std::optional<Version> minimumDriver(const Version& cuda, OsFlavor os) const;
    /** The newest major.minor whose minimum driver is met. */
    std::optional<Version> newestCudaFor(const Version& driver, OsFlavor os) const;
    /** The one rule for a driver against a toolkit, shared by detection and the package verdict. */
    Fit fit(const Version& driver, const Version& cuda, OsFlavor os) const;
    /** The floor under which no toolkit of this CUDA major runs even with minor version compatibility. */
    std::optional<Version> familyMinimumDriver(int cudaMajor, OsFlavor os) const;

    const QList<Row>& rows() const { return m_rows; }

private:
    QList<Row> m_rows;
    QList<Row> m_families; // cuda = the major only
};
