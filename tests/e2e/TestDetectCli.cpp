#include "JsonSchemaCheck.h"
#include "TestTree.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLibrary>
#include <QProcess>
#include <QtTest>

/** `cudnn-setup --detect` as a script runs it: exit codes, JSON contract, the machine's real CUDA 13.0. */
class TestDetectCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void realToolkitIsReportedWithItsCudnn();
    void fakeDriverIsReportedAndCheckedAgainstTheToolkit();
    void textSummaryNamesTheFacts();
    void reportFileIsWritten();
    void invalidCudaRootIsAFindingNotAFailure();
    void usageErrorsExitWithTwo_data();
    void usageErrorsExitWithTwo();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run runSetup(const QStringList& arguments, const QString& libraryPath = QString());
    QJsonObject detectJson(const QStringList& extra = {}, const QString& libraryPath = QString());

    QString m_program;
    bool m_realToolkit = false;
};

static const QString RealRoot = QStringLiteral("/usr/local/cuda-13.0");

void TestDetectCli::initTestCase()
{
    m_program = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR") + QStringLiteral("/cudnn-setup");
    QVERIFY2(QFileInfo(m_program).isExecutable(), qPrintable(m_program));
    m_realToolkit = QFileInfo::exists(RealRoot + QStringLiteral("/include/cudnn_version.h"));
}

TestDetectCli::Run TestDetectCli::runSetup(const QStringList& arguments, const QString& libraryPath)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    if (!libraryPath.isEmpty())
        env.insert(QStringLiteral("LD_LIBRARY_PATH"), libraryPath);
    process.setProcessEnvironment(env);
    process.start(m_program, arguments);
    if (!process.waitForFinished(60000))
        qFatal("cudnn-setup did not finish");
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

