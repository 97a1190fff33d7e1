#pragma once

#include "common/OsFlavor.h"

#include <QJsonObject>
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
