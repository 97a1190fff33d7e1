// Runs the built cudnn-probe as a child process, the way the wizard does, with LD_LIBRARY_PATH pointing at one
// folder of fake NVIDIA libraries (tests/fakes) or at the machine's real CUDA 13.0 toolkit, and checks its JSON.
#include "ChildProcess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kRealCudnnDir = QStringLiteral("/usr/local/cuda-13.0/lib");

/** What one probe run left behind. */
struct ProbeRun : ChildProcessRun
{
    QJsonObject json;
    QString failure; // why runProbe() returned false
};

/** Milliseconds a run may take before the test calls the probe hung (its own watchdog defaults to 20 s). */
constexpr int kRunLimitMs = 30000;

} // namespace

class TestProbe : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void everyScenarioPrintsTheProbeHeader_data();
    void everyScenarioPrintsTheProbeHeader();
    void driverReportsTheFakeRtx3060Ti();
    void driverListsEveryGpu();
    void driverSurvivesCuInitFailure();
    void driverWithNvmlButNoCudaLibrary();
    void driverAbsentIsAFindingWithTheLoaderError();
    void watchdogEndsAHangingCuInit();

    void cudnnDefaultSearchFindsMajor9First();
    void cudnnByBareName();
    void cudnnTriesLibrariesInOrder();
    void cudnnMissingLibraryIsAFindingNotAFailure();
    void cudnnPathSurvivesJsonEscaping();
    void cudnnRealToolkitLibrary();

    void usageErrorsExitWithTwo_data();
    void usageErrorsExitWithTwo();
    void helpAndVersion();

private:
    /** Runs the probe with LD_LIBRARY_PATH = libraryPath (unset when empty). Parses stdout when expectJson. */
    bool
    runProbe(ProbeRun& run, const QStringList& arguments, const QString& libraryPath, bool expectJson = true) const;
    QString scenario(const QString& name) const { return QDir(m_fakesDir).filePath(name); }

    QString m_probe;
    QString m_fakesDir;
};

bool TestProbe::runProbe(ProbeRun& run, const QStringList& arguments, const QString& libraryPath, bool expectJson) const
{
    if (!runWithLibraryPath(m_probe, arguments, libraryPath, kRunLimitMs, run, run.failure))
        return false;
    if (!expectJson)
        return true;
    if (run.exitCode != 0) {
        run.failure
            = QStringLiteral("exit code %1, stderr: %2").arg(run.exitCode).arg(QString::fromUtf8(run.standardError));
        return false;
    }
    return parseJsonLine(run.standardOutput, run.json, run.failure);
}

void TestProbe::initTestCase()
{
#ifndef Q_OS_LINUX
    QSKIP("The fake scenarios are chosen with LD_LIBRARY_PATH, which only the Linux loader honours this way");
#endif
    const QString binDir = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    m_fakesDir = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR");
    QVERIFY2(!binDir.isEmpty(), "CUDNN_SETUP_BIN_DIR is not set (run through ctest)");
    QVERIFY2(!m_fakesDir.isEmpty(), "CUDNN_SETUP_FAKES_DIR is not set (run through ctest)");
    m_probe = QDir(binDir).filePath(QStringLiteral("cudnn-probe"));
    QVERIFY2(QFileInfo(m_probe).isExecutable(), qPrintable(m_probe + QStringLiteral(" is not built")));
    QVERIFY2(QFile::exists(scenario(QStringLiteral("rtx3060ti/libcuda.so.1"))),
             qPrintable(QStringLiteral("fake libraries missing under ") + m_fakesDir));
}

void TestProbe::everyScenarioPrintsTheProbeHeader_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("section");

    QTest::newRow("driver rtx3060ti") << QStringList{"driver"} << "rtx3060ti"
                                      << "driver";
    QTest::newRow("driver two-gpus") << QStringList{"driver"} << "two-gpus"
                                     << "driver";
    QTest::newRow("driver cuinit-fails") << QStringList{"driver"} << "cuinit-fails"
                                         << "driver";
    QTest::newRow("driver nvml-only") << QStringList{"driver"} << "nvml-only"
                                      << "driver";
    QTest::newRow("cudnn cudnn-9") << QStringList{"cudnn"} << "cudnn-9"
                                   << "cudnn";
    QTest::newRow("cudnn cudnn-8") << QStringList{"cudnn", "--library", "libcudnn.so.8"} << "cudnn-8"
                                   << "cudnn";
}

