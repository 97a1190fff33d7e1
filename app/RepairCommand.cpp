#include "RepairCommand.h"

#include "ConsoleProgress.h"
#include "FindingText.h"
#include "RemedyText.h"
#include "ReportFile.h"
#include "SearchPathSummary.h"
#include "repair/RepairCode.h"
#include "report/Report.h"

RepairCommand::RepairCommand(const Engine& engine, QTextStream& out, QTextStream& err, CancellationToken cancel)
    : m_engine(engine)
    , m_out(out)
    , m_err(err)
    , m_cancel(std::move(cancel))
{
}

ExitCode RepairCommand::run(const Invocation& invocation)
{
    RepairRequest request;
    request.roots = invocation.cudaRoots;
    request.pythonEnvironments = invocation.pythonEnvironments;
    request.package = invocation.package;
    request.pathScope = pathScopeFromName(invocation.pathScope).value_or(PathScope::User);
    request.dryRun = invocation.dryRun;
    request.logFile = invocation.logFile;
    ConsoleProgress progress;
    const RepairOutcome outcome = m_engine.repair(request, &progress, m_cancel);
    progress.finish();
    for (const Diagnostic& d : outcome.before.recovered)
        m_out << QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message);
    m_out << summary(outcome.before.scan, outcome.result, outcome.after);
    if (outcome.before.analysis)
        m_out << SearchPathSummary::winners(*outcome.before.analysis);
    m_out.flush();
    const ExitCode code = exitCodeFor(outcome.taskStatus());
    return ReportFile::write(outcome.toReport(), invocation.reportFile, m_err) ? code : ExitCode::Failed;
}

QString RepairCommand::summary(const RepairScan& before, const RepairResult& result, const RepairScan& after)
{
    QString text;
    if (before.isClean() && result.applied.isEmpty() && result.status == RepairResult::Status::NothingToApply)
        text += tr("Nothing to repair.\n");
    for (const RepairFinding& finding : before.findings) {
        if (!finding.isProblem())
            continue;
        text += QStringLiteral("  [%1] %2: %3\n")
                    .arg(RepairFinding::remedyName(finding.remedy), finding.diagnostic.code, finding.diagnostic.message)
            + FindingText::subjects(finding.diagnostic, 6);
    }
    const bool dry = result.status == RepairResult::Status::DryRun;
    for (const RepairResult::Applied& applied : result.applied)
        text += (dry ? tr("  would %1: %2\n") : tr("  done %1: %2\n"))
                    .arg(RepairFix::kindName(applied.fix.kind), applied.fix.path);
    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity != Severity::Info || d.code == RepairCode::Applied)
            text += QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message)
                + (RemedyText::fix(d).isEmpty() ? QString() : QStringLiteral("    %1\n").arg(RemedyText::fix(d)));
    }
    int left = 0;
    for (const RepairFinding& finding : after.findings) {
        if (!finding.isProblem() || (dry && finding.remedy == RepairFinding::Remedy::Automatic))
            continue;
        ++left;
        text += tr("  left: %1 (%2)\n    %3\n")
                    .arg(finding.diagnostic.message,
                         RepairFinding::remedyName(finding.remedy),
                         finding.manualStep.isEmpty() ? RemedyText::fix(finding.diagnostic)
                                                      : RemedyText::manualStep(finding))
            + FindingText::subjects(finding.diagnostic, 4);
    }
    for (const RepairFinding& finding : after.findings) {
        if (finding.remedy == RepairFinding::Remedy::None)
            text += tr("  note: %1\n").arg(finding.diagnostic.message) + FindingText::subjects(finding.diagnostic, 4);
    }
    if (result.status == RepairResult::Status::Repaired)
        text += left == 0 ? tr("Repaired; nothing is left broken.\n")
                          : tr("Repaired what could be repaired; %n problem(s) left.\n", nullptr, left);
    return text;
}
