#include "ConflictFinder.h"

ConflictFinder::ConflictFinder(OsFlavor os, QStringList targetDirs, Searched searched)
    : m_os(os)
    , m_targetDirs(std::move(targetDirs))
    , m_searched(searched)
{
}

ConflictClass ConflictFinder::classOf(OsFlavor os, SearchOrigin origin)
{
    switch (origin) {
    case SearchOrigin::KnownDlls:
    case SearchOrigin::ApplicationDir:
    case SearchOrigin::CurrentDir:
        return ConflictClass::NotSearchPath;
    case SearchOrigin::System32:
    case SearchOrigin::WindowsDir:
    case SearchOrigin::MachinePath:
        return ConflictClass::MachineScope;
    case SearchOrigin::LdCache:
    case SearchOrigin::DefaultDir:
        // LD_LIBRARY_PATH is searched before the cache, so the user's own profile can still win on Linux.
        return os == OsFlavor::Linux ? ConflictClass::UserSearchPath : ConflictClass::MachineScope;
    case SearchOrigin::UserPath:
    case SearchOrigin::LdLibraryPath:
    case SearchOrigin::Path:
        break;
    }
    return ConflictClass::UserSearchPath;
}

QString ConflictFinder::fixFor(ConflictClass conflictClass, const LibraryCopy* winner, const QString& library) const
{
    const QString target = displayPath(m_os, m_targetDirs.value(0));
    const QString winnerPath = winner ? displayPath(m_os, winner->path) : QString();
    const QString winnerDir = winner ? displayPath(m_os, winner->location.directory) : QString();
    switch (conflictClass) {
    case ConflictClass::UserSearchPath:
        if (m_os == OsFlavor::Windows)
            return tr("Put %1 first in the user PATH (the user-scope fix does this; programs started after it see "
                      "it).")
                .arg(target);
        if (m_searched == Searched::Tools)
            return tr("Put %1 first on PATH in the login profile and environment.d (the user-scope fix does this; "
                      "login shells and graphical sessions started after it see it).")
                .arg(target);
        return tr("Put %1 first on LD_LIBRARY_PATH in the login profile and environment.d (the user-scope fix does "
                  "this; login shells and graphical sessions started after it see it).")
            .arg(target);
    case ConflictClass::MachineScope:
        if (winner && winner->location.origin == SearchOrigin::MachinePath)
            return tr("Put %1 before %2 in the machine PATH (administrator rights: the machine-scope fix), or "
                      "quarantine %3 if nothing else needs it.")
                .arg(target, winnerDir, winnerPath);
        return tr("Quarantine %1 (renamed aside, can be undone; administrator rights: the machine-scope fix). No PATH "
                  "entry comes before %2.")
            .arg(winnerPath, winnerDir);
    case ConflictClass::NotSearchPath:
        if (winner && winner->location.origin == SearchOrigin::KnownDlls)
            return tr("%1 is a KnownDLL: Windows always loads the System32 copy.").arg(library);
        return tr("That program loads its own copy from %1 whatever the search path says; update the copy there (for "
                  "pip-installed PyTorch: install the wheel built for this CUDA). No environment change can help.")
            .arg(winnerDir);
    }
    return {};
}

std::optional<EnvironmentConflict> ConflictFinder::searchPathConflict(const LibraryStatus& status) const
{
    if (status.before.wonFrom(m_os, m_targetDirs))
        return std::nullopt;
    EnvironmentConflict conflict;
    conflict.library = status.before.library;
    conflict.winner = status.before.winner;
    conflict.shadowed = status.before.shadowed;
    conflict.conflictClass
        = status.before.winner ? classOf(m_os, status.before.winner->location.origin) : ConflictClass::UserSearchPath;
    conflict.fix
        = fixFor(conflict.conflictClass, status.before.winner ? &*status.before.winner : nullptr, conflict.library);
    conflict.fixedByPlan = status.after.wonFrom(m_os, m_targetDirs);
    return conflict;
}

std::optional<EnvironmentConflict> ConflictFinder::applicationConflict(const LibraryResolution& resolution) const
{
    if (!resolution.winner || resolution.winner->location.origin != SearchOrigin::ApplicationDir
        || resolution.wonFrom(m_os, m_targetDirs))
        return std::nullopt;
    EnvironmentConflict conflict;
    conflict.library = resolution.library;
    conflict.winner = resolution.winner;
    conflict.shadowed = resolution.shadowed;
    conflict.conflictClass = ConflictClass::NotSearchPath;
    conflict.fix = fixFor(conflict.conflictClass, &*resolution.winner, conflict.library);
    return conflict;
}
