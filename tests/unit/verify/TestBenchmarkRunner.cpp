#include "TestTree.h"
#include "verify/BenchmarkRunner.h"

#include <QtTest>

/** The engine's side of the benchmark: which libraries it hands the probe, and how it reads the verdict. */
/** Every progress update, kept in order (called on the runner's thread: the test's). */
class RecordingSink final : public ProgressSink
{
public:
    void report(const ProgressUpdate& update) override { updates.append(update); }
    QList<ProgressUpdate> updates;
};

class TestBenchmarkRunner : public QObject
{
    Q_OBJECT

private slots:
    void cpuBackedFakeRunsEveryCase();
    void wrongResultsAreAnError();
    void noDriverIsAWarning();
    void toolkitLibrariesArePassedByPath();
    void windowsToolkitFoldersComeFirstWithBackslashes();
    void missingProbeIsReportedNotThrown();
    void aProbeThatEndsSilentlySaysHowItEnded();
    void slowButProgressingRunIsNotFinishedNotHung();
    void cancelKeepsTheCasesMeasured();
    void callThatNeverReturnsIsAHang();
    void watchedChildGivesEachLineAndStops();
    void reportSectionKeepsTheContractKeys();

private:
    static HostEnvironment hostWithFake(const QString& scenario);
};

HostEnvironment TestBenchmarkRunner::hostWithFake(const QString& scenario)
{
    HostEnvironment host;
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    host.variables.insert(
        QStringLiteral("LD_LIBRARY_PATH"),
        scenario.isEmpty() ? QString() : qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QLatin1Char('/') + scenario);
    return host;
}

void TestBenchmarkRunner::cpuBackedFakeRunsEveryCase()
{
    const HostEnvironment host = hostWithFake(QStringLiteral("cpu-cudnn"));
    const ProcessRunner runner;
    const BenchmarkResult result = BenchmarkRunner(host, runner).run({QString(), true, 120000});
    QVERIFY2(result.ran, qPrintable(result.verdictMessage));
    QCOMPARE(result.gpuName, QStringLiteral("NVIDIA GeForce RTX 3060 Ti"));
    QVERIFY(result.cases.size() >= 5);
    for (const BenchmarkCase& c : result.cases) {
        QVERIFY2(c.ok, qPrintable(c.name + QLatin1Char(' ') + c.error));
        QVERIFY(c.gpuMs.has_value() && c.cpuMs.has_value());
    }
    // The fake "GPU" computes on the CPU, so it cannot be much faster: the verdict must not claim success.
    QCOMPARE(result.verdictCode, QStringLiteral("BENCH-SLOW"));
    QCOMPARE(result.diagnostic().severity, Severity::Warning);
    QVERIFY(!result.passed());
}

void TestBenchmarkRunner::wrongResultsAreAnError()
{
    const HostEnvironment host = hostWithFake(QStringLiteral("cudnn-wrong"));
    const ProcessRunner runner;
    const BenchmarkResult result = BenchmarkRunner(host, runner).run({QString(), true, 120000});
    QCOMPARE(result.verdictCode, QStringLiteral("BENCH-WRONG"));
    QCOMPARE(result.diagnostic().severity, Severity::Error);
}

void TestBenchmarkRunner::noDriverIsAWarning()
{
    TestTree empty;
    HostEnvironment host = hostWithFake(QString());
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), empty.root());
    const ProcessRunner runner;
    const BenchmarkResult result = BenchmarkRunner(host, runner).run({QString(), true, 60000});
    if (result.verdictCode != QLatin1String("BENCH-NO-DRIVER") && QFileInfo::exists(QStringLiteral("/dev/nvidiactl")))
        QSKIP("This machine has a real NVIDIA driver");
    QCOMPARE(result.verdictCode, QStringLiteral("BENCH-NO-DRIVER"));
    QCOMPARE(result.diagnostic().severity, Severity::Warning);
}

