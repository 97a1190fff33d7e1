#pragma once

#include "common/OsFlavor.h"
#include "env/PathScope.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

/**
 * Exactly the privileged part of an install, as a complete silent command line for an elevated copy of the same
 * executable: the merge into the toolkit and, with machine scope, the machine search path. Everything else (the
 * verdict, the plan, the user's own search path, verification, the benchmark) stays with the unelevated process.
 * The elevated copy treats every field as untrusted input (validate()).
 */
struct ElevationRequest
{
    Q_DECLARE_TR_FUNCTIONS(ElevationRequest)

public:
    QString package; // the archive, canonical
    QString packageSha256; // what the unelevated process showed; the copy refuses another file (exit 3)
    QString cudaRoot; // the toolkit, canonical
    PathScope pathScope = PathScope::None; // Machine or None: never the user's scope
    bool force = false;
    QString language; // en | zh_CN: the progress phases in the face's language

    // The run's private files, in a folder the unelevated process made (ElevationSession) and the elevated copy
    // creates fresh (ElevatedChannel); empty for a command to paste.
    QString reportFile;
    QString logFile;
    QString progressFile;
    QString token; // written into the report; the unelevated process refuses a report without it

    /** The privileged part of an install with this scope: user scope stays behind (None), machine goes along. */
    static PathScope elevatedScope(PathScope requested);

    /** `--silent --package ... --no-verify --no-benchmark`, in a fixed order, every option explicit. */
    QStringList arguments() const;
    /**
     * What the elevated copy checks before anything else, in the reader's language; empty when every path is
     * absolute and canonical, the package a plain file, the toolkit a folder, the scope not the user's, and the
     * run's files new names in canonical folders (ElevatedChannel then creates them, or refuses).
     */
    QString validate() const;
};

/** A program and its arguments as one line a person pastes into a terminal (POSIX sh) or cmd (Windows rules). */
QString commandLineText(OsFlavor os, const QString& program, const QStringList& arguments);
/** The rules of CommandLineToArgvW, for ShellExecuteExW's parameters. */
QString windowsQuoted(const QString& argument);

/**
 * The privileged step as a person runs it by hand (no private files, no token): `sudo <program> ...` on Linux, the
 * plain command line for an administrator prompt on Windows. The same for the silent exit 4 and the wizard's
 * fallback when nothing can ask for rights.
 */
QString pasteCommand(OsFlavor os, const QString& program, ElevationRequest request);
