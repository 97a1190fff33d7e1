#pragma once

#include "common/OsFlavor.h"
#include "host/PathList.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

/** Why a directory is searched, which also says who can change that. */
enum class SearchOrigin {
    KnownDlls, // HKLM\...\Session Manager\KnownDLLs: always System32, nothing overrides it
    ApplicationDir, // the folder of the program that loads the library
    System32,
    WindowsDir,
    CurrentDir,
    MachinePath, // HKLM Path: always before the user's
    UserPath, // HKCU Path
    LdLibraryPath,
    LdCache, // a directory of /etc/ld.so.conf(.d), in the order ldconfig scans them
    DefaultDir, // /lib, /usr/lib and their multiarch and lib64 variants
    Path, // the PATH of a new shell (tools)
};

QString searchOriginName(SearchOrigin origin);

/** One place the loader (or the shell) looks, in its turn. */
struct SearchLocation
{
    SearchOrigin origin = SearchOrigin::Path;
    QString directory; // expanded and normalised: what is listed
    QString written; // as the variable or file spells it: what the person recognises
    QString source; // the conf file that names it, when there is one
    QStringList onlyNames; // KnownDLLs: this location serves only these names (empty: every name)

    QJsonObject toJson(OsFlavor os) const;
};

using SearchOrder = QList<SearchLocation>;

/** The inputs of a new desktop program's DLL search (SafeDllSearchMode on, no SetDllDirectory). */
struct WindowsDllSearchInputs
{
    QStringList knownDlls; // names
    QString system32;
    QString windowsDir;
    QString applicationDir; // empty: a program that keeps no copies of its own
    QString currentDir; // empty: not modelled
    QStringList machinePath; // entries as written
    QStringList userPath;
    PathList::VariableLookup machineLookup; // expands machine entries
    PathList::VariableLookup userLookup; // expands user entries
};

/** The inputs of ld.so for a program without RPATH/RUNPATH. */
struct LinuxLibrarySearchInputs
{
    QStringList ldLibraryPath; // entries, already expanded
    QList<SearchLocation> cacheDirectories; // from LdSoConf
    QList<SearchLocation> defaultDirectories; // from LdSoConf
};

namespace SearchOrders {

/** KnownDLLs, the program's folder, System32, the Windows folder, the current folder, then machine PATH + user PATH. */
SearchOrder windowsDlls(const WindowsDllSearchInputs& inputs);
/** LD_LIBRARY_PATH, the ld.so cache directories, then the default directories. */
SearchOrder linuxLibraries(const LinuxLibrarySearchInputs& inputs);
/** A shell looking up a command: PATH in order. */
SearchOrder tools(OsFlavor os, const QStringList& pathEntries, const PathList::VariableLookup& lookup);

} // namespace SearchOrders