void TestBenchmarkRunner::toolkitLibrariesArePassedByPath()
{
    TestTree tree;
    const QString fakes = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cpu-cudnn");
    tree.makeDir(QStringLiteral("cuda/lib"));
    tree.symlink(QStringLiteral("cuda/lib64"), QStringLiteral("lib"));
    tree.symlink(QStringLiteral("cuda/lib/libcudnn.so.9"), fakes + QStringLiteral("/libcudnn.so.9"));
    tree.symlink(QStringLiteral("cuda/lib/libcudnn.so"), QStringLiteral("libcudnn.so.9"));
    tree.symlink(QStringLiteral("cuda/lib/libcudart.so.13"), fakes + QStringLiteral("/libcudart.so.13"));
    const HostEnvironment host = hostWithFake(QStringLiteral("cpu-cudnn"));
    const ProcessRunner runner;
    const BenchmarkRunner benchmark(host, runner);

    const QStringList arguments = benchmark.probeArguments({tree.path(QStringLiteral("cuda")), true, 60000});
    const int cudnn = arguments.indexOf(QStringLiteral("--cudnn"));
    QVERIFY(cudnn >= 0);
    QCOMPARE(QFileInfo(arguments.at(cudnn + 1)).fileName(), QStringLiteral("libcudnn.so.9"));
    QVERIFY2(!arguments.contains(tree.path(QStringLiteral("cuda/lib/libcudnn.so"))),
             "the dev link is not a runtime name");
    const int cudart = arguments.indexOf(QStringLiteral("--cudart"));
    QVERIFY(cudart >= 0);
    QCOMPARE(QFileInfo(arguments.at(cudart + 1)).fileName(), QStringLiteral("libcudart.so.13"));
    QVERIFY(arguments.contains(QStringLiteral("--quick")));
}

void TestBenchmarkRunner::windowsToolkitFoldersComeFirstWithBackslashes()
{
    // cudnn64_8.dll loads cudnn_cnn_infer64_8.dll by bare name and Windows never searches the asking DLL's folder:
    // the probe needs the toolkit's bin on PATH, and LoadLibraryW wants `\` in the paths it is given.
    TestTree tree;
    tree.writeFile(QStringLiteral("v11.3/bin/cudnn64_8.dll"), "MZ");
    tree.writeFile(QStringLiteral("v11.3/bin/cudart64_110.dll"), "MZ");
    HostEnvironment host;
    host.os = OsFlavor::Windows;
    host.variables.insert(QStringLiteral("Path"), QStringLiteral("C:\\Windows\\system32;C:\\Windows"));
    const ProcessRunner runner;
    const BenchmarkRunner benchmark(host, runner);
    const BenchmarkRunner::Options options{tree.path(QStringLiteral("v11.3")), true, 60000};

    const QString bin = displayPath(OsFlavor::Windows, tree.path(QStringLiteral("v11.3/bin")));
    QVERIFY(bin.contains(QLatin1Char('\\')) && !bin.contains(QLatin1Char('/')));
    const QStringList arguments = benchmark.probeArguments(options);
    QCOMPARE(arguments.value(arguments.indexOf(QStringLiteral("--cudnn")) + 1),
             bin + QStringLiteral("\\cudnn64_8.dll"));
    QCOMPARE(arguments.value(arguments.indexOf(QStringLiteral("--cudart")) + 1),
             bin + QStringLiteral("\\cudart64_110.dll"));
    QCOMPARE(benchmark.probeEnvironment(options).value(QStringLiteral("PATH")),
             bin + QStringLiteral(";C:\\Windows\\system32;C:\\Windows"));
    // Without a toolkit, and on Linux, the host's search path is passed as it is.
    QCOMPARE(benchmark.probeEnvironment({}).value(QStringLiteral("PATH")),
             QStringLiteral("C:\\Windows\\system32;C:\\Windows"));
    host.os = OsFlavor::Linux;
    host.variables = {{QStringLiteral("PATH"), QStringLiteral("/usr/bin")}};
    QCOMPARE(BenchmarkRunner(host, runner).probeEnvironment(options).value(QStringLiteral("PATH")),
             QStringLiteral("/usr/bin"));
}

void TestBenchmarkRunner::missingProbeIsReportedNotThrown()
{
    TestTree empty;
    HostEnvironment host = hostWithFake(QStringLiteral("cpu-cudnn"));
    host.probeDirectory = empty.root();
    const ProcessRunner runner;
    const BenchmarkResult result = BenchmarkRunner(host, runner).run({QString(), true, 10000});
    QVERIFY(!result.ran);
    QCOMPARE(result.verdictCode, QStringLiteral("BENCH-PROBE-FAILED"));
    QCOMPARE(result.diagnostic().severity, Severity::Error);
    QCOMPARE(result.toJson().value(QStringLiteral("status")).toString(), QStringLiteral("not_run"));
}

