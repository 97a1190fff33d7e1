#pragma once

#include "common/OsFlavor.h"
#include "env/EnvironmentScope.h"
#include "report/Diagnostic.h"

#include <QCoreApplication>
#include <QStringList>
#include <optional>

/**
 * What root's search path may name (docs/elevation.md): the machine's files (/etc/ld.so.conf.d, /etc/profile.d, the
 * loader cache, the machine Path) reach every user's programs, set-user-ID ones included, and root's own profile
 * reaches everything root starts. So a machine-scope fix, and any fix a privileged process makes, names only
 * folders no other user can change (PathTrust::forMachineSearchPath); otherwise nothing is planned and this says why.
 */
class RootSearchPath
{
    Q_DECLARE_TR_FUNCTIONS(RootSearchPath)

public:
    /** Whether this fix is one of those: machine scope, or made with administrator rights. */
    static bool applies(EnvironmentScope scope);
    /** The error that refuses the fix, naming the first folder another user can change; nothing when all are safe. */
    static std::optional<Diagnostic> refusal(OsFlavor os, EnvironmentScope scope, const QStringList& folders);
};
