#pragma once

#include <QString>
#include <QStringList>

/** What the person asked for on the command line, parsed but not yet acted on. */
struct Invocation
{
    enum class Mode {
        Wizard, // no arguments: the double-click path
        Repair, // --repair
        Detect, // --detect
        Explain, // --explain: what causes the error a program printed, on this machine
        Install, // --package (the wizard on that package without --silent), or --silent --fetch
        Uninstall, // --silent --uninstall
        Help,
        Version,
    };
    Mode mode = Mode::Wizard;
    bool silent = false;
    bool json = false;
    bool dryRun = false;
    bool force = false;
    QStringList cudaRoots;
    QStringList pythonEnvironments; // --python-env, repeatable
    QString package;
    bool fetch = false; // --fetch: download the right archive (docs/fetch.md)
    QString mirror; // --mirror URL: a redist tree with NVIDIA's layout
    QString manifest; // --manifest URL: one redistrib_<version>.json
    QString cacheDir; // --cache DIR: where downloads are kept
    QString reportFile;
    QString logFile;
    QString deployTo;
    QString pathScope = QStringLiteral("user"); // user | machine | none
    bool benchmark = true;
    bool verify = true;
    QString language; // en | zh_CN; empty = the system locale
    QString packageSha256; // --package-sha256: refuse (exit 3) any other archive than the one with this SHA-256
    QString progressFile; // --progress-file: append one JSON progress line per update (docs/elevation.md)
    QString elevationToken; // --elevation-token: this is the elevated copy of a wizard; write it into the report
    QString forMachine; // --for-machine FILE: judge the package for the machine that file describes (--detect --json)
    QString forMachines; // --for-machines DIR: the same for every *.json in DIR
    QStringList explainText; // --explain's words: the text itself ("-": read standard input)
    QString explainFrom; // --from FILE ("-": standard input)
    bool explainRepair = false; // --explain --repair: apply the safe fixes of the causes found

    /** --for-machine or --for-machines: nothing of this machine is detected. */
    bool judgesOtherMachines() const { return !forMachine.isEmpty() || !forMachines.isEmpty(); }
    /**
     * Without --silent a person is there to be asked: the wizard opens (on the repair page for --repair, on the
     * package given by --package). A dry run changes nothing and stays in the terminal.
     */
    bool opensWizard() const
    {
        return !silent
            && (mode == Mode::Wizard || mode == Mode::Repair
                || (mode == Mode::Install && !package.isEmpty() && !dryRun && !judgesOtherMachines()));
    }

    QString error; // set when the command line is wrong
};

/** Parses arguments (argv without the program name is not required: pass QCoreApplication::arguments()). */
Invocation parseCommandLine(const QStringList& arguments);
/** The help text, in the language installed when it is called. */
QString commandLineHelp();
/** The --lang value among the arguments, found even when they do not parse (for wording their error). */
QString requestedLanguage(const QStringList& arguments);
/** "cudnn-setup: ERROR" and where to find help, worded for the person (the language installed now). */
QString usageErrorText(const QString& error);
