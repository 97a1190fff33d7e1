// Runs `cudnn-probe benchmark` as a child process, as the wizard does, on the fake machines of tests/fakes: a cuDNN
// that computes on the CPU (graph API and legacy API), one with wrong answers, one that hangs, one that fails to
// start, one whose execution plans fail to finalize, one with no engine that fits, a cuDNN 7 without the graph API;
// no driver, no GPU, no cuDNN, no CUDA runtime. Also checks that the GPU-machine scripts in bench/gpu parse and read a
// real report.
#include "ChildProcess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLibrary>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

// Outside the anonymous namespace: TestBenchmark holds one, and a batched (unity) build compiles this file as an
// included one, where GCC warns about a class whose member has internal linkage.
struct ProbeRun : ChildProcessRun
{
    QJsonObject json;
    QString failure;
};

namespace {

/** Milliseconds a benchmark run may take before the test calls it hung (the quick run takes seconds). */
constexpr int kRunLimitMs = 240000;

QJsonObject verdictOf(const ProbeRun& run)
{
    return run.json.value(QStringLiteral("verdict")).toObject();
}

QString verdictCode(const ProbeRun& run)
{
    return verdictOf(run).value(QStringLiteral("code")).toString();
}

QString verdictMessage(const ProbeRun& run)
{
    return verdictOf(run).value(QStringLiteral("message")).toString();
}

} // namespace

class TestBenchmark : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void cpuFakeRunsEveryCase();
    void cpuFakeIsJudgedSlow();
    void cpuFakeReportsTheGpuAndLibraries();
    void cpuBaselineIsOneDnnWhereItLoads();
    void cpuBaselineReferenceOnRequest();
    void strictFp32StaysOffTf32();
    void wrongResultsAreCaught();
    void failedPlanFinalizeFallsBackToLegacy();
    void noEngineThatFitsFallsBackToLegacy();
    void legacyOnlyCudnnRunsLegacy();
    void hangingConvolutionEndsWithTheWatchdog();
    void cudnnCreateFailure();
    void noDriver();
    void noGpu();
    void cudnnMissing();
    void cudartMissing();
    void realLibrariesOnAFakeDriverFailCleanly();

    void usageErrors_data();
    void usageErrors();

    void gpuMachineScriptsParse();
    void comparisonScriptReadsTheReport();

private:
    /** The probe's benchmark in `scenario` (LD_LIBRARY_PATH), --quick unless told otherwise. */
    bool runBenchmark(ProbeRun& run,
                      const QString& scenario,
                      const QStringList& extra = {},
                      bool expectExitZero = true) const;
    bool runProbe(ProbeRun& run, const QStringList& arguments, const QString& libraryPath) const;
    /** Every case ran through the legacy API with a right answer, and its api_reason contains `reasonPart`. */
    void verifyLegacyFallback(const ProbeRun& run, const QString& reasonPart) const;
    QString scenario(const QString& name) const { return QDir(m_fakesDir).filePath(name); }
    QJsonArray cases() const { return m_cpuFake.json.value(QStringLiteral("cases")).toArray(); }

    QString m_probe;
    QString m_fakesDir;
    QString m_sourceDir;
    ProbeRun m_cpuFake; // one quick run on the CPU-backed cuDNN, shared by the tests that read it
};

bool TestBenchmark::runProbe(ProbeRun& run, const QStringList& arguments, const QString& libraryPath) const
{
    return runWithLibraryPath(m_probe, arguments, libraryPath, kRunLimitMs, run, run.failure);
}

bool TestBenchmark::runBenchmark(ProbeRun& run,
                                 const QString& scenarioName,
                                 const QStringList& extra,
                                 bool expectExitZero) const
{
    QStringList arguments{QStringLiteral("benchmark"), QStringLiteral("--quick")};
    arguments += extra;
    if (!runProbe(run, arguments, scenario(scenarioName))) {
        return false;
    }
    if (expectExitZero && run.exitCode != 0) {
        run.failure
            = QStringLiteral("exit code %1, stderr: %2").arg(run.exitCode).arg(QString::fromUtf8(run.standardError));
        return false;
    }
    return parseJsonLine(run.standardOutput, run.json, run.failure);
}

