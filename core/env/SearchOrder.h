#pragma once

#include "SearchLocation.h"
#include "common/OsFlavor.h"
#include "host/PathList.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

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