void TestProbe::everyScenarioPrintsTheProbeHeader()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, scenario);
    QFETCH(QString, section);

    ProbeRun run;
    QVERIFY2(runProbe(run, arguments, this->scenario(scenario)), qPrintable(run.failure));
    const QJsonObject probe = run.json.value(QStringLiteral("probe")).toObject();
    QCOMPARE(probe.value(QStringLiteral("version")).toInteger(-1), 1);
    QCOMPARE(probe.value(QStringLiteral("platform")).toString(), QStringLiteral("linux"));
    QVERIFY(run.json.value(section).isObject());
}

void TestProbe::driverReportsTheFakeRtx3060Ti()
{
    ProbeRun run;
    QVERIFY2(runProbe(run, {QStringLiteral("driver")}, scenario(QStringLiteral("rtx3060ti"))), qPrintable(run.failure));

    const QJsonObject driver = run.json.value(QStringLiteral("driver")).toObject();
    QCOMPARE(driver.value(QStringLiteral("loaded")).toBool(false), true);
    QCOMPARE(driver.value(QStringLiteral("library")).toString(), scenario(QStringLiteral("rtx3060ti/libcuda.so.1")));
    QCOMPARE(driver.value(QStringLiteral("error")).toString(QStringLiteral("absent")), QString());
    QCOMPARE(driver.value(QStringLiteral("init_result")).toInteger(-1), 0);
    QCOMPARE(driver.value(QStringLiteral("cuda_driver_version")).toInteger(), 12040);
    QCOMPARE(driver.value(QStringLiteral("cuda_driver_version_text")).toString(), QStringLiteral("12.4"));
    QCOMPARE(driver.value(QStringLiteral("version")).toString(), QStringLiteral("550.144.03"));
    QCOMPARE(driver.value(QStringLiteral("nvml_library")).toString(),
             scenario(QStringLiteral("rtx3060ti/libnvidia-ml.so.1")));
    QCOMPARE(driver.value(QStringLiteral("nvml_error")).toString(QStringLiteral("absent")), QString());

    const QJsonArray gpus = run.json.value(QStringLiteral("gpus")).toArray();
    QCOMPARE(gpus.size(), 1);
    const QJsonObject gpu = gpus.at(0).toObject();
    QCOMPARE(gpu.value(QStringLiteral("index")).toInteger(-1), 0);
    QCOMPARE(gpu.value(QStringLiteral("name")).toString(), QStringLiteral("NVIDIA GeForce RTX 3060 Ti"));
    QCOMPARE(gpu.value(QStringLiteral("compute_capability")).toString(), QStringLiteral("8.6"));
    QCOMPARE(gpu.value(QStringLiteral("memory_bytes")).toInteger(), Q_INT64_C(8589934592));
    QCOMPARE(gpu.value(QStringLiteral("multiprocessors")).toInteger(), 38);
    QCOMPARE(gpu.value(QStringLiteral("clock_khz")).toInteger(), 1665000);
}

void TestProbe::driverListsEveryGpu()
{
    ProbeRun run;
    QVERIFY2(runProbe(run, {QStringLiteral("driver")}, scenario(QStringLiteral("two-gpus"))), qPrintable(run.failure));

    const QJsonArray gpus = run.json.value(QStringLiteral("gpus")).toArray();
    QCOMPARE(gpus.size(), 2);
    QCOMPARE(gpus.at(0).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("NVIDIA GeForce RTX 3060 Ti"));
    const QJsonObject v100 = gpus.at(1).toObject();
    QCOMPARE(v100.value(QStringLiteral("index")).toInteger(-1), 1);
    QCOMPARE(v100.value(QStringLiteral("name")).toString(), QStringLiteral("Tesla V100-SXM2-16GB"));
    QCOMPARE(v100.value(QStringLiteral("compute_capability")).toString(), QStringLiteral("7.0"));
    QCOMPARE(v100.value(QStringLiteral("memory_bytes")).toInteger(), Q_INT64_C(17179869184));
    QCOMPARE(v100.value(QStringLiteral("multiprocessors")).toInteger(), 80);
}

