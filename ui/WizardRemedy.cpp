#include "WizardRemedy.h"

#include "common/OsFlavor.h"
#include "repair/RepairFinding.h"

QString WizardRemedy::words(const FixAction& action)
{
    switch (action.kind) {
    case FixAction::Kind::None:
        return {};
    case FixAction::Kind::ChooseToolkit:
        return tr("Choose the toolkit on the cuDNN package page.");
    case FixAction::Kind::ChoosePackage:
        return action.argument.isEmpty() ? tr("Choose the archive on the cuDNN package page.")
                                         : tr("Choose the archive %1 on the cuDNN package page.").arg(action.argument);
    case FixAction::Kind::ChoosePackageAndToolkit:
        return tr("Go back to the cuDNN package page and choose a package and a toolkit.");
    case FixAction::Kind::InstallAgain:
        return action.argument.isEmpty()
            ? tr("Start this wizard again, choose Install and give it the package.")
            : tr("Start this wizard again, choose Install, give it the package and install into %1.")
                  .arg(action.argument);
    case FixAction::Kind::RunRepair:
        return tr("Start this wizard again and choose Repair.");
    case FixAction::Kind::Elevate:
        return hostOsFlavor() == OsFlavor::Windows ? tr("Start this wizard again as an administrator.")
                                                   : tr("Start this wizard again as root.");
    case FixAction::Kind::ChooseCacheFolder:
        return tr("Or download the archive with a web browser and choose it with Archive….");
    case FixAction::Kind::UseMirror:
        return tr("Enter a mirror's address or a shared folder under Download from.");
    case FixAction::Kind::NameIndex:
        return tr("Enter that folder, or the address of one of those files, under Download from.");
    case FixAction::Kind::InstallFramework:
        return tr("In that environment, run: pip install \"%1\"").arg(action.argument);
    case FixAction::Kind::AddDllDirectory:
        return tr("In the program, before the import, add: os.add_dll_directory(r\"%1\")").arg(action.argument);
    }
    return {};
}

QString WizardRemedy::buttonText(FixAction::Kind kind)
{
    switch (kind) {
    case FixAction::Kind::ChooseToolkit:
        return tr("Choose the toolkit…");
    case FixAction::Kind::ChoosePackage:
    case FixAction::Kind::ChoosePackageAndToolkit:
    case FixAction::Kind::ChooseCacheFolder:
        return tr("Choose an archive…");
    case FixAction::Kind::UseMirror:
    case FixAction::Kind::NameIndex:
        return tr("Enter a mirror…");
    case FixAction::Kind::Elevate:
        return tr("Elevate…");
    case FixAction::Kind::InstallAgain:
    case FixAction::Kind::RunRepair:
    case FixAction::Kind::InstallFramework:
    case FixAction::Kind::AddDllDirectory:
    case FixAction::Kind::None:
        break;
    }
    return {}; // no page takes these itself: words() says how
}

QString WizardRemedy::fix(const QString& sentence, const FixAction& action, bool offeredAsButton)
{
    return fixWithAction(sentence, offeredAsButton ? QString() : words(action));
}

QString WizardRemedy::fix(const Diagnostic& diagnostic)
{
    return fix(diagnostic.fix, diagnostic.action);
}

QString WizardRemedy::manualStep(const RepairFinding& finding)
{
    return fix(finding.manualStep, finding.manualAction);
}
