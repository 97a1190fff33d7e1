#include "DetectSummary.h"

#include "DisplayWidth.h"
#include "FrameworkSummary.h"
#include "RemedyText.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>

namespace {
struct Words
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
        return s.driver.error.isEmpty() ? Words::tr("not found") : Words::tr("not found (%1)").arg(s.driver.error);
    QString line = s.driver.version ? s.driver.version->toString() : Words::tr("version unknown");
    if (s.driver.newestCuda)
        line += Words::tr(", supports CUDA up to %1").arg(s.driver.newestCuda->toString());
    line += QStringLiteral("  ") + Words::tr("[from %1]").arg(s.driver.source);
    return line;
}

static QString toolkitLine(const CudaToolkit& t, OsFlavor os)
{
    QStringList via;
    for (const ToolkitOrigin& origin : t.origins) {
        const bool same = samePath(os, origin.path, t.root);
        // The other sources are names (PATH, CUDA_PATH, --cuda-root), the same in every language.
        const QString source
            = origin.source == QLatin1String("default location") ? Words::tr("default location") : origin.source;
        via.append(same ? source : QStringLiteral("%1 %2").arg(source, displayPath(os, origin.path)));
    }
    return QStringLiteral("%1  %2%3  %4")
        .arg(t.version ? t.version->toString() : QStringLiteral("?"),
             displayPath(os, t.root),
             t.active ? QStringLiteral("  ") + Words::tr("[active]") : QString(),
             Words::tr("(found via %1)").arg(via.join(QStringLiteral(", "))));
}

static QString cudnnLine(const CudnnInstall& i, OsFlavor os)
{
    const auto version = i.version();
    const QString where = i.location == CudnnInstall::Location::Toolkit ? Words::tr("in toolkit %1")
                                                                        : Words::tr("on the search path in %1");
    QString state = i.isComplete() ? Words::tr("complete") : Words::tr("INCOMPLETE");
    if (!i.missingLibraries.isEmpty())
        state += Words::tr(", missing %1").arg(i.missingLibraries.join(QStringLiteral(", ")));
    return QStringLiteral("%1  %2 — %3, %4")
        .arg(version ? version->toString() : QStringLiteral("%1.x").arg(i.major),
             where.arg(displayPath(os, i.root)),
             state,
             Words::tr("%n library files", nullptr, int(i.libraries.size())));
}

QString diagnosticsText(const Diagnostics& diagnostics)
{
    QString text;
    for (const Diagnostic& d : diagnostics) {
        const QString mark = d.severity == Severity::Error ? QStringLiteral("x")
            : d.severity == Severity::Warning              ? QStringLiteral("!")
                                                           : QStringLiteral("i");
        text += QStringLiteral("  %1 %2  %3\n").arg(mark, d.code, d.message);
        if (const QString fix = RemedyText::fix(d); !fix.isEmpty())
            text += QStringLiteral("      ") + Words::tr("fix: %1").arg(fix) + QLatin1Char('\n');
    }
    return text;
}

QString detectSummary(const SystemSnapshot& s)
{
    QString text;
    text += label(Words::tr("Driver")) + driverLine(s) + QLatin1Char('\n');
    if (s.gpus.isEmpty())
        text += label(Words::tr("GPUs")) + Words::tr("none found") + QLatin1Char('\n');
    for (const GpuInfo& gpu : s.gpus) {
        text += label(Words::tr("GPU %1").arg(gpu.index))
            + Words::tr("%1, compute capability %2, %3")
                  .arg(gpu.name,
                       gpu.computeCapability.isNull() ? QStringLiteral("?") : gpu.computeCapability.toString(),
                       gigabytes(gpu.memoryBytes))
            + QLatin1Char('\n');
    }
    if (s.toolkits.isEmpty())
        text += label(QStringLiteral("CUDA")) + Words::tr("no toolkit found") + QLatin1Char('\n');
    for (const CudaToolkit& t : s.toolkits)
        text += label(QStringLiteral("CUDA")) + toolkitLine(t, s.os) + QLatin1Char('\n');
    if (s.cudnnInstalls.isEmpty())
        text += label(QStringLiteral("cuDNN")) + Words::tr("not installed") + QLatin1Char('\n');
    for (const CudnnInstall& i : s.cudnnInstalls)
        text += label(QStringLiteral("cuDNN")) + cudnnLine(i, s.os) + QLatin1Char('\n');
    text += frameworkLines(s.frameworks);
    if (!s.diagnostics.isEmpty())
        text += QLatin1Char('\n') + Words::tr("Findings:") + QLatin1Char('\n') + diagnosticsText(s.diagnostics);
    text += QLatin1Char('\n') + Words::tr("(detected in %1 ms)").arg(s.elapsedMs) + QLatin1Char('\n');
    return text;
}