void TestBenchmarkRunner::aProbeThatEndsSilentlySaysHowItEnded()
{
    // Seen under wine: "Benchmark could not run:" with nothing after the colon, the probe having ended without a word.
    TestTree tree;
    const QString probe = tree.writeFile(QStringLiteral("bin/cudnn-probe"), "#!/bin/sh\nexit 3\n");
    QVERIFY(QFile::setPermissions(probe, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    HostEnvironment host = hostWithFake(QString());
    host.probeDirectory = tree.path(QStringLiteral("bin"));
    const ProcessRunner runner;
    const BenchmarkResult result = BenchmarkRunner(host, runner).run({QString(), true, 10000});
    QCOMPARE(result.verdictCode, QStringLiteral("BENCH-PROBE-FAILED"));
    QVERIFY2(result.verdictMessage.contains(QStringLiteral("exit code 3")), qPrintable(result.verdictMessage));
    QVERIFY2(!result.verdictMessage.trimmed().endsWith(u':'), qPrintable(result.verdictMessage));
}

void TestBenchmarkRunner::reportSectionKeepsTheContractKeys()
{
    const QJsonObject probe{
        {QStringLiteral("gpu"), QJsonObject{{QStringLiteral("name"), QStringLiteral("H200")}}},
        {QStringLiteral("cases"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("peak-fp16")},
                                {QStringLiteral("gpu_ms"), QJsonObject{{QStringLiteral("median"), 2.5}}},
                                {QStringLiteral("cpu_ms"), 900.0},
                                {QStringLiteral("speedup"), 360.0},
                                {QStringLiteral("ok"), true}}}},
        {QStringLiteral("verdict"),
         QJsonObject{{QStringLiteral("code"), QStringLiteral("BENCH-OK")},
                     {QStringLiteral("message"), QStringLiteral("cuDNN is active")}}},
    };
    const BenchmarkResult result = BenchmarkResult::fromProbeJson(probe);
    QVERIFY(result.passed());
    const QJsonObject json = result.toJson();
    QCOMPARE(json.value(QStringLiteral("status")).toString(), QStringLiteral("ran"));
    QCOMPARE(json.value(QStringLiteral("verdict")).toObject().value(QStringLiteral("code")).toString(),
             QStringLiteral("BENCH-OK"));
    const QJsonObject peak = json.value(QStringLiteral("cases")).toArray().first().toObject();
    QCOMPARE(peak.value(QStringLiteral("gpu_ms")).toDouble(), 2.5);
    QCOMPARE(peak.value(QStringLiteral("speedup")).toDouble(), 360.0);
    QVERIFY(peak.value(QStringLiteral("tflops")).isNull());
}

void TestBenchmarkRunner::slowButProgressingRunIsNotFinishedNotHung()
{
    // cudnn-slow: each convolution sleeps 15 ms, ~0.6 s a case. A 1.5 s budget runs out while cases still finish.
    const HostEnvironment host = hostWithFake(QStringLiteral("cudnn-slow"));
    const ProcessRunner runner;
    RecordingSink progress;
    int watched = 0;
    const BenchmarkResult result
        = BenchmarkRunner(host, runner)
              .run({QString(), true, 1500, 20000}, &progress, CancellationToken(), [&](const BenchmarkResult& soFar) {
                  QCOMPARE(soFar.cases.size(), ++watched); // one more finished case each time
              });
    QCOMPARE(result.verdictCode, QStringLiteral("BENCH-NOT-FINISHED"));
    QCOMPARE(result.stopped, BenchmarkResult::Stop::TimeLimit);
    QCOMPARE(result.casesPlanned, 14);
    QVERIFY2(result.casesMeasured() >= 1 && result.casesMeasured() < 14, qPrintable(result.headline()));
    QCOMPARE(result.cases.size(), watched);
    QVERIFY(result.overallSpeedup.has_value()); // the speed-up so far
    const Diagnostic diagnostic = result.diagnostic();
    QCOMPARE(diagnostic.severity, Severity::Warning); // slow, not broken
    QVERIFY(diagnostic.action.kind != FixAction::Kind::RunRepair);
    QVERIFY2(!result.headline().contains(QStringLiteral("hang"), Qt::CaseInsensitive)
                 || result.headline().contains(QStringLiteral("nothing hangs")),
             qPrintable(result.headline()));
    QVERIFY2(result.headline().contains(QStringLiteral("%1 of 14 cases").arg(result.casesMeasured())),
             qPrintable(result.headline()));
    const QJsonObject json = result.toJson();
    QCOMPARE(json.value(QStringLiteral("status")).toString(), QStringLiteral("not_finished"));
    QCOMPARE(json.value(QStringLiteral("stopped")).toString(), QStringLiteral("time_limit"));
    QCOMPARE(json.value(QStringLiteral("cases")).toArray().size(), result.cases.size());
    // Progress per case: "case k of 14" with its name, k rising.
    QStringList started;
    int lastDone = 0;
    for (const ProgressUpdate& u : progress.updates) {
        QCOMPARE(u.unit, ProgressUpdate::Unit::Cases);
        QCOMPARE(u.itemsTotal, 14);
        QVERIFY(u.itemsDone >= lastDone);
        lastDone = u.itemsDone;
        if (!u.currentItem.isEmpty())
            started.append(u.currentItem);
    }
    QCOMPARE(started.value(0), QStringLiteral("reference-fp32"));
    QCOMPARE(lastDone, result.casesMeasured());
}

