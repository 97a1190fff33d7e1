#include "BenchmarkRunner.h"

#include "common/Logging.h"
#include "cudnnfacts/BenchmarkCode.h"
#include "detect/CudnnInstallScanner.h"
#include "detect/DriverDetector.h"
#include "verify/VerifyRunner.h"

#include <QDir>
#include <QElapsedTimer>
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
    // The probe's own limit is a last resort above the runner's: the runner ends a run past its budget itself.
    QStringList arguments{QStringLiteral("--timeout-ms"),
                          QString::number(options.timeoutMs + options.stallMs + 5000),
                          QStringLiteral("benchmark"),
                          QStringLiteral("--progress"),
                          QStringLiteral("--stall-ms"),
                          QString::number(options.stallMs)};
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

/** The report: the last line of the probe's output that has a verdict (progress lines come before it). */
static QJsonObject probeReport(const QByteArray& output)
{
    const QList<QByteArray> lines = output.split('\n');
    for (auto line = lines.crbegin(); line != lines.crend(); ++line) {
        const QJsonObject json = QJsonDocument::fromJson(*line).object();
        if (json.contains(QStringLiteral("verdict")))
            return json;
    }
    return QJsonDocument::fromJson(output).object(); // a report printed over several lines
}

namespace {

/** What the probe's progress lines said so far. */
struct CaseProgress
{
    QString gpu;
    int count = 0;
    QList<QJsonObject> finished;
    bool pastBudget = false; // a case finished after the budget ran out: stop there
};

} // namespace

/** Why a probe run gave no report: the runner's error, else the probe's stderr, else how it ended (never nothing). */
static QString whatTheProbeSaid(const ProcessResult& run)
{
    if (!run.errorString.isEmpty())
        return run.errorString;
    const QString said = QString::fromUtf8(run.standardError).trimmed();
    if (!said.isEmpty())
        return said;
    return BenchmarkRunner::tr("cudnn-probe ended with exit code %1 and wrote no report.").arg(run.exitCode);
}

BenchmarkResult BenchmarkRunner::run(const Options& options,
                                     ProgressSink* progress,
                                     const CancellationToken& cancel,
                                     const CaseWatcher& watcher) const
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
    CaseProgress cases;
    QElapsedTimer clock;
    clock.start();
    BenchmarkResult::Stop stop = BenchmarkResult::Stop::None;
    const auto partial = [&](BenchmarkResult::Stop why) {
        return BenchmarkResult::unfinished(cases.gpu, cases.finished, cases.count, why, options.timeoutMs / 1000);
    };
    ProcessWatch watch;
    watch.onOutputLine = [&](const QByteArray& line) {
        const QJsonObject event = QJsonDocument::fromJson(line).object();
        const QString kind = event.value(QStringLiteral("event")).toString();
        if (kind.isEmpty())
            return; // the report, read once the probe has ended
        cases.count = event.value(QStringLiteral("count")).toInt();
        cases.gpu = event.value(QStringLiteral("gpu")).toString();
        const bool finished = kind == QLatin1String("case_finished");
        if (finished) {
            cases.finished.append(event.value(QStringLiteral("case")).toObject());
            cases.pastBudget = clock.elapsed() >= options.timeoutMs && cases.finished.size() < cases.count;
            if (watcher)
                watcher(partial(BenchmarkResult::Stop::Asked));
        }
        if (progress) // "case k of N": the one being measured, or the last one when all are done
            progress->report(ProgressUpdate{tr("Measuring convolutions"),
                                            0,
                                            0,
                                            int(cases.finished.size()),
                                            cases.count,
                                            finished ? QString() : event.value(QStringLiteral("name")).toString(),
                                            false,
                                            ProgressUpdate::Unit::Cases});
    };
    watch.stopNow = [&] {
        if (cancel.isCanceled())
            stop = BenchmarkResult::Stop::Asked;
        // Past the budget the case at hand may finish (it progresses: a hang is the probe's watchdog's to judge),
        // but no new one starts.
        else if (cases.pastBudget || clock.elapsed() >= qint64(options.timeoutMs) + options.stallMs)
            stop = BenchmarkResult::Stop::TimeLimit;
        return stop != BenchmarkResult::Stop::None;
    };
    const ProcessResult run = m_runner.run(DriverDetector::probeProgram(m_host),
                                           probeArguments(options),
                                           options.timeoutMs + options.stallMs + 10000,
                                           probeEnvironment(options),
                                           watch);
    qCDebug(lcBenchmark) << "exit" << run.exitCode << "timed out" << run.timedOut << "stopped" << run.stopped
                         << "stderr" << run.standardError.left(2000);
    if (run.stopped)
        return partial(stop);
    const QJsonObject json = probeReport(run.standardOutput);
    // Ctrl+C in a terminal reaches the probe too (one process group): it ends at once, before the runner stops it.
    if (!json.contains(QStringLiteral("verdict")) && cancel.isCanceled())
        return partial(BenchmarkResult::Stop::Asked);
    if (json.contains(QStringLiteral("verdict"))) {
        BenchmarkResult result = BenchmarkResult::fromProbeJson(json); // also after the probe's own watchdog
        result.casesPlanned = cases.count;
        return result;
    }

    BenchmarkResult result;
    result.verdictCode = QString::fromLatin1(run.timedOut ? BenchmarkCode::Timeout : BenchmarkCode::ProbeFailed);
    result.verdictMessage = run.timedOut ? tr("The benchmark did not finish within %1 seconds.")
                                               .arg((options.timeoutMs + options.stallMs + 10000) / 1000)
                                         : tr("The benchmark could not run: %1").arg(whatTheProbeSaid(run));
    return result;
}