void TestBenchmark::initTestCase()
{
#ifndef Q_OS_LINUX
    QSKIP("The fake machines are chosen with LD_LIBRARY_PATH, which only the Linux loader honours this way");
#endif
    const QString binDir = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    m_fakesDir = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR");
    m_sourceDir = qEnvironmentVariable("CUDNN_SETUP_SOURCE_DIR");
    QVERIFY2(!binDir.isEmpty() && !m_fakesDir.isEmpty() && !m_sourceDir.isEmpty(),
             "CUDNN_SETUP_BIN_DIR, CUDNN_SETUP_FAKES_DIR or CUDNN_SETUP_SOURCE_DIR is not set (run through ctest)");
    m_probe = QDir(binDir).filePath(QStringLiteral("cudnn-probe"));
    QVERIFY2(QFileInfo(m_probe).isExecutable(), qPrintable(m_probe + QStringLiteral(" is not built")));
    for (const QString& file : {QStringLiteral("libcuda.so.1"),
                                QStringLiteral("libnvidia-ml.so.1"),
                                QStringLiteral("libcudart.so.13"),
                                QStringLiteral("libcudnn.so.9")}) {
        QVERIFY2(QFile::exists(scenario(QStringLiteral("cpu-cudnn/") + file)),
                 qPrintable(file + QStringLiteral(" missing in ") + scenario(QStringLiteral("cpu-cudnn"))));
    }
    QVERIFY2(runBenchmark(m_cpuFake, QStringLiteral("cpu-cudnn")), qPrintable(m_cpuFake.failure));
    qInfo("quick benchmark on the CPU-backed fake: %lld ms", m_cpuFake.elapsedMs);
}

void TestBenchmark::cpuFakeRunsEveryCase()
{
    const QJsonArray all = cases();
    QCOMPARE(all.size(), 14); // the RTX 3060 Ti is 8.6: TF32 runs too
    for (const QJsonValue& value : all) {
        const QJsonObject c = value.toObject();
        const QString name = c.value(QStringLiteral("name")).toString();
        QVERIFY2(c.value(QStringLiteral("ok")).toBool(),
                 qPrintable(name + QStringLiteral(": ") + QJsonDocument(c).toJson()));
        QCOMPARE(c.value(QStringLiteral("error")).toString(QStringLiteral("absent")), QString());
        QCOMPARE(c.value(QStringLiteral("skipped")).toString(QStringLiteral("absent")), QString());
        // Every case through the graph API: heuristics, autotune, one plan per layer.
        QCOMPARE(c.value(QStringLiteral("api")).toString(), QStringLiteral("graph"));
        QCOMPARE(c.value(QStringLiteral("api_reason")).toString(QStringLiteral("absent")), QString());
        QCOMPARE(c.value(QStringLiteral("algorithm_search")).toString(), QStringLiteral("autotune"));
        for (const QString& algorithm : c.value(QStringLiteral("algorithm")).toString().split(QLatin1Char('+'))) {
            QVERIFY2(algorithm == QStringLiteral("ENGINE_0") || algorithm == QStringLiteral("ENGINE_1"),
                     qPrintable(name + QStringLiteral(": ") + algorithm));
        }
        for (const QJsonValue& layer : c.value(QStringLiteral("layers")).toArray()) {
            const QJsonObject engine = layer.toObject().value(QStringLiteral("engine")).toObject();
            QVERIFY2(!engine.value(QStringLiteral("knobs")).toArray().isEmpty(), qPrintable(name));
            // The autotune timed every configuration the precision allows (engine 2 converts down: FP16 only,
            // and FP16 data is not offered it), and kept the one reported.
            const QJsonArray autotune = engine.value(QStringLiteral("autotune")).toArray();
            QCOMPARE(autotune.size(),
                     c.value(QStringLiteral("precision")).toString() == QStringLiteral("fp16") ? 2 : 1);
            bool winnerTimed = false;
            for (const QJsonValue& sample : autotune) {
                QVERIFY(sample.toObject().value(QStringLiteral("ms")).toDouble() > 0);
                winnerTimed |= sample.toObject().value(QStringLiteral("global_index")).toInt()
                    == engine.value(QStringLiteral("global_index")).toInt();
            }
            QVERIFY2(winnerTimed, qPrintable(name));
        }
        // Host cost: the enqueue time per pass, and the same passes replayed from a captured CUDA graph.
        const QJsonObject hostCost = c.value(QStringLiteral("host_cost")).toObject();
        QVERIFY(hostCost.value(QStringLiteral("enqueue_ms")).toDouble() > 0);
        QCOMPARE(hostCost.value(QStringLiteral("graph_error")).toString(QStringLiteral("absent")), QString());
        QCOMPARE(hostCost.value(QStringLiteral("graph_ms")).toObject().value(QStringLiteral("runs")).toInt(), 3);
        QVERIFY(hostCost.value(QStringLiteral("graph_ms")).toObject().value(QStringLiteral("min")).toDouble() > 0);
        const QJsonObject gpuMs = c.value(QStringLiteral("gpu_ms")).toObject();
        QCOMPARE(gpuMs.value(QStringLiteral("runs")).toInt(), 3);
        QVERIFY(gpuMs.value(QStringLiteral("min")).toDouble() > 0);
        QVERIFY(gpuMs.value(QStringLiteral("min")).toDouble() <= gpuMs.value(QStringLiteral("median")).toDouble());
        QVERIFY(gpuMs.value(QStringLiteral("median")).toDouble() <= gpuMs.value(QStringLiteral("max")).toDouble());
        QVERIFY(c.value(QStringLiteral("cpu_ms")).toDouble() > 0);
        QVERIFY(c.value(QStringLiteral("tflops")).toDouble() > 0);
        QVERIFY(c.value(QStringLiteral("percent_of_peak")).toDouble() > 0);
        QVERIFY(c.value(QStringLiteral("speedup")).toDouble() > 0);
        QVERIFY(c.value(QStringLiteral("max_rel_error")).toDouble(1)
                <= c.value(QStringLiteral("tolerance")).toDouble());
        // Quick mode: the CPU computes one image; a batch of two is timed on the first and scaled, and says so.
        QCOMPARE(c.value(QStringLiteral("cpu_images")).toInt(), 1);
        QCOMPARE(c.value(QStringLiteral("cpu_scaled")).toBool(), c.value(QStringLiteral("batch")).toInt() > 1);
        QCOMPARE(c.value(QStringLiteral("batch")).toInt(), c.value(QStringLiteral("requested_batch")).toInt());
    }
    // Engine 1 needs a workspace, sized from the chosen plan; TF32 always runs on it.
    bool sawWorkspace = false;
    for (const QJsonValue& value : all) {
        for (const QJsonValue& layer : value.toObject().value(QStringLiteral("layers")).toArray()) {
            const QJsonObject l = layer.toObject();
            if (l.value(QStringLiteral("algorithm")).toString() == QStringLiteral("ENGINE_1")) {
                QCOMPARE(l.value(QStringLiteral("workspace_bytes")).toInteger(),
                         l.value(QStringLiteral("c")).toInteger() * 9 * 8);
                sawWorkspace = true;
            } else {
                QCOMPARE(l.value(QStringLiteral("workspace_bytes")).toInteger(), 0);
            }
        }
    }
    QVERIFY(sawWorkspace);
}

