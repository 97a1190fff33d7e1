#include "BenchmarkResult.h"

#include "cudnnfacts/BenchmarkCode.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <algorithm>
#include <cmath>

static std::optional<double> number(const QJsonValue& value)
{
    return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
}

static QJsonValue numberJson(const std::optional<double>& value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

BenchmarkResult BenchmarkResult::fromProbeJson(const QJsonObject& json)
{
    BenchmarkResult result;
    result.probeJson = json;
    result.ran = json.contains(QStringLiteral("verdict"));
    result.gpuName = json.value(QStringLiteral("gpu")).toObject().value(QStringLiteral("name")).toString();
    const QJsonObject verdict = json.value(QStringLiteral("verdict")).toObject();
    result.verdictCode = verdict.value(QStringLiteral("code")).toString();
    result.verdictMessage = verdict.value(QStringLiteral("message")).toString();
    result.overallSpeedup = number(verdict.value(QStringLiteral("speedup")));
    result.cpuBaseline = json.value(QStringLiteral("benchmark"))
                             .toObject()
                             .value(QStringLiteral("cpu_baseline"))
                             .toString(QStringLiteral("reference"));
    for (const QJsonValue& value : json.value(QStringLiteral("cases")).toArray()) {
        const QJsonObject c = value.toObject();
        BenchmarkCase item;
        item.name = c.value(QStringLiteral("name")).toString();
        item.precision = c.value(QStringLiteral("precision")).toString();
        item.batch = c.value(QStringLiteral("batch")).toInt();
        item.algorithm = c.value(QStringLiteral("algorithm")).toString();
        item.gpuMs = number(c.value(QStringLiteral("gpu_ms")).toObject().value(QStringLiteral("median")));
        item.cpuMs = number(c.value(QStringLiteral("cpu_ms")));
        item.speedup = number(c.value(QStringLiteral("speedup")));
        item.tflops = number(c.value(QStringLiteral("tflops")));
        item.percentOfPeak = number(c.value(QStringLiteral("percent_of_peak")));
        item.ok = c.value(QStringLiteral("ok")).toBool();
        item.skipped = c.value(QStringLiteral("skipped")).toString();
        item.error = c.value(QStringLiteral("error")).toString();
        result.cases.append(item);
    }
    return result;
}

int BenchmarkResult::casesMeasured() const
{
    return int(std::count_if(cases.begin(), cases.end(), [](const BenchmarkCase& c) { return c.gpuMs.has_value(); }));
}

BenchmarkResult BenchmarkResult::unfinished(
    const QString& gpuName, const QList<QJsonObject>& finishedCases, int casesPlanned, Stop why, int timeLimitSeconds)
{
    QJsonArray caseArray;
    QStringList wrong;
    double logSum = 0;
    int speedups = 0;
    for (const QJsonObject& c : finishedCases) {
        caseArray.append(c);
        const bool ran = c.value(QStringLiteral("gpu_ms")).isObject();
        if (ran && !c.value(QStringLiteral("ok")).toBool())
            wrong.append(c.value(QStringLiteral("name")).toString());
        if (const double speedup = c.value(QStringLiteral("speedup")).toDouble(); speedup > 0) {
            logSum += std::log(speedup);
            ++speedups;
        }
    }
    QJsonObject verdict;
    if (!wrong.isEmpty()) {
        verdict.insert(QStringLiteral("code"), QString::fromLatin1(BenchmarkCode::Wrong));
        verdict.insert(QStringLiteral("message"),
                       QCoreApplication::translate("BenchmarkResult",
                                                   "Results are wrong in %1 (found before the benchmark was stopped).")
                           .arg(wrong.join(QStringLiteral(", "))));
    } else {
        verdict.insert(QStringLiteral("code"), QString::fromLatin1(BenchmarkCode::NotFinished));
    }
    if (speedups > 0)
        verdict.insert(QStringLiteral("speedup"), std::exp(logSum / speedups));
    QJsonObject json{
        {QStringLiteral("gpu"), QJsonObject{{QStringLiteral("name"), gpuName}}},
        {QStringLiteral("cases"), caseArray},
        {QStringLiteral("verdict"), verdict},
        {QStringLiteral("cases_planned"), casesPlanned},
        {QStringLiteral("stopped"), why == Stop::Asked ? QStringLiteral("asked") : QStringLiteral("time_limit")},
    };
    BenchmarkResult result = fromProbeJson(json);
    result.casesPlanned = casesPlanned;
    result.stopped = why;
    if (result.notFinished()) {
        result.verdictMessage = result.headline();
        if (why == Stop::TimeLimit)
            result.verdictMessage += QLatin1Char(' ')
                + QCoreApplication::translate("BenchmarkResult",
                                              "It was still finishing cases when its %1 seconds were up.")
                      .arg(timeLimitSeconds);
        verdict.insert(QStringLiteral("message"), result.verdictMessage);
        json.insert(QStringLiteral("verdict"), verdict);
        result.probeJson = json;
    }
    return result;
}

QString BenchmarkResult::headline() const
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("BenchmarkResult", text); };
    const QString code = verdictCode;
    if (code == QLatin1String(BenchmarkCode::NotFinished)) {
        if (cases.isEmpty())
            return stopped == Stop::Asked ? tr("Stopped as asked, before the first case was measured.")
                                          : tr("Not finished in time: no case was measured yet.");
        QString text = stopped == Stop::Asked
            ? tr("Stopped as asked: %1 of %2 cases measured.").arg(casesMeasured()).arg(casesPlanned)
            : tr("Not finished in time: %1 of %2 cases measured. The computer is slow; nothing hangs, every case "
                 "finished.")
                  .arg(casesMeasured())
                  .arg(casesPlanned);
        if (overallSpeedup)
            text += QLatin1Char(' ')
                + tr("So far the GPU is %1× as fast as the CPU.").arg(QLocale().toString(*overallSpeedup, 'g', 3));
        return text;
    }
    if (code == QLatin1String(BenchmarkCode::Ok))
        return tr("cuDNN is active: %1× faster than the CPU.")
            .arg(QLocale().toString(overallSpeedup.value_or(0), 'g', 3));
    if (code == QLatin1String(BenchmarkCode::Slow))
        return tr("Slow: cuDNN is probably not being used.");
    if (code == QLatin1String(BenchmarkCode::Wrong))
        return tr("The results are wrong: cuDNN or the GPU computes incorrect convolutions.");
    if (code == QLatin1String(BenchmarkCode::NoGpu))
        return tr("No NVIDIA GPU is available, so cuDNN cannot be measured.");
    if (code == QLatin1String(BenchmarkCode::NoDriver))
        return tr("No NVIDIA driver was found, so cuDNN cannot be measured.");
    if (code == QLatin1String(BenchmarkCode::CudnnLoadFailed))
        return tr("cuDNN failed to load.");
    if (code == QLatin1String(BenchmarkCode::CudartLoadFailed))
        return tr("The CUDA runtime failed to load.");
    if (code == QLatin1String(BenchmarkCode::CudnnError))
        return tr("cuDNN reported an error during the convolutions.");
    if (code == QLatin1String(BenchmarkCode::CudaError))
        return tr("The CUDA runtime reported an error during the convolutions.");
    if (code == QLatin1String(BenchmarkCode::Timeout))
        return tr("The benchmark stopped making progress and was ended: a driver or cuDNN call probably hangs.");
    return verdictMessage.isEmpty() ? tr("The benchmark could not be run.") : verdictMessage;
}

