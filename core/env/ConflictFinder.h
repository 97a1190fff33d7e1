#pragma once

#include "env/EnvironmentReport.h"

#include <QCoreApplication>

/** Turns "who wins" into conflicts: which copy beats the target's, who can fix that (class A/B/C), and how. */
class ConflictFinder
{
    Q_DECLARE_TR_FUNCTIONS(ConflictFinder)

public:
    /** What the target folders hold: libraries (found through the loader's search) or tools (through PATH). */
    enum class Searched { Libraries, Tools };

    ConflictFinder(OsFlavor os, QStringList targetDirs, Searched searched = Searched::Libraries);

    /** Null when the target's copy already wins. */
    std::optional<EnvironmentConflict> searchPathConflict(const LibraryStatus& status) const;
    /**
     * A program with its own copy (found with that program's folder in the search order); null when the folder holds
     * none, or holds the target's.
     */
    std::optional<EnvironmentConflict> applicationConflict(const LibraryResolution& resolution) const;

    static ConflictClass classOf(OsFlavor os, SearchOrigin origin);

private:
    QString fixFor(ConflictClass conflictClass, const LibraryCopy* winner, const QString& library) const;

    OsFlavor m_os;
    QStringList m_targetDirs;
    Searched m_searched;
};
