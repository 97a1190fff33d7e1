// The Qt-free runtime behind cudnn-probe, in-process: version integers, JSON escaping and the report's shape.
// Qt's JSON parser is the independent judge of what the runtime writes.
#include "runtime/JsonWriter.h"
#include "runtime/ProbeReport.h"
#include "runtime/VersionCodes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <limits>

using namespace cudnnsetup::runtime;

namespace {

QJsonDocument parse(const std::string& json, QJsonParseError* error)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(json), error);
}

} // namespace

class TestProbeRuntime : public QObject
{
    Q_OBJECT

private slots:
    void cudnnVersionCodes_data();
    void cudnnVersionCodes();
    void cudaVersionCodes_data();
    void cudaVersionCodes();

    void jsonQuote_data();
    void jsonQuote();
    void jsonWriterPlacesCommasAndColons();

    void driverReportWithoutDriverUsesNulls();
    void driverReportListsGpus();
    void cudnnReportListsAttempts();
};

void TestProbeRuntime::cudnnVersionCodes_data()
{
    QTest::addColumn<qlonglong>("code");
    QTest::addColumn<QString>("text");

    QTest::newRow("9.19.0") << 91900LL << "9.19.0";
    QTest::newRow("9.10.0 (two-digit minor)") << 91000LL << "9.10.0";
    QTest::newRow("9.1.0") << 90100LL << "9.1.0";
    QTest::newRow("9.0.0") << 90000LL << "9.0.0";
    QTest::newRow("8.9.7") << 8907LL << "8.9.7";
    QTest::newRow("8.0.5") << 8005LL << "8.0.5";
    QTest::newRow("7.6.5") << 7605LL << "7.6.5";
    QTest::newRow("a future 10.2.1") << 100201LL << "10.2.1";
    QTest::newRow("negative") << -1LL << "";
}

void TestProbeRuntime::cudnnVersionCodes()
{
    QFETCH(qlonglong, code);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(cudnnVersionText(code)), text);
}

void TestProbeRuntime::cudaVersionCodes_data()
{
    QTest::addColumn<qlonglong>("code");
    QTest::addColumn<QString>("text");

    QTest::newRow("13.0") << 13000LL << "13.0";
    QTest::newRow("13.1") << 13010LL << "13.1";
    QTest::newRow("12.4") << 12040LL << "12.4";
    QTest::newRow("12.9") << 12090LL << "12.9";
    QTest::newRow("11.8") << 11080LL << "11.8";
    QTest::newRow("10.2") << 10020LL << "10.2";
    QTest::newRow("negative") << -1LL << "";
}

void TestProbeRuntime::cudaVersionCodes()
{
    QFETCH(qlonglong, code);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(cudaVersionText(code)), text);
}

void TestProbeRuntime::jsonQuote_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("quoted");
    QTest::addColumn<QString>("decoded"); // what a JSON parser must read back

    QTest::newRow("plain") << QByteArray("libcuda.so.1") << QByteArray("\"libcuda.so.1\"") << "libcuda.so.1";
    QTest::newRow("empty") << QByteArray("") << QByteArray("\"\"") << "";
    QTest::newRow("quote and backslash") << QByteArray("C:\\a\"b") << QByteArray(R"("C:\\a\"b")") << "C:\\a\"b";
    QTest::newRow("named controls") << QByteArray("\b\f\n\r\t") << QByteArray(R"("\b\f\n\r\t")") << "\b\f\n\r\t";
    QTest::newRow("other controls") << QByteArray("a\x01z\x1f", 4) << QByteArray(R"("a\u0001z\u001f")")
                                    << QString::fromLatin1("a\x01z\x1f");
    QTest::newRow("NUL inside") << QByteArray("a\0b", 3) << QByteArray(R"("a\u0000b")")
                                << QString::fromLatin1("a\0b", 3);
    QTest::newRow("DEL is not a control for JSON") << QByteArray("\x7f") << QByteArray("\"\x7f\"") << "\x7f";
    QTest::newRow("UTF-8 kept") << QByteArray("é中😀") << QByteArray("\"é中😀\"") << QStringLiteral("é中😀");
    QTest::newRow("stray byte") << QByteArray("a\xff"
                                              "b")
                                << QByteArray(R"("a\ufffdb")") << QStringLiteral("a\uFFFDb");
    QTest::newRow("truncated sequence") << QByteArray("\xc3") << QByteArray(R"("\ufffd")") << QStringLiteral("\uFFFD");
    QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << QByteArray(R"("\ufffd\ufffd")")
                                    << QStringLiteral("\uFFFD\uFFFD");
    QTest::newRow("encoded surrogate") << QByteArray("\xed\xa0\x80") << QByteArray(R"("\ufffd\ufffd\ufffd")")
                                       << QStringLiteral("\uFFFD\uFFFD\uFFFD");
    QTest::newRow("above U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << QByteArray(R"("\ufffd\ufffd\ufffd\ufffd")")
                                    << QStringLiteral("\uFFFD\uFFFD\uFFFD\uFFFD");
}