void TestBenchmark::cpuFakeIsJudgedSlow()
{
    // The fake "GPU" is this machine's CPU running the same code as the baseline: speed-up about 1. That is what
    // a machine where cuDNN is not really used looks like, and the verdict must say so (or, were it somehow fast
    // enough on a very fast CPU, at least not claim anything else).
    const QString code = verdictCode(m_cpuFake);
    QVERIFY2(code == QStringLiteral("BENCH-SLOW") || code == QStringLiteral("BENCH-OK"), qPrintable(code));
    if (code == QStringLiteral("BENCH-SLOW")) {
        QVERIFY2(verdictMessage(m_cpuFake).startsWith(QStringLiteral("Slow: cuDNN is probably not being used: ")),
                 qPrintable(verdictMessage(m_cpuFake)));
    }
    const QJsonObject verdict = verdictOf(m_cpuFake);
    QVERIFY(verdict.value(QStringLiteral("speedup")).toDouble() > 0);
    QVERIFY(verdict.value(QStringLiteral("speedup")).toDouble() < 10);
    QVERIFY(verdict.value(QStringLiteral("reference_ms")).toDouble() > 0);
    QCOMPARE(verdict.value(QStringLiteral("reference_limit_ms")).toDouble(), 150.0); // the seeds' own GPU model
    QCOMPARE(verdict.value(QStringLiteral("reference_expected_ms")).toDouble(), 20.0);
}

