#include "PackageSummary.h"

#include "DetectSummary.h"

#include <QFileInfo>

static QString describe(const PackageInspection& p)
{
    QStringList facts;
    facts << (p.cudnnVersion ? QStringLiteral("cuDNN %1").arg(p.cudnnVersion->toString()) : QStringLiteral("cuDNN ?"));
    if (const auto major = p.cudaMajor())
        facts << QStringLiteral("for CUDA %1").arg(p.cudaVersion ? p.cudaVersion->toString() : QString::number(*major));
    if (p.platform)
        facts << osFlavorName(*p.platform);
    return QStringLiteral("%1 (%2)").arg(QFileInfo(p.file).fileName(), facts.join(QStringLiteral(", ")));
}

QString packageSummary(const PackageChoice& choice, const InstallPlan* plan, OsFlavor os)
{
    QString text;
    if (const PackageCandidate* chosen = choice.chosen()) {
        const PackageVerdict* verdict = choice.chosenVerdict();
        text += QStringLiteral("Package  %1\n").arg(describe(chosen->inspection));
        text += QStringLiteral("Toolkit  %1\n").arg(displayPath(os, choice.toolkitRoot));
        if (verdict) {
            text += QStringLiteral("Verdict  %1%2\n")
                        .arg(PackageVerdict::levelName(verdict->level),
                             verdict->forced ? QStringLiteral(" (forced)") : QString());
            text += diagnosticsText(diagnosticsOf(verdict->reasons));
        }
    }
    for (const PackageCandidate& candidate : choice.candidates) {
        if (!candidate.chosen)
            text += QStringLiteral("Not chosen  %1: %2\n").arg(describe(candidate.inspection), candidate.whyNot);
    }
    if (!choice.findings.isEmpty())
        text += QStringLiteral("\n") + diagnosticsText(diagnosticsOf(choice.findings));
    if (plan) {
        text += QStringLiteral("\nPlan (nothing was changed):\n");
        for (const InstallItem& item : plan->items) {
            const QString what
                = item.kind == InstallItem::Kind::Symlink ? QStringLiteral(" -> %1").arg(item.linkTarget) : QString();
            text += QStringLiteral("  %1  %2%3\n")
                        .arg(InstallItem::actionName(item.action).leftJustified(9),
                             displayPath(os, item.destination),
                             what);
        }
        text += QStringLiteral("%1 files and links, %2 MiB to write.\n")
                    .arg(plan->items.size())
                    .arg(double(plan->bytesToWrite) / (1024.0 * 1024.0), 0, 'f', 1);
        if (!plan->findings.isEmpty())
            text += diagnosticsText(diagnosticsOf(plan->findings));
    }
    return text;
}
