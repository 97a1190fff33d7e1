#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

/** How bad a finding is. Ordered: a larger value is worse. */
enum class Severity {
    Info,
    Warning,
    Error,
};

QString severityName(Severity severity);

/**
 * What a person does about a finding, as a thing to do rather than words: each face says it its own way (the
 * command line names its option, the wizard offers its chooser or a button). Core never words it for a face.
 */
struct FixAction
{
    enum class Kind {
        None, // the fix sentence says everything
        ChooseToolkit, // name the CUDA toolkit to work on
        ChoosePackage, // give the cuDNN archive to install (argument: the file name wanted, if known)
        ChoosePackageAndToolkit, // both: nothing was chosen yet
        InstallAgain, // install a package into the toolkit again (argument: the toolkit root)
        RunRepair, // let repair find and fix what is broken
        Elevate, // run the same task again with administrator (root) rights
        ChooseCacheFolder, // keep downloads in another folder
        UseMirror, // fetch from a lab mirror or a shared folder instead of NVIDIA's server
        NameIndex, // name the mirror folder or the one redistrib_<version>.json to read
        InstallFramework, // install another version of a Python framework (argument: the pip requirement)
        AddDllDirectory, // a Python program adds a DLL folder before its import (argument: the folder)
    };

    Kind kind = Kind::None;
    QString argument;

    static FixAction of(Kind kind, const QString& argument = {}) { return FixAction{kind, argument}; }
    /** "choose-toolkit": the stable name in the JSON report. */
    static QString kindName(Kind kind);
    static Kind kindFromName(const QString& name);
    static const QList<Kind>& allKinds();
    bool isNone() const { return kind == Kind::None; }
    bool operator==(const FixAction& other) const { return kind == other.kind && argument == other.argument; }
};

/**
 * One finding the engine reports: a stable code for scripts, a severity, a sentence a person understands, a fix in
 * plain language and, where a face can help, the action that fixes it. Messages are translated when created; the
 * code never is. No fix sentence names a command-line option: that is the action's, worded by the face.
 */
struct Diagnostic
{
    QString code;
    Severity severity = Severity::Info;
    QString message;
    QString fix;
    /** What the finding is about (a path, a toolkit root, an archive entry); may be empty. */
    QString subject;
    /**
     * A finding about several things at once (one cause, report/CauseGrouping.h): each of them, in the order found;
     * empty for a finding about one thing (subject).
     */
    QStringList subjects;
    /**
     * The cause the finding names, in a sentence that does not name its subject ("A new program gets these from
     * /usr/lib, not from /usr/local/cuda-12.8."): findings of a code the registry groups by cause that share it, their
     * fix and their action are one finding, with this as its message. Empty: the finding stands alone. Not in the
     * report: the grouped finding's message is.
     */
    QString cause;
    /** What a face can offer to do about it; None when the fix sentence is all there is. */
    FixAction action;

    /** A finding of code with the severity the registry of diagnoses gives it (report/DiagnosisRegistry.h). */
    static Diagnostic of(const QString& code, const QString& message, const QString& fix = {});
    /** A finding of a code whose registry row lets its severity vary (its "also" and "when"), at that severity. */
    static Diagnostic of(Severity severity, const QString& code, const QString& message, const QString& fix = {});
    Diagnostic& about(const QString& what);
    Diagnostic& because(const QString& causeSentence);
    /** What the finding is about: its subjects, else its subject, else nothing. */
    QStringList affected() const;
    /** An action the code's registry row lists (or none). */
    Diagnostic& offering(const FixAction& what);
    Diagnostic& offering(FixAction::Kind kind, const QString& argument = {});

    QJsonObject toJson() const;
    static Diagnostic fromJson(const QJsonObject& json);
    bool operator==(const Diagnostic& other) const;
};

using Diagnostics = QList<Diagnostic>;

/** A fix sentence followed by a face's words for its action, as one line; either may be empty. */
QString fixWithAction(const QString& sentence, const QString& actionWords);
/** {"kind": "choose-toolkit", "argument"?: "..."}: how the report writes an action. */
QJsonObject actionToJson(const FixAction& action);
FixAction actionFromJson(const QJsonObject& json);

/** The worst severity in the list, or Info for an empty list. */
Severity worstSeverity(const Diagnostics& diagnostics);
bool containsCode(const Diagnostics& diagnostics, const QString& code);
QJsonArray diagnosticsToJson(const Diagnostics& diagnostics);
