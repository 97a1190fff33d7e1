// The pure parsers of what system tools print: nvidia-smi (plain and --query-gpu) of several driver generations and
// of Windows, `ldconfig -p`, and the JSON of `cudnn-probe driver` (docs/probe.md).
#include "TestTree.h"
#include "detect/ToolOutputParsers.h"

#include <QtTest>

using namespace ToolOutputParsers;

namespace {

QString printed(const std::optional<Version>& version)
{
    return version ? version->toString() : QString();
}

} // namespace

class TestToolOutputParsers : public QObject
{
    Q_OBJECT

private slots:
    void nvidiaSmiHeader_data();
    void nvidiaSmiHeader();
    void nvidiaSmiQuery_data();
    void nvidiaSmiQuery();
    void nvidiaSmiQueryArguments();
    void ldconfigCache();
    void ldconfigCacheOfNothing();
    void probeDriverJson_data();
    void probeDriverJson();
    void probeDriverJsonGpus();
    void probeDriverJsonRejectsOtherText_data();
    void probeDriverJsonRejectsOtherText();
};

void TestToolOutputParsers::nvidiaSmiHeader_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("driver");
    QTest::addColumn<QString>("cuda");

    QTest::newRow("470 (CUDA 11.4, old table)") << "smi/nvidia-smi-470.57.02.txt"
                                                << "470.57.02"
                                                << "11.4";
    QTest::newRow("550 (CUDA 12.4, wide table)") << "smi/nvidia-smi-550.144.03.txt"
                                                 << "550.144.03"
                                                 << "12.4";
    QTest::newRow("580 (CUDA 13.0, two GPUs)") << "smi/nvidia-smi-580.65.06.txt"
                                               << "580.65.06"
                                               << "13.0";
    QTest::newRow("Windows 581 (two-part version, CRLF)") << "smi/nvidia-smi-581.57-windows.txt"
                                                          << "581.57"
                                                          << "13.0";
    QTest::newRow("driver not loaded") << "smi/nvidia-smi-no-driver.txt"
                                       << ""
                                       << "";
}

void TestToolOutputParsers::nvidiaSmiHeader()
{
    QFETCH(QString, file);
    const SmiHeader header = parseNvidiaSmiHeader(testData(file));
    QTEST(printed(header.driverVersion), "driver");
    QTEST(printed(header.cudaVersion), "cuda");
}

void TestToolOutputParsers::nvidiaSmiQuery_data()
{
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<bool>("withComputeCapability");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QStringList>("capabilities");
    QTest::addColumn<QList<qint64>>("memoryMiB");
    QTest::addColumn<QString>("driver");

    QTest::newRow("550, two GPUs with compute_cap")
        << testData(QStringLiteral("smi/query-550-two-gpus.csv")) << true
        << QStringList{QStringLiteral("NVIDIA GeForce RTX 3060 Ti"), QStringLiteral("Tesla V100-SXM2-16GB")}
        << QStringList{QStringLiteral("8.6"), QStringLiteral("7.0")} << QList<qint64>{8192, 16384} << "550.144.03";
    QTest::newRow("470 asked without compute_cap")
        << testData(QStringLiteral("smi/query-470-no-compute-cap.csv")) << false
        << QStringList{QStringLiteral("Tesla T4")} << QStringList{QString()} << QList<qint64>{15109} << "470.57.02";
    QTest::newRow("Windows CRLF") << testData(QStringLiteral("smi/query-581-windows.csv")) << true
                                  << QStringList{QStringLiteral("NVIDIA GeForce RTX 4070")}
                                  << QStringList{QStringLiteral("8.9")} << QList<qint64>{12282} << "581.57";
    QTest::newRow("the 470 error text is no GPU") << testData(QStringLiteral("smi/query-470-rejects-compute-cap.txt"))
                                                  << true << QStringList{} << QStringList{} << QList<qint64>{} << "";
    QTest::newRow("csv read with the wrong field count is no GPU")
        << testData(QStringLiteral("smi/query-550-two-gpus.csv")) << false << QStringList{} << QStringList{}
        << QList<qint64>{} << "";
    QTest::newRow("the no-driver message is no GPU") << testData(QStringLiteral("smi/nvidia-smi-no-driver.txt")) << true
                                                     << QStringList{} << QStringList{} << QList<qint64>{} << "";
}

