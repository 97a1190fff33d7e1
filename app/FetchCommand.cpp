#include "FetchCommand.h"

#include "RemedyText.h"
#include "fetch/ArchiveCache.h"
#include "fetch/FetchCode.h"
#include "report/Report.h"

#include <QFileInfo>

FetchCommand::FetchCommand(QTextStream& out, QTextStream& err)
    : m_out(out)
    , m_err(err)
{
}

std::optional<FetchOptions> FetchCommand::optionsFor(const Invocation& invocation, Diagnostic* why)
{
    FetchOptions options;
    options.cacheFolder = invocation.cacheDir;
    if (!invocation.manifest.isEmpty()) {
        const auto source = FetchSource::fromManifest(invocation.manifest, why);
        if (!source)
            return std::nullopt;
        options.source = *source;
    } else if (!invocation.mirror.isEmpty()) {
        const auto source = FetchSource::fromMirror(invocation.mirror, why);
        if (!source)
            return std::nullopt;
        options.source = *source;
    }
    return options;
}

ExitCode FetchCommand::exitCodeFor(const FetchPlanning& planning)
{
    if (planning.ok())
        return ExitCode::Ok;
    if (planning.index.empty()) {
        // Nothing to read at all: an address with nothing there is "nothing found"; a network that failed is not.
        for (const Diagnostic& d : planning.index.diagnostics) {
            if (d.code == FetchCode::NoNetwork || d.code == FetchCode::HttpError || d.code == FetchCode::Canceled)
                return ExitCode::DownloadFailed;
        }
        return ExitCode::NothingFound;
    }
    return exitCodeForChoice(planning.plan.choice);
}

std::optional<QString>
FetchCommand::run(const Invocation& invocation, const SystemSnapshot& system, ProgressSink* progress)
{
    m_ran = true;
    Diagnostic why;
    const auto options = optionsFor(invocation, &why);
    if (!options) {
        m_extra.append(why);
        m_err << QStringLiteral("cudnn-setup: %1\n  %2\n").arg(why.message, RemedyText::fix(why));
        return stop(ExitCode::UsageError, invocation);
    }
    const std::optional<QString> cudaRoot
        = invocation.cudaRoots.isEmpty() ? std::nullopt : std::optional<QString>(invocation.cudaRoots.first());

    m_err << tr("Reading the cuDNN manifests at %1\n").arg(FetchSource::display(options->source.root));
    m_err.flush();
    m_planning = FetchService::plan(*options, system, cudaRoot, invocation.force);
    for (const Diagnostic& d : m_planning.index.diagnostics)
        m_err << QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message);
    if (!m_planning.index.empty())
        m_out << m_planning.plan.explanation();
    m_out.flush();
    if (!m_planning.ok())
        return stop(exitCodeFor(m_planning), invocation);

    const RedistArchive& archive = *m_planning.plan.chosen();
    const QString cached = ArchiveCache(options->cacheFolder).pathFor(archive);
    if (invocation.dryRun) {
        // Nothing is downloaded; a verified copy already in the cache is handed on so the dry run can plan with it.
        QByteArray hex;
        qint64 size = 0;
        NetworkSession session;
        if (QFileInfo(cached).isFile()
            && Downloader(session).hashFile(cached, tr("Checking the cached archive"), archive.size, &hex, &size)
            && size == archive.size && QString::fromLatin1(hex) == archive.sha256) {
            m_out << tr("Already in the cache, verified: %1\n").arg(cached);
            return cached;
        }
        m_out << tr("Would download %1 MiB into %2 (nothing was downloaded).\n")
                     .arg(double(archive.size) / (1024.0 * 1024.0), 0, 'f', 1)
                     .arg(cached);
        return stop(ExitCode::Ok, invocation);
    }

    m_download = FetchService::download(*options, archive, progress);
    if (!m_download->ok()) {
        for (const Diagnostic& d : m_download->diagnostics) {
            if (d.severity != Severity::Info)
                m_out << QStringLiteral("  %1 %2: %3\n    %4\n")
                             .arg(severityName(d.severity), d.code, d.message, RemedyText::fix(d));
        }
        m_out.flush();
        return stop(ExitCode::DownloadFailed, invocation);
    }
    m_out << (m_download->status == DownloadResult::Status::CacheHit ? tr("Using the cached %1 (SHA-256 verified).\n")
                                                                     : tr("Downloaded and verified %1.\n"))
                 .arg(m_download->file);
    m_out.flush();
    return m_download->file;
}

std::optional<QString> FetchCommand::stop(ExitCode code, const Invocation& invocation)
{
    m_exitCode = code;
    Report report(invocation.dryRun ? QStringLiteral("dry-run") : QStringLiteral("install"));
    report.setStatus(code == ExitCode::Ok ? QStringLiteral("planned") : exitCodeName(code));
    addToReport(report);
    if (!invocation.reportFile.isEmpty()) {
        QString error;
        if (!report.writeTo(invocation.reportFile, &error)) {
            m_err << tr("cudnn-setup: cannot write the report to %1: %2\n").arg(invocation.reportFile, error);
            m_exitCode = ExitCode::Failed;
        }
    }
    m_err.flush();
    return std::nullopt;
}

void FetchCommand::addToReport(Report& report) const
{
    if (!m_ran)
        return;
    report.setSection(QStringLiteral("fetch"), FetchService::toJson(m_planning, m_download ? &*m_download : nullptr));
    report.addDiagnostics(m_extra);
    report.addDiagnostics(m_planning.diagnostics());
    if (m_download)
        report.addDiagnostics(m_download->diagnostics);
}
