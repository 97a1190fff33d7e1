#pragma once

#include "report/Diagnostic.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <utility>

/** A title and what to do, in one language. */
struct DiagnosisWords
{
    QString title;
    QString todo;
};

/**
 * One row of the registry of diagnoses (resources/diagnoses.json): what a code means wherever it is reported. The
 * finding itself (its sentence about this machine) is made where the fact is seen; its severity, the kind of cause
 * it names and the actions a face may offer for it are the registry's.
 */
struct Diagnosis
{
    QString code;
    QString area; // "detect", "env", "install", ...: the catalogue (core/<area>/<Area>Code.h) it is named from
    Severity severity = Severity::Info;
    /** The other severities a finding of this code may take, and when (`when`). */
    QList<Severity> also;
    QString when;
    /** The kind of cause (DiagnosisRegistry::kinds()): "library-missing", ..., "ok", "task". */
    QString kind;
    QList<FixAction::Kind> actions;
    /**
     * "group": "cause" in the table: findings of this code that name the same cause (Diagnostic::cause) with the same
     * fix are one finding about all their subjects (report/CauseGrouping.h). Otherwise each finding stands alone.
     */
    bool groupsByCause = false;
    /** Codes that reported this cause before it had its own, which scripts may still read (documented, not made). */
    QStringList aliases;
    QString doc; // the page of docs/ that says more: "repair.md"
    DiagnosisWords english;
    DiagnosisWords chinese;

    bool allows(Severity s) const { return s == severity || also.contains(s); }
    bool offers(FixAction::Kind action) const { return action == FixAction::Kind::None || actions.contains(action); }
    /** In the language the program speaks now (DiagnosisRegistry::language()); English where that is empty. */
    const DiagnosisWords& words() const;
};

/**
 * Every diagnosis code of cudnn-setup, read once from the table built into the program. Diagnostic::of() takes a
 * finding's severity from here, so a code means one thing in the report, the wizard and --explain, and
 * docs/diagnoses.md is written from the same table (scripts/diagnoses-doc.py).
 */
class DiagnosisRegistry
{
public:
    /** The table built into the program (":/diagnoses/diagnoses.json"). */
    static const DiagnosisRegistry& instance();
    /** A table from its JSON; with error set (and nothing in it) when the JSON is not one. */
    static DiagnosisRegistry fromJson(const QJsonObject& json, QString* error);

    const Diagnosis* find(const QString& code) const;
    const QList<Diagnosis>& all() const { return m_diagnoses; }
    /** The kinds of cause, in the table's order: "library-missing" ... "unknown", then "ok" and "task". */
    const QStringList& kinds() const { return m_kinds; }
    /** A kind's name for a person, in the language the program speaks now. */
    QString kindWords(const QString& kind) const;
    /** Whether a kind names a cause of a program's error (not "ok", not "task"). */
    static bool isCause(const QString& kind);

    /** "zh_CN" when the program speaks Simplified Chinese now (QLocale's default), else "en". */
    static QString language();

private:
    QList<Diagnosis> m_diagnoses;
    QHash<QString, qsizetype> m_index;
    QStringList m_kinds;
    QHash<QString, std::pair<QString, QString>> m_kindWords; // kind -> its words in English and in Chinese
};

/**
 * What the test build does when a finding breaks the registry (an unknown code, a severity or an action its row does
 * not allow): stop with the reason, so a test that meets it fails. Other builds log the reason once per code and go on.
 */
void diagnosisRegistryViolation(const QString& code, const QString& why);
/** Tests of the rule itself: violations go to handler instead (null: back to the build's way). */
using DiagnosisViolationHandler = void (*)(const QString& code, const QString& why);
void setDiagnosisViolationHandler(DiagnosisViolationHandler handler);
