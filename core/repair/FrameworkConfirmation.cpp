#include "FrameworkConfirmation.h"

#include "frameworks/FrameworkCode.h"

#include <QDir>
#include <QFileInfo>

namespace {

QString canonical(const QString& path)
{
    const QString resolved = QFileInfo(path).canonicalFilePath();
    return QDir::cleanPath(resolved.isEmpty() ? path : resolved);
}

bool resolvesUnder(const QString& path, const QString& folder)
{
    return canonical(path).startsWith(canonical(folder) + QLatin1Char('/'));
}

/** The name the deep check's script uses for a table package. */
QString probeName(const QString& package)
{
    return package == QLatin1String("onnxruntime-gpu") ? QStringLiteral("onnxruntime") : package;
}

/** What the interpreter's process loaded for one package: torch says its runtime version; the mapped files say where.
 */
std::optional<CudnnCopyFact> loadedBy(const PythonConsumer& consumer, const PythonPackage& package)
{
    CudnnCopyFact fact;
    if (package.name == QLatin1String("torch"))
        fact.version = Version::parse(package.cudnnVersion);
    for (const QString& file : consumer.loadedCudnn) {
        if (QFileInfo(file).fileName().startsWith(QLatin1String("libcudnn.so"))) {
            fact.path = QFileInfo(file).absolutePath();
            break;
        }
    }
    if (!fact.version && fact.path.isEmpty())
        return std::nullopt;
    fact.origin = QStringLiteral("loaded");
    return fact;
}

} // namespace

QString FrameworkConfirmation::interpreterOf(const QString& environment, OsFlavor os)
{
    const QDir root(environment);
    const QStringList candidates = os == OsFlavor::Windows
        ? QStringList{QStringLiteral("python.exe"), QStringLiteral("Scripts/python.exe")}
        : QStringList{QStringLiteral("bin/python3"), QStringLiteral("bin/python")};
    for (const QString& candidate : candidates) {
        if (QFileInfo(root.filePath(candidate)).isFile())
            return root.filePath(candidate);
    }
    return {};
}

void FrameworkConfirmation::confirm(FrameworkVerdicts& verdicts, const QList<PythonConsumer>& consumers)
{
    for (FrameworkVerdict& verdict : verdicts) {
        for (const PythonConsumer& consumer : consumers) {
            if (!resolvesUnder(consumer.interpreter, verdict.subject.environment))
                continue;
            if (!consumer.error.isEmpty()) {
                verdict.findings.append(
                    Diagnostic::of(FrameworkCode::NotConfirmed,
                                   tr("%1 %2 in %3 is judged from its files alone: its interpreter %4 could not "
                                      "confirm it (%5).")
                                       .arg(verdict.subject.distribution,
                                            verdict.subject.version,
                                            QDir::toNativeSeparators(verdict.subject.environment),
                                            QDir::toNativeSeparators(consumer.interpreter),
                                            consumer.error))
                        .about(verdict.subject.environment));
                continue;
            }
            for (const PythonPackage& package : consumer.packages) {
                if (package.name != probeName(verdict.subject.package) || !package.error.isEmpty())
                    continue;
                verdict.loaded = loadedBy(consumer, package);
                if (!verdict.loaded)
                    continue;
                const CudnnCopyFact& loaded = *verdict.loaded;
                const std::optional<CudnnCopyFact>& predicted = verdict.loads;
                const bool versionDiffers = loaded.version
                    && (!predicted || !predicted->version
                        || loaded.version->truncated(2) != predicted->version->truncated(2));
                const bool placeDiffers = !loaded.path.isEmpty()
                    && (!predicted
                        || (!predicted->path.isEmpty() && canonical(loaded.path) != canonical(predicted->path)));
                if (!versionDiffers && !placeDiffers)
                    continue;
                const QString said
                    = tr("cuDNN %1 from %2")
                          .arg(loaded.version ? loaded.version->toString() : QStringLiteral("?"),
                               loaded.path.isEmpty() ? QStringLiteral("?") : QDir::toNativeSeparators(loaded.path));
                const QString expected = predicted
                    ? tr("cuDNN %1 from %2")
                          .arg(predicted->version ? predicted->version->toString() : QStringLiteral("?"),
                               predicted->path.isEmpty() ? QStringLiteral("?")
                                                         : QDir::toNativeSeparators(predicted->path))
                    : tr("no cuDNN");
                verdict.findings.append(
                    Diagnostic::of(FrameworkCode::LoadedDiffers,
                                   tr("%1 %2 in %3 was predicted to load %4, but its interpreter loaded %5.")
                                       .arg(verdict.subject.distribution,
                                            verdict.subject.version,
                                            QDir::toNativeSeparators(verdict.subject.environment),
                                            expected,
                                            said),
                                   tr("Trust what the interpreter loaded; the difference is worth a report."))
                        .about(verdict.subject.environment));
            }
        }
    }
}