void TestProbe::driverSurvivesCuInitFailure()
{
    ProbeRun run;
    QVERIFY2(runProbe(run, {QStringLiteral("driver")}, scenario(QStringLiteral("cuinit-fails"))),
             qPrintable(run.failure));

    const QJsonObject driver = run.json.value(QStringLiteral("driver")).toObject();
    QCOMPARE(driver.value(QStringLiteral("loaded")).toBool(false), true);
    QCOMPARE(driver.value(QStringLiteral("init_result")).toInteger(), 100);
    QVERIFY2(driver.value(QStringLiteral("error")).toString().contains(QStringLiteral("CUDA_ERROR_NO_DEVICE")),
             qPrintable(driver.value(QStringLiteral("error")).toString()));
    // cuDriverGetVersion works without cuInit, and NVML does not depend on it either.
    QCOMPARE(driver.value(QStringLiteral("cuda_driver_version")).toInteger(), 12040);
    QCOMPARE(driver.value(QStringLiteral("version")).toString(), QStringLiteral("550.144.03"));
    QVERIFY(run.json.value(QStringLiteral("gpus")).isArray());
    QVERIFY(run.json.value(QStringLiteral("gpus")).toArray().isEmpty());
}

void TestProbe::driverWithNvmlButNoCudaLibrary()
{
    ProbeRun run;
    QVERIFY2(runProbe(run, {QStringLiteral("driver")}, scenario(QStringLiteral("nvml-only"))), qPrintable(run.failure));

    const QJsonObject driver = run.json.value(QStringLiteral("driver")).toObject();
    QCOMPARE(driver.value(QStringLiteral("loaded")).toBool(true), false);
    QVERIFY2(driver.value(QStringLiteral("error")).toString().contains(QStringLiteral("libcuda.so.1")),
             qPrintable(driver.value(QStringLiteral("error")).toString()));
    QVERIFY(driver.value(QStringLiteral("init_result")).isNull());
    QVERIFY(driver.value(QStringLiteral("cuda_driver_version")).isNull());
    QCOMPARE(driver.value(QStringLiteral("version")).toString(), QStringLiteral("550.144.03"));
    QCOMPARE(driver.value(QStringLiteral("nvml_library")).toString(),
             scenario(QStringLiteral("nvml-only/libnvidia-ml.so.1")));
    QVERIFY(run.json.value(QStringLiteral("gpus")).toArray().isEmpty());
}

void TestProbe::driverAbsentIsAFindingWithTheLoaderError()
{
    ProbeRun run;
    QVERIFY2(runProbe(run, {QStringLiteral("driver")}, QString()), qPrintable(run.failure));

    const QJsonObject driver = run.json.value(QStringLiteral("driver")).toObject();
    if (driver.value(QStringLiteral("loaded")).toBool()) {
        QSKIP(qPrintable(QStringLiteral("This machine has a real CUDA driver (%1); the no-driver case needs one "
                                        "without libcuda.so.1 on the loader path")
                             .arg(driver.value(QStringLiteral("library")).toString())));
    }
    // glibc's own words, e.g. "libcuda.so.1: cannot open shared object file: No such file or directory".
    const QString error = driver.value(QStringLiteral("error")).toString();
    QVERIFY2(error.startsWith(QStringLiteral("libcuda.so.1: ")), qPrintable(error));
    QVERIFY2(error.size() > QStringLiteral("libcuda.so.1: ").size(), qPrintable(error));
    QCOMPARE(driver.value(QStringLiteral("library")).toString(QStringLiteral("absent")), QString());
    QVERIFY(driver.value(QStringLiteral("init_result")).isNull());
    QCOMPARE(driver.value(QStringLiteral("cuda_driver_version_text")).toString(QStringLiteral("absent")), QString());
    if (driver.value(QStringLiteral("nvml_library")).toString().isEmpty()) {
        QVERIFY2(
            driver.value(QStringLiteral("nvml_error")).toString().startsWith(QStringLiteral("libnvidia-ml.so.1: ")),
            qPrintable(driver.value(QStringLiteral("nvml_error")).toString()));
    }
    QVERIFY(run.json.value(QStringLiteral("gpus")).isArray());
    QVERIFY(run.json.value(QStringLiteral("gpus")).toArray().isEmpty());
}

