#include "FrameworkSummary.h"

#include "DisplayWidth.h"
#include "RemedyText.h"

#include <QCoreApplication>
#include <QDir>

namespace {
struct FrameworkWords
{
    Q_DECLARE_TR_FUNCTIONS(FrameworkSummary)
};

QString fitsWord(const std::optional<bool>& fits)
{
    if (!fits)
        return FrameworkWords::tr("not known");
    return *fits ? FrameworkWords::tr("fits") : FrameworkWords::tr("does not fit");
}
} // namespace

QString frameworkLines(const FrameworkVerdicts& verdicts)
{
    QString text;
    const QString label = FrameworkWords::tr("Framework");
    for (const FrameworkVerdict& verdict : verdicts) {
        const QString cudnn = verdict.loads && verdict.loads->version
            ? FrameworkWords::tr("cuDNN %1 (%2)").arg(verdict.loads->version->toString(), verdict.loads->origin)
            : FrameworkWords::tr("no cuDNN");
        text += DisplayWidth::padded(label, std::max(8, DisplayWidth::of(label) + 2))
            + FrameworkWords::tr("%1 %2 in %3 (%4): %5, %6")
                  .arg(verdict.subject.distribution,
                       verdict.subject.version,
                       QDir::toNativeSeparators(verdict.subject.environment),
                       verdict.subject.environmentKind,
                       cudnn,
                       fitsWord(verdict.fits))
            + QLatin1Char('\n');
        for (const Diagnostic& finding : verdict.findings) {
            if (finding.severity == Severity::Info && verdict.fits.value_or(true))
                continue;
            text += QStringLiteral("          %1  %2\n").arg(finding.code, finding.message);
            if (const QString fix = RemedyText::fix(finding); !fix.isEmpty())
                text += QStringLiteral("          ") + FrameworkWords::tr("fix: %1").arg(fix) + QLatin1Char('\n');
        }
    }
    return text;
}
