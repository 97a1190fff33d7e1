#include "RemedyText.h"

#include "common/OsFlavor.h"
#include "repair/RepairFinding.h"

QString RemedyText::action(const FixAction& action)
{
    const QString& argument = action.argument;
    switch (action.kind) {
    case FixAction::Kind::None:
        return {};
    case FixAction::Kind::ChooseToolkit:
        return argument.isEmpty() ? tr("Name the toolkit with --cuda-root DIR.")
                                  : tr("Name the toolkit with --cuda-root %1.").arg(argument);
    case FixAction::Kind::ChoosePackage:
        return argument.isEmpty() ? tr("Give the archive with --package FILE.")
                                  : tr("Give the archive (%1) with --package FILE.").arg(argument);
    case FixAction::Kind::ChoosePackageAndToolkit:
        return tr("Give them with --package FILE --cuda-root DIR.");
    case FixAction::Kind::InstallAgain:
        return argument.isEmpty() ? tr("Run: cudnn-setup --silent --package FILE")
                                  : tr("Run: cudnn-setup --silent --package FILE --cuda-root %1").arg(argument);
    case FixAction::Kind::RunRepair:
        return tr("Run: cudnn-setup --repair");
    case FixAction::Kind::Elevate:
        return hostOsFlavor() == OsFlavor::Windows ? tr("Run the same command in an administrator prompt.")
                                                   : tr("Run the same command as root (sudo).");
    case FixAction::Kind::ChooseCacheFolder:
        return tr("Name the cache folder with --cache DIR.");
    case FixAction::Kind::UseMirror:
        return tr("Name the mirror with --mirror URL (a folder: --mirror DIR).");
    case FixAction::Kind::NameIndex:
        return tr("Point --mirror at that folder, or name the file with --manifest URL.");
    case FixAction::Kind::InstallFramework:
        return tr("Run in that environment: pip install \"%1\"").arg(argument);
    case FixAction::Kind::AddDllDirectory:
        return tr("Before the import, add: os.add_dll_directory(r\"%1\")").arg(argument);
    }
    return {};
}

QString RemedyText::fix(const Diagnostic& diagnostic)
{
    return fixWithAction(diagnostic.fix, action(diagnostic.action));
}

QString RemedyText::manualStep(const RepairFinding& finding)
{
    return fixWithAction(finding.manualStep, action(finding.manualAction));
}
