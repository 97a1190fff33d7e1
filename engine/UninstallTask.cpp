#include "EngineInternals.h"
#include "UninstallOutcome.h"
#include "common/FileIdentity.h"
#include "env/EnvironmentStep.h"
#include "install/InstallCode.h"
#include "install/InstallLog.h"
#include "install/InstallService.h"
#include "install/Manifest.h"
#include "install/ToolkitState.h"
#include "install/UserInstallList.h"
#include "report/Report.h"

#include <QFileInfo>

QList<InstalledCopy> Engine::installedCopies(const SystemSnapshot& system) const
{
    QStringList roots = InstallService::toolkitsWithInstalls(system);
    for (const QString& listed : UserInstallList(m_environment->installList()).roots()) {
        const bool known = std::any_of(
            roots.cbegin(), roots.cend(), [&](const QString& root) { return sameLocation(system.os, root, listed); });
        if (!known && QFileInfo::exists(ToolkitState(listed).manifestFile()))
            roots.append(listed);
    }
    QList<InstalledCopy> copies;
    for (const QString& root : roots)
        copies.append(installedCopy(root));
    return copies;
}

static SearchPathUndo::Effect undoneAs(EnvironmentStep::UndoEffect effect)
{
    switch (effect) {
    case EnvironmentStep::UndoEffect::Removes:
        return SearchPathUndo::Effect::Removed;
    case EnvironmentStep::UndoEffect::TakesOutOurPart:
        return SearchPathUndo::Effect::OurPartTakenOut;
    case EnvironmentStep::UndoEffect::PutsBack:
        break;
    }
    return SearchPathUndo::Effect::PutBack;
}

QString SearchPathUndo::sentence(OsFlavor os) const
{
    const QString where = displayPath(os, target);
    switch (effect) {
    case Effect::Removed:
        return UninstallOutcome::tr("%1: removed (that install created it).").arg(where);
    case Effect::OurPartTakenOut:
        return UninstallOutcome::tr("%1: as it was before that install, less the fix of an install taken back since.")
            .arg(where);
    case Effect::PutBack:
        break;
    }
    return UninstallOutcome::tr("%1: as it was before that install.").arg(where);
}

InstalledCopy Engine::installedCopy(const QString& root) const
{
    InstalledCopy copy;
    copy.root = root;
    const std::optional<Manifest> manifest = Manifest::load(ToolkitState(root).manifestFile(), &copy.problem);
    const ManifestEntry* newest = manifest ? manifest->newest() : nullptr;
    if (!newest)
        return copy;
    copy.cudnnVersion = newest->package.value(QStringLiteral("cudnn_version")).toString();
    copy.installed = newest->time;
    for (const ManifestFile& file : newest->files) {
        if (file.action != ManifestFile::Action::Removed) // a superseded file comes back; nothing goes
            copy.files.append(file.path);
    }
    copy.searchPathChanged = !newest->operations.isEmpty();
    const OperationFactory factory = operations();
    for (const QJsonObject& json : newest->operations) {
        QString error;
        if (const auto step = std::dynamic_pointer_cast<EnvironmentStep>(factory.create(json, &error)))
            copy.searchPath.append({step->target(), undoneAs(step->undoEffect())});
    }
    if (manifest->entries.size() > 1)
        copy.restoredVersion = manifest->entries.at(manifest->entries.size() - 2)
                                   .package.value(QStringLiteral("cudnn_version"))
                                   .toString();
    return copy;
}

UninstallOutcome
Engine::uninstall(const UninstallRequest& request, ProgressSink* progress, CancellationToken cancel) const
{
    UninstallOutcome outcome;
    outcome.result.command = QStringLiteral("uninstall");
    QString root = request.root;
    if (root.isEmpty()) {
        const QList<InstalledCopy> copies = installedCopies(detect(DetectOptions{}));
        if (copies.size() != 1) {
            outcome.candidates = copies;
            if (copies.isEmpty()) {
                outcome.result.status = InstallResult::Status::NotInstalled;
                outcome.result.diagnostics.append(Diagnostic::of(
                    InstallCode::NotInstalled,
                    UninstallOutcome::tr("No CUDA toolkit found here holds a cuDNN that cudnn-setup installed.")));
            } else {
                QStringList roots;
                for (const InstalledCopy& copy : copies)
                    roots.append(copy.root);
                outcome.result.status = InstallResult::Status::Rejected;
                outcome.result.diagnostics.append(
                    Diagnostic::of(InstallCode::AmbiguousUninstall,
                                   UninstallOutcome::tr("cudnn-setup installed cuDNN into several toolkits: %1.")
                                       .arg(roots.join(QStringLiteral(", "))),
                                   UninstallOutcome::tr("Choose the toolkit to uninstall from.")));
            }
            return outcome;
        }
        root = copies.first().root;
    }
    Diagnostic why;
    const std::unique_ptr<InstallLog> log = openLog(request.logFile, nullptr, &why);
    if (!log && !request.logFile.isEmpty()) {
        outcome.result.status = InstallResult::Status::Failed;
        outcome.result.root = root;
        outcome.result.diagnostics.append(why);
        return outcome;
    }
    const InstalledCopy before = installedCopy(root); // what the undo of its search path change leaves, read first
    InstallOptions options = installOptions(); // rebuilds the search path step the manifest holds
    options.force = request.force;
    options.log = log.get();
    outcome.result = InstallService::uninstall(root, options, progress, cancel);
    if (outcome.result.status == InstallResult::Status::Uninstalled) {
        outcome.takenBack = before;
        QString error;
        if (!UserInstallList(m_environment->installList()).forget(root, &error))
            InstallLog::to(log.get(), QStringLiteral("the list of this user's installs: %1").arg(error));
        if (request.machine) {
            DetectOptions again;
            again.cudaRoots = {root};
            for (const PythonEnvironment& environment : request.machine->pythonEnvironments)
                again.pythonEnvironments.append(environment.root);
            outcome.frameworks = detect(again).frameworks;
        }
    }
    return outcome;
}

TaskStatus UninstallOutcome::taskStatus() const
{
    if (result.status == InstallResult::Status::NotInstalled)
        return TaskStatus::Ok;
    if (!candidates.isEmpty() && result.status == InstallResult::Status::Rejected)
        return TaskStatus::ChoiceNeeded;
    return result.taskStatus();
}

Report UninstallOutcome::toReport() const
{
    Report report(QStringLiteral("uninstall"));
    if (!candidates.isEmpty() || (result.status == InstallResult::Status::NotInstalled && result.root.isEmpty())) {
        // No toolkit was chosen: the report says why, as the silent mode has always written it.
        report.setStatus(taskStatus() == TaskStatus::ChoiceNeeded ? taskStatusName(TaskStatus::ChoiceNeeded)
                                                                  : QStringLiteral("not_installed"));
        report.addDiagnostics(result.diagnostics);
        return report;
    }
    result.addToReport(report);
    return report;
}