QString BenchmarkResult::statusName() const
{
    if (notFinished())
        return QStringLiteral("not_finished");
    if (measured())
        return QStringLiteral("ran");
    if (verdictCode == QLatin1String(BenchmarkCode::NoGpu) || verdictCode == QLatin1String(BenchmarkCode::NoDriver))
        return QStringLiteral("skipped"); // nothing to measure on: the wizard's step is skipped too
    return ran ? QStringLiteral("failed") : QStringLiteral("not_run");
}

Diagnostic BenchmarkResult::diagnostic() const
{
    const QString code = verdictCode.isEmpty() ? QString::fromLatin1(BenchmarkCode::NotRun) : verdictCode;
    if (code == QLatin1String(BenchmarkCode::Ok))
        return Diagnostic::of(Severity::Info, code, headline());
    if (code == QLatin1String(BenchmarkCode::Slow))
        return Diagnostic::of(Severity::Warning,
                              code,
                              headline(),
                              QCoreApplication::translate("BenchmarkResult",
                                                          "Check which cuDNN the program loads (repair lists "
                                                          "them) and that the GPU is not busy or throttled."));
    if (code == QLatin1String(BenchmarkCode::NotFinished)) // slow or skipped, never broken: nothing to repair
        return Diagnostic::of(
            Severity::Warning,
            code,
            headline(),
            stopped == Stop::Asked
                ? QCoreApplication::translate("BenchmarkResult", "Run the benchmark again to measure every case.")
                : QCoreApplication::translate("BenchmarkResult",
                                              "Run the benchmark again when the computer is "
                                              "not busy, or skip it: this machine needs more "
                                              "time than it was given."));
    if (code == QLatin1String(BenchmarkCode::NoGpu) || code == QLatin1String(BenchmarkCode::NoDriver))
        return Diagnostic::of(Severity::Warning,
                              code,
                              headline(),
                              QCoreApplication::translate("BenchmarkResult",
                                                          "Install the NVIDIA driver for your GPU, then run the "
                                                          "benchmark again."));
    return Diagnostic::of(Severity::Error,
                          code,
                          headline(),
                          QCoreApplication::translate("BenchmarkResult", "Let repair find what is broken."))
        .offering(FixAction::Kind::RunRepair);
}

QJsonObject BenchmarkResult::toJson() const
{
    QJsonArray caseArray;
    for (const BenchmarkCase& c : cases) {
        caseArray.append(QJsonObject{
            {QStringLiteral("name"), c.name},
            {QStringLiteral("precision"), c.precision},
            {QStringLiteral("batch"), c.batch},
            {QStringLiteral("algorithm"), c.algorithm},
            {QStringLiteral("gpu_ms"), numberJson(c.gpuMs)},
            {QStringLiteral("cpu_ms"), numberJson(c.cpuMs)},
            {QStringLiteral("speedup"), numberJson(c.speedup)},
            {QStringLiteral("tflops"), numberJson(c.tflops)},
            {QStringLiteral("percent_of_peak"), numberJson(c.percentOfPeak)},
            {QStringLiteral("ok"), c.ok},
        });
    }
    QJsonObject json{
        {QStringLiteral("status"), statusName()},
        {QStringLiteral("verdict"),
         QJsonObject{{QStringLiteral("code"), verdictCode}, {QStringLiteral("message"), verdictMessage}}},
        {QStringLiteral("gpu"), gpuName},
        {QStringLiteral("speedup"), numberJson(overallSpeedup)},
        {QStringLiteral("cases"), caseArray},
        {QStringLiteral("probe"), probeJson},
    };
    if (!cpuBaseline.isEmpty())
        json.insert(QStringLiteral("cpu_baseline"), cpuBaseline);
    if (casesPlanned > 0)
        json.insert(QStringLiteral("cases_planned"), casesPlanned);
    if (stopped != Stop::None)
        json.insert(QStringLiteral("stopped"),
                    stopped == Stop::Asked ? QStringLiteral("asked") : QStringLiteral("time_limit"));
    return json;
}
