#include "ConsoleRunner.h"

#include "ConsoleProgress.h"
#include "DetectSummary.h"
#include "FetchCommand.h"
#include "PackageSummary.h"
#include "RepairCommand.h"
#include "install/InstallCode.h"
#include "install/InstallLog.h"
#include "install/InstallService.h"
#include "package/PackageService.h"
#include "report/Report.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcessEnvironment>

void ConsoleRunner::addStepsNotRun(Report& report, const Invocation& invocation)
{
    const QString environment = invocation.pathScope == QLatin1String("none")
        ? QStringLiteral("--path-scope none")
        : QStringLiteral("the search path step is not wired into this build yet (--path-scope %1 was noted)")
              .arg(invocation.pathScope);
    const QString benchmark = invocation.benchmark ? QStringLiteral("the benchmark is not wired into this build yet")
                                                   : QStringLiteral("--no-benchmark");
    report.setSection(
        QStringLiteral("environment"),
        QJsonObject{{QStringLiteral("status"), QStringLiteral("not_run")}, {QStringLiteral("reason"), environment}});
    report.setSection(
        QStringLiteral("benchmark"),
        QJsonObject{{QStringLiteral("status"), QStringLiteral("not_run")}, {QStringLiteral("reason"), benchmark}});
}

QString ConsoleRunner::summary(const InstallResult& result)
{
    QMap<QString, int> counts;
    for (const InstallResult::File& file : result.files)
        ++counts[file.action];
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts.append(QStringLiteral("%1 %2").arg(it.value()).arg(it.key()));
    const QString root = displayPath(hostOsFlavor(), result.root);
    QString text;
    switch (result.status) {
    case InstallResult::Status::Ok:
        text = result.command == QLatin1String("deploy") ? tr("Deployed into %1: %2.\n")
                                                         : tr("Installed into %1: %2.\n");
        text = text.arg(root, parts.join(QStringLiteral(", ")));
        break;
    case InstallResult::Status::Unchanged:
        text = tr("Nothing to do: %1 already holds exactly these files.\n").arg(root);
        break;
    case InstallResult::Status::Uninstalled:
        text = tr("Uninstalled from %1: %2.\n").arg(root, parts.join(QStringLiteral(", ")));
        break;
    case InstallResult::Status::NotInstalled:
        text = tr("Nothing to uninstall in %1.\n").arg(root);
        break;
    case InstallResult::Status::RolledBack:
        text = tr("Stopped and rolled back: %1 is as it was.\n").arg(root);
        break;
    default:
        text = tr("Nothing was done (%1).\n").arg(InstallResult::statusName(result.status));
        break;
    }
    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity != Severity::Info)
            text += QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message)
                + (d.fix.isEmpty() ? QString() : QStringLiteral("    %1\n").arg(d.fix));
    }
    return text;
}

ConsoleRunner::ConsoleRunner(const Engine& engine, QTextStream& out, QTextStream& err)
    : m_engine(engine)
    , m_out(out)
    , m_err(err)
{
}

ExitCode ConsoleRunner::run(const Invocation& invocation)
{
    switch (invocation.mode) {
    case Invocation::Mode::Detect:
        return detect(invocation);
    case Invocation::Mode::Install:
        return install(invocation);
    case Invocation::Mode::Uninstall:
        return uninstall(invocation);
    case Invocation::Mode::Repair:
        return RepairCommand(m_engine, m_out, m_err).run(invocation);
    case Invocation::Mode::Wizard:
    case Invocation::Mode::Help:
    case Invocation::Mode::Version:
        break;
    }
    return ExitCode::UsageError;
}

ExitCode ConsoleRunner::detect(const Invocation& invocation)
{
    DetectOptions options;
    options.cudaRoots = invocation.cudaRoots;
    const SystemSnapshot snapshot = m_engine.detect(options);

    Report report(QStringLiteral("detect"));
    report.setStatus(QStringLiteral("ok"));
    const QJsonObject facts = snapshot.toJson();
    for (auto it = facts.begin(); it != facts.end(); ++it)
        report.setSection(it.key(), it.value());
    report.addDiagnostics(snapshot.diagnostics);

    if (invocation.json)
        m_out << report.toJsonBytes();
    else
        m_out << detectSummary(snapshot);
    m_out.flush();

    if (!writeReport(report, invocation.reportFile))
        return ExitCode::Failed;
    return ExitCode::Ok; // detection ran, whatever it found
}

