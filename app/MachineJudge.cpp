#include "MachineJudge.h"

#include "PackageSummary.h"
#include "report/Report.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

MachineJudge::MachineJudge(QTextStream& out, QTextStream& err)
    : m_out(out)
    , m_err(err)
{
}

ExitCode MachineJudge::run(const Invocation& invocation, Report& report)
{
    MachineRequest request;
    request.package = invocation.package;
    request.machineFile = invocation.forMachine;
    request.machineFolder = invocation.forMachines;
    if (!invocation.cudaRoots.isEmpty())
        request.cudaRoot = invocation.cudaRoots.first();
    request.force = invocation.force;
    const MachinesJudgement judged = Engine::judgeMachines(request);
    switch (judged.problem) {
    case MachinesJudgement::Problem::NoArchive:
        m_err << tr("cudnn-setup: no cuDNN archive at %1.\n").arg(invocation.package);
        m_err.flush();
        report.setStatus(exitCodeName(ExitCode::NothingFound));
        return ExitCode::NothingFound;
    case MachinesJudgement::Problem::NoMachines:
        m_err << tr("cudnn-setup: %1 holds no *.json machine description.\n").arg(invocation.forMachines);
        m_err.flush();
        report.setStatus(exitCodeName(ExitCode::UsageError));
        return ExitCode::UsageError;
    case MachinesJudgement::Problem::None:
        break;
    }
    return invocation.forMachines.isEmpty() ? one(invocation, judged.machines.first(), report)
                                            : many(invocation, judged, report);
}

ExitCode MachineJudge::one(const Invocation& invocation, const MachineJudgement& judgement, Report& report)
{
    if (!judgement.error.isEmpty()) {
        m_err << tr("cudnn-setup: %1 does not describe a machine: %2.\n").arg(invocation.forMachine, judgement.error);
        m_err.flush();
        report.setStatus(exitCodeName(ExitCode::UsageError));
        return ExitCode::UsageError;
    }
    judgement.addToReport(report);
    report.setStatus(judgement.fits() ? QStringLiteral("planned") : QStringLiteral("rejected"));
    m_out << tr("For the machine described by %1 (%2), nothing of this machine was looked at:\n")
                 .arg(invocation.forMachine,
                      judgement.redistPlatform.isEmpty() ? osFlavorName(judgement.os) : judgement.redistPlatform)
          << packageSummary(judgement.choice, nullptr, judgement.os);
    m_out.flush();
    return judgement.fits() ? ExitCode::Ok : ExitCode::PackageRejected;
}

QString MachineJudge::firstReason(const MachineJudgement& judgement)
{
    if (!judgement.error.isEmpty())
        return tr("not a machine description: %1").arg(judgement.error);
    const PackageVerdict* verdict = judgement.verdict();
    const PackageFinding* block = verdict ? verdict->firstBlock() : nullptr;
    if (!block) {
        for (const PackageFinding& finding : judgement.choice.findings) {
            if (finding.blocks()) {
                block = &finding;
                break;
            }
        }
    }
    if (block)
        return QStringLiteral("%1: %2").arg(block->diagnostic.code, block->diagnostic.message);
    if (verdict) {
        for (const PackageFinding& reason : verdict->reasons) {
            if (reason.diagnostic.severity == Severity::Warning)
                return QStringLiteral("%1: %2").arg(reason.diagnostic.code, reason.diagnostic.message);
        }
    }
    return {};
}

ExitCode MachineJudge::many(const Invocation& invocation, const MachinesJudgement& judged, Report& report)
{
    const QList<MachineJudgement>& judgements = judged.machines;
    QJsonArray machines;
    QStringList rejected;
    int nameWidth = 7;
    for (const MachineJudgement& judgement : judgements)
        nameWidth = std::max(nameWidth, int(judgement.name.size()));
    m_out << tr("%1 judged for %n machine(s) in %2; nothing of this machine was looked at.\n",
                nullptr,
                int(judgements.size()))
                 .arg(QFileInfo(judged.inspections.first().file).fileName(), invocation.forMachines);
    m_out << QStringLiteral("%1  %2  %3\n")
                 .arg(tr("Machine").leftJustified(nameWidth), tr("Verdict").leftJustified(8), tr("Why"));
    for (const MachineJudgement& judgement : judgements) {
        machines.append(judgement.toJson());
        if (!judgement.fits())
            rejected.append(judgement.name);
        const QString verdictText = judgement.fits()
            ? (judgement.verdict() && judgement.verdict()->level == PackageVerdict::Level::Warning ? tr("fits (!)")
                                                                                                   : tr("fits"))
            : tr("rejected");
        m_out << QStringLiteral("%1  %2  %3\n")
                     .arg(
                         judgement.name.leftJustified(nameWidth), verdictText.leftJustified(8), firstReason(judgement));
    }
    report.addDiagnostics(judged.diagnostics());
    report.setSection(QStringLiteral("machines"), machines);
    report.setSection(QStringLiteral("package"), judged.inspections.first().toJson());
    report.setStatus(rejected.isEmpty() ? QStringLiteral("planned") : QStringLiteral("rejected"));
    if (rejected.isEmpty())
        m_out << tr("It fits all %n machine(s).\n", nullptr, int(judgements.size()));
    else
        m_out << tr("It does not fit %1 of %2: %3.\n")
                     .arg(rejected.size())
                     .arg(judgements.size())
                     .arg(rejected.join(QStringLiteral(", ")));
    m_out.flush();
    return rejected.isEmpty() ? ExitCode::Ok : ExitCode::PackageRejected;
}