void TestBenchmark::cpuFakeReportsTheGpuAndLibraries()
{
    const QJsonObject gpu = m_cpuFake.json.value(QStringLiteral("gpu")).toObject();
    QCOMPARE(gpu.value(QStringLiteral("name")).toString(), QStringLiteral("NVIDIA GeForce RTX 3060 Ti"));
    QCOMPARE(gpu.value(QStringLiteral("cc")).toString(), QStringLiteral("8.6"));
    QCOMPARE(gpu.value(QStringLiteral("sms")).toInt(), 38);
    QCOMPARE(gpu.value(QStringLiteral("clock_khz")).toInt(), 1665000);
    QVERIFY(std::abs(gpu.value(QStringLiteral("peak_fp32_tflops")).toDouble() - 16.197) < 0.001);
    QVERIFY(std::abs(gpu.value(QStringLiteral("peak_fp16_tensor_tflops")).toDouble() - 32.394) < 0.001);
    QCOMPARE(gpu.value(QStringLiteral("free_bytes")).toInteger(), (Q_INT64_C(8192) - 300) << 20);

    const QJsonObject libraries = m_cpuFake.json.value(QStringLiteral("libraries")).toObject();
    const QJsonObject cudnn = libraries.value(QStringLiteral("cudnn")).toObject();
    QCOMPARE(cudnn.value(QStringLiteral("path")).toString(), scenario(QStringLiteral("cpu-cudnn/libcudnn.so.9")));
    QCOMPARE(cudnn.value(QStringLiteral("version_text")).toString(), QStringLiteral("9.19.0"));
    QCOMPARE(cudnn.value(QStringLiteral("cudart_version")).toInteger(), 13000);
    const QJsonObject cudart = libraries.value(QStringLiteral("cudart")).toObject();
    QCOMPARE(cudart.value(QStringLiteral("path")).toString(), scenario(QStringLiteral("cpu-cudnn/libcudart.so.13")));
    QCOMPARE(cudart.value(QStringLiteral("version")).toInteger(), 13000);
    const QJsonObject driver = libraries.value(QStringLiteral("driver")).toObject();
    QCOMPARE(driver.value(QStringLiteral("path")).toString(), scenario(QStringLiteral("cpu-cudnn/libcuda.so.1")));
    QCOMPARE(driver.value(QStringLiteral("cuda_version_text")).toString(), QStringLiteral("13.0"));

    const QJsonObject benchmark = m_cpuFake.json.value(QStringLiteral("benchmark")).toObject();
    QCOMPARE(benchmark.value(QStringLiteral("quick")).toBool(), true);
    QVERIFY(benchmark.value(QStringLiteral("cpu_threads")).toInt() >= 1);
}

void TestBenchmark::strictFp32StaysOffTf32()
{
    // On this Ampere fake, the TENSOR_CORE engine rounds FP32 inputs to TF32 like the real tensor cores, and the
    // DOWN_CONVERT_INPUTS engine (ranked first for FP32 data) to FP16. Strict FP32 cases must run on the engine
    // without notes (errors at float rounding), TF32 cases on the tensor-core one that keeps FP32 inputs (errors at
    // TF32 rounding, not FP16's).
    for (const QJsonValue& value : cases()) {
        const QJsonObject c = value.toObject();
        const QString precision = c.value(QStringLiteral("precision")).toString();
        const QJsonObject layer = c.value(QStringLiteral("layers")).toArray().at(0).toObject();
        const QString math = layer.value(QStringLiteral("math")).toString();
        const QJsonArray notes
            = layer.value(QStringLiteral("engine")).toObject().value(QStringLiteral("numerical_notes")).toArray();
        const double error = c.value(QStringLiteral("max_rel_error")).toDouble();
        if (precision == QStringLiteral("fp32")) {
            QCOMPARE(math, QStringLiteral("FMA"));
            QVERIFY(notes.isEmpty());
            QVERIFY2(error < 1e-5, qPrintable(QString::number(error)));
        } else if (precision == QStringLiteral("tf32")) {
            QCOMPARE(math, QStringLiteral("DEFAULT"));
            QCOMPARE(notes, (QJsonArray{QStringLiteral("TENSOR_CORE")}));
            QVERIFY2(error > 1e-5 && error < 1e-3, qPrintable(QString::number(error)));
        } else {
            QVERIFY2(math == QStringLiteral("TENSOR_OP") || math == QStringLiteral("FMA"), qPrintable(math));
        }
    }
}

void TestBenchmark::wrongResultsAreCaught()
{
    ProbeRun run;
    QVERIFY2(runBenchmark(run, QStringLiteral("cudnn-wrong")), qPrintable(run.failure));
    QCOMPARE(verdictCode(run), QStringLiteral("BENCH-WRONG"));
    QVERIFY2(
        verdictMessage(run).startsWith(QStringLiteral("Results are wrong: reference-fp32 differs from the CPU by ")),
        qPrintable(verdictMessage(run)));
    for (const QJsonValue& value : run.json.value(QStringLiteral("cases")).toArray()) {
        const QJsonObject c = value.toObject();
        QCOMPARE(c.value(QStringLiteral("api")).toString(), QStringLiteral("graph")); // the plan's answer was judged
        QCOMPARE(c.value(QStringLiteral("ok")).toBool(true), false);
        QVERIFY(c.value(QStringLiteral("max_rel_error")).toDouble() > c.value(QStringLiteral("tolerance")).toDouble());
    }
}

void TestBenchmark::failedPlanFinalizeFallsBackToLegacy()
{
    ProbeRun run;
    QVERIFY2(runBenchmark(run, QStringLiteral("cudnn-plan-finalize-fails")), qPrintable(run.failure));
    verifyLegacyFallback(run,
                         QStringLiteral(": cudnnBackendFinalize (execution plan) returned 3000 "
                                        "(CUDNN_STATUS_NOT_SUPPORTED)"));
}

