#pragma once

#include "common/OsFlavor.h"
#include "report/Diagnostic.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

/** What a message says happened (resources/explain/messages.json "symptom"); the cause finder starts from it. */
enum class Symptom {
    LibraryNotLoaded,
    DependencyNotLoaded,
    SymbolMissing,
    VersionOlderThanCompiled,
    VersionMismatch,
    NotInitialized,
    GpuNotInBuild,
    ArchMismatch,
    DriverTooOld,
    NoDriver,
    NotASymbolicLink,
    HeadersNotFound,
    NotASetupProblem,
};

QString symptomName(Symptom symptom);
std::optional<Symptom> symptomNamed(const QString& name);

/** One message recognised in the text: which table entry, the program that prints it, and what it names. */
struct RecognisedMessage
{
    QString id; // the table entry: "torch-cudnn-version-incompatible"
    QString program; // "pytorch", "cudnn", "glibc", ...
    Symptom symptom = Symptom::LibraryNotLoaded;
    QString text; // the line (or lines) of the input that matched
    QMap<QString, QString> facts; // "library" -> "libcudnn_cnn_infer.so.8", "loaded_version" -> "8.6.0"
    /** For a message that is not a setup problem: what tells it apart, in the language the program speaks. */
    QString tellsApart;

    QJsonObject toJson() const; // {"id", "program", "symptom", "text", "facts"}
};

/** One piece of what a cause rests on: a sentence, and the path (file, folder, environment) it is about. */
struct Evidence
{
    QString text;
    QString path; // empty when it rests on the message alone

    QJsonObject toJson(OsFlavor os) const;
};

/** What to do about a cause: a sentence, and where one applies, the action a face offers or the repair that fixes it.
 */
struct CauseFix
{
    QString text;
    FixAction action; // None: the sentence says it all
    bool repairFixes = false; // `--repair` (the wizard's Repair) fixes it: the same rules as a repair
    QString command; // an exact command to run, when there is one ("pip install 'ctranslate2>=4.5'")

    QJsonObject toJson() const;
};

/**
 * One cause of the pasted error found on this machine: a registry code and its kind, the sentence that names it, the
 * paths it rests on, the fix, and the Python environments (or the program started in this terminal) it applies to.
 */
struct ExplainCause
{
    QString code; // a registry code: one of detection's own (CUDNN-FLATTENED-LINK) or explain's (EXPLAIN-...)
    QString kind; // from the registry: "library-missing", "other-copy-wins", ..., "not-a-setup-problem"
    Severity severity = Severity::Error;
    QString message;
    QList<Evidence> evidence;
    CauseFix fix;
    QStringList environments; // the environment roots that would print the message; empty: a program of this terminal
    QString messageId; // the recognised message it explains
    /** What it is about: the library names and paths a repair finding may also name (a repair fixes it when one of
     *  its automatic findings is about one of these). */
    QStringList subjects;

    QJsonObject toJson(OsFlavor os) const;
};

/** The whole reading: the messages recognised in the text and the causes found for them, most likely first. */
struct Explanation
{
    enum class Outcome {
        CauseFound, // at least one cause (a setup problem, or a message that is not one)
        NoCauseHere, // recognised, but this machine shows no cause: it must come from another environment or machine
        NotRecognised, // nothing in the text is a message the table knows
    };

    OsFlavor os = OsFlavor::Linux;
    QList<RecognisedMessage> messages;
    QList<ExplainCause> causes;
    /** NoCauseHere: what this machine does give the program instead, one sentence per message. */
    QStringList instead;
    Outcome outcome = Outcome::NotRecognised;

    static QString outcomeName(Outcome outcome); // "cause-found", "no-cause-here", "not-recognised"
    /** docs/schemas/explain.schema.json: {"schema", "outcome", "messages", "causes", "instead"}. */
    QJsonObject toJson() const;
};