bool ConsoleRunner::writeReport(const Report& report, const QString& path)
{
    if (path.isEmpty())
        return true;
    QString error;
    if (report.writeTo(path, &error))
        return true;
    m_err << QStringLiteral("cudnn-setup: cannot write the report to %1: %2\n").arg(path, error);
    m_err.flush();
    return false;
}

ExitCode ConsoleRunner::install(const Invocation& invocation)
{
    std::unique_ptr<InstallLog> log;
    if (!invocation.dryRun && !openLog(invocation, log))
        return ExitCode::Failed;
    DetectOptions detectOptions;
    detectOptions.cudaRoots = invocation.cudaRoots;
    const SystemSnapshot system = m_engine.detect(detectOptions);

    ConsoleProgress progress;
    const std::optional<QString> cudaRoot
        = invocation.cudaRoots.isEmpty() ? std::nullopt : std::optional<QString>(invocation.cudaRoots.first());
    // --fetch: download (or reuse) the archive the rules choose, then go on as if --package had named it.
    FetchCommand fetch(m_out, m_err);
    const std::optional<QString> fetched = invocation.fetch ? fetch.run(invocation, system, &progress) : std::nullopt;
    progress.finish();
    if (invocation.fetch && !fetched)
        return fetch.exitCode();
    const PackageChoice choice
        = PackageService::pick(fetched.value_or(invocation.package), system, cudaRoot, invocation.force, &progress);
    progress.finish();
    const std::optional<InstallPlan> plan = PackageService::plan(choice, system);

    const bool deploy = !invocation.deployTo.isEmpty();
    Report report(invocation.dryRun ? QStringLiteral("dry-run")
                      : deploy      ? QStringLiteral("deploy")
                                    : QStringLiteral("install"));
    PackageService::addToReport(report, choice, plan ? &*plan : nullptr);
    fetch.addToReport(report);
    const ExitCode code = exitCodeForChoice(choice);
    report.setStatus(code == ExitCode::Ok ? QStringLiteral("planned") : exitCodeName(code));
    if (invocation.dryRun || code != ExitCode::Ok) {
        if (!invocation.dryRun)
            addStepsNotRun(report, invocation);
        m_out << packageSummary(choice, plan ? &*plan : nullptr, system.os);
        if (invocation.dryRun && deploy && code == ExitCode::Ok)
            planDeploy(choice, system, invocation.deployTo, report);
        m_out.flush();
        InstallLog::to(log.get(), tr("no package to install (%1)").arg(exitCodeName(code)));
        if (!writeReport(report, invocation.reportFile))
            return ExitCode::Failed;
        return code;
    }

    InstallOptions options;
    options.log = log.get();
    options.searchFolders = searchPath();
    const InstallResult result = deploy
        ? InstallService::deploy(choice, system, invocation.deployTo, options, &progress)
        : InstallService::install(choice, system, options, &progress);
    progress.finish();
    return finish(result, invocation, report);
}

void ConsoleRunner::planDeploy(const PackageChoice& choice,
                               const SystemSnapshot& system,
                               const QString& folder,
                               Report& report)
{
    const CudaToolkit* toolkit = system.toolkitAt(choice.toolkitRoot);
    const QFileInfo target(folder);
    const QString root = target.exists() ? target.canonicalFilePath() : QDir::cleanPath(target.absoluteFilePath());
    const PlannedChanges planned
        = InstallService::planDeploy(choice.chosen()->inspection, *toolkit, root, system.os, searchPath());
    report.setSection(QStringLiteral("deploy"), QJsonObject{{QStringLiteral("folder"), root}});
    report.setSection(QStringLiteral("changes"), planned.changes.toJson());
    report.addDiagnostics(planned.diagnostics);
    m_out << tr("Deploy into %1 (nothing was changed): %2 files and links, %3 MiB to write, %4 to remove.\n")
                 .arg(displayPath(system.os, root))
                 .arg(planned.changes.entriesToWrite())
                 .arg(double(planned.changes.bytesToWrite()) / (1024.0 * 1024.0), 0, 'f', 1)
                 .arg(planned.changes.removals.size());
    for (const Diagnostic& d : planned.diagnostics)
        m_out << QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message);
}