void TestProbe::watchdogEndsAHangingCuInit()
{
    QElapsedTimer clock;
    clock.start();
    ProbeRun run;
    QVERIFY2(runProbe(run,
                      {QStringLiteral("--timeout-ms"), QStringLiteral("300"), QStringLiteral("driver")},
                      scenario(QStringLiteral("cuinit-hangs")),
                      false),
             qPrintable(run.failure));
    QCOMPARE(run.exitCode, 124);
    QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(run.standardOutput.isEmpty(), run.standardOutput.constData());
    QVERIFY2(run.standardError.contains("watchdog"), run.standardError.constData());
}

void TestProbe::cudnnDefaultSearchFindsMajor9First()
{
    // LD_LIBRARY_PATH comes before the loader cache, so the fake 9.10.0 wins over any installed cuDNN 9.
    ProbeRun run;
    QVERIFY2(runProbe(run, {QStringLiteral("cudnn")}, scenario(QStringLiteral("cudnn-9"))), qPrintable(run.failure));

    const QJsonObject cudnn = run.json.value(QStringLiteral("cudnn")).toObject();
    QCOMPARE(cudnn.value(QStringLiteral("loaded")).toBool(false), true);
    QCOMPARE(cudnn.value(QStringLiteral("requested")).toString(), QStringLiteral("libcudnn.so.9"));
    QCOMPARE(cudnn.value(QStringLiteral("path")).toString(), scenario(QStringLiteral("cudnn-9/libcudnn.so.9")));
    QCOMPARE(cudnn.value(QStringLiteral("version")).toInteger(), 91000);
    QCOMPARE(cudnn.value(QStringLiteral("version_text")).toString(), QStringLiteral("9.10.0"));
    QCOMPARE(cudnn.value(QStringLiteral("cudart_version")).toInteger(), 12080);
    QCOMPARE(cudnn.value(QStringLiteral("cudart_version_text")).toString(), QStringLiteral("12.8"));
    QCOMPARE(cudnn.value(QStringLiteral("error")).toString(QStringLiteral("absent")), QString());
    QCOMPARE(cudnn.value(QStringLiteral("tried")).toArray().size(), 1);
}

void TestProbe::cudnnByBareName()
{
    ProbeRun run;
    QVERIFY2(runProbe(run,
                      {QStringLiteral("cudnn"), QStringLiteral("--library"), QStringLiteral("libcudnn.so.8")},
                      scenario(QStringLiteral("cudnn-8"))),
             qPrintable(run.failure));

    const QJsonObject cudnn = run.json.value(QStringLiteral("cudnn")).toObject();
    QCOMPARE(cudnn.value(QStringLiteral("loaded")).toBool(false), true);
    QCOMPARE(cudnn.value(QStringLiteral("requested")).toString(), QStringLiteral("libcudnn.so.8"));
    QCOMPARE(cudnn.value(QStringLiteral("path")).toString(), scenario(QStringLiteral("cudnn-8/libcudnn.so.8")));
    QCOMPARE(cudnn.value(QStringLiteral("version")).toInteger(), 8005);
    QCOMPARE(cudnn.value(QStringLiteral("version_text")).toString(), QStringLiteral("8.0.5"));
    QCOMPARE(cudnn.value(QStringLiteral("cudart_version")).toInteger(), 11000);
    QCOMPARE(cudnn.value(QStringLiteral("cudart_version_text")).toString(), QStringLiteral("11.0"));
}

