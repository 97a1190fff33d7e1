#include "PackageSummary.h"

#include "DetectSummary.h"
#include "DisplayWidth.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>

namespace {
struct PackageWords
{
    Q_DECLARE_TR_FUNCTIONS(PackageSummary)
};
} // namespace

/** "Package  ...": the labels padded by display width to the widest of them, so the facts line up. */
static QString labelled(const QString& label, const QString& fact)
{
    const int width = std::max({DisplayWidth::of(PackageWords::tr("Package")),
                                DisplayWidth::of(PackageWords::tr("Toolkit")),
                                DisplayWidth::of(PackageWords::tr("Verdict"))});
    return DisplayWidth::padded(label, width + 2) + fact + QLatin1Char('\n');
}

static QString describe(const PackageInspection& p)
{
    QStringList facts;
    facts << (p.cudnnVersion ? QStringLiteral("cuDNN %1").arg(p.cudnnVersion->toString()) : QStringLiteral("cuDNN ?"));
    if (const auto major = p.cudaMajor())
        facts
            << PackageWords::tr("for CUDA %1").arg(p.cudaVersion ? p.cudaVersion->toString() : QString::number(*major));
    if (p.platform)
        facts << osFlavorName(*p.platform);
    return QStringLiteral("%1 (%2)").arg(QFileInfo(p.file).fileName(), facts.join(QStringLiteral(", ")));
}

QString packageSummary(const PackageChoice& choice, const InstallPlan* plan, OsFlavor os)
{
    QString text;
    if (const PackageCandidate* chosen = choice.chosen()) {
        const PackageVerdict* verdict = choice.chosenVerdict();
        text += labelled(PackageWords::tr("Package"), describe(chosen->inspection));
        text += labelled(PackageWords::tr("Toolkit"), displayPath(os, choice.toolkitRoot));
        if (verdict) {
            text += labelled(PackageWords::tr("Verdict"),
                             PackageVerdict::levelName(verdict->level)
                                 + (verdict->forced ? QLatin1Char(' ') + PackageWords::tr("(forced)") : QString()));
            text += diagnosticsText(diagnosticsOf(verdict->reasons));
        }
    }
    for (const PackageCandidate& candidate : choice.candidates) {
        if (!candidate.chosen)
            text += PackageWords::tr("Not chosen  %1: %2").arg(describe(candidate.inspection), candidate.whyNot)
                + QLatin1Char('\n');
    }
    if (!choice.findings.isEmpty())
        text += QStringLiteral("\n") + diagnosticsText(diagnosticsOf(choice.findings));
    if (plan) {
        text += QLatin1Char('\n') + PackageWords::tr("Plan (nothing was changed):") + QLatin1Char('\n');
        for (const InstallItem& item : plan->items) {
            const QString what
                = item.kind == InstallItem::Kind::Symlink ? QStringLiteral(" -> %1").arg(item.linkTarget) : QString();
            text += QStringLiteral("  %1  %2%3\n")
                        .arg(InstallItem::actionName(item.action).leftJustified(9),
                             displayPath(os, item.destination),
                             what);
        }
        text += PackageWords::tr("Files and links: %1, %2 MiB to write.")
                    .arg(plan->items.size())
                    .arg(double(plan->bytesToWrite) / (1024.0 * 1024.0), 0, 'f', 1)
            + QLatin1Char('\n');
        if (!plan->findings.isEmpty())
            text += diagnosticsText(diagnosticsOf(plan->findings));
    }
    return text;
}
