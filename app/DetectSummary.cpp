#include "DetectSummary.h"

#include "DisplayWidth.h"
#include "FindingText.h"
#include "FrameworkSummary.h"
#include "RemedyText.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>

namespace {
struct DetectWords
{
    Q_DECLARE_TR_FUNCTIONS(DetectSummary)
};
} // namespace

/** A line's label, padded by display width so the facts line up in Chinese too. */
static QString label(const QString& text)
{
    return DisplayWidth::padded(text, std::max(8, DisplayWidth::of(text) + 2));
}

static QString gigabytes(qint64 bytes)
{
    return QStringLiteral("%1 GiB").arg(double(bytes) / (1024.0 * 1024.0 * 1024.0), 0, 'f', 1);
}

static QString driverLine(const SystemSnapshot& s)
{
    if (!s.driver.found)
        return s.driver.error.isEmpty() ? DetectWords::tr("not found")
                                        : DetectWords::tr("not found (%1)").arg(s.driver.error);
    QString line = s.driver.version ? s.driver.version->toString() : DetectWords::tr("version unknown");
    if (s.driver.newestCuda)
        line += DetectWords::tr(", supports CUDA up to %1").arg(s.driver.newestCuda->toString());
    line += QStringLiteral("  ") + DetectWords::tr("[from %1]").arg(s.driver.source);
    return line;
}

static QString toolkitLine(const CudaToolkit& t, OsFlavor os)
{
    QStringList via;
    for (const ToolkitOrigin& origin : t.origins) {
        const bool same = samePath(os, origin.path, t.root);
        // The other sources are names (PATH, CUDA_PATH, --cuda-root), the same in every language.
        const QString source
            = origin.source == QLatin1String("default location") ? DetectWords::tr("default location") : origin.source;
        via.append(same ? source : QStringLiteral("%1 %2").arg(source, displayPath(os, origin.path)));
    }
    return QStringLiteral("%1  %2%3  %4")
        .arg(t.version ? t.version->toString() : QStringLiteral("?"),
             displayPath(os, t.root),
             t.active ? QStringLiteral("  ") + DetectWords::tr("[active]") : QString(),
             DetectWords::tr("(found via %1)").arg(via.join(QStringLiteral(", "))));
}

static QString originTitle(CudnnOrigin origin)
{
    switch (origin) {
    case CudnnOrigin::Toolkit:
        return DetectWords::tr("In CUDA toolkits");
    case CudnnOrigin::NvidiaInstaller:
        return DetectWords::tr("From NVIDIA's cuDNN installer");
    case CudnnOrigin::SystemPackage:
        return DetectWords::tr("From system packages");
    case CudnnOrigin::Pip:
        return DetectWords::tr("From pip wheels");
    case CudnnOrigin::Conda:
        return DetectWords::tr("From conda packages");
    case CudnnOrigin::AppLocal:
        return DetectWords::tr("Next to a program");
    case CudnnOrigin::SearchPath:
        return DetectWords::tr("Elsewhere on the search path");
    }
    return {};
}

static QString verdictWord(CudnnInstall::Verdict verdict)
{
    switch (verdict) {
    case CudnnInstall::Verdict::Ok:
        return DetectWords::tr("ok");
    case CudnnInstall::Verdict::Warnings:
        return DetectWords::tr("usable, with warnings");
    case CudnnInstall::Verdict::Unusable:
        return DetectWords::tr("not usable");
    }
    return {};
}

static QString cudnnLine(const CudnnInstall& i, OsFlavor os)
{
    const auto version = i.version();
    QStringList facts;
    facts.append(i.isComplete() ? DetectWords::tr("complete") : DetectWords::tr("INCOMPLETE"));
    if (!i.missingLibraries.isEmpty())
        facts.last() += DetectWords::tr(", missing %1").arg(i.missingLibraries.join(QStringLiteral(", ")));
    if (i.cudaMajor)
        facts.append(DetectWords::tr("for CUDA %1").arg(*i.cudaMajor));
    if (!i.package.isEmpty()) {
        // The package and its manager are names, the same in every language.
        facts.append(QStringLiteral("%1 %2 (%3)")
                         .arg(i.package,
                              i.packageVersion ? i.packageVersion->toString() : QString(),
                              packageManagerName(i.managedBy))
                         .simplified());
    }
    if (!i.environment.isEmpty())
        facts.append(DetectWords::tr("environment %1").arg(displayPath(os, i.environment)));
    facts.append(DetectWords::tr("%n library files", nullptr, int(i.libraries.size())));
    const QString where = i.libraryDirs.isEmpty() || i.location == CudnnInstall::Location::Toolkit
        ? i.root
        : i.libraryDirs.constFirst();
    return QStringLiteral("%1  %2 — %3  [%4]")
        .arg(version ? version->toString() : QStringLiteral("%1.x").arg(i.major),
             displayPath(os, where),
             facts.join(QStringLiteral(", ")),
             verdictWord(i.verdict()));
}

