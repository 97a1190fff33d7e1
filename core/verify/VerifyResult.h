#pragma once

#include "report/Diagnostic.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

/** One library the probe handed to the loader during verification (docs/probe.md, `verify.libraries[]`). */
struct VerifiedLibrary
{
    QString name; // "libcudnn_ops.so.9", "cudnn_cnn64_9.dll", or the path given for the main library
    bool isMain = false;
    bool loaded = false;
    QString path; // the file that loaded (or where the loader looked, when it failed)
    QString foundVia; // "loader", "RUNPATH", "LD_LIBRARY_PATH", "already loaded", ...
    QString version; // "9.19.0.56" (PE file version) / "9.19.0" or "9" (Linux file name); "" unknown
    QString error; // the loader's own words
};

/**
 * What a new program gets: a fresh cudnn-probe started with the environment a new login of the user has (nothing
 * added by cudnn-setup) loads the main library by bare name, and the loader says which file it chose.
 */
struct NewProgramLoad
{
    bool ran = false; // false: not observed (no toolkit named, or the probe did not report)
    QString library; // "libcudnn.so.9", "cudnn64_9.dll"
    QString expected; // the installed copy: the toolkit's file of that name
    QString loaded; // the file the loader chose; empty when nothing loaded
    QString version; // what the loaded copy says it is ("9.14.0"); empty when unknown
    QString error; // the loader's words when nothing loaded
    QString ldLibraryPath; // the search variable the probe ran with (LD_LIBRARY_PATH; PATH on Windows)
    /** The file chosen is the installed copy (the same file, whatever name leads to it). */
    bool matches() const;
    QJsonObject toJson() const;
};

/**
 * What really loads, as `cudnn-probe verify` found it in a fresh process: every library with its file and
 * version, the versions cuDNN and its header report, and each finding as a Diagnostic with a fix (docs/verify.md).
 */
struct VerifyResult
{
    Q_DECLARE_TR_FUNCTIONS(VerifyResult)

public:
    bool ran = false; // false: the probe could not run (diagnostics say why)
    int major = 0;
    std::optional<qint64> version; // cudnnGetVersion(): 91900
    QString versionText; // "9.19.0"
    std::optional<qint64> cudartVersion; // cudnnGetCudartVersion(): 13010
    QString cudartVersionText; // "13.1"
    QString headerPath;
    std::optional<qint64> headerVersion;
    QString headerVersionText;
    QList<VerifiedLibrary> libraries; // the main library first
    Diagnostics diagnostics; // every finding; one VERIFY-OK info when there is none
    QJsonObject probeJson; // the probe's whole report, for the saved report
    NewProgramLoad newProgram; // observed after the by-path check (VerifyRunner::Options::newLogin)

    /**
     * Adds what a new program was seen to load: VERIFY-NEW-PROGRAM-OTHER-COPY when it is not the installed copy,
     * with the copy that wins and the fix (an error when `mustBeInstalledCopy`, else a warning: the search path was
     * left as asked); VERIFY-OK's sentence says so when it is.
     */
    void observe(const NewProgramLoad& load, bool mustBeInstalledCopy = true);

    /** The probe ran and found nothing worse than a warning. */
    bool passed() const;
    const VerifiedLibrary* mainLibrary() const;

    static VerifyResult fromProbeJson(const QJsonObject& json);
    /** A result for a probe that never reported: code VERIFY-PROBE-FAILED or VERIFY-TIMEOUT. */
    static VerifyResult notRun(const QString& code, const QString& reason);
    /** The translated diagnostic for one probe finding {code, subject, detail}. */
    static Diagnostic diagnosticFor(const QString& code, const QString& subject, const QString& detail);
    /** The "verify" section of the report: {passed, version..., libraries[], diagnostics[], probe}. */
    QJsonObject toJson() const;
};
