#pragma once

#include "PackageFinding.h"
#include "common/Version.h"

#include <QJsonObject>
#include <optional>

/** Whether one package may go into one toolkit on this machine, and every reason why (not). */
struct PackageVerdict
{
    enum class Level {
        Ok,
        Warning,
        Blocked,
    };

    Level level = Level::Ok;
    bool forced = false;
    QString toolkitRoot;
    std::optional<Version> toolkitVersion;
    PackageFindings reasons; // the inspection's findings and the compatibility checks, in that order

    bool blocked() const { return level == Level::Blocked; }
    /** Blocked, but only by reasons `force` would lift. */
    bool forceWouldLift() const;
    /** The first reason that blocks, or nullptr. */
    const PackageFinding* firstBlock() const;

    static QString levelName(Level level);
    /** {"level", "forced", "force_would_lift", "toolkit", "reasons"}. */
    QJsonObject toJson() const;
};
