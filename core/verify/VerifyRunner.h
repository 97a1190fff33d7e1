#pragma once

#include "VerifyResult.h"
#include "host/HostEnvironment.h"
#include "host/PathTrust.h"
#include "host/ProcessRunner.h"

#include <QCoreApplication>
#include <optional>

/**
 * Runs `cudnn-probe verify` against one toolkit (or whatever a new program would load, when none is named) and
 * reads its report. The probe gets the search path of the host described (PATH, LD_LIBRARY_PATH: what a new login
 * has) with the toolkit's library folders first, loads the toolkit's main cuDNN library by path and every
 * sub-library by bare name, and compares the versions with the toolkit's cudnn_version.h.
 *
 *   VerifyRunner runner(host, processRunner);
 *   const VerifyResult result = runner.run({toolkitRoot});
 *   if (!result.passed()) ... result.diagnostics
 */
class VerifyRunner
{
    Q_DECLARE_TR_FUNCTIONS(VerifyRunner)

public:
    static constexpr int MaxCheckedLibraryEntries = 20000;

    struct Options
    {
        QString toolkitRoot; // empty: load by bare name, as a new program would
        int timeoutMs = 90000; // the probe's own watchdog gets 5 s less
        /**
         * PATH and LD_LIBRARY_PATH a new login of the user gets (the engine models it); when set, and a toolkit is
         * named, a second fresh probe started with exactly these loads the main library by bare name and the
         * result says which file the loader chose (VerifyResult::newProgram).
         */
        std::optional<QMap<QString, QString>> newLogin{};
        /**
         * cudnn-setup was asked to make the install the copy new programs get (a user or machine search path): a
         * new login getting another copy is an error. False where the search path was left as it was, as asked:
         * then it is a warning that says who gets which copy, and the verdict rests on the by-path check.
         */
        bool newProgramsMustGetIt = true;
    };

    VerifyRunner(const HostEnvironment& host, const ProcessRunner& runner);
    VerifyResult run(const Options& options) const;
    /**
     * Where a privileged probe would load a toolkit's libraries from a folder another user can change (the trust
     * rule, docs/elevation.md), that folder and why; nothing when it may load them.
     */
    static std::optional<TrustVerdict> untrustedLibraries(OsFlavor os, const QString& toolkitRoot);

    /** The probe's arguments: the toolkit's main cuDNN libraries by path (newest major first) and its header. */
    QStringList probeArguments(const Options& options) const;
    /** PATH and LD_LIBRARY_PATH for the probe: the host's, with the toolkit's existing library folders first. */
    QMap<QString, QString> probeEnvironment(const Options& options) const;

    /** Which file a new program gets for library (a bare name); expected is the installed copy. */
    NewProgramLoad observeNewProgram(const QString& library, const QString& expected, const Options& options) const;

private:
    const HostEnvironment& m_host;
    const ProcessRunner& m_runner;
};
