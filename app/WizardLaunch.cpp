#include "WizardLaunch.h"

#include "SetupWizard.h"

#include <QFileInfo>

std::unique_ptr<SetupWizard> openWizard(const Engine& engine, const Invocation& invocation)
{
    const bool repair = invocation.mode == Invocation::Mode::Repair;
    // Nothing named: Welcome shows Install and the machine's verdict may choose Repair (a damaged cuDNN first).
    std::optional<SetupTask> task;
    if (repair)
        task = SetupTask::Repair;
    else if (!invocation.package.isEmpty())
        task = SetupTask::Install; // a package named: the person came to install it
    auto wizard = std::make_unique<SetupWizard>(engine, task);
    if (repair) // the task is said already; the repair page surveys the machine itself, no System page needed
        wizard->setStartId(SetupWizard::RepairPageId);
    // Absolute: the wizard compares it with the toolkits it detects, which are absolute.
    if (!invocation.cudaRoots.isEmpty())
        wizard->state().setPreferredToolkit(QFileInfo(invocation.cudaRoots.first()).absoluteFilePath());
    // --package without --silent: the person is asked, on that package (the package page reads it when shown).
    if (!invocation.package.isEmpty())
        wizard->state().setPreferredPackage(QFileInfo(invocation.package).absoluteFilePath());
    return wizard;
}
