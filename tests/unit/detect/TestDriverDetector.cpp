// DriverDetector with the real cudnn-probe loading the fake NVIDIA libraries (tests/fakes), chosen through the
// LD_LIBRARY_PATH of the described host, and the nvidia-smi fallback replaying outputs of real drivers.
#include "DetectFixtures.h"
#include "FakeProcessRunner.h"
#include "detect/DriverDetector.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace DetectFixtures;

namespace {

QStringList codes(const Diagnostics& diagnostics)
{
    QStringList list;
    for (const Diagnostic& d : diagnostics)
        list.append(d.code);
    return list;
}

const Diagnostic* find(const Diagnostics& diagnostics, const QString& code)
{
    for (const Diagnostic& d : diagnostics) {
        if (d.code == code)
            return &d;
    }
    return nullptr;
}

ProcessResult notStarted()
{
    ProcessResult result;
    result.errorString = QStringLiteral("execvp: No such file or directory");
    return result;
}

} // namespace

class TestDriverDetector : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void probeFindsTheRtx3060Ti();
    void probeListsTwoGpus();
    void cuInitFailsIsFoundButNotWorking();
    void nvmlWithoutLibcuda();
    void noDriverAtAll();
    void hangingDriverIsCutOff();
    void probeOutputUnreadable();

    void probeMissingFallsBackToNvidiaSmiOf470();
    void nvidiaSmiWithVersionOnlyUsesTheCompatTable();
    void probeMissingAndNoNvidiaSmi();
    void hangingNvidiaSmiIsNotAskedAgain();

private:
    /** A Linux host whose loader path is one fake scenario folder, with the real probe. */
    HostEnvironment hostWithScenario(const QString& scenario) const;
    /** The real runner for the probe; nvidia-smi is absent, whatever this machine has. */
    static void withoutNvidiaSmi(FakeProcessRunner& runner);
    /** The driver this machine really has, if any, would spoil the "no driver" cases. */
    bool realDriverAnswered(const DriverDetector::Result& result) const;

    QString m_binDir;
    QString m_fakesDir;
    TestTree m_tree;
};

void TestDriverDetector::initTestCase()
{
#ifndef Q_OS_LINUX
    QSKIP("the fake NVIDIA libraries are Linux shared objects");
#endif
    m_binDir = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    m_fakesDir = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR");
    QVERIFY2(QFileInfo(QDir(m_binDir).filePath(QStringLiteral("cudnn-probe"))).isExecutable(),
             "cudnn-probe is not built (CUDNN_SETUP_BIN_DIR)");
    QVERIFY2(QFileInfo::exists(QDir(m_fakesDir).filePath(QStringLiteral("rtx3060ti/libcuda.so.1"))),
             "the fake NVIDIA libraries are not built (CUDNN_SETUP_FAKES_DIR)");
    m_tree.makeDir(QStringLiteral("empty"));
    m_tree.makeDir(QStringLiteral("no-probe"));
}

HostEnvironment TestDriverDetector::hostWithScenario(const QString& scenario) const
{
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.probeDirectory = m_binDir;
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                          scenario.isEmpty() ? m_tree.path(QStringLiteral("empty"))
                                             : QDir(m_fakesDir).filePath(scenario));
    host.variables.insert(QStringLiteral("PATH"), m_tree.path(QStringLiteral("empty")));
    return host;
}

void TestDriverDetector::withoutNvidiaSmi(FakeProcessRunner& runner)
{
    runner.passThroughUnscripted = true;
    runner.script(QStringLiteral("nvidia-smi"), notStarted());
}

bool TestDriverDetector::realDriverAnswered(const DriverDetector::Result& result) const
{
    const auto foreign
        = [this](const QString& library) { return !library.isEmpty() && !library.startsWith(m_fakesDir); };
    return foreign(result.driver.library) || foreign(result.driver.nvmlLibrary);
}

