#include "ConsoleRunner.h"

#include "ConsoleProgress.h"
#include "DetectSummary.h"
#include "PackageSummary.h"
#include "package/PackageService.h"
#include "report/Report.h"

#include <QJsonDocument>

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
        return notAvailableYet(QStringLiteral("Uninstalling"));
    case Invocation::Mode::Repair:
        return notAvailableYet(QStringLiteral("Repair"));
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
    DetectOptions detectOptions;
    detectOptions.cudaRoots = invocation.cudaRoots;
    const SystemSnapshot system = m_engine.detect(detectOptions);

    ConsoleProgress progress;
    const std::optional<QString> cudaRoot
        = invocation.cudaRoots.isEmpty() ? std::nullopt : std::optional<QString>(invocation.cudaRoots.first());
    const PackageChoice choice
        = PackageService::pick(invocation.package, system, cudaRoot, invocation.force, &progress);
    progress.finish();
    const std::optional<InstallPlan> plan = PackageService::plan(choice, system);

    Report report(invocation.dryRun ? QStringLiteral("dry-run") : QStringLiteral("install"));
    PackageService::addToReport(report, choice, plan ? &*plan : nullptr);
    const ExitCode code = exitCodeForChoice(choice);
    report.setStatus(code == ExitCode::Ok ? QStringLiteral("planned") : exitCodeName(code));
    m_out << packageSummary(choice, plan ? &*plan : nullptr, system.os);
    m_out.flush();

    if (code == ExitCode::Ok && !invocation.dryRun) {
        writeReport(report, invocation.reportFile);
        return notAvailableYet(QStringLiteral("Installing (the merge into the toolkit)"));
    }
    if (!writeReport(report, invocation.reportFile))
        return ExitCode::Failed;
    return code;
}

ExitCode ConsoleRunner::notAvailableYet(const QString& what)
{
    m_err << QStringLiteral("cudnn-setup: %1 is not available in this build yet; --detect is.\n").arg(what);
    return ExitCode::Failed;
}
