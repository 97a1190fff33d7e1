#pragma once

#include "explain/Explanation.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

struct CudnnFileSet;
struct CudnnInstall;
struct EnvironmentLocations;
struct FrameworkVerdict;
struct RepairScan;
struct SystemSnapshot;
class MessageTable;

/** What the cause finder looks at: the machine as detected, where its loader searches, and what a repair would fix. */
struct ExplainMachine
{
    const SystemSnapshot& system;
    const EnvironmentLocations& locations;
    const RepairScan* repairs = nullptr; // null: nothing is said to be repairable
};

/**
 * Names the cause, on this machine, of each message recognised in a program's error text: which file is missing or
 * which copy wins for that program and why, which versions disagree, what the driver or the GPU lacks. It judges for
 * every Python environment holding the framework that prints the message (those the text names first), else for a
 * program started in this terminal, with this process's search path; where a new login would find something else it
 * says so. Read-only: it lists folders and reads file headers, never loads a library or runs a program.
 */
class CauseFinder
{
    Q_DECLARE_TR_FUNCTIONS(CauseFinder)

public:
    CauseFinder(const ExplainMachine& machine, const MessageTable& table);

    Explanation explain(const QString& text) const;
    /** The same, for the messages already recognised in text (MessageReader::recognise). */
    Explanation explain(const QString& text, const QList<RecognisedMessage>& messages) const;

    /** Who would print a message: one Python environment with its framework, or a program of this terminal. */
    struct Context
    {
        QString environment; // empty: a program started in this terminal
        const FrameworkVerdict* verdict = nullptr;
        QString package;
        QStringList ownFolders; // searched before the search path: the framework's own copy (RPATH, torch\lib)
        bool namedInText = false; // the text holds a path inside this environment
        QString program; // Windows: the .exe the text names, whose own folder the loader searches first
    };

private:
    QList<Context>
    contextsFor(const RecognisedMessage& message, const QList<RecognisedMessage>& all, const QString& text) const;
    void judge(const RecognisedMessage& message, const Context& context, Explanation& out) const;

    void libraryNotLoaded(const RecognisedMessage& message, const Context& context, Explanation& out) const;
    /** names: the libraries asked for; allNeeded: every one must load (cuDNN's set), not any one of them. */
    void libraryNotLoaded(const RecognisedMessage& message,
                          const Context& context,
                          const QStringList& names,
                          bool allNeeded,
                          Explanation& out) const;
    /** A status that names no library (CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED): judged on the set the program gets. */
    void cudnnSetNotLoaded(const RecognisedMessage& message, const Context& context, Explanation& out) const;
    /** A cuDNN library the program gets that needs missing (zlibwapi.dll of cuDNN 8.3-9.1): it, its path and the
     *  needer; false when none of them needs it. */
    bool neededByCudnn(const RecognisedMessage& message,
                       const Context& context,
                       const QString& missing,
                       Explanation& out) const;
    void symbolMissing(const RecognisedMessage& message, const Context& context, Explanation& out) const;
    void olderThanCompiled(const RecognisedMessage& message, const Context& context, Explanation& out) const;
    void partsDisagree(const RecognisedMessage& message, const Context& context, Explanation& out) const;
    void notInitialized(const RecognisedMessage& message, const Context& context, Explanation& out) const;
    void gpuNotInBuild(const RecognisedMessage& message, const Context& context, Explanation& out) const;
    void driverTooOld(const RecognisedMessage& message, const Context& context, Explanation& out) const;
    void noDriver(const RecognisedMessage& message, const Context& context, Explanation& out) const;
    void notASymbolicLink(const RecognisedMessage& message, Explanation& out) const;
    void headersNotFound(const RecognisedMessage& message, Explanation& out) const;
    void notASetupProblem(const RecognisedMessage& message, Explanation& out) const;

    /** needer (found at path, for a program that asked for asked) needs missing, which the loader finds nowhere. */
    ExplainCause missingDependency(const RecognisedMessage& message,
                                   const Context& context,
                                   const QString& asked,
                                   const QString& path,
                                   const QString& needer,
                                   const QString& missing) const;
    /** The fix for a missing zlib (libz.so.1, zlibwapi.dll); false for any other library. */
    static bool zlibFix(const QString& name, CauseFix& fix);
    /** A cause from one of detection's findings (a copy's problem, a framework verdict): its code, words and fix. */
    ExplainCause fromFinding(const Diagnostic& finding, const RecognisedMessage& message, const Context& context) const;
    ExplainCause cause(const QString& code,
                       const QString& message,
                       const RecognisedMessage& recognised,
                       const Context& context) const;
    /** Where the machine holds a file of that name, outside the folders the program searched. */
    QList<QPair<QString, const CudnnInstall*>> copiesNamed(const QString& name) const;
    QString describeCopy(const CudnnInstall& copy) const;
    QString who(const Context& context) const;
    /** The existing Windows program (.exe) a pasted command line or log names, or empty. */
    QString programNamedIn(const QString& text) const;
    /** The cuDNN file sets a message is judged against: the major it names first, then each major on the machine. */
    QList<CudnnFileSet> fileSetsToJudge(const RecognisedMessage& message) const;
    /** System32 or the Windows folder: searched before every Path folder, whatever Path says. */
    bool isWindowsSystemFolder(const QString& folder) const;
    /** Says why a copy in a system folder comes first and fixes it by moving its cuDNN DLLs aside (Path cannot). */
    void moveOutOfSystemFolder(ExplainCause& found, const QString& folder, const QString& instead) const;
    /** The cause's repair flag and the order: most likely first. */
    void settle(Explanation& out) const;

    const ExplainMachine& m_machine;
    const MessageTable& m_table;
};