void TestProbe::cudnnTriesLibrariesInOrder()
{
    const QString missing = QStringLiteral("/nonexistent/libcudnn.so.9");
    ProbeRun run;
    QVERIFY2(runProbe(run,
                      {QStringLiteral("cudnn"),
                       QStringLiteral("--library"),
                       missing,
                       QStringLiteral("--library"),
                       QStringLiteral("libcudnn.so.8")},
                      scenario(QStringLiteral("cudnn-8"))),
             qPrintable(run.failure));

    const QJsonObject cudnn = run.json.value(QStringLiteral("cudnn")).toObject();
    QCOMPARE(cudnn.value(QStringLiteral("requested")).toString(), QStringLiteral("libcudnn.so.8"));
    QCOMPARE(cudnn.value(QStringLiteral("version")).toInteger(), 8005);
    QCOMPARE(cudnn.value(QStringLiteral("error")).toString(QStringLiteral("absent")), QString());
    const QJsonArray tried = cudnn.value(QStringLiteral("tried")).toArray();
    QCOMPARE(tried.size(), 2);
    QCOMPARE(tried.at(0).toObject().value(QStringLiteral("name")).toString(), missing);
    QVERIFY2(tried.at(0).toObject().value(QStringLiteral("error")).toString().startsWith(missing),
             qPrintable(tried.at(0).toObject().value(QStringLiteral("error")).toString()));
    QCOMPARE(tried.at(1).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("libcudnn.so.8"));
    QCOMPARE(tried.at(1).toObject().value(QStringLiteral("error")).toString(QStringLiteral("absent")), QString());
}

void TestProbe::cudnnMissingLibraryIsAFindingNotAFailure()
{
    const QString missing = QStringLiteral("/nonexistent/libcudnn.so.9");
    ProbeRun run;
    QVERIFY2(runProbe(run, {QStringLiteral("cudnn"), QStringLiteral("--library"), missing}, QString()),
             qPrintable(run.failure));

    const QJsonObject cudnn = run.json.value(QStringLiteral("cudnn")).toObject();
    QCOMPARE(cudnn.value(QStringLiteral("loaded")).toBool(true), false);
    QCOMPARE(cudnn.value(QStringLiteral("requested")).toString(), missing);
    QCOMPARE(cudnn.value(QStringLiteral("path")).toString(QStringLiteral("absent")), QString());
    QVERIFY(cudnn.value(QStringLiteral("version")).isNull());
    QVERIFY(cudnn.value(QStringLiteral("cudart_version")).isNull());
    QCOMPARE(cudnn.value(QStringLiteral("version_text")).toString(QStringLiteral("absent")), QString());
    const QString error = cudnn.value(QStringLiteral("error")).toString();
    QVERIFY2(error.startsWith(missing + QStringLiteral(": ")), qPrintable(error));
}

void TestProbe::cudnnPathSurvivesJsonEscaping()
{
    // A folder name with a quote, a backslash, a tab and non-ASCII letters must come back byte for byte.
    QTemporaryDir root;
    QVERIFY(root.isValid());
    const QString folder = root.filePath(QStringLiteral("we\"ird\\ path\twith é and 中文"));
    QVERIFY(QDir().mkpath(folder));
    const QString library = QDir(folder).filePath(QStringLiteral("libcudnn.so.9"));
    QVERIFY(QFile::copy(scenario(QStringLiteral("cudnn-9/libcudnn.so.9")), library));

    ProbeRun run;
    QVERIFY2(runProbe(run, {QStringLiteral("cudnn"), QStringLiteral("--library"), library}, QString()),
             qPrintable(run.failure));
    const QJsonObject cudnn = run.json.value(QStringLiteral("cudnn")).toObject();
    QCOMPARE(cudnn.value(QStringLiteral("requested")).toString(), library);
    QCOMPARE(cudnn.value(QStringLiteral("path")).toString(), library);
    QCOMPARE(cudnn.value(QStringLiteral("version")).toInteger(), 91000);
}

