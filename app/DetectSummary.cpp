#include "DetectSummary.h"

#include "RemedyText.h"

#include <QStringList>

static QString label(const QString& text)
{
    return text.leftJustified(8, QLatin1Char(' '));
}

static QString gigabytes(qint64 bytes)
{
    return QStringLiteral("%1 GiB").arg(double(bytes) / (1024.0 * 1024.0 * 1024.0), 0, 'f', 1);
}

static QString driverLine(const SystemSnapshot& s)
{
    if (!s.driver.found)
        return QStringLiteral("not found%1")
            .arg(s.driver.error.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.driver.error));
    QString line = s.driver.version ? s.driver.version->toString() : QStringLiteral("version unknown");
    if (s.driver.newestCuda)
        line += QStringLiteral(", supports CUDA up to %1").arg(s.driver.newestCuda->toString());
    line += QStringLiteral("  [from %1]").arg(s.driver.source);
    return line;
}

static QString toolkitLine(const CudaToolkit& t, OsFlavor os)
{
    QStringList via;
    for (const ToolkitOrigin& origin : t.origins) {
        const bool same = samePath(os, origin.path, t.root);
        via.append(same ? origin.source : QStringLiteral("%1 %2").arg(origin.source, displayPath(os, origin.path)));
    }
    return QStringLiteral("%1  %2%3  (found via %4)")
        .arg(t.version ? t.version->toString() : QStringLiteral("?"),
             displayPath(os, t.root),
             t.active ? QStringLiteral("  [active]") : QString(),
             via.join(QStringLiteral(", ")));
}

static QString cudnnLine(const CudnnInstall& i, OsFlavor os)
{
    const auto version = i.version();
    QString where = i.location == CudnnInstall::Location::Toolkit ? QStringLiteral("in toolkit %1")
                                                                  : QStringLiteral("on the search path in %1");
    QString state = i.isComplete() ? QStringLiteral("complete") : QStringLiteral("INCOMPLETE");
    if (!i.missingLibraries.isEmpty())
        state += QStringLiteral(", missing %1").arg(i.missingLibraries.join(QStringLiteral(", ")));
    return QStringLiteral("%1  %2 — %3, %4 library files")
        .arg(version ? version->toString() : QStringLiteral("%1.x").arg(i.major),
             where.arg(displayPath(os, i.root)),
             state)
        .arg(i.libraries.size());
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
            text += QStringLiteral("      fix: %1\n").arg(fix);
    }
    return text;
}

QString detectSummary(const SystemSnapshot& s)
{
    QString text;
    text += label(QStringLiteral("Driver")) + driverLine(s) + QLatin1Char('\n');
    if (s.gpus.isEmpty())
        text += label(QStringLiteral("GPUs")) + QStringLiteral("none found\n");
    for (const GpuInfo& gpu : s.gpus) {
        text += label(QStringLiteral("GPU %1").arg(gpu.index))
            + QStringLiteral("%1, compute capability %2, %3\n")
                  .arg(gpu.name,
                       gpu.computeCapability.isNull() ? QStringLiteral("?") : gpu.computeCapability.toString(),
                       gigabytes(gpu.memoryBytes));
    }
    if (s.toolkits.isEmpty())
        text += label(QStringLiteral("CUDA")) + QStringLiteral("no toolkit found\n");
    for (const CudaToolkit& t : s.toolkits)
        text += label(QStringLiteral("CUDA")) + toolkitLine(t, s.os) + QLatin1Char('\n');
    if (s.cudnnInstalls.isEmpty())
        text += label(QStringLiteral("cuDNN")) + QStringLiteral("not installed\n");
    for (const CudnnInstall& i : s.cudnnInstalls)
        text += label(QStringLiteral("cuDNN")) + cudnnLine(i, s.os) + QLatin1Char('\n');
    if (!s.diagnostics.isEmpty())
        text += QStringLiteral("\nFindings:\n") + diagnosticsText(s.diagnostics);
    text += QStringLiteral("\n(detected in %1 ms)\n").arg(s.elapsedMs);
    return text;
}
