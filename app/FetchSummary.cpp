#include "FetchSummary.h"

#include "RemedyText.h"

void FetchSummary::print(const FetchOutcome& fetched, QTextStream& out, QTextStream& err)
{
    for (const Diagnostic& why : fetched.problems)
        err << QStringLiteral("cudnn-setup: %1\n  %2\n").arg(why.message, RemedyText::fix(why));
    if (!fetched.problems.isEmpty()) {
        err.flush();
        return;
    }
    err << tr("Reading the cuDNN manifests at %1\n").arg(FetchSource::display(fetched.options.source.root));
    for (const Diagnostic& d : fetched.planning.index.diagnostics)
        err << QStringLiteral("  %1 %2: %3\n").arg(severityName(d.severity), d.code, d.message);
    err.flush();
    if (!fetched.planning.index.empty())
        out << fetched.planning.plan.explanation();
    out.flush();
    if (!fetched.planned())
        return;

    if (fetched.dryRun) {
        if (!fetched.archive.isEmpty())
            out << tr("Already in the cache, verified: %1\n").arg(fetched.archive);
        else
            out << tr("Would download %1 MiB into %2 (nothing was downloaded).\n")
                       .arg(double(fetched.planning.plan.chosen()->size) / (1024.0 * 1024.0), 0, 'f', 1)
                       .arg(fetched.cachedPath());
    } else if (!fetched.download->ok()) {
        for (const Diagnostic& d : fetched.download->diagnostics) {
            if (d.severity != Severity::Info)
                out << QStringLiteral("  %1 %2: %3\n    %4\n")
                           .arg(severityName(d.severity), d.code, d.message, RemedyText::fix(d));
        }
    } else {
        out << (fetched.download->status == DownloadResult::Status::CacheHit
                    ? tr("Using the cached %1 (SHA-256 verified).\n")
                    : tr("Downloaded and verified %1.\n"))
                   .arg(fetched.download->file);
    }
    out.flush();
}