void TestBenchmarkRunner::cancelKeepsTheCasesMeasured()
{
    const HostEnvironment host = hostWithFake(QStringLiteral("cudnn-slow"));
    const ProcessRunner runner;
    const CancellationToken cancel;
    const BenchmarkResult result
        = BenchmarkRunner(host, runner).run({QString(), true, 120000, 20000}, nullptr, cancel, [&](const auto& soFar) {
              if (soFar.cases.size() == 2)
                  cancel.cancel(); // Skip, after two finished cases
          });
    QCOMPARE(result.verdictCode, QStringLiteral("BENCH-NOT-FINISHED"));
    QCOMPARE(result.stopped, BenchmarkResult::Stop::Asked);
    QCOMPARE(result.cases.size(), 2);
    QVERIFY(result.cases.first().ok);
    QCOMPARE(result.diagnostic().severity, Severity::Warning);
    QCOMPARE(result.toJson().value(QStringLiteral("stopped")).toString(), QStringLiteral("asked"));

    // Skipped before any case: said as such, not "0 of 0 cases".
    const BenchmarkResult early = BenchmarkRunner(host, runner).run({QString(), true, 120000, 20000}, nullptr, cancel);
    QCOMPARE(early.verdictCode, QStringLiteral("BENCH-NOT-FINISHED"));
    QVERIFY(early.cases.isEmpty());
    QCOMPARE(early.headline(), QStringLiteral("Stopped as asked, before the first case was measured."));
}

void TestBenchmarkRunner::callThatNeverReturnsIsAHang()
{
    // cudnn-hangs: the first convolution never returns. The stall limit (2 s) judges it long before the budget.
    const HostEnvironment host = hostWithFake(QStringLiteral("cudnn-hangs"));
    const ProcessRunner runner;
    const BenchmarkResult result = BenchmarkRunner(host, runner).run({QString(), true, 120000, 2000});
    QCOMPARE(result.verdictCode, QStringLiteral("BENCH-TIMEOUT"));
    QVERIFY2(result.verdictMessage.contains(QStringLiteral("made no progress for 2000 ms")),
             qPrintable(result.verdictMessage));
    QCOMPARE(result.diagnostic().severity, Severity::Error);
    QCOMPARE(result.diagnostic().action.kind, FixAction::Kind::RunRepair);
}

void TestBenchmarkRunner::watchedChildGivesEachLineAndStops()
{
    // What the runner stands on: each whole line while the child runs (CR LF as Windows writes it, a line in two
    // writes), and a stop that ends a child which would run for a minute.
    QList<QByteArray> lines;
    ProcessWatch watch;
    watch.onOutputLine = [&](const QByteArray& line) { lines.append(line); };
    watch.stopNow = [&] { return lines.size() >= 3; };
    const ProcessResult result = ProcessRunner().run(
        QStringLiteral("/bin/sh"),
        {QStringLiteral("-c"), QStringLiteral("printf 'one\\r\\ntw'; sleep 0.2; printf 'o\\nthree\\n'; sleep 60")},
        120000,
        {},
        watch);
    QVERIFY(result.stopped && !result.timedOut);
    QCOMPARE(lines, (QList<QByteArray>{"one", "two", "three"}));
}

QTEST_GUILESS_MAIN(TestBenchmarkRunner)
#include "TestBenchmarkRunner.moc"
