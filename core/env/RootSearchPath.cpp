#include "RootSearchPath.h"

#include "env/EnvironmentCode.h"
#include "host/PathTrust.h"

bool RootSearchPath::applies(EnvironmentScope scope)
{
    return scope == EnvironmentScope::Machine || PathTrust::privileged();
}

std::optional<Diagnostic> RootSearchPath::refusal(OsFlavor os, EnvironmentScope scope, const QStringList& folders)
{
    // Another OS's machine (a test's, or one described by its --detect JSON) has no folders on this disk to judge.
    if (!applies(scope) || os != hostOsFlavor())
        return std::nullopt;
    for (const QString& folder : folders) {
        const TrustVerdict trust = PathTrust::forMachineSearchPath(folder);
        if (trust.trusted)
            continue;
        const QString whose = scope == EnvironmentScope::Machine
            ? tr("The machine's search path would name %1, which others than the administrator can change (%2): "
                 "every program of every user, set-user-ID programs too, would load what is put there.")
            : tr("The administrator's own search path would name %1, which others than the administrator can "
                 "change (%2): every program the administrator starts would load what is put there.");
        return Diagnostic::of(EnvironmentCode::FolderUntrusted,
                              whose.arg(displayPath(os, folder), trust.explanation()),
                              tr("Nothing on the search path was changed. Use a toolkit in a folder only the "
                                 "administrator can change (as NVIDIA's installers place it), or make the fix "
                                 "for your own account without administrator rights."))
            .about(folder);
    }
    return std::nullopt;
}