void TestDriverDetector::probeFindsTheRtx3060Ti()
{
    const HostEnvironment host = hostWithScenario(QStringLiteral("rtx3060ti"));
    FakeProcessRunner runner;
    withoutNvidiaSmi(runner);
    const DriverDetector::Result result = DriverDetector(host, runner).detect();

    QVERIFY2(result.diagnostics.isEmpty(), qPrintable(codes(result.diagnostics).join(u',')));
    QVERIFY(result.driver.found);
    QCOMPARE(result.driver.source, QStringLiteral("libraries"));
    QCOMPARE(result.driver.version->toString(), QStringLiteral("550.144.03"));
    QCOMPARE(result.driver.newestCuda->toString(), QStringLiteral("12.4"));
    QCOMPARE(result.driver.library, QDir(m_fakesDir).filePath(QStringLiteral("rtx3060ti/libcuda.so.1")));
    QCOMPARE(result.driver.nvmlLibrary, QDir(m_fakesDir).filePath(QStringLiteral("rtx3060ti/libnvidia-ml.so.1")));
    QVERIFY(result.driver.error.isEmpty());
    QCOMPARE(result.gpus.size(), 1);
    QCOMPARE(result.gpus.first().name, QStringLiteral("NVIDIA GeForce RTX 3060 Ti"));
    QCOMPARE(result.gpus.first().computeCapability.toString(), QStringLiteral("8.6"));
    QCOMPARE(result.gpus.first().multiprocessors, 38);
    QCOMPARE(result.gpus.first().memoryBytes, Q_INT64_C(8) << 30);

    // The probe told everything: nvidia-smi was not asked.
    QCOMPARE(runner.calls().size(), 1);
    QVERIFY(runner.calls().first().startsWith(DriverDetector::probeProgram(host) + QStringLiteral(" driver")));
}

void TestDriverDetector::probeListsTwoGpus()
{
    FakeProcessRunner runner;
    withoutNvidiaSmi(runner);
    const DriverDetector::Result result = DriverDetector(hostWithScenario(QStringLiteral("two-gpus")), runner).detect();
    QVERIFY(result.diagnostics.isEmpty());
    QCOMPARE(result.gpus.size(), 2);
    QCOMPARE(result.gpus.at(0).computeCapability.toString(), QStringLiteral("8.6"));
    QCOMPARE(result.gpus.at(1).index, 1);
    QCOMPARE(result.gpus.at(1).name, QStringLiteral("Tesla V100-SXM2-16GB"));
    QCOMPARE(result.gpus.at(1).computeCapability.toString(), QStringLiteral("7.0"));
    QCOMPARE(result.gpus.at(1).multiprocessors, 80);
    QCOMPARE(result.gpus.at(1).memoryBytes, Q_INT64_C(16) << 30);
}

void TestDriverDetector::cuInitFailsIsFoundButNotWorking()
{
    FakeProcessRunner runner;
    withoutNvidiaSmi(runner);
    const DriverDetector::Result result
        = DriverDetector(hostWithScenario(QStringLiteral("cuinit-fails")), runner).detect();
    QVERIFY(result.driver.found);
    QCOMPARE(result.driver.version->toString(), QStringLiteral("550.144.03"));
    QCOMPARE(result.driver.newestCuda->toString(), QStringLiteral("12.4")); // cuDriverGetVersion works before cuInit
    QVERIFY(result.gpus.isEmpty());
    QCOMPARE(codes(result.diagnostics), QStringList{QStringLiteral("DRV-NOT-WORKING")});
    const Diagnostic& d = result.diagnostics.first();
    QCOMPARE(d.severity, Severity::Warning);
    QVERIFY2(d.message.contains(QStringLiteral("CUDA_ERROR_NO_DEVICE")), qPrintable(d.message));
    // No GPU from the libraries: nvidia-smi was asked for them.
    QVERIFY(runner.calls().size() > 1);
    QVERIFY(runner.calls().at(1).startsWith(QStringLiteral("nvidia-smi --query-gpu=")));
}

void TestDriverDetector::nvmlWithoutLibcuda()
{
    FakeProcessRunner runner;
    withoutNvidiaSmi(runner);
    const DriverDetector::Result result
        = DriverDetector(hostWithScenario(QStringLiteral("nvml-only")), runner).detect();
    if (realDriverAnswered(result))
        QSKIP("this machine has an NVIDIA driver of its own");
    // NVML knows the driver version; without libcuda nothing runs.
    QVERIFY(result.driver.found);
    QCOMPARE(result.driver.version->toString(), QStringLiteral("550.144.03"));
    // libcuda did not say which CUDA it runs: the compat table does (550.144.03 >= 550.54.15 of CUDA 12.4 U1).
    QCOMPARE(result.driver.newestCuda->toString(), QStringLiteral("12.4"));
    QCOMPARE(codes(result.diagnostics), QStringList{QStringLiteral("DRV-NOT-WORKING")});
    QVERIFY(result.diagnostics.first().message.contains(QStringLiteral("libcuda.so.1")));
}

