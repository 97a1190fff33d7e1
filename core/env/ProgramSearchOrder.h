#pragma once

#include "binary/DependencyWalker.h"

#include <QMap>
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

/**
 * The search variables a program of the session starts with: PATH, and LD_LIBRARY_PATH on Linux. This terminal:
 * this process's. A new login on Linux: LD_LIBRARY_PATH holds nothing of this process's (a terminal's export, a conda
 * activate), only what the login's files set (ShellProfile::sessionFiles); PATH starts from this process's, since
 * login(1) and /etc/profile set it inside conditions the model does not run, and on Linux it chooses only which nvcc
 * runs. A new login on Windows: the registry's machine Path, then the user's, as Explorer hands them out. planned:
 * startup files read as that content instead (Linux; ShellProfile::loginVariables), for what a planned edit gives.
 */
QMap<QString, QString>
sessionVariables(const EnvironmentLocations& locations, Session session, const QMap<QString, QByteArray>& planned = {});

/**
 * Linux: the start-up file (a system path, "/etc/environment", or the user's "~/.bashrc" as a full path) that puts
 * folder on a new login's LD_LIBRARY_PATH; empty when none does, and on Windows (there the registry's Path does).
 */
QString newLoginFileNaming(const EnvironmentLocations& locations, const QString& folder);

/** The entries of the session's search variable (LD_LIBRARY_PATH, or PATH on Windows), as they are written. */
QStringList variableEntries(const EnvironmentLocations& locations, Session session);

/** The search for the session; ownFolders (host paths) are searched before anything else. */
Order forSession(const EnvironmentLocations& locations, Session session, const QStringList& ownFolders = {});

} // namespace ProgramSearchOrder
