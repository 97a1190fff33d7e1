#include "Explanation.h"

#include "common/OsFlavor.h"

#include <QJsonArray>

namespace {

const std::pair<Symptom, const char*> SymptomNames[] = {
    {Symptom::LibraryNotLoaded, "library-not-loaded"},
    {Symptom::DependencyNotLoaded, "dependency-not-loaded"},
    {Symptom::SymbolMissing, "symbol-missing"},
    {Symptom::VersionOlderThanCompiled, "version-older-than-compiled"},
    {Symptom::VersionMismatch, "version-mismatch"},
    {Symptom::NotInitialized, "not-initialized"},
    {Symptom::GpuNotInBuild, "gpu-not-in-build"},
    {Symptom::ArchMismatch, "arch-mismatch"},
    {Symptom::DriverTooOld, "driver-too-old"},
    {Symptom::NoDriver, "no-driver"},
    {Symptom::NotASymbolicLink, "not-a-symbolic-link"},
    {Symptom::HeadersNotFound, "headers-not-found"},
    {Symptom::NotASetupProblem, "not-a-setup-problem"},
};

} // namespace

QString symptomName(Symptom symptom)
{
    for (const auto& [s, name] : SymptomNames) {
        if (s == symptom)
            return QLatin1String(name);
    }
    return {};
}

std::optional<Symptom> symptomNamed(const QString& name)
{
    for (const auto& [symptom, n] : SymptomNames) {
        if (name == QLatin1String(n))
            return symptom;
    }
    return std::nullopt;
}

QJsonObject RecognisedMessage::toJson() const
{
    QJsonObject factsJson;
    for (auto it = facts.cbegin(); it != facts.cend(); ++it)
        factsJson.insert(it.key(), it.value());
    return {{QStringLiteral("id"), id},
            {QStringLiteral("program"), program},
            {QStringLiteral("symptom"), symptomName(symptom)},
            {QStringLiteral("text"), text},
            {QStringLiteral("facts"), factsJson}};
}

QJsonObject Evidence::toJson(OsFlavor os) const
{
    QJsonObject json{{QStringLiteral("text"), text}};
    if (!path.isEmpty())
        json.insert(QStringLiteral("path"), displayPath(os, path));
    return json;
}

QJsonObject CauseFix::toJson() const
{
    QJsonObject json{{QStringLiteral("text"), text}, {QStringLiteral("repair"), repairFixes}};
    if (!action.isNone())
        json.insert(QStringLiteral("action"), actionToJson(action));
    if (!command.isEmpty())
        json.insert(QStringLiteral("command"), command);
    return json;
}

QJsonObject ExplainCause::toJson(OsFlavor os) const
{
    QJsonArray evidenceJson;
    for (const Evidence& e : evidence)
        evidenceJson.append(e.toJson(os));
    QJsonArray environmentsJson;
    for (const QString& environment : environments)
        environmentsJson.append(displayPath(os, environment));
    return {{QStringLiteral("code"), code},
            {QStringLiteral("kind"), kind},
            {QStringLiteral("severity"), severityName(severity)},
            {QStringLiteral("message"), message},
            {QStringLiteral("evidence"), evidenceJson},
            {QStringLiteral("fix"), fix.toJson()},
            {QStringLiteral("environments"), environmentsJson},
            {QStringLiteral("explains"), messageId},
            {QStringLiteral("subjects"), QJsonArray::fromStringList(subjects)}};
}

QString Explanation::outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::CauseFound:
        return QStringLiteral("cause-found");
    case Outcome::NoCauseHere:
        return QStringLiteral("no-cause-here");
    case Outcome::NotRecognised:
        return QStringLiteral("not-recognised");
    }
    return {};
}

QJsonObject Explanation::toJson() const
{
    QJsonArray messagesJson;
    for (const RecognisedMessage& message : messages)
        messagesJson.append(message.toJson());
    QJsonArray causesJson;
    for (const ExplainCause& cause : causes)
        causesJson.append(cause.toJson(os));
    return {{QStringLiteral("schema"), 1},
            {QStringLiteral("outcome"), outcomeName(outcome)},
            {QStringLiteral("messages"), messagesJson},
            {QStringLiteral("causes"), causesJson},
            {QStringLiteral("instead"), QJsonArray::fromStringList(instead)}};
}
