#include "DiagnosisRegistry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QMutex>
#include <QSet>
#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace {

std::optional<Severity> severityNamed(const QString& name)
{
    for (const Severity s : {Severity::Info, Severity::Warning, Severity::Error}) {
        if (severityName(s) == name)
            return s;
    }
    return std::nullopt;
}

DiagnosisWords wordsFrom(const QJsonValue& value)
{
    const QJsonObject words = value.toObject();
    return {words.value(QStringLiteral("title")).toString(), words.value(QStringLiteral("todo")).toString()};
}

} // namespace

const DiagnosisWords& Diagnosis::words() const
{
    if (DiagnosisRegistry::language() == QLatin1String("zh_CN") && !chinese.title.isEmpty())
        return chinese;
    return english;
}

const DiagnosisRegistry& DiagnosisRegistry::instance()
{
    static const DiagnosisRegistry registry = [] {
        QFile file(QStringLiteral(":/diagnoses/diagnoses.json"));
        QString error;
        DiagnosisRegistry read;
        if (!file.open(QIODevice::ReadOnly))
            error = QStringLiteral("the registry of diagnoses is missing from the build");
        else
            read = fromJson(QJsonDocument::fromJson(file.readAll()).object(), &error);
        if (!error.isEmpty())
            qFatal("%s", qPrintable(error)); // a build without its table is broken whatever it is asked
        return read;
    }();
    return registry;
}

DiagnosisRegistry DiagnosisRegistry::fromJson(const QJsonObject& json, QString* error)
{
    DiagnosisRegistry registry;
    const auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("registry of diagnoses: %1").arg(why);
        return DiagnosisRegistry();
    };
    if (json.value(QStringLiteral("schema")).toInt() != 1)
        return fail(QStringLiteral("schema 1 expected"));
    for (const QJsonValue& value : json.value(QStringLiteral("kinds")).toArray()) {
        const QJsonObject kind = value.toObject();
        const QString name = kind.value(QStringLiteral("kind")).toString();
        if (name.isEmpty() || registry.m_kinds.contains(name))
            return fail(QStringLiteral("a kind without a name, or twice: \"%1\"").arg(name));
        registry.m_kinds.append(name);
        registry.m_kindWords.insert(
            name, {kind.value(QStringLiteral("en")).toString(), kind.value(QStringLiteral("zh_CN")).toString()});
    }
    for (const QJsonValue& value : json.value(QStringLiteral("diagnoses")).toArray()) {
        const QJsonObject row = value.toObject();
        Diagnosis d;
        d.code = row.value(QStringLiteral("code")).toString();
        if (d.code.isEmpty() || registry.m_index.contains(d.code))
            return fail(QStringLiteral("a code without a name, or twice: \"%1\"").arg(d.code));
        d.area = row.value(QStringLiteral("area")).toString();
        const std::optional<Severity> severity = severityNamed(row.value(QStringLiteral("severity")).toString());
        if (!severity)
            return fail(QStringLiteral("%1: no severity").arg(d.code));
        d.severity = *severity;
        for (const QJsonValue& other : row.value(QStringLiteral("also")).toArray()) {
            const std::optional<Severity> s = severityNamed(other.toString());
            if (!s || *s == d.severity)
                return fail(QStringLiteral("%1: \"also\" holds \"%2\"").arg(d.code, other.toString()));
            d.also.append(*s);
        }
        d.when = row.value(QStringLiteral("when")).toString();
        if (!d.also.isEmpty() && d.when.isEmpty())
            return fail(QStringLiteral("%1: a severity that varies says when").arg(d.code));
        d.kind = row.value(QStringLiteral("kind")).toString();
        if (!registry.m_kinds.contains(d.kind))
            return fail(QStringLiteral("%1: kind \"%2\" is not among the kinds").arg(d.code, d.kind));
        for (const QJsonValue& action : row.value(QStringLiteral("actions")).toArray()) {
            const FixAction::Kind kind = FixAction::kindFromName(action.toString());
            if (kind == FixAction::Kind::None)
                return fail(QStringLiteral("%1: action \"%2\" is unknown").arg(d.code, action.toString()));
            d.actions.append(kind);
        }
        const QString group = row.value(QStringLiteral("group")).toString();
        if (!group.isEmpty() && group != QLatin1String("cause"))
            return fail(QStringLiteral("%1: \"group\" is \"%2\", not \"cause\"").arg(d.code, group));
        d.groupsByCause = !group.isEmpty();
        for (const QJsonValue& alias : row.value(QStringLiteral("aliases")).toArray())
            d.aliases.append(alias.toString());
        d.doc = row.value(QStringLiteral("doc")).toString();
        d.english = wordsFrom(row.value(QStringLiteral("en")));
        d.chinese = wordsFrom(row.value(QStringLiteral("zh_CN")));
        registry.m_index.insert(d.code, registry.m_diagnoses.size());
        registry.m_diagnoses.append(d);
    }
    if (registry.m_diagnoses.isEmpty())
        return fail(QStringLiteral("no diagnoses"));
    return registry;
}

const Diagnosis* DiagnosisRegistry::find(const QString& code) const
{
    const auto it = m_index.constFind(code);
    return it == m_index.cend() ? nullptr : &m_diagnoses.at(*it);
}

QString DiagnosisRegistry::kindWords(const QString& kind) const
{
    const auto [english, chinese] = m_kindWords.value(kind);
    return language() == QLatin1String("zh_CN") && !chinese.isEmpty() ? chinese : english;
}

bool DiagnosisRegistry::isCause(const QString& kind)
{
    return !kind.isEmpty() && kind != QLatin1String("ok") && kind != QLatin1String("task");
}

QString DiagnosisRegistry::language()
{
    return QLocale().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

static std::atomic<DiagnosisViolationHandler> violationHandler{nullptr};

void setDiagnosisViolationHandler(DiagnosisViolationHandler handler)
{
    violationHandler = handler;
}

void diagnosisRegistryViolation(const QString& code, const QString& why)
{
    if (const DiagnosisViolationHandler handler = violationHandler) {
        handler(code, why);
        return;
    }
#ifdef CUDNN_SETUP_STRICT_DIAGNOSES
    // Printed before stopping so a test's output names it; abort() rather than qFatal, whose message handlers a test
    // may have replaced.
    std::fprintf(
        stderr, "registry of diagnoses: %s: %s (resources/diagnoses.json)\n", qPrintable(code), qPrintable(why));
    std::fflush(stderr);
    std::abort();
#else
    static QMutex mutex;
    static QSet<QString> told;
    const QMutexLocker lock(&mutex);
    if (!told.contains(code)) {
        told.insert(code);
        qWarning("registry of diagnoses: %s: %s", qPrintable(code), qPrintable(why));
    }
#endif
}