void TestBenchmark::noEngineThatFitsFallsBackToLegacy()
{
    ProbeRun run;
    QVERIFY2(runBenchmark(run, QStringLiteral("cudnn-no-engine-fits")), qPrintable(run.failure));
    verifyLegacyFallback(run, QStringLiteral(": needs 1099511627776 bytes of workspace, over the limit of "));
}

void TestBenchmark::legacyOnlyCudnnRunsLegacy()
{
    ProbeRun run;
    const QString cudnn = scenario(QStringLiteral("cudnn-legacy-only/libcudnn.so.7"));
    QVERIFY2(runBenchmark(run, QStringLiteral("cudnn-legacy-only"), {QStringLiteral("--cudnn"), cudnn}),
             qPrintable(run.failure));
    QCOMPARE(run.json.value(QStringLiteral("libraries"))
                 .toObject()
                 .value(QStringLiteral("cudnn"))
                 .toObject()
                 .value(QStringLiteral("version_text"))
                 .toString(),
             QStringLiteral("7.6.5"));
    verifyLegacyFallback(run, QStringLiteral("this cuDNN has no graph API (no cudnnBackendCreateDescriptor)"));
    // That machine's runtime predates CUDA graphs: the host cost is the enqueue time alone, and says why.
    for (const QJsonValue& value : run.json.value(QStringLiteral("cases")).toArray()) {
        const QJsonObject hostCost = value.toObject().value(QStringLiteral("host_cost")).toObject();
        QVERIFY(hostCost.value(QStringLiteral("enqueue_ms")).toDouble() > 0);
        QVERIFY(hostCost.value(QStringLiteral("graph_ms")).isNull());
        QCOMPARE(hostCost.value(QStringLiteral("graph_error")).toString(),
                 QStringLiteral("this CUDA runtime lacks cudaStreamBeginCapture"));
    }
}

void TestBenchmark::verifyLegacyFallback(const ProbeRun& run, const QString& reasonPart) const
{
    // Same verdict family as the healthy CPU fake: the legacy path computes right answers at the same speed.
    const QString code = verdictCode(run);
    QVERIFY2(code == QStringLiteral("BENCH-SLOW") || code == QStringLiteral("BENCH-OK"), qPrintable(code));
    const QJsonArray all = run.json.value(QStringLiteral("cases")).toArray();
    QCOMPARE(all.size(), 14);
    for (const QJsonValue& value : all) {
        const QJsonObject c = value.toObject();
        const QString name = c.value(QStringLiteral("name")).toString();
        QVERIFY2(c.value(QStringLiteral("ok")).toBool(),
                 qPrintable(name + QStringLiteral(": ") + QJsonDocument(c).toJson()));
        QCOMPARE(c.value(QStringLiteral("api")).toString(), QStringLiteral("legacy"));
        QCOMPARE(c.value(QStringLiteral("algorithm_search")).toString(), QStringLiteral("find"));
        const QString reason = c.value(QStringLiteral("api_reason")).toString();
        QVERIFY2(reason.contains(reasonPart), qPrintable(name + QStringLiteral(": ") + reason));
        for (const QJsonValue& layer : c.value(QStringLiteral("layers")).toArray()) {
            QVERIFY(layer.toObject().value(QStringLiteral("engine")).isNull());
            const QString algorithm = layer.toObject().value(QStringLiteral("algorithm")).toString();
            QVERIFY2(algorithm == QStringLiteral("IMPLICIT_GEMM")
                         || algorithm == QStringLiteral("IMPLICIT_PRECOMP_GEMM"),
                     qPrintable(algorithm));
        }
    }
}

void TestBenchmark::hangingConvolutionEndsWithTheWatchdog()
{
    ProbeRun run;
    QVERIFY2(runBenchmark(
                 run, QStringLiteral("cudnn-hangs"), {QStringLiteral("--timeout-ms"), QStringLiteral("8000")}, false),
             qPrintable(run.failure));
    QCOMPARE(run.exitCode, 124);
    QVERIFY2(run.elapsedMs < 60000, qPrintable(QString::number(run.elapsedMs)));
    QVERIFY2(run.standardError.contains("watchdog"), run.standardError.constData());
    QCOMPARE(verdictCode(run), QStringLiteral("BENCH-TIMEOUT"));
    QCOMPARE(verdictMessage(run),
             QStringLiteral("The benchmark did not finish within 8000 ms. It was at: reference-fp32: layer 1 of 2: "
                            "autotune, engine 0 (cudnnBackendExecute). A driver or cuDNN call probably hangs."));
    QCOMPARE(run.json.value(QStringLiteral("gpu")).toObject().value(QStringLiteral("sms")).toInt(), 38);
}

