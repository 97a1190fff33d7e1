#include "BenchmarkRunner.h"

#include "common/Logging.h"
#include "cudnnfacts/BenchmarkCode.h"
#include "detect/CudnnInstallScanner.h"
#include "detect/DriverDetector.h"
#include "verify/VerifyRunner.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>

BenchmarkRunner::BenchmarkRunner(const HostEnvironment& host, const ProcessRunner& runner)
    : m_host(host)
    , m_runner(runner)
{
}

/** Every file in the toolkit's library folders whose name matches, newest-looking first (libcudnn.so.9 before .8). */
static QStringList libraryCandidates(OsFlavor os, const QString& root, const QRegularExpression& pattern)
{
    QStringList found;
    for (const QString& dir : CudnnInstallScanner::toolkitLibraryDirs(os, root)) {
        const QDir folder(dir);
        QStringList names = folder.entryList(QDir::Files | QDir::System);
        std::sort(names.begin(), names.end(), std::greater<>());
        for (const QString& name : names) {
            if (pattern.match(name).hasMatch())
                found.append(folder.filePath(name));
        }
    }
    return found;
}

QStringList BenchmarkRunner::probeArguments(const Options& options) const
{
    QStringList arguments{QStringLiteral("--timeout-ms"),
                          QString::number(std::max(1000, options.timeoutMs - 5000)),
                          QStringLiteral("benchmark")};
    if (options.quick)
        arguments.append(QStringLiteral("--quick"));
    if (options.toolkitRoot.isEmpty())
        return arguments;

    const bool windows = m_host.os == OsFlavor::Windows;
    const QRegularExpression cudnn(windows ? QStringLiteral("^cudnn64_\\d+\\.dll$")
                                           : QStringLiteral("^libcudnn\\.so\\.\\d+$"),
                                   QRegularExpression::CaseInsensitiveOption);
    const QRegularExpression cudart(windows ? QStringLiteral("^cudart64_\\d+\\.dll$")
                                            : QStringLiteral("^libcudart\\.so\\.\\d+(\\.\\d+)?$"),
                                    QRegularExpression::CaseInsensitiveOption);
    for (const QString& path : libraryCandidates(m_host.os, options.toolkitRoot, cudnn))
        arguments << QStringLiteral("--cudnn") << displayPath(m_host.os, path);
    for (const QString& path : libraryCandidates(m_host.os, options.toolkitRoot, cudart))
        arguments << QStringLiteral("--cudart") << displayPath(m_host.os, path);
    return arguments;
}

QMap<QString, QString> BenchmarkRunner::probeEnvironment(const Options& options) const
{
    QMap<QString, QString> environment;
    for (const QString& name : {QStringLiteral("PATH"), QStringLiteral("LD_LIBRARY_PATH")}) {
        const QString value = m_host.variable(name);
        if (!value.isNull())
            environment.insert(name, value);
    }
    if (m_host.os != OsFlavor::Windows || options.toolkitRoot.isEmpty())
        return environment;
    QStringList first;
    for (const QString& dir : CudnnInstallScanner::toolkitLibraryDirs(m_host.os, options.toolkitRoot)) {
        if (QFileInfo(dir).isDir())
            first.append(displayPath(m_host.os, dir));
    }
    const QString rest = environment.value(QStringLiteral("PATH"));
    if (!first.isEmpty())
        environment.insert(QStringLiteral("PATH"),
                           first.join(QLatin1Char(';')) + (rest.isEmpty() ? QString() : QLatin1Char(';') + rest));
    return environment;
}

BenchmarkResult BenchmarkRunner::run(const Options& options) const
{
    if (const auto untrusted = VerifyRunner::untrustedLibraries(m_host.os, options.toolkitRoot)) {
        BenchmarkResult refused;
        refused.verdictCode = QString::fromLatin1(BenchmarkCode::NotRun);
        refused.verdictMessage = tr("The benchmark was not run with administrator rights, since others can change "
                                    "the libraries it would load (%1).")
                                     .arg(untrusted->explanation());
        return refused;
    }
    qCDebug(lcBenchmark) << "running" << DriverDetector::probeProgram(m_host) << probeArguments(options) << "with"
                         << probeEnvironment(options);
    const ProcessResult run = m_runner.run(
        DriverDetector::probeProgram(m_host), probeArguments(options), options.timeoutMs, probeEnvironment(options));
    qCDebug(lcBenchmark) << "exit" << run.exitCode << "timed out" << run.timedOut << "stderr"
                         << run.standardError.left(2000);
    const QJsonObject json = QJsonDocument::fromJson(run.standardOutput).object();
    if (json.contains(QStringLiteral("verdict")))
        return BenchmarkResult::fromProbeJson(json); // also after the probe's own watchdog: it says what hung

    BenchmarkResult result;
    result.verdictCode = QString::fromLatin1(run.timedOut ? BenchmarkCode::Timeout : BenchmarkCode::ProbeFailed);
    result.verdictMessage = run.timedOut
        ? tr("The benchmark did not finish within %1 seconds.").arg(options.timeoutMs / 1000)
        : tr("The benchmark could not run: %1")
              .arg(run.errorString.isEmpty() ? QString::fromUtf8(run.standardError).trimmed() : run.errorString);
    return result;
}