void TestProbeRuntime::jsonQuote()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, quoted);
    QFETCH(QString, decoded);

    const std::string out = cudnnsetup::runtime::jsonQuote(std::string_view(input.constData(), size_t(input.size())));
    QCOMPARE(QByteArray::fromStdString(out), quoted);

    QJsonParseError error;
    const QJsonDocument document = parse("[" + out + "]", &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(document.array().at(0).toString(), decoded);
}

void TestProbeRuntime::jsonWriterPlacesCommasAndColons()
{
    JsonWriter json;
    json.beginObject();
    json.key("a").number(1);
    json.key("b").beginArray().endArray();
    json.key("c").beginObject().endObject();
    json.key("d")
        .beginArray()
        .number(-2)
        .null()
        .boolean(false)
        .string("x")
        .beginObject()
        .key("e")
        .boolean(true)
        .endObject()
        .endArray();
    json.key("big").number(std::numeric_limits<std::uint64_t>::max());
    json.key("absent").number(std::optional<long long>());
    json.key("present").number(std::optional<long long>(91900));
    json.endObject();

    QCOMPARE(QByteArray::fromStdString(json.str()),
             QByteArray(R"({"a":1,"b":[],"c":{},"d":[-2,null,false,"x",{"e":true}],"big":18446744073709551615,)"
                        R"("absent":null,"present":91900})"));
    QJsonParseError error;
    parse(json.str(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
}

void TestProbeRuntime::driverReportWithoutDriverUsesNulls()
{
    DriverFacts facts;
    facts.error = "libcuda.so.1: cannot open shared object file: No such file or directory";
    facts.nvmlError = "libnvidia-ml.so.1: cannot open shared object file: No such file or directory";

    QJsonParseError error;
    const QJsonObject root = parse(driverReportJson(facts), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(root.value("probe").toObject().value("version").toInteger(), kProbeJsonVersion);
    const QJsonObject driver = root.value("driver").toObject();
    QCOMPARE(driver.value("loaded").toBool(true), false);
    QCOMPARE(driver.value("error").toString(), QString::fromStdString(facts.error));
    QVERIFY(driver.value("init_result").isNull());
    QVERIFY(driver.value("cuda_driver_version").isNull());
    QCOMPARE(driver.value("cuda_driver_version_text").toString(QStringLiteral("absent")), QString());
    QCOMPARE(driver.value("version").toString(QStringLiteral("absent")), QString());
    QCOMPARE(driver.value("nvml_error").toString(), QString::fromStdString(facts.nvmlError));
    QVERIFY(root.value("gpus").isArray());
    QCOMPARE(root.value("gpus").toArray().size(), 0);
    QCOMPARE(QStringList(driver.keys()),
             (QStringList{"cuda_driver_version",
                          "cuda_driver_version_text",
                          "error",
                          "init_result",
                          "library",
                          "loaded",
                          "nvml_error",
                          "nvml_library",
                          "version"}));
}

void TestProbeRuntime::driverReportListsGpus()
{
    DriverFacts facts;
    facts.loaded = true;
    facts.initResult = 0;
    facts.cudaDriverVersion = 13000;
    facts.gpus.push_back({0, "NVIDIA H200", 9, 0, 150754820096ULL, 132, 1980000});
    facts.gpus.push_back({1, "NVIDIA GeForce RTX 5090", 12, 0, 34190917632ULL, 170, 2407000});

    QJsonParseError error;
    const QJsonObject root = parse(driverReportJson(facts), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(root.value("driver").toObject().value("cuda_driver_version_text").toString(), QStringLiteral("13.0"));
    const QJsonArray gpus = root.value("gpus").toArray();
    QCOMPARE(gpus.size(), 2);
    QCOMPARE(gpus.at(0).toObject().value("memory_bytes").toInteger(), Q_INT64_C(150754820096));
    QCOMPARE(gpus.at(1).toObject().value("compute_capability").toString(), QStringLiteral("12.0"));
    QCOMPARE(gpus.at(1).toObject().value("index").toInteger(), 1);
}

void TestProbeRuntime::cudnnReportListsAttempts()
{
    CudnnFacts facts;
    facts.loaded = true;
    facts.requested = "libcudnn.so.8";
    facts.path = "/opt/cudnn/lib/libcudnn.so.8";
    facts.version = 8907;
    facts.cudartVersion = 12020;
    facts.tried = {{"libcudnn.so.9", "libcudnn.so.9: cannot open shared object file"}, {"libcudnn.so.8", ""}};

    QJsonParseError error;
    const QJsonObject cudnn = parse(cudnnReportJson(facts), &error).object().value("cudnn").toObject();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(cudnn.value("version_text").toString(), QStringLiteral("8.9.7"));
    QCOMPARE(cudnn.value("cudart_version_text").toString(), QStringLiteral("12.2"));
    const QJsonArray tried = cudnn.value("tried").toArray();
    QCOMPARE(tried.size(), 2);
    QCOMPARE(tried.at(0).toObject().value("name").toString(), QStringLiteral("libcudnn.so.9"));
    QCOMPARE(tried.at(1).toObject().value("error").toString(QStringLiteral("absent")), QString());
}

QTEST_GUILESS_MAIN(TestProbeRuntime)
#include "TestProbeRuntime.moc"