void TestBenchmark::cudnnCreateFailure()
{
    ProbeRun run;
    QVERIFY2(runBenchmark(run, QStringLiteral("cudnn-create-fails")), qPrintable(run.failure));
    QCOMPARE(verdictCode(run), QStringLiteral("BENCH-CUDNN-ERROR"));
    QCOMPARE(verdictMessage(run),
             QStringLiteral("cuDNN failed to start: cudnnCreate returned 1001 (CUDNN_STATUS_NOT_INITIALIZED)"));
    QVERIFY(run.json.value(QStringLiteral("cases")).toArray().isEmpty());
    QVERIFY(run.json.value(QStringLiteral("gpu")).isObject());
}

void TestBenchmark::noDriver()
{
    ProbeRun run;
    const QString missing = QStringLiteral("/nonexistent/libcuda.so.1");
    QVERIFY2(runBenchmark(run, QStringLiteral("cpu-cudnn"), {QStringLiteral("--driver"), missing}),
             qPrintable(run.failure));
    QCOMPARE(verdictCode(run), QStringLiteral("BENCH-NO-DRIVER"));
    QVERIFY2(verdictMessage(run).startsWith(QStringLiteral("No NVIDIA driver: ") + missing + QStringLiteral(": ")),
             qPrintable(verdictMessage(run)));
    QVERIFY(run.json.value(QStringLiteral("gpu")).isNull());
    QVERIFY(run.json.value(QStringLiteral("cases")).toArray().isEmpty());

    // The same through the loader's search, on a machine with NVML but no CUDA driver library.
    ProbeRun searched;
    QVERIFY2(runBenchmark(searched, QStringLiteral("nvml-only")), qPrintable(searched.failure));
    if (verdictCode(searched) != QStringLiteral("BENCH-NO-DRIVER")) {
        QSKIP("This machine has a real CUDA driver on the loader's path");
    }
    QVERIFY2(verdictMessage(searched).contains(QStringLiteral("libcuda.so.1")), qPrintable(verdictMessage(searched)));
}

void TestBenchmark::noGpu()
{
    ProbeRun run;
    QVERIFY2(runBenchmark(run, QStringLiteral("cuinit-fails")), qPrintable(run.failure));
    QCOMPARE(verdictCode(run), QStringLiteral("BENCH-NO-GPU"));
    QVERIFY2(verdictMessage(run).contains(QStringLiteral("cuInit(0) returned 100 (CUDA_ERROR_NO_DEVICE)")),
             qPrintable(verdictMessage(run)));

    ProbeRun absent;
    QVERIFY2(runBenchmark(absent, QStringLiteral("cpu-cudnn"), {QStringLiteral("--device"), QStringLiteral("3")}),
             qPrintable(absent.failure));
    QCOMPARE(verdictCode(absent), QStringLiteral("BENCH-NO-GPU"));
    QCOMPARE(verdictMessage(absent), QStringLiteral("No GPU 3: the NVIDIA driver reports 1 (numbered from 0)"));
}

void TestBenchmark::cudnnMissing()
{
    ProbeRun run;
    const QString missing = QStringLiteral("/nonexistent/libcudnn.so.9");
    QVERIFY2(runBenchmark(run, QStringLiteral("cpu-cudnn"), {QStringLiteral("--cudnn"), missing}),
             qPrintable(run.failure));
    QCOMPARE(verdictCode(run), QStringLiteral("BENCH-CUDNN-LOAD-FAILED"));
    QVERIFY2(verdictMessage(run).startsWith(QStringLiteral("cuDNN failed to load: ") + missing),
             qPrintable(verdictMessage(run)));
    QVERIFY2(verdictMessage(run).endsWith(QStringLiteral("(tried ") + missing + QStringLiteral(")")),
             qPrintable(verdictMessage(run)));
}

void TestBenchmark::cudartMissing()
{
    ProbeRun run;
    QVERIFY2(runBenchmark(run,
                          QStringLiteral("cpu-cudnn"),
                          {QStringLiteral("--cudart"),
                           QStringLiteral("/nonexistent/libcudart.so.13"),
                           QStringLiteral("--cudart"),
                           QStringLiteral("libcudart.so.99")}),
             qPrintable(run.failure));
    QCOMPARE(verdictCode(run), QStringLiteral("BENCH-CUDART-LOAD-FAILED"));
    QVERIFY2(
        verdictMessage(run).startsWith(QStringLiteral("The CUDA runtime failed to load: /nonexistent/libcudart.so.13")),
        qPrintable(verdictMessage(run)));
    QVERIFY2(verdictMessage(run).endsWith(QStringLiteral("(tried /nonexistent/libcudart.so.13, libcudart.so.99)")),
             qPrintable(verdictMessage(run)));
    QCOMPARE(run.json.value(QStringLiteral("libraries"))
                 .toObject()
                 .value(QStringLiteral("cudnn"))
                 .toObject()
                 .value(QStringLiteral("version"))
                 .toInteger(),
             91900);
}

