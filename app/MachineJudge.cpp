#include "MachineJudge.h"

#include "PackageSummary.h"
#include "report/Report.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

namespace {

/** The target toolkit for --cuda-root, kept in the machine's own spelling. */
std::optional<QString> cudaRootOf(const Invocation& invocation)
{
    return invocation.cudaRoots.isEmpty() ? std::nullopt : std::optional<QString>(invocation.cudaRoots.first());
}

} // namespace

MachineJudge::MachineJudge(QTextStream& out, QTextStream& err)
    : m_out(out)
    , m_err(err)
{
}

ExitCode MachineJudge::run(const Invocation& invocation, Report& report)
{
    const QList<PackageInspection> inspections = Engine::inspectArchives(invocation.package);
    if (inspections.isEmpty()) {
        m_err << tr("cudnn-setup: no cuDNN archive at %1.\n").arg(invocation.package);
        m_err.flush();
        report.setStatus(exitCodeName(ExitCode::NothingFound));
        return ExitCode::NothingFound;
    }
    return invocation.forMachines.isEmpty() ? one(invocation, inspections, report)
                                            : many(invocation, inspections, report);
}

ExitCode MachineJudge::one(const Invocation& invocation, const QList<PackageInspection>& inspections, Report& report)
{
    const MachineJudgement judgement
        = Engine::judgeMachine(invocation.forMachine, inspections, cudaRootOf(invocation), invocation.force);
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

ExitCode MachineJudge::many(const Invocation& invocation, const QList<PackageInspection>& inspections, Report& report)
{
    const QDir folder(invocation.forMachines);
    const QStringList names = folder.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    if (!folder.exists() || names.isEmpty()) {
        m_err << tr("cudnn-setup: %1 holds no *.json machine description.\n").arg(invocation.forMachines);
        m_err.flush();
        report.setStatus(exitCodeName(ExitCode::UsageError));
        return ExitCode::UsageError;
    }

    QList<MachineJudgement> judgements;
    for (const QString& name : names)
        judgements.append(
            Engine::judgeMachine(folder.filePath(name), inspections, cudaRootOf(invocation), invocation.force));

    QJsonArray machines;
    QStringList rejected;
    int nameWidth = 7;
    for (const MachineJudgement& judgement : judgements)
        nameWidth = std::max(nameWidth, int(judgement.name.size()));
    m_out << tr("%1 judged for %n machine(s) in %2; nothing of this machine was looked at.\n",
                nullptr,
                int(judgements.size()))
                 .arg(QFileInfo(inspections.first().file).fileName(), invocation.forMachines);
    m_out << QStringLiteral("%1  %2  %3\n")
                 .arg(tr("Machine").leftJustified(nameWidth), tr("Verdict").leftJustified(8), tr("Why"));
    for (const MachineJudgement& judgement : judgements) {
        machines.append(judgement.toJson());
        if (!judgement.fits()) {
            rejected.append(judgement.name);
            if (!judgement.error.isEmpty())
                report.addDiagnostic(
                    Diagnostic::error(QStringLiteral("PKG-MACHINE-UNREADABLE"),
                                      tr("%1 does not describe a machine: %2.").arg(judgement.file, judgement.error),
                                      tr("Write it with cudnn-setup --detect --json on that machine."))
                        .about(judgement.file));
            const PackageVerdict* verdict = judgement.verdict();
            Diagnostics reasons = diagnosticsOf(judgement.choice.findings);
            if (verdict)
                reasons += diagnosticsOf(verdict->reasons);
            for (Diagnostic& reason : reasons) {
                if (reason.severity == Severity::Error || reason.severity == Severity::Warning) {
                    reason.message = QStringLiteral("%1: %2").arg(judgement.name, reason.message);
                    report.addDiagnostic(reason);
                }
            }
        }
        const QString verdictText = judgement.fits()
            ? (judgement.verdict() && judgement.verdict()->level == PackageVerdict::Level::Warning ? tr("fits (!)")
                                                                                                   : tr("fits"))
            : tr("rejected");
        m_out << QStringLiteral("%1  %2  %3\n")
                     .arg(
                         judgement.name.leftJustified(nameWidth), verdictText.leftJustified(8), firstReason(judgement));
    }
    report.setSection(QStringLiteral("machines"), machines);
    report.setSection(QStringLiteral("package"), inspections.first().toJson());
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