QJsonObject TestDetectCli::detectJson(const QStringList& extra, const QString& libraryPath)
{
    const Run run = runSetup(QStringList{QStringLiteral("--detect"), QStringLiteral("--json")} + extra, libraryPath);
    if (run.exitCode != 0)
        qWarning("stderr: %s", run.err.constData());
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(run.out, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", run.out.constData());
    const QString violations = JsonSchemaCheck::violations(JsonSchemaCheck::Contract::Detect, run.out);
    if (!violations.isEmpty())
        QTest::qFail(
            qPrintable(QStringLiteral("--detect --json breaks its schema: ") + violations), __FILE__, __LINE__);
    return document.object();
}

static QJsonObject findToolkit(const QJsonObject& json, const QString& root)
{
    for (const QJsonValue& value : json.value(QStringLiteral("toolkits")).toArray()) {
        if (value.toObject().value(QStringLiteral("root")).toString() == root)
            return value.toObject();
    }
    return {};
}

static QStringList codes(const QJsonObject& json)
{
    QStringList list;
    for (const QJsonValue& value : json.value(QStringLiteral("diagnostics")).toArray())
        list.append(value.toObject().value(QStringLiteral("code")).toString());
    return list;
}

void TestDetectCli::realToolkitIsReportedWithItsCudnn()
{
    if (!m_realToolkit)
        QSKIP("This machine has no CUDA 13.0 toolkit with cuDNN in /usr/local/cuda-13.0");
    const QJsonObject json = detectJson();
    QCOMPARE(json.value(QStringLiteral("command")).toString(), QStringLiteral("detect"));

    const QJsonObject toolkit = findToolkit(json, RealRoot);
    QVERIFY2(!toolkit.isEmpty(), "the real toolkit is not in the report");
    QCOMPARE(toolkit.value(QStringLiteral("version")).toString(), QStringLiteral("13.0"));
    QStringList via;
    for (const QJsonValue& origin : toolkit.value(QStringLiteral("found_via")).toArray())
        via.append(origin.toObject().value(QStringLiteral("path")).toString());
    if (QFileInfo(QStringLiteral("/usr/local/cuda")).canonicalFilePath() == RealRoot)
        QVERIFY2(via.contains(QStringLiteral("/usr/local/cuda")), qPrintable(via.join(QLatin1Char(' '))));

    bool found = false;
    for (const QJsonValue& value : json.value(QStringLiteral("cudnn")).toArray()) {
        const QJsonObject install = value.toObject();
        if (install.value(QStringLiteral("root")).toString() != RealRoot)
            continue;
        found = true;
        QCOMPARE(install.value(QStringLiteral("location")).toString(), QStringLiteral("toolkit"));
        QCOMPARE(install.value(QStringLiteral("major")).toInt(), 9);
        QCOMPARE(install.value(QStringLiteral("version")).toString(), QStringLiteral("9.19.0"));
        QVERIFY(install.value(QStringLiteral("complete")).toBool());
        QVERIFY(install.value(QStringLiteral("missing")).toArray().isEmpty());
    }
    QVERIFY2(found, "cuDNN 9.19 in the real toolkit was not reported");

    if (QLibrary(QStringLiteral("libcuda.so.1")).load())
        QSKIP("This machine has a real NVIDIA driver; the no-driver half does not apply");
    QCOMPARE(json.value(QStringLiteral("driver")).toObject().value(QStringLiteral("found")).toBool(), false);
    QVERIFY(codes(json).contains(QStringLiteral("DRV-NOT-FOUND")));
}

void TestDetectCli::fakeDriverIsReportedAndCheckedAgainstTheToolkit()
{
    const QString fakes = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/rtx3060ti");
    TestTree tree;
    tree.writeFile(QStringLiteral("cuda-13.0/include/cuda.h"), "#define CUDA_VERSION 13000\n");
    const QJsonObject json = detectJson({QStringLiteral("--cuda-root"), tree.path(QStringLiteral("cuda-13.0"))}, fakes);

    const QJsonObject driver = json.value(QStringLiteral("driver")).toObject();
    QVERIFY(driver.value(QStringLiteral("found")).toBool());
    QCOMPARE(driver.value(QStringLiteral("version")).toString(), QStringLiteral("550.144.03"));
    QCOMPARE(driver.value(QStringLiteral("newest_cuda")).toString(), QStringLiteral("12.4"));
    const QJsonArray gpus = json.value(QStringLiteral("gpus")).toArray();
    QCOMPARE(gpus.size(), 1);
    QCOMPARE(gpus.first().toObject().value(QStringLiteral("compute_capability")).toString(), QStringLiteral("8.6"));
    // CUDA 13.0 needs driver 580.65.06 (cuda-drivers.json) and 550 is below the 13.x family floor.
    QVERIFY2(codes(json).contains(QStringLiteral("DRV-TOO-OLD")), qPrintable(codes(json).join(QLatin1Char(' '))));
}

void TestDetectCli::textSummaryNamesTheFacts()
{
    TestTree tree;
    tree.writeFile(QStringLiteral("cuda-12.4/version.json"), R"({"cuda": {"name": "CUDA SDK", "version": "12.4.1"}})");
    const Run run
        = runSetup({QStringLiteral("--detect"), QStringLiteral("--cuda-root"), tree.path(QStringLiteral("cuda-12.4"))});
    QCOMPARE(run.exitCode, 0);
    const QString text = QString::fromUtf8(run.out);
    QVERIFY2(
        text.contains(QStringLiteral("12.4  ") + QFileInfo(tree.path(QStringLiteral("cuda-12.4"))).canonicalFilePath()),
        qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Driver")));
}

void TestDetectCli::reportFileIsWritten()
{
    TestTree tree;
    const QString reportPath = tree.path(QStringLiteral("detect.json"));
    const Run run = runSetup({QStringLiteral("--detect"), QStringLiteral("--report"), reportPath});
    QCOMPARE(run.exitCode, 0);
    QFile report(reportPath);
    QVERIFY(report.open(QIODevice::ReadOnly));
    const QByteArray text = report.readAll();
    const QString violations = JsonSchemaCheck::violations(JsonSchemaCheck::Contract::Detect, text);
    QVERIFY2(violations.isEmpty(), qPrintable(violations));
    const QJsonObject json = QJsonDocument::fromJson(text).object();
    QCOMPARE(json.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QVERIFY(json.value(QStringLiteral("toolkits")).isArray());

    const Run failing = runSetup(
        {QStringLiteral("--detect"), QStringLiteral("--report"), tree.path(QStringLiteral("no/dir/r.json"))});
    // Said before detection runs, like any output that cannot be written: a usage error, nothing done.
    QCOMPARE(failing.exitCode, 2);
    QVERIFY(failing.err.contains("cannot be written (the folder"));
}

void TestDetectCli::invalidCudaRootIsAFindingNotAFailure()
{
    TestTree tree;
    tree.makeDir(QStringLiteral("not-a-toolkit"));
    const QJsonObject json = detectJson({QStringLiteral("--cuda-root"), tree.path(QStringLiteral("not-a-toolkit"))});
    QVERIFY(codes(json).contains(QStringLiteral("CUDA-ROOT-INVALID")));
}

void TestDetectCli::usageErrorsExitWithTwo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")};
    QTest::newRow("bad path scope") << QStringList{QStringLiteral("--silent"),
                                                   QStringLiteral("--package"),
                                                   QStringLiteral("x.zip"),
                                                   QStringLiteral("--path-scope"),
                                                   QStringLiteral("everywhere")};
    QTest::newRow("silent with nothing to do") << QStringList{QStringLiteral("--silent")};
    QTest::newRow("json without detect") << QStringList{QStringLiteral("--json")};
    QTest::newRow("contradiction") << QStringList{
        QStringLiteral("--detect"), QStringLiteral("--benchmark"), QStringLiteral("--no-benchmark")};
}

void TestDetectCli::usageErrorsExitWithTwo()
{
    QFETCH(QStringList, arguments);
    const Run run = runSetup(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("cudnn-setup:"));
}

QTEST_GUILESS_MAIN(TestDetectCli)
#include "TestDetectCli.moc"