void TestBenchmark::realLibrariesOnAFakeDriverFailCleanly()
{
    const QString cudnn = QStringLiteral("/usr/local/cuda-13.0/lib/libcudnn.so.9");
    const QString cudart = QStringLiteral("/usr/local/cuda-13.0/lib/libcudart.so.13");
    if (!QFile::exists(cudnn) || !QFile::exists(cudart)) {
        QSKIP("needs the real CUDA 13.0 toolkit with cuDNN 9 in /usr/local/cuda-13.0");
    }
    // NVIDIA's runtime on the fake driver, which lacks the entry points it needs: a clear verdict, not a crash.
    ProbeRun run;
    QVERIFY2(runBenchmark(run,
                          QStringLiteral("cpu-cudnn"),
                          {QStringLiteral("--cudnn"), cudnn, QStringLiteral("--cudart"), cudart}),
             qPrintable(run.failure));
    QCOMPARE(verdictCode(run), QStringLiteral("BENCH-CUDA-ERROR"));
    QVERIFY2(
        verdictMessage(run).startsWith(QStringLiteral("The CUDA runtime failed to start: cudaSetDevice returned ")),
        qPrintable(verdictMessage(run)));
    const QJsonObject libraries = run.json.value(QStringLiteral("libraries")).toObject();
    QCOMPARE(libraries.value(QStringLiteral("cudnn")).toObject().value(QStringLiteral("version")).toInteger(), 91900);
    QCOMPARE(libraries.value(QStringLiteral("cudart")).toObject().value(QStringLiteral("path")).toString(), cudart);
}

void TestBenchmark::cpuBaselineIsOneDnnWhereItLoads()
{
    // The default run: oneDNN times the CPU side when libdnnl.so.2 loads here (libdnnl-dev), the reference stays
    // the answer key, so every case is still judged against it.
    const QJsonObject run = m_cpuFake.json.value(QStringLiteral("benchmark")).toObject();
    const QJsonObject onednn = run.value(QStringLiteral("onednn")).toObject();
    if (!QLibrary(QStringLiteral("libdnnl.so.2")).load()) {
        QCOMPARE(run.value(QStringLiteral("cpu_baseline")).toString(), QStringLiteral("reference"));
        QVERIFY(!onednn.value(QStringLiteral("error")).toString().isEmpty());
        QSKIP("libdnnl.so.2 does not load here (Debian: libdnnl2): only the fallback to the reference was checked");
    }
    QCOMPARE(run.value(QStringLiteral("cpu_baseline")).toString(), QStringLiteral("onednn"));
    QVERIFY2(onednn.value(QStringLiteral("version")).toString().startsWith(QStringLiteral("2.")),
             qPrintable(QJsonDocument(onednn).toJson()));
    QVERIFY2(onednn.value(QStringLiteral("library")).toString().contains(QStringLiteral("libdnnl.so.2")),
             qPrintable(QJsonDocument(onednn).toJson()));
    QCOMPARE(onednn.value(QStringLiteral("error")).toString(QStringLiteral("absent")), QString());
    for (const QJsonValue& value : cases()) {
        const QJsonObject c = value.toObject();
        QCOMPARE(c.value(QStringLiteral("cpu_baseline")).toString(), QStringLiteral("onednn"));
        QVERIFY2(c.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(c).toJson()));
    }
}

void TestBenchmark::cpuBaselineReferenceOnRequest()
{
    ProbeRun run;
    QVERIFY2(
        runBenchmark(run, QStringLiteral("cpu-cudnn"), {QStringLiteral("--cpu-baseline"), QStringLiteral("reference")}),
        qPrintable(run.failure));
    const QJsonObject benchmark = run.json.value(QStringLiteral("benchmark")).toObject();
    QCOMPARE(benchmark.value(QStringLiteral("cpu_baseline")).toString(), QStringLiteral("reference"));
    QCOMPARE(benchmark.value(QStringLiteral("onednn")).toObject().value(QStringLiteral("error")).toString(),
             QStringLiteral("not asked for"));
    const QJsonArray all = run.json.value(QStringLiteral("cases")).toArray();
    QCOMPARE(all.size(), 14);
    for (const QJsonValue& value : all) {
        const QJsonObject c = value.toObject();
        QCOMPARE(c.value(QStringLiteral("cpu_baseline")).toString(), QStringLiteral("reference"));
        QVERIFY2(c.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(c).toJson()));
        QVERIFY(c.value(QStringLiteral("cpu_ms")).toDouble() > 0);
    }
}