/** Every copy, grouped by where it came from, one line each with its verdict. */
static QString cudnnCopies(const SystemSnapshot& s)
{
    QString text;
    for (const CudnnOrigin origin : SystemSnapshot::originOrder()) {
        QString lines;
        for (const CudnnInstall& i : s.cudnnInstalls) {
            if (i.origin == origin)
                lines += QStringLiteral("    ") + cudnnLine(i, s.os) + QLatin1Char('\n');
        }
        if (!lines.isEmpty())
            text += QStringLiteral("  ") + originTitle(origin) + QLatin1Char('\n') + lines;
    }
    return text;
}

QString diagnosticsText(const Diagnostics& diagnostics)
{
    QString text;
    for (const Diagnostic& d : diagnostics) {
        const QString mark = d.severity == Severity::Error ? QStringLiteral("x")
            : d.severity == Severity::Warning              ? QStringLiteral("!")
                                                           : QStringLiteral("i");
        text += QStringLiteral("  %1 %2  %3\n").arg(mark, d.code, d.message) + FindingText::subjects(d, 6);
        if (const QString fix = RemedyText::fix(d); !fix.isEmpty())
            text += QStringLiteral("      ") + DetectWords::tr("fix: %1").arg(fix) + QLatin1Char('\n');
    }
    return text;
}

/** What the machine's verdict says first, as Welcome and Finish say it: its sentence and code, then the finding. */
static QString verdictLines(const MachineVerdict& verdict)
{
    const QString word = DetectWords::tr("Verdict");
    const QString verdictLabel = DisplayWidth::padded(word, std::max(8, DisplayWidth::of(word) + 1));
    const QString indent(DisplayWidth::of(verdictLabel), QLatin1Char(' '));
    QString text = verdictLabel + verdict.summary.message + QStringLiteral("  [%1]").arg(verdict.summary.code)
        + QLatin1Char('\n');
    if (verdict.finding)
        text += indent + verdict.finding->message + QLatin1Char('\n');
    if (verdict.repairFixes())
        text += indent
            + DetectWords::tr("%n problems found with cuDNN; cudnn-setup --repair lists each with its fix and fixes "
                              "what it can.",
                              nullptr,
                              verdict.problems)
            + QLatin1Char('\n');
    return text + QLatin1Char('\n');
}

QString detectSummary(const SystemSnapshot& s)
{
    QString text = verdictLines(s.verdict);
    text += label(DetectWords::tr("Driver")) + driverLine(s) + QLatin1Char('\n');
    if (s.gpus.isEmpty())
        text += label(DetectWords::tr("GPUs")) + DetectWords::tr("none found") + QLatin1Char('\n');
    for (const GpuInfo& gpu : s.gpus) {
        text += label(DetectWords::tr("GPU %1").arg(gpu.index))
            + DetectWords::tr("%1, compute capability %2, %3")
                  .arg(gpu.name,
                       gpu.computeCapability.isNull() ? QStringLiteral("?") : gpu.computeCapability.toString(),
                       gigabytes(gpu.memoryBytes))
            + QLatin1Char('\n');
    }
    if (s.toolkits.isEmpty())
        text += label(QStringLiteral("CUDA")) + DetectWords::tr("no toolkit found") + QLatin1Char('\n');
    for (const CudaToolkit& t : s.toolkits)
        text += label(QStringLiteral("CUDA")) + toolkitLine(t, s.os) + QLatin1Char('\n');
    if (s.cudnnInstalls.isEmpty())
        text += label(QStringLiteral("cuDNN")) + DetectWords::tr("not installed") + QLatin1Char('\n');
    else
        text += label(QStringLiteral("cuDNN")) + DetectWords::tr("%n copies", nullptr, int(s.cudnnInstalls.size()))
            + QLatin1Char('\n') + cudnnCopies(s);
    if (!s.pythonEnvironments.isEmpty()) {
        text += label(QStringLiteral("Python"))
            + DetectWords::tr("%n environments looked at", nullptr, int(s.pythonEnvironments.size()))
            + QLatin1Char('\n');
    }
    text += frameworkLines(s.frameworks);
    if (!s.diagnostics.isEmpty())
        text += QLatin1Char('\n') + DetectWords::tr("Findings:") + QLatin1Char('\n') + diagnosticsText(s.diagnostics);
    text += QLatin1Char('\n') + DetectWords::tr("(detected in %1 ms)").arg(s.elapsedMs) + QLatin1Char('\n');
    return text;
}