void TestToolOutputParsers::nvidiaSmiQuery()
{
    QFETCH(QByteArray, output);
    QFETCH(bool, withComputeCapability);
    QFETCH(QStringList, names);
    QFETCH(QStringList, capabilities);
    QFETCH(QList<qint64>, memoryMiB);

    QString driver;
    const QList<GpuInfo> gpus = parseNvidiaSmiQuery(output, withComputeCapability, &driver);
    QCOMPARE(gpus.size(), names.size());
    for (int i = 0; i < gpus.size(); ++i) {
        QCOMPARE(gpus.at(i).index, i);
        QCOMPARE(gpus.at(i).name, names.at(i));
        QCOMPARE(gpus.at(i).computeCapability.toString(), capabilities.at(i));
        QCOMPARE(gpus.at(i).computeCapability.isNull(), capabilities.at(i).isEmpty());
        QCOMPARE(gpus.at(i).memoryBytes, memoryMiB.at(i) * 1024 * 1024);
    }
    QTEST(driver, "driver");
}

void TestToolOutputParsers::nvidiaSmiQueryArguments()
{
    const QStringList with = ToolOutputParsers::nvidiaSmiQueryArguments(true);
    const QStringList without = ToolOutputParsers::nvidiaSmiQueryArguments(false);
    QCOMPARE(with.size(), 2);
    QCOMPARE(with.at(0), QStringLiteral("--query-gpu=index,name,compute_cap,memory.total,driver_version"));
    QCOMPARE(with.at(1), QStringLiteral("--format=csv,noheader,nounits"));
    QCOMPARE(without.at(0), QStringLiteral("--query-gpu=index,name,memory.total,driver_version"));
    QCOMPARE(without.at(1), with.at(1));
    // The fields asked for are the fields the parser reads back.
    QString driver;
    QCOMPARE(parseNvidiaSmiQuery("0, GPU, 8.6, 1024, 550.144.03\n", true, &driver).size(), 1);
    QCOMPARE(parseNvidiaSmiQuery("0, GPU, 1024, 550.144.03\n", false, &driver).size(), 1);
    // Found by fuzz_tooloutput: a memory figure past what bytes can count overflowed the multiplication.
    const QList<GpuInfo> huge = parseNvidiaSmiQuery("0, GPU, 8192777777777777777, 550.144.03\n", false, &driver);
    QCOMPARE(huge.size(), 1);
    QCOMPARE(huge.first().memoryBytes, Q_INT64_C(0));
    QCOMPARE(parseNvidiaSmiQuery("0, GPU, -5, 550.144.03\n", false, &driver).first().memoryBytes, Q_INT64_C(0));
}

void TestToolOutputParsers::ldconfigCache()
{
    const QList<LdCacheEntry> entries = parseLdconfigCache(testData(QStringLiteral("ldconfig/ldconfig-p.txt")));
    // The "N libs found in cache" header and the "Cache generated by" trailer are not entries.
    QCOMPARE(entries.size(), 12);

    QCOMPARE(entries.at(0).name, QStringLiteral("libz.so.1"));
    QCOMPARE(entries.at(0).flags, QStringLiteral("libc6,x86-64"));
    QCOMPARE(entries.at(0).path, QStringLiteral("/lib/x86_64-linux-gnu/libz.so.1"));

    const auto find = [&](const QString& name, const QString& flags) -> LdCacheEntry {
        for (const LdCacheEntry& entry : entries) {
            if (entry.name == name && entry.flags == flags)
                return entry;
        }
        return {};
    };
    QCOMPARE(find(QStringLiteral("libcudnn.so.9"), QStringLiteral("libc6,x86-64")).path,
             QStringLiteral("/usr/local/cuda-13.0/lib/libcudnn.so.9"));
    QCOMPARE(find(QStringLiteral("libcudnn.so.8"), QStringLiteral("libc6,x86-64")).path,
             QStringLiteral("/usr/lib/x86_64-linux-gnu/libcudnn.so.8"));
    // The 32-bit copy is its own entry, told apart by its flags.
    QCOMPARE(find(QStringLiteral("libcuda.so.1"), QStringLiteral("libc6")).path,
             QStringLiteral("/lib/i386-linux-gnu/libcuda.so.1"));
    // Flags with an ABI note (glibc prints "OS ABI: Linux 3.2.0" inside the parentheses).
    QCOMPARE(find(QStringLiteral("libc.so.6"), QStringLiteral("libc6,x86-64, OS ABI: Linux 3.2.0")).path,
             QStringLiteral("/lib/x86_64-linux-gnu/libc.so.6"));
}

void TestToolOutputParsers::ldconfigCacheOfNothing()
{
    QVERIFY(parseLdconfigCache(QByteArray()).isEmpty());
    QVERIFY(parseLdconfigCache("0 libs found in cache `/etc/ld.so.cache'\n").isEmpty());
    QVERIFY(parseLdconfigCache("ldconfig: Can't open cache file /etc/ld.so.cache\n: No such file or directory\n")
                .isEmpty());
}

