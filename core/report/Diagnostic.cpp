#include "Diagnostic.h"

#include "DiagnosisRegistry.h"

#include <QJsonArray>
#include <algorithm>
#include <utility>

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Error:
        return QStringLiteral("error");
    }
    return QStringLiteral("info");
}

namespace {

const std::pair<FixAction::Kind, const char*> ActionNames[] = {
    {FixAction::Kind::None, "none"},
    {FixAction::Kind::ChooseToolkit, "choose-toolkit"},
    {FixAction::Kind::ChoosePackage, "choose-package"},
    {FixAction::Kind::ChoosePackageAndToolkit, "choose-package-and-toolkit"},
    {FixAction::Kind::InstallAgain, "install-again"},
    {FixAction::Kind::RunRepair, "run-repair"},
    {FixAction::Kind::Elevate, "elevate"},
    {FixAction::Kind::ChooseCacheFolder, "choose-cache-folder"},
    {FixAction::Kind::UseMirror, "use-mirror"},
    {FixAction::Kind::NameIndex, "name-index"},
    {FixAction::Kind::InstallFramework, "install-framework"},
    {FixAction::Kind::AddDllDirectory, "add-dll-directory"},
};

} // namespace

QString FixAction::kindName(Kind kind)
{
    for (const auto& [k, name] : ActionNames) {
        if (k == kind)
            return QLatin1String(name);
    }
    return QStringLiteral("none");
}

FixAction::Kind FixAction::kindFromName(const QString& name)
{
    for (const auto& [kind, n] : ActionNames) {
        if (name == QLatin1String(n))
            return kind;
    }
    return Kind::None;
}

const QList<FixAction::Kind>& FixAction::allKinds()
{
    static const QList<Kind> kinds = [] {
        QList<Kind> all;
        for (const auto& entry : ActionNames)
            all.append(entry.first);
        return all;
    }();
    return kinds;
}

static Severity severityFromName(const QString& name)
{
    if (name == QLatin1String("error"))
        return Severity::Error;
    if (name == QLatin1String("warning"))
        return Severity::Warning;
    return Severity::Info;
}

static Diagnostic make(Severity severity, const QString& code, const QString& message, const QString& fix)
{
    Diagnostic d;
    d.code = code;
    d.severity = severity;
    d.message = message;
    d.fix = fix;
    return d;
}

Diagnostic Diagnostic::of(const QString& code, const QString& message, const QString& fix)
{
    const Diagnosis* row = DiagnosisRegistry::instance().find(code);
    if (!row) {
        diagnosisRegistryViolation(code, QStringLiteral("no such code"));
        return make(Severity::Warning, code, message, fix);
    }
    return make(row->severity, code, message, fix);
}

Diagnostic Diagnostic::of(Severity severity, const QString& code, const QString& message, const QString& fix)
{
    const Diagnosis* row = DiagnosisRegistry::instance().find(code);
    if (!row)
        diagnosisRegistryViolation(code, QStringLiteral("no such code"));
    else if (!row->allows(severity))
        diagnosisRegistryViolation(
            code, QStringLiteral("made as %1, which its row does not allow").arg(severityName(severity)));
    return make(severity, code, message, fix);
}

Diagnostic& Diagnostic::about(const QString& what)
{
    subject = what;
    return *this;
}

Diagnostic& Diagnostic::because(const QString& causeSentence)
{
    cause = causeSentence;
    return *this;
}

QStringList Diagnostic::affected() const
{
    if (!subjects.isEmpty())
        return subjects;
    return subject.isEmpty() ? QStringList() : QStringList{subject};
}

Diagnostic& Diagnostic::offering(const FixAction& what)
{
    const Diagnosis* row = DiagnosisRegistry::instance().find(code);
    if (row && !row->offers(what.kind))
        diagnosisRegistryViolation(
            code, QStringLiteral("offers %1, which its row does not list").arg(FixAction::kindName(what.kind)));
    action = what;
    return *this;
}

Diagnostic& Diagnostic::offering(FixAction::Kind kind, const QString& argument)
{
    return offering(FixAction::of(kind, argument));
}

QString fixWithAction(const QString& sentence, const QString& actionWords)
{
    if (actionWords.isEmpty())
        return sentence;
    if (sentence.isEmpty())
        return actionWords;
    return sentence + QLatin1Char(' ') + actionWords;
}

QJsonObject actionToJson(const FixAction& action)
{
    QJsonObject json{{QStringLiteral("kind"), FixAction::kindName(action.kind)}};
    if (!action.argument.isEmpty())
        json.insert(QStringLiteral("argument"), action.argument);
    return json;
}

FixAction actionFromJson(const QJsonObject& json)
{
    return FixAction::of(FixAction::kindFromName(json.value(QStringLiteral("kind")).toString()),
                         json.value(QStringLiteral("argument")).toString());
}

QJsonObject Diagnostic::toJson() const
{
    QJsonObject json{
        {QStringLiteral("code"), code},
        {QStringLiteral("severity"), severityName(severity)},
        {QStringLiteral("message"), message},
        {QStringLiteral("fix"), fix},
    };
    if (!subject.isEmpty())
        json.insert(QStringLiteral("subject"), subject);
    if (!subjects.isEmpty())
        json.insert(QStringLiteral("subjects"), QJsonArray::fromStringList(subjects));
    if (!action.isNone())
        json.insert(QStringLiteral("action"), actionToJson(action));
    return json;
}

Diagnostic Diagnostic::fromJson(const QJsonObject& json)
{
    Diagnostic d = make(severityFromName(json.value(QStringLiteral("severity")).toString()),
                        json.value(QStringLiteral("code")).toString(),
                        json.value(QStringLiteral("message")).toString(),
                        json.value(QStringLiteral("fix")).toString());
    d.subject = json.value(QStringLiteral("subject")).toString();
    for (const QJsonValue& one : json.value(QStringLiteral("subjects")).toArray())
        d.subjects.append(one.toString());
    d.action = actionFromJson(json.value(QStringLiteral("action")).toObject());
    return d;
}

bool Diagnostic::operator==(const Diagnostic& other) const
{
    return code == other.code && severity == other.severity && message == other.message && fix == other.fix
        && action == other.action && subject == other.subject && subjects == other.subjects;
}

Severity worstSeverity(const Diagnostics& diagnostics)
{
    Severity worst = Severity::Info;
    for (const Diagnostic& d : diagnostics)
        worst = std::max(worst, d.severity);
    return worst;
}

bool containsCode(const Diagnostics& diagnostics, const QString& code)
{
    return std::any_of(diagnostics.cbegin(), diagnostics.cend(), [&](const Diagnostic& d) { return d.code == code; });
}

QJsonArray diagnosticsToJson(const Diagnostics& diagnostics)
{
    QJsonArray array;
    for (const Diagnostic& d : diagnostics)
        array.append(d.toJson());
    return array;
}
