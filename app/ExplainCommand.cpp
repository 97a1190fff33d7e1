#include "ExplainCommand.h"

#include "RemedyText.h"
#include "RepairCommand.h"
#include "ReportFile.h"
#include "Terminal.h"
#include "report/DiagnosisRegistry.h"
#include "report/Report.h"

#include <QFile>
#include <QJsonDocument>

ExplainCommand::ExplainCommand(const Engine& engine, QTextStream& out, QTextStream& err, std::FILE* in)
    : m_engine(engine)
    , m_out(out)
    , m_err(err)
    , m_in(in)
{
}

QByteArray ExplainCommand::readInput() const
{
    if (Terminal::isTerminal(m_in)) {
        m_err << (hostOsFlavor() == OsFlavor::Windows
                      ? tr("Paste the error your program printed, then press Ctrl+Z and Enter:\n")
                      : tr("Paste the error your program printed, then press Ctrl+D:\n"));
        m_err.flush();
    }
    QFile input;
    if (!input.open(m_in, QIODevice::ReadOnly))
        return {};
    // A pipe gives what its writer has written so far: read until it ends, or one byte past what is allowed (the
    // engine then says it is too much), whatever is still coming.
    QByteArray text;
    while (text.size() <= ExplainRequest::MaxBytes) {
        const QByteArray chunk = input.read(ExplainRequest::MaxBytes + 1 - text.size());
        if (chunk.isEmpty())
            break;
        text += chunk;
    }
    return text;
}

ExplainRequest ExplainCommand::request(const Invocation& invocation) const
{
    ExplainRequest request;
    request.cudaRoots = invocation.cudaRoots;
    request.pythonEnvironments = invocation.pythonEnvironments;
    request.pathScope = pathScopeFromName(invocation.pathScope).value_or(PathScope::User);
    request.applyRepair = invocation.explainRepair;
    const bool fromStdin = invocation.explainFrom == QLatin1String("-")
        || invocation.explainText == QStringList{QStringLiteral("-")}
        || (invocation.explainFrom.isEmpty() && invocation.explainText.isEmpty());
    if (fromStdin)
        request.pasted = readInput();
    else if (!invocation.explainFrom.isEmpty())
        request.fromFile = invocation.explainFrom;
    else
        request.pasted = invocation.explainText.join(QLatin1Char(' ')).toUtf8();
    return request;
}

ExitCode ExplainCommand::run(const Invocation& invocation)
{
    const ExplainOutcome outcome = m_engine.explain(request(invocation));
    if (invocation.json)
        m_out << QJsonDocument(outcome.toJson()).toJson(QJsonDocument::Indented);
    else if (outcome.refusal)
        m_err << tr("cudnn-setup: %1\n  %2\n").arg(outcome.refusal->message, RemedyText::fix(*outcome.refusal));
    else
        m_out << summary(outcome);
    m_out.flush();
    m_err.flush();
    const ExitCode code = exitCodeFor(outcome.taskStatus());
    return ReportFile::write(outcome.toReport(), invocation.reportFile, m_err) ? code : ExitCode::Failed;
}

namespace {

QString factsLine(const RecognisedMessage& message)
{
    QStringList facts;
    for (auto it = message.facts.cbegin(); it != message.facts.cend(); ++it)
        facts.append(QStringLiteral("%1 %2").arg(it.key(), it.value()));
    return facts.join(QStringLiteral(", "));
}

QString indented(const QString& text, const QString& indent)
{
    QString lines = text;
    lines.replace(QLatin1Char('\n'), QLatin1Char('\n') + indent);
    return indent + lines + QLatin1Char('\n');
}

} // namespace

QString ExplainCommand::summary(const ExplainOutcome& outcome)
{
    const Explanation& explanation = outcome.explanation;
    const OsFlavor os = explanation.os;
    QString text;
    if (explanation.messages.isEmpty())
        return tr("No message cudnn-setup knows is in this text, so it cannot say what causes it.\n"
                  "Give the whole error: the traceback and the lines the program printed before it.\n");
    text += tr("Recognised %n message(s):\n", nullptr, int(explanation.messages.size()));
    for (const RecognisedMessage& message : explanation.messages) {
        text += QStringLiteral("  [%1] %2\n").arg(message.program, message.text.left(240));
        if (!message.facts.isEmpty())
            text += QStringLiteral("      %1\n").arg(factsLine(message));
    }
    const DiagnosisRegistry& registry = DiagnosisRegistry::instance();
    int number = 0;
    for (const ExplainCause& cause : explanation.causes) {
        text += QStringLiteral("\n");
        text += tr("Cause %1 (%2, %3): %4\n").arg(++number).arg(cause.kind, cause.code, registry.kindWords(cause.kind));
        text += indented(cause.message, QStringLiteral("  "));
        for (const Evidence& evidence : cause.evidence)
            text += evidence.path.isEmpty()
                ? QStringLiteral("    - %1\n").arg(evidence.text)
                : QStringLiteral("    - %1\n      %2\n").arg(evidence.text, displayPath(os, evidence.path));
        if (!cause.environments.isEmpty()) {
            QStringList shown;
            for (const QString& environment : cause.environments)
                shown.append(displayPath(os, environment));
            text += tr("  In: %1\n").arg(shown.join(QStringLiteral(", ")));
        }
        const QString action = RemedyText::action(cause.fix.action);
        text += tr("  Fix: %1\n").arg(action.isEmpty() ? cause.fix.text : cause.fix.text + QLatin1Char(' ') + action);
        if (!cause.fix.command.isEmpty())
            text += QStringLiteral("    %1\n").arg(cause.fix.command);
        if (cause.fix.repairFixes)
            text += tr("  cudnn-setup --repair fixes it (cudnn-setup --explain --repair: the same, at once).\n");
    }
    if (explanation.outcome == Explanation::Outcome::NoCauseHere) {
        text += QStringLiteral("\n");
        text += tr("This machine shows no cause of it:\n");
        for (const QString& line : explanation.instead)
            text += indented(line, QStringLiteral("  "));
        text += tr("The message must come from another Python environment, container or machine: run cudnn-setup "
                   "--explain there, or name the environment here with --python-env DIR.\n");
    }
    if (outcome.repaired) {
        text += QStringLiteral("\n");
        text
            += RepairCommand::summary(outcome.repaired->before.scan, outcome.repaired->result, outcome.repaired->after);
    }
    return text;
}