void TestDriverDetector::noDriverAtAll()
{
    FakeProcessRunner runner;
    withoutNvidiaSmi(runner);
    const DriverDetector::Result result = DriverDetector(hostWithScenario({}), runner).detect();
    if (realDriverAnswered(result))
        QSKIP("this machine has an NVIDIA driver of its own");
    QVERIFY(!result.driver.found);
    QVERIFY(!result.driver.version);
    QVERIFY(!result.driver.newestCuda);
    QVERIFY(result.gpus.isEmpty());
    QCOMPARE(codes(result.diagnostics), QStringList{QStringLiteral("DRV-NOT-FOUND")});
    const Diagnostic& d = result.diagnostics.first();
    QCOMPARE(d.severity, Severity::Warning);
    // The loader's own words say why.
    QVERIFY2(d.message.contains(QStringLiteral("libcuda.so.1: cannot open shared object file")), qPrintable(d.message));
    QVERIFY(!d.fix.isEmpty());
}

void TestDriverDetector::hangingDriverIsCutOff()
{
    FakeProcessRunner runner;
    withoutNvidiaSmi(runner);
    const HostEnvironment host = hostWithScenario(QStringLiteral("cuinit-hangs")); // the detector keeps a reference
    DriverDetector detector(host, runner);
    detector.setProbeTimeoutMs(1500);
    QElapsedTimer timer;
    timer.start();
    const DriverDetector::Result result = detector.detect();
    const qint64 elapsed = timer.elapsed();
    QVERIFY2(elapsed < 4000, qPrintable(QStringLiteral("took %1 ms").arg(elapsed)));

    const Diagnostic* hangs = find(result.diagnostics, QStringLiteral("DRV-HANGS"));
    QVERIFY2(hangs, qPrintable(codes(result.diagnostics).join(u',')));
    QCOMPARE(hangs->severity, Severity::Warning);
    QVERIFY2(hangs->message.contains(QStringLiteral("1.5")), qPrintable(hangs->message));
    QVERIFY(!result.driver.found);
    // A driver that hangs is there: telling the user to install one would be wrong.
    QCOMPARE(codes(result.diagnostics), QStringList{QStringLiteral("DRV-HANGS")});
}

void TestDriverDetector::probeOutputUnreadable()
{
    // A probe that crashed inside a library, or printed something that is not its JSON.
    const QString probe = m_tree.writeFile(QStringLiteral("bad-probe/cudnn-probe"), "#!/bin/sh\nexit 0\n");
    QFile::setPermissions(probe, QFile::permissions(probe) | QFile::ExeOwner);
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.probeDirectory = m_tree.path(QStringLiteral("bad-probe"));

    const QList<std::pair<QString, ProcessResult>> cases{
        {QStringLiteral("garbage on stdout"), FakeProcessRunner::output("Segmentation fault\n", 0)},
        {QStringLiteral("crashed"), FakeProcessRunner::output(QByteArray(), 139)},
    };
    for (const auto& [name, output] : cases) {
        FakeProcessRunner runner;
        runner.script(QStringLiteral("cudnn-probe"), output);
        const DriverDetector::Result result = DriverDetector(host, runner).detect();
        QVERIFY2(containsCode(result.diagnostics, QStringLiteral("DRV-PROBE-FAILED")), qPrintable(name));
        QVERIFY2(!result.driver.found, qPrintable(name));
        // ...and nvidia-smi is asked next.
        QVERIFY2(runner.calls().size() >= 2 && runner.calls().at(1).startsWith(QStringLiteral("nvidia-smi")),
                 qPrintable(name));
    }
}

