#pragma once

#include "CommandLine.h"
#include "engine/ExitCode.h"
#include "fetch/FetchService.h"

#include <QCoreApplication>
#include <QTextStream>
#include <optional>

class ProgressSink;
class Report;
struct SystemSnapshot;

/**
 * `--silent --fetch`: reads the manifests of NVIDIA's redist root (or --mirror / --manifest), chooses the archive
 * with the package rules, and downloads it into the cache (or finds it there, verified). The archive it returns
 * goes on to the install exactly as `--package FILE` would. A dry run says what it would fetch and why and
 * downloads nothing (an archive already in the cache, verified, is still handed on so the plan can be shown).
 * When it returns no archive it has printed why and written the report; exitCode() is what to exit with.
 */
class FetchCommand
{
    Q_DECLARE_TR_FUNCTIONS(FetchCommand)

public:
    FetchCommand(QTextStream& out, QTextStream& err);

    std::optional<QString> run(const Invocation& invocation, const SystemSnapshot& system, ProgressSink* progress);
    ExitCode exitCode() const { return m_exitCode; }
    /** The "fetch" section and the fetch diagnostics, for the install's report; nothing if run() was not called. */
    void addToReport(Report& report) const;

    /** The options an invocation asks for; nullopt (and why) for a mirror that is not a usable address. */
    static std::optional<FetchOptions> optionsFor(const Invocation& invocation, Diagnostic* why);
    /** The exit code for a planning that chose nothing. */
    static ExitCode exitCodeFor(const FetchPlanning& planning);

private:
    std::optional<QString> stop(ExitCode code, const Invocation& invocation);

    QTextStream& m_out;
    QTextStream& m_err;
    ExitCode m_exitCode = ExitCode::Ok;
    bool m_ran = false;
    FetchPlanning m_planning;
    std::optional<DownloadResult> m_download;
    Diagnostics m_extra; // a usage problem before any planning
};
