#include "Engine.h"
#include "EngineInternals.h"
#include "ExplainOutcome.h"
#include "explain/CauseFinder.h"
#include "explain/ErrorText.h"
#include "explain/ExplainCode.h"
#include "explain/MessageReader.h"
#include "explain/MessageTable.h"
#include "report/Report.h"

static_assert(ExplainRequest::MaxBytes == ErrorText::MaxBytes, "the faces read what the engine accepts");

namespace {

std::optional<Diagnostic> unreadable(const ErrorText::Read& read, const QString& file)
{
    if (read.tooLarge)
        return Diagnostic::of(ExplainCode::TextTooLarge,
                              ExplainOutcome::tr("The text is larger than %1 MiB, so none of it was read.")
                                  .arg(ErrorText::MaxBytes / (1024 * 1024)),
                              ExplainOutcome::tr("Give the part of the log around the error: the traceback and the "
                                                 "lines before it."));
    if (!read.error.isEmpty())
        return Diagnostic::of(ExplainCode::TextUnreadable,
                              ExplainOutcome::tr("%1 cannot be read: %2").arg(file, read.error),
                              ExplainOutcome::tr("Save the error text in a file and give that file."))
            .about(file);
    return std::nullopt;
}

} // namespace

ExplainOutcome Engine::explain(const ExplainRequest& request) const
{
    ExplainOutcome outcome;
    const ErrorText::Read read
        = request.fromFile.isEmpty() ? ErrorText::fromBytes(request.pasted) : ErrorText::fromFile(request.fromFile);
    outcome.refusal = unreadable(read, request.fromFile);
    if (outcome.refusal)
        return outcome;

    // Text holding no message the table knows needs no look at the machine: say so at once.
    const QList<RecognisedMessage> messages = MessageReader::recognise(MessageTable::builtIn(), read.text);
    if (messages.isEmpty()) {
        outcome.explanation.os = m_host->os;
        outcome.explanation.outcome = Explanation::Outcome::NotRecognised;
        return outcome;
    }

    RepairRequest looking;
    looking.roots = request.cudaRoots;
    looking.pythonEnvironments = request.pythonEnvironments;
    looking.pathScope = request.pathScope;
    looking.dryRun = true;
    // The environments' facts come from their files: reading a message runs no interpreter (nor, as root, anything
    // a user can write), so the Python consumers a repair asks are left out.
    const RepairFindings noConsumers;
    const RepairSurvey surveyed = survey(looking, &noConsumers);
    const ExplainMachine machine{surveyed.system, *m_environment, &surveyed.scan};
    outcome.explanation = CauseFinder(machine, MessageTable::builtIn()).explain(read.text, messages);

    const bool repairable = std::any_of(outcome.explanation.causes.cbegin(),
                                        outcome.explanation.causes.cend(),
                                        [](const ExplainCause& cause) { return cause.fix.repairFixes; });
    if (request.applyRepair && repairable) {
        RepairRequest repairing = looking;
        repairing.dryRun = false;
        outcome.repaired = repair(repairing);
    }
    return outcome;
}

TaskStatus ExplainOutcome::taskStatus() const
{
    if (refusal)
        return TaskStatus::UsageError;
    if (repaired && repaired->taskStatus() != TaskStatus::Ok)
        return repaired->taskStatus();
    switch (explanation.outcome) {
    case Explanation::Outcome::CauseFound:
        return TaskStatus::Ok;
    case Explanation::Outcome::NoCauseHere:
        return TaskStatus::NoCauseHere;
    case Explanation::Outcome::NotRecognised:
        return TaskStatus::NotRecognised;
    }
    return TaskStatus::Failed;
}

QJsonObject ExplainOutcome::toJson() const
{
    QJsonObject json = explanation.toJson();
    json.insert(QStringLiteral("status"), taskStatusName(taskStatus()));
    if (refusal)
        json.insert(QStringLiteral("refusal"), refusal->toJson());
    if (repaired)
        json.insert(QStringLiteral("repair"), repaired->toReport().toJson());
    return json;
}

Report ExplainOutcome::toReport() const
{
    Report report(QStringLiteral("explain"));
    report.setStatus(taskStatusName(taskStatus()));
    report.setSection(QStringLiteral("explain"), explanation.toJson());
    if (refusal)
        report.addDiagnostic(*refusal);
    if (repaired) {
        const QJsonObject repairJson = repaired->toReport().toJson();
        report.setSection(QStringLiteral("repair"), repairJson.value(QStringLiteral("repair")));
        report.addDiagnostics(repaired->toReport().diagnostics());
    }
    return report;
}