void TestToolOutputParsers::probeDriverJson_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("found");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("newestCuda");
    QTest::addColumn<QString>("library");
    QTest::addColumn<QString>("error");
    QTest::addColumn<int>("gpuCount");

    const QString libcuda = QStringLiteral("/usr/lib/x86_64-linux-gnu/libcuda.so.1");
    // The documented outputs of docs/probe.md.
    QTest::newRow("found") << "probe/driver-found.json" << true << "550.144.03"
                           << "12.4" << libcuda << "" << 1;
    QTest::newRow("two GPUs") << "probe/driver-two-gpus.json" << true << "550.144.03"
                              << "12.4" << libcuda << "" << 2;
    QTest::newRow("no driver") << "probe/driver-not-found.json" << false << ""
                               << ""
                               << ""
                               << "libcuda.so.1: cannot open shared object file: No such file or directory" << 0;
    QTest::newRow("cuInit failed: found, with the reason")
        << "probe/driver-cuinit-failed.json" << true << "550.144.03"
        << "12.4" << libcuda << "cuInit(0) returned 100 (CUDA_ERROR_NO_DEVICE)" << 0;
    QTest::newRow("NVML without libcuda: found by its version")
        << "probe/driver-nvml-only.json" << true << "550.144.03"
        << ""
        << ""
        << "libcuda.so.1: cannot open shared object file: No such file or directory" << 0;
}

void TestToolOutputParsers::probeDriverJson()
{
    QFETCH(QString, file);
    DriverInfo driver;
    QList<GpuInfo> gpus;
    QVERIFY(parseProbeDriverJson(testData(file), &driver, &gpus));
    QTEST(driver.found, "found");
    QCOMPARE(driver.source, QStringLiteral("libraries"));
    QTEST(printed(driver.version), "version");
    QTEST(printed(driver.newestCuda), "newestCuda");
    QTEST(driver.library, "library");
    QTEST(driver.error, "error");
    QTEST(int(gpus.size()), "gpuCount");
}

void TestToolOutputParsers::probeDriverJsonGpus()
{
    DriverInfo driver;
    QList<GpuInfo> gpus;
    QVERIFY(parseProbeDriverJson(testData(QStringLiteral("probe/driver-two-gpus.json")), &driver, &gpus));
    QCOMPARE(driver.nvmlLibrary, QStringLiteral("/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1"));
    QCOMPARE(gpus.size(), 2);
    QCOMPARE(gpus.at(0).index, 0);
    QCOMPARE(gpus.at(0).name, QStringLiteral("NVIDIA GeForce RTX 3060 Ti"));
    QCOMPARE(gpus.at(0).computeCapability.toString(), QStringLiteral("8.6"));
    QCOMPARE(gpus.at(0).memoryBytes, Q_INT64_C(8589934592));
    QCOMPARE(gpus.at(0).multiprocessors, 38);
    QCOMPARE(gpus.at(0).clockKhz, 1665000);
    QCOMPARE(gpus.at(1).index, 1);
    QCOMPARE(gpus.at(1).name, QStringLiteral("Tesla V100-SXM2-16GB"));
    QCOMPARE(gpus.at(1).computeCapability.toString(), QStringLiteral("7.0"));
    QCOMPARE(gpus.at(1).memoryBytes, Q_INT64_C(17179869184)); // over 2^32: must not be cut to an int
    QCOMPARE(gpus.at(1).multiprocessors, 80);
}

void TestToolOutputParsers::probeDriverJsonRejectsOtherText_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("not json") << QByteArray("Segmentation fault (core dumped)\n");
    QTest::newRow("the watchdog line") << QByteArray("cudnn-probe: gave up after 500 ms (watchdog)\n");
    QTest::newRow("the cudnn command's json") << testData(QStringLiteral("probe/cudnn-found.json"));
    QTest::newRow("a json array") << QByteArray("[1,2,3]");
}

void TestToolOutputParsers::probeDriverJsonRejectsOtherText()
{
    QFETCH(QByteArray, text);
    DriverInfo driver;
    QList<GpuInfo> gpus;
    QVERIFY(!parseProbeDriverJson(text, &driver, &gpus));
    QVERIFY(!driver.found);
    QVERIFY(gpus.isEmpty());
}

QTEST_GUILESS_MAIN(TestToolOutputParsers)
#include "TestToolOutputParsers.moc"
