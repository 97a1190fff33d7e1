#pragma once

#include "cudnnfacts/BenchmarkCode.h"
#include "report/Diagnostic.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

/** One convolution case of the benchmark, as the probe measured it (docs/benchmark.md). */
struct BenchmarkCase
{
    QString name; // "reference-fp32", "resnet50-conv2-fp16", "peak-fp16"
    QString precision; // fp32, tf32, fp16
    int batch = 0;
    QString algorithm;
    std::optional<double> gpuMs; // median
    std::optional<double> cpuMs;
    std::optional<double> speedup;
    std::optional<double> tflops;
    std::optional<double> percentOfPeak;
    bool ok = false;
    QString skipped; // why it did not run, or ""
    QString error;
};

/** The whole benchmark: the GPU, every case, and the verdict a person reads first. */
struct BenchmarkResult
{
    bool ran = false; // false: the probe could not be run at all (see verdictMessage)
    QString gpuName;
    QString verdictCode; // BENCH-OK, BENCH-SLOW, BENCH-WRONG, BENCH-NO-GPU, ...
    QString verdictMessage;
    std::optional<double> overallSpeedup;
    QString cpuBaseline; // what the speed-ups divide by: "onednn" or "reference" (docs/benchmark.md)
    QList<BenchmarkCase> cases;
    QJsonObject probeJson; // the probe's whole report, kept for the saved report
    int casesPlanned = 0; // how many cases the run was to measure; 0 when the probe never said
    /** Why a run that was still finishing cases was ended before its last one (BENCH-NOT-FINISHED). */
    enum class Stop { None, Asked, TimeLimit };
    Stop stopped = Stop::None;

    /**
     * The verdict in the reader's language, chosen by its code (the probe's own sentence, with the figures and the
     * loader's words, stays in verdictMessage and the report).
     */
    QString headline() const;
    /** The verdict as a diagnostic: OK is info, slow/no GPU a warning, wrong results or load failures an error. */
    Diagnostic diagnostic() const;
    bool passed() const { return verdictCode == QLatin1String(BenchmarkCode::Ok); }
    /** The convolutions ran and were compared: fast, slow or wrong; not a benchmark that could not run at all. */
    bool measured() const
    {
        return passed() || verdictCode == QLatin1String(BenchmarkCode::Slow)
            || verdictCode == QLatin1String(BenchmarkCode::Wrong);
    }

    /** Stopped while it still finished cases (as asked, or past its time): slow or skipped, not broken. */
    bool notFinished() const { return verdictCode == QLatin1String(BenchmarkCode::NotFinished); }
    /** The cases that ran on the GPU (measured, right or wrong). */
    int casesMeasured() const;

    /**
     * The report's "status", the same fact the wizard's step shows: "ran" when measured (a tick), "not_finished" when
     * stopped while it progressed (as asked or past its time; the cases measured so far are kept), "skipped" when
     * there was no GPU or driver to measure on, "failed" when the probe ran but could not measure, "not_run" when it
     * could not be run at all.
     */
    QString statusName() const;
    static BenchmarkResult fromProbeJson(const QJsonObject& json);
    /**
     * What a run ended before its report says: the cases it finished (the probe's progress lines), `casesPlanned`,
     * and why it was stopped. The verdict is BENCH-NOT-FINISHED with the speed-up so far (the geometric mean of the
     * finished cases'), or BENCH-WRONG when a finished case computed a wrong answer.
     */
    static BenchmarkResult unfinished(const QString& gpuName,
                                      const QList<QJsonObject>& finishedCases,
                                      int casesPlanned,
                                      Stop why,
                                      int timeLimitSeconds);
    /** The "benchmark" section of the report: {status, verdict{code,message}, gpu, cases[], probe}. */
    QJsonObject toJson() const;
};