QStringList ConsoleRunner::searchPath()
{
    return QProcessEnvironment::systemEnvironment()
        .value(QStringLiteral("PATH"))
        .split(pathListSeparator(hostOsFlavor()), Qt::SkipEmptyParts);
}

ExitCode ConsoleRunner::uninstall(const Invocation& invocation)
{
    std::unique_ptr<InstallLog> log;
    if (!openLog(invocation, log))
        return ExitCode::Failed;
    Report report(QStringLiteral("uninstall"));
    QString root = invocation.deployTo;
    if (root.isEmpty() && !invocation.cudaRoots.isEmpty())
        root = invocation.cudaRoots.first();
    if (root.isEmpty()) {
        DetectOptions detectOptions;
        const SystemSnapshot system = m_engine.detect(detectOptions);
        const QStringList installed = InstallService::toolkitsWithInstalls(system);
        if (installed.size() != 1) {
            const bool none = installed.isEmpty();
            report.setStatus(none ? QStringLiteral("not_installed") : exitCodeName(ExitCode::ChoiceNeeded));
            report.addDiagnostic(
                none ? Diagnostic::info(InstallCode::NotInstalled,
                                        tr("No CUDA toolkit found here holds a cuDNN that cudnn-setup installed."))
                     : Diagnostic::error(InstallCode::AmbiguousUninstall,
                                         tr("cudnn-setup installed cuDNN into several toolkits: %1.")
                                             .arg(installed.join(QStringLiteral(", "))),
                                         tr("Name the one to uninstall from with --cuda-root.")));
            addStepsNotRun(report, invocation);
            m_out << (none ? tr("Nothing to uninstall.\n")
                           : tr("Several toolkits hold an install; name one with --cuda-root: %1\n")
                                 .arg(installed.join(QStringLiteral(", "))));
            m_out.flush();
            if (!writeReport(report, invocation.reportFile))
                return ExitCode::Failed;
            return none ? ExitCode::Ok : ExitCode::ChoiceNeeded;
        }
        root = installed.first();
    }

    InstallOptions options;
    options.force = invocation.force;
    options.log = log.get();
    ConsoleProgress progress;
    const InstallResult result = InstallService::uninstall(root, options, &progress);
    progress.finish();
    return finish(result, invocation, report);
}

ExitCode ConsoleRunner::finish(const InstallResult& result, const Invocation& invocation, Report& report)
{
    result.addToReport(report);
    addStepsNotRun(report, invocation);
    m_out << summary(result);
    m_out.flush();
    if (!writeReport(report, invocation.reportFile))
        return ExitCode::Failed;
    return result.exitCode();
}

bool ConsoleRunner::openLog(const Invocation& invocation, std::unique_ptr<InstallLog>& log)
{
    if (invocation.logFile.isEmpty())
        return true;
    auto file = std::make_unique<FileInstallLog>();
    QString error;
    if (!file->open(invocation.logFile, &error)) {
        m_err << tr("cudnn-setup: cannot write the log to %1: %2\n").arg(invocation.logFile, error);
        m_err.flush();
        return false;
    }
    file->write(QStringLiteral("cudnn-setup %1: %2")
                    .arg(QStringLiteral(CUDNN_SETUP_VERSION), QCoreApplication::arguments().join(QLatin1Char(' '))));
    log = std::move(file);
    return true;
}

ExitCode ConsoleRunner::notAvailableYet(const QString& what)
{
    m_err << QStringLiteral("cudnn-setup: %1 is not available in this build yet; --detect is.\n").arg(what);
    return ExitCode::Failed;
}