void TestBenchmark::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("--quick with driver") << QStringList{"driver", "--quick"};
    QTest::newRow("--cudnn with cudnn") << QStringList{"cudnn", "--cudnn", "libcudnn.so.9"};
    QTest::newRow("--cudnn without a value") << QStringList{"benchmark", "--cudnn"};
    QTest::newRow("--device not a number") << QStringList{"benchmark", "--device", "first"};
    QTest::newRow("--device negative") << QStringList{"benchmark", "--device", "-1"};
    QTest::newRow("--library with benchmark") << QStringList{"benchmark", "--library", "libcudnn.so.9"};
    QTest::newRow("--cpu-baseline unknown") << QStringList{"benchmark", "--cpu-baseline", "mkl"};
    QTest::newRow("--cpu-baseline without a value") << QStringList{"benchmark", "--cpu-baseline"};
    QTest::newRow("--cpu-baseline with verify") << QStringList{"verify", "--cpu-baseline", "reference"};
}

void TestBenchmark::usageErrors()
{
    QFETCH(QStringList, arguments);
    ProbeRun run;
    QVERIFY2(runProbe(run, arguments, scenario(QStringLiteral("cpu-cudnn"))), qPrintable(run.failure));
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.standardOutput.isEmpty());
    QVERIFY2(run.standardError.startsWith("cudnn-probe: "), run.standardError.constData());
}

void TestBenchmark::gpuMachineScriptsParse()
{
    const QString bash = QStandardPaths::findExecutable(QStringLiteral("bash"));
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (bash.isEmpty() || python.isEmpty()) {
        QSKIP("needs bash and python3");
    }
    const QString gpuDir = QDir(m_sourceDir).filePath(QStringLiteral("bench/gpu"));
    QProcess check;
    check.start(bash, {QStringLiteral("-n"), QDir(gpuDir).filePath(QStringLiteral("run-on-gpu.sh"))});
    QVERIFY(check.waitForFinished(30000));
    QVERIFY2(check.exitCode() == 0, check.readAllStandardError().constData());

    QTemporaryDir cache;
    QVERIFY(cache.isValid());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("PYTHONPYCACHEPREFIX"), cache.path()); // keep the source tree clean
    for (const QString& script : {QStringLiteral("torch_conv.py"), QStringLiteral("find_libraries.py")}) {
        QProcess compile;
        compile.setProcessEnvironment(environment);
        compile.start(python, {QStringLiteral("-m"), QStringLiteral("py_compile"), QDir(gpuDir).filePath(script)});
        QVERIFY(compile.waitForFinished(30000));
        QVERIFY2(compile.exitCode() == 0, compile.readAllStandardError().constData());
    }
}

void TestBenchmark::comparisonScriptReadsTheReport()
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty()) {
        QSKIP("needs python3");
    }
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    const QString report = directory.filePath(QStringLiteral("probe.json"));
    QFile file(report);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(m_cpuFake.standardOutput);
    file.close();

    // Without PyTorch (this machine) the script prints our side of the table and says the other side is missing.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    QProcess compare;
    compare.setProcessEnvironment(environment);
    compare.start(python,
                  {QDir(m_sourceDir).filePath(QStringLiteral("bench/gpu/torch_conv.py")),
                   QStringLiteral("--probe-json"),
                   report,
                   QStringLiteral("--no-torch")});
    QVERIFY(compare.waitForFinished(60000));
    const QString output = QString::fromUtf8(compare.readAllStandardOutput());
    QVERIFY2(compare.exitCode() == 0, qPrintable(output + QString::fromUtf8(compare.readAllStandardError())));
    for (const QJsonValue& value : cases()) {
        const QString name = value.toObject().value(QStringLiteral("name")).toString();
        QVERIFY2(output.contains(name), qPrintable(name + QStringLiteral(" missing from:\n") + output));
    }
    QVERIFY2(output.contains(QStringLiteral("NVIDIA GeForce RTX 3060 Ti")), qPrintable(output));
    QVERIFY2(output.contains(QStringLiteral("PyTorch: not run")), qPrintable(output));
    // The API per case, and the host-cost table (events, CUDA graph, enqueue) for the next GPU run.
    QVERIFY2(output.contains(QStringLiteral(" graph  ENGINE_")), qPrintable(output));
    QVERIFY2(output.contains(QStringLiteral("Host cost per pass (ms)")), qPrintable(output));
    QVERIFY2(!output.contains(QStringLiteral("no CUDA graph")), qPrintable(output));
}

QTEST_GUILESS_MAIN(TestBenchmark)
#include "TestBenchmark.moc"