void TestDriverDetector::probeMissingFallsBackToNvidiaSmiOf470()
{
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.probeDirectory = m_tree.path(QStringLiteral("no-probe"));
    FakeProcessRunner runner;
    // Driver 470 does not know compute_cap: the first query fails with its real error, the second leaves it out.
    runner.script(QStringLiteral("nvidia-smi"),
                  FakeProcessRunner::output(testData(QStringLiteral("smi/query-470-rejects-compute-cap.txt")), 2),
                  QStringLiteral("compute_cap"));
    runner.script(QStringLiteral("nvidia-smi"),
                  FakeProcessRunner::output(testData(QStringLiteral("smi/query-470-no-compute-cap.csv"))),
                  QStringLiteral("--query-gpu=index,name,memory.total,driver_version"));
    runner.script(QStringLiteral("nvidia-smi"),
                  FakeProcessRunner::output(testData(QStringLiteral("smi/nvidia-smi-470.57.02.txt"))));

    const DriverDetector::Result result = DriverDetector(host, runner).detect();
    QCOMPARE(codes(result.diagnostics), QStringList{QStringLiteral("PROBE-MISSING")});
    QVERIFY(result.driver.found);
    QCOMPARE(result.driver.source, QStringLiteral("nvidia-smi"));
    QCOMPARE(result.driver.version->toString(), QStringLiteral("470.57.02"));
    QCOMPARE(result.driver.newestCuda->toString(), QStringLiteral("11.4")); // from the header, not the table
    QCOMPARE(result.gpus.size(), 1);
    QCOMPARE(result.gpus.first().name, QStringLiteral("Tesla T4"));
    QVERIFY(result.gpus.first().computeCapability.isNull());
    QCOMPARE(result.gpus.first().memoryBytes, Q_INT64_C(15109) << 20);

    const QStringList smiCalls = runner.calls();
    QCOMPARE(smiCalls.size(), 3);
    QVERIFY(smiCalls.at(0).contains(QStringLiteral("compute_cap")));
    QVERIFY(!smiCalls.at(1).contains(QStringLiteral("compute_cap")));
    QCOMPARE(smiCalls.at(2), QStringLiteral("nvidia-smi"));
}

void TestDriverDetector::nvidiaSmiWithVersionOnlyUsesTheCompatTable()
{
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.probeDirectory = m_tree.path(QStringLiteral("no-probe"));
    FakeProcessRunner runner;
    runner.script(QStringLiteral("nvidia-smi"),
                  FakeProcessRunner::output("0, NVIDIA A10, 8.6, 23028, 535.104.05\n"),
                  QStringLiteral("--query-gpu="));
    // Plain nvidia-smi (the header with "CUDA Version") fails this time.
    runner.script(QStringLiteral("nvidia-smi"),
                  FakeProcessRunner::output("Unable to determine the device handle\n", 15));

    const DriverDetector::Result result = DriverDetector(host, runner).detect();
    QVERIFY(result.driver.found);
    QCOMPARE(result.driver.version->toString(), QStringLiteral("535.104.05"));
    // 535.104.05 is the minimum of CUDA 12.2 Update 2 (resources/compat/cuda-drivers.json).
    QCOMPARE(result.driver.newestCuda->toString(), QStringLiteral("12.2"));
    QCOMPARE(result.gpus.size(), 1);
    QCOMPARE(result.gpus.first().computeCapability.toString(), QStringLiteral("8.6"));
    QCOMPARE(codes(result.diagnostics), QStringList{QStringLiteral("PROBE-MISSING")});
}

void TestDriverDetector::probeMissingAndNoNvidiaSmi()
{
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.probeDirectory = m_tree.path(QStringLiteral("no-probe"));
    FakeProcessRunner runner; // nothing scripted: no program starts
    const DriverDetector::Result result = DriverDetector(host, runner).detect();
    QVERIFY(!result.driver.found);
    QCOMPARE(codes(result.diagnostics),
             (QStringList{QStringLiteral("PROBE-MISSING"), QStringLiteral("DRV-NOT-FOUND")}));
    const Diagnostic* missing = find(result.diagnostics, QStringLiteral("PROBE-MISSING"));
    QVERIFY(missing->message.contains(DriverDetector::probeProgram(host)));
    QCOMPARE(runner.calls().size(), 1); // nvidia-smi once; it did not start, so it is not asked again
}

void TestDriverDetector::hangingNvidiaSmiIsNotAskedAgain()
{
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.probeDirectory = m_tree.path(QStringLiteral("no-probe"));
    FakeProcessRunner runner;
    ProcessResult hung;
    hung.started = true;
    hung.timedOut = true;
    hung.errorString = QStringLiteral("nvidia-smi did not finish within 15000 ms");
    runner.script(QStringLiteral("nvidia-smi"), hung);
    const DriverDetector::Result result = DriverDetector(host, runner).detect();
    QVERIFY(!result.driver.found);
    // Asking again without compute_cap is for drivers that reject the field, not for one that does not answer:
    // each try would cost the full nvidia-smi time limit.
    QCOMPARE(runner.calls().size(), 1);
}

QTEST_GUILESS_MAIN(TestDriverDetector)
#include "TestDriverDetector.moc"
