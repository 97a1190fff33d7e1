#include "SearchPathSummary.h"

#include <QCoreApplication>
#include <algorithm>

namespace {
struct SearchPathWords
{
    Q_DECLARE_TR_FUNCTIONS(SearchPathSummary)
};

QString fileWithLabel(const LibraryCopy& file, OsFlavor os)
{
    const QString label = file.copy ? SearchPathSummary::copyLabel(*file.copy, os) : QString();
    const QString path = displayPath(os, file.path);
    return label.isEmpty() ? path : QStringLiteral("%1  [%2]").arg(path, label);
}
} // namespace

QString SearchPathSummary::copyLabel(const CopyProvenance& copy, OsFlavor os)
{
    // The package, its version and the manager are names, the same in every language.
    const QString package = QStringLiteral("%1 %2").arg(copy.package, copy.packageVersion).simplified();
    QString label;
    switch (copy.origin) {
    case CudnnOrigin::Toolkit:
        label = SearchPathWords::tr("CUDA toolkit");
        break;
    case CudnnOrigin::NvidiaInstaller:
        label = SearchPathWords::tr("NVIDIA's cuDNN installer");
        break;
    case CudnnOrigin::SystemPackage:
        label = package.isEmpty() ? SearchPathWords::tr("system package")
                                  : SearchPathWords::tr("system package %1").arg(package);
        break;
    case CudnnOrigin::Pip:
        label = package.isEmpty() ? SearchPathWords::tr("pip wheel") : SearchPathWords::tr("pip wheel %1").arg(package);
        break;
    case CudnnOrigin::Conda:
        label = package.isEmpty() ? SearchPathWords::tr("conda package")
                                  : SearchPathWords::tr("conda package %1").arg(package);
        break;
    case CudnnOrigin::AppLocal:
        label = SearchPathWords::tr("next to a program");
        break;
    case CudnnOrigin::SearchPath:
        return {};
    }
    if (!copy.environment.isEmpty())
        label = SearchPathWords::tr("%1, environment %2").arg(label, displayPath(os, copy.environment));
    return label;
}

QString SearchPathSummary::winners(const EnvironmentReport& report)
{
    const OsFlavor os = report.os;
    QString lines;
    for (const LibraryStatus& status : report.libraries) {
        const LibraryResolution& now = status.before;
        const bool named = (now.winner && now.winner->copy)
            || std::any_of(now.shadowed.cbegin(), now.shadowed.cend(), [](const LibraryCopy& c) {
                               return c.copy.has_value();
                           });
        if (!named)
            continue;
        lines += QStringLiteral("  %1  %2\n")
                     .arg(now.library, now.winner ? fileWithLabel(*now.winner, os) : SearchPathWords::tr("not found"));
        for (const LibraryCopy& loser : now.shadowed)
            lines += QStringLiteral("    ") + SearchPathWords::tr("loses: %1").arg(fileWithLabel(loser, os))
                + QLatin1Char('\n');
    }
    if (lines.isEmpty())
        return {};
    return SearchPathWords::tr("Which copy a new program gets, before any change:") + QLatin1Char('\n') + lines;
}