void TestProbe::cudnnRealToolkitLibrary()
{
    const QString real = QDir(kRealCudnnDir).filePath(QStringLiteral("libcudnn.so.9"));
    if (!QFile::exists(real)) {
        QSKIP(
            qPrintable(real + QStringLiteral(" is absent: this check needs the real CUDA 13.0 toolkit with cuDNN 9")));
    }
    // By bare name through the toolkit's folder, as a user's program with LD_LIBRARY_PATH set would load it.
    ProbeRun run;
    QVERIFY2(runProbe(run, {QStringLiteral("cudnn")}, kRealCudnnDir), qPrintable(run.failure));

    const QJsonObject cudnn = run.json.value(QStringLiteral("cudnn")).toObject();
    QCOMPARE(cudnn.value(QStringLiteral("loaded")).toBool(false), true);
    QCOMPARE(cudnn.value(QStringLiteral("requested")).toString(), QStringLiteral("libcudnn.so.9"));
    QCOMPARE(cudnn.value(QStringLiteral("path")).toString(), real);
    QCOMPARE(cudnn.value(QStringLiteral("version")).toInteger(), 91900);
    QCOMPARE(cudnn.value(QStringLiteral("version_text")).toString(), QStringLiteral("9.19.0"));
    QCOMPARE(cudnn.value(QStringLiteral("error")).toString(QStringLiteral("absent")), QString());
    // The CUDA runtime it was built for: some 13.x (9.19.0's build for CUDA 13 reports 13010).
    const qint64 cudart = cudnn.value(QStringLiteral("cudart_version")).toInteger();
    QCOMPARE(cudart / 1000, 13);
    QCOMPARE(cudnn.value(QStringLiteral("cudart_version_text")).toString(),
             QStringLiteral("13.%1").arg(cudart % 1000 / 10));
}

void TestProbe::usageErrorsExitWithTwo_data()
{
    QTest::addColumn<QStringList>("arguments");

    QTest::newRow("no command") << QStringList{};
    QTest::newRow("unknown command") << QStringList{"gpus"};
    QTest::newRow("two commands") << QStringList{"driver", "cudnn"};
    QTest::newRow("--library without a value") << QStringList{"cudnn", "--library"};
    QTest::newRow("--library for driver") << QStringList{"driver", "--library", "libcudnn.so.9"};
    QTest::newRow("--timeout-ms without a value") << QStringList{"driver", "--timeout-ms"};
    QTest::newRow("--timeout-ms not a number") << QStringList{"driver", "--timeout-ms", "soon"};
    QTest::newRow("--timeout-ms negative") << QStringList{"driver", "--timeout-ms", "-5"};
    QTest::newRow("unknown option") << QStringList{"driver", "--verbose"};
}

void TestProbe::usageErrorsExitWithTwo()
{
    QFETCH(QStringList, arguments);

    ProbeRun run;
    QVERIFY2(runProbe(run, arguments, scenario(QStringLiteral("rtx3060ti")), false), qPrintable(run.failure));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.standardOutput.isEmpty(), run.standardOutput.constData());
    QVERIFY2(run.standardError.startsWith("cudnn-probe: "), run.standardError.constData());
}

void TestProbe::helpAndVersion()
{
    ProbeRun help;
    QVERIFY2(runProbe(help, {QStringLiteral("--help")}, QString(), false), qPrintable(help.failure));
    QCOMPARE(help.exitCode, 0);
    for (const char* word : {"driver", "cudnn", "--library", "--timeout-ms"}) {
        QVERIFY2(help.standardOutput.contains(word), word);
    }

    ProbeRun version;
    QVERIFY2(runProbe(version, {QStringLiteral("--version")}, QString(), false), qPrintable(version.failure));
    QCOMPARE(version.exitCode, 0);
    QVERIFY2(version.standardOutput.startsWith("cudnn-probe " CUDNN_SETUP_VERSION), version.standardOutput.constData());
    QVERIFY2(version.standardOutput.contains("JSON version 1"), version.standardOutput.constData());
}

QTEST_GUILESS_MAIN(TestProbe)
#include "TestProbe.moc"
