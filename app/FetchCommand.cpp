#include "FetchCommand.h"

#include "RemedyText.h"

FetchCommand::FetchCommand(const Engine& engine, QTextStream& out, QTextStream& err)
    : m_engine(engine)
    , m_out(out)
    , m_err(err)
{
}

FetchOutcome FetchCommand::run(const Invocation& invocation, const SystemSnapshot& system, ProgressSink* progress)
{
    FetchRequest request;
    request.mirror = invocation.mirror;
    request.manifest = invocation.manifest;
    request.cacheFolder = invocation.cacheDir;
    if (!invocation.cudaRoots.isEmpty())
        request.cudaRoot = invocation.cudaRoots.first();
    request.force = invocation.force;
    request.dryRun = invocation.dryRun;
    FetchOutcome planned = m_engine.planFetch(request, system);
    for (const Diagnostic& why : planned.problems)
        m_err << QStringLiteral("cudnn-setup: %1\n  %2\n").arg(why.message, RemedyText::fix(why));
    if (!planned.problems.isEmpty()) {
        m_err.flush();
        return planned;
    }
    m_err << tr("Reading the cuDNN manifests at %1\n").arg(FetchSource::display(planned.options.source.root));
    for (const Diagnostic& d : planned.planning.index.diagnostics)
        m_err << QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message);
    m_err.flush();
    if (!planned.planning.index.empty())
        m_out << planned.planning.plan.explanation();
    m_out.flush();
    if (!planned.planned())
        return planned;

    const FetchOutcome fetched = m_engine.fetch(planned, progress);
    if (fetched.dryRun) {
        if (!fetched.archive.isEmpty())
            m_out << tr("Already in the cache, verified: %1\n").arg(fetched.archive);
        else
            m_out << tr("Would download %1 MiB into %2 (nothing was downloaded).\n")
                         .arg(double(fetched.planning.plan.chosen()->size) / (1024.0 * 1024.0), 0, 'f', 1)
                         .arg(fetched.cachedPath());
    } else if (!fetched.download->ok()) {
        for (const Diagnostic& d : fetched.download->diagnostics) {
            if (d.severity != Severity::Info)
                m_out << QStringLiteral("  %1 %2: %3\n    %4\n")
                             .arg(severityName(d.severity), d.code, d.message, RemedyText::fix(d));
        }
    } else {
        m_out << (fetched.download->status == DownloadResult::Status::CacheHit
                      ? tr("Using the cached %1 (SHA-256 verified).\n")
                      : tr("Downloaded and verified %1.\n"))
                     .arg(fetched.download->file);
    }
    m_out.flush();
    return fetched;
}
