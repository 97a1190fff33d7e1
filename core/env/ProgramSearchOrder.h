#pragma once

#include "binary/DependencyWalker.h"

#include <QString>
#include <QStringList>

struct EnvironmentLocations;

/**
 * The loader's search for a program that asks for a library by bare name, as core/binary's walker models it: the
 * program started in this terminal (this process's PATH and LD_LIBRARY_PATH, which a `conda activate` or an export
 * changed), or the one a new login starts (the login profile and environment.d on Linux; the machine and then the
 * user Path of the registry on Windows). Both read the loader cache as it is now. A program's own folders (its RPATH,
 * a wheel's libraries) go first when given.
 */
namespace ProgramSearchOrder {

enum class Session { ThisTerminal, NewLogin };

struct Order
{
    cudnnsetup::binary::SearchOrder loader;
    /** The variable entries this session searches (LD_LIBRARY_PATH, or PATH on Windows), as they are written. */
    QStringList variableEntries;
};

/** The search for the session; ownFolders (host paths) are searched before anything else. */
Order forSession(const EnvironmentLocations& locations, Session session, const QStringList& ownFolders = {});

} // namespace ProgramSearchOrder
