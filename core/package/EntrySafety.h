#pragma once

#include "ArchiveEntry.h"
#include "PackageFinding.h"
#include "common/OsFlavor.h"

#include <QList>

/**
 * The rules an archive's entries must keep before anything of it is written. The inspector reports every breach
 * (so a dry run shows them); the install step refuses the package. Lexical checks only: nothing here touches disk.
 */
class EntrySafety
{
public:
    /** Findings (PKG-UNSAFE-ENTRY, never overridable) for every entry that breaks a rule. */
    static PackageFindings check(const QList<ArchiveEntry>& entries, OsFlavor filesystem);

    static bool isAbsolute(const QString& path);
    static bool hasDotDot(const QString& path);
    /** True when a link's target, resolved from the link's own folder, stays in that folder (or below it). */
    static bool staysInFolder(const QString& target);
};
