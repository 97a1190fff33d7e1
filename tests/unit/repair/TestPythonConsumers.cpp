#include "FakeProcessRunner.h"
#include "TestTree.h"
#include "repair/PythonConsumers.h"
#include "repair/RepairCode.h"

#include <QDir>
#include <QStandardPaths>
#include <QtTest>

/**
 * Python consumers: interpreters found on PATH, through `py -0p` and in venv/conda places under the home folder;
 * canned answers of the inline script turned into findings that say which cuDNN each package uses and why, and
 * never offer a fix. One case asks the machine's real python3.
 */
class TestPythonConsumers : public QObject
{
    Q_OBJECT

private slots:
    void decodesCudnnVersions_data();
    void decodesCudnnVersions();
    void findsInterpretersOnPathAndUnderHome();
    void findsInterpretersThroughPyLauncher();
    void cannedAnswersBecomeFacts_data();
    void cannedAnswersBecomeFacts();
    void silentOrGarbledInterpreterIsReported();
    void scriptRunsWithTimeLimit();
    void realPython();

private:
    static QString executable(TestTree& tree, const QString& relative);
};

QString TestPythonConsumers::executable(TestTree& tree, const QString& relative)
{
    const QString path = tree.writeFile(relative, "#!/bin/sh\n");
    QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::ExeOwner | QFileDevice::ExeUser);
    return path;
}

void TestPythonConsumers::decodesCudnnVersions_data()
{
    QTest::addColumn<qint64>("code");
    QTest::addColumn<QString>("version");
    QTest::newRow("8.9.7") << qint64(8907) << "8.9.7";
    QTest::newRow("8.1.0") << qint64(8100) << "8.1.0";
    QTest::newRow("9.1.0") << qint64(90100) << "9.1.0";
    QTest::newRow("9.19.0") << qint64(91900) << "9.19.0";
    QTest::newRow("none") << qint64(0) << "";
}

void TestPythonConsumers::decodesCudnnVersions()
{
    QFETCH(qint64, code);
    QFETCH(QString, version);
    QCOMPARE(PythonConsumers::decodeCudnnVersion(code), version);
}

void TestPythonConsumers::findsInterpretersOnPathAndUnderHome()
{
    TestTree tree;
    const QString system = executable(tree, QStringLiteral("usr/bin/python3"));
    executable(tree, QStringLiteral("usr/bin/python")); // another name in the same folder: another candidate
    const QString venv = executable(tree, QStringLiteral("home/.venv/bin/python3"));
    const QString conda = executable(tree, QStringLiteral("home/miniconda3/bin/python3"));
    const QString condaEnv = executable(tree, QStringLiteral("home/miniconda3/envs/tf/bin/python"));
    const QString virtualenv = executable(tree, QStringLiteral("home/.virtualenvs/torch/bin/python3"));
    tree.writeFile(QStringLiteral("home/.conda/envs/empty/README"), "no interpreter here\n");

    HostEnvironment host;
    host.os = OsFlavor::Linux;
    // The venv's bin on PATH too: it must be asked once.
    host.variables.insert(QStringLiteral("PATH"),
                          tree.path(QStringLiteral("usr/bin")) + QLatin1Char(':')
                              + tree.path(QStringLiteral("home/.venv/bin")) + QStringLiteral(":/nonexistent"));
    const PythonConsumers consumers(host, std::make_shared<FakeProcessRunner>(), tree.path(QStringLiteral("home")));
    const QStringList found = consumers.interpreters();
    QVERIFY2(found.contains(system), qPrintable(found.join(QLatin1Char('\n'))));
    QVERIFY(found.contains(venv));
    QVERIFY(found.contains(conda));
    QVERIFY(found.contains(condaEnv));
    QVERIFY(found.contains(virtualenv));
    QCOMPARE(found.count(venv), 1);
    QCOMPARE(found.size(), 6);
}

void TestPythonConsumers::findsInterpretersThroughPyLauncher()
{
    auto runner = std::make_shared<FakeProcessRunner>();
    runner->script(QStringLiteral("py"),
                   FakeProcessRunner::output(" -V:3.12 *        C:\\Users\\Li Wei\\AppData\\Local\\Programs\\Python\\"
                                             "Python312\\python.exe\r\n"
                                             " -V:3.10          C:\\Python310\\python.exe\r\n"
                                             " -3.8-64          D:\\tools\\py38\\python.exe\r\n"));
    HostEnvironment host;
    host.os = OsFlavor::Windows;
    const PythonConsumers consumers(host, runner, {});
    const QStringList found = consumers.interpreters();
    QCOMPARE(found,
             (QStringList{QStringLiteral("C:\\Users\\Li Wei\\AppData\\Local\\Programs\\Python\\Python312\\python.exe"),
                          QStringLiteral("C:\\Python310\\python.exe"),
                          QStringLiteral("D:\\tools\\py38\\python.exe")}));
    QVERIFY(runner->calls().contains(QStringLiteral("py -0p")));
}

void TestPythonConsumers::cannedAnswersBecomeFacts_data()
{
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("mentions");

    const QByteArray site = "/home/li/.venv/lib/python3.11/site-packages";
    QTest::newRow("pip torch, Linux: its own wheel by RPATH")
        << QByteArray("noise first\nCUDNN-SETUP-JSON{\"python\": \"3.11.4\", \"platform\": \"linux\", \"packages\": "
                      "{\"torch\": {\"version\": \"2.5.1+cu124\", \"location\": \""
                      + site + "/torch\", \"own_cudnn\": [\"" + site
                      + "/nvidia/cudnn/lib/libcudnn.so.9\"], \"cudnn\": 90100, \"cuda_build\": true}}, \"loaded\": "
                        "[\""
                      + site + "/nvidia/cudnn/lib/libcudnn.so.9\"]}\n")
        << RepairCode::ConsumerOwnCopy
        << QStringList{QStringLiteral("cuDNN 9.1.0"), QStringLiteral("RPATH"), QStringLiteral("do not reach")};
    QTest::newRow("pip torch, Windows: torch\\lib by add_dll_directory")
        << QByteArray("CUDNN-SETUP-JSON{\"python\": \"3.12.1\", \"platform\": \"win32\", \"packages\": {\"torch\": "
                      "{\"version\": \"2.4.0+cu121\", \"location\": \"C:/py/Lib/site-packages/torch\", \"own_cudnn\": "
                      "[\"C:/py/Lib/site-packages/torch/lib/cudnn64_9.dll\"], \"cudnn\": 90100}}, \"loaded\": []}")
        << RepairCode::ConsumerOwnCopy
        << QStringList{QStringLiteral("add_dll_directory"), QStringLiteral("ignores PATH")};
    QTest::newRow("tensorflow 2.15 on native Windows: no GPU")
        << QByteArray("CUDNN-SETUP-JSON{\"python\": \"3.11.0\", \"platform\": \"win32\", \"packages\": "
                      "{\"tensorflow\": {\"version\": \"2.15.0\", \"location\": \"C:/py/tf\", \"own_cudnn\": [], "
                      "\"cuda_build\": false, \"cudnn_text\": \"\"}}, \"loaded\": []}")
        << RepairCode::ConsumerNoGpu << QStringList{QStringLiteral("2.11"), QStringLiteral("WSL2")};
    QTest::newRow("tensorflow on Linux loads by name")
        << QByteArray("CUDNN-SETUP-JSON{\"python\": \"3.10.12\", \"platform\": \"linux\", \"packages\": "
                      "{\"tensorflow\": {\"version\": \"2.14.0\", \"location\": \"/opt/tf\", \"own_cudnn\": [], "
                      "\"cuda_build\": true, \"cudnn_text\": \"8\"}}, \"loaded\": []}")
        << RepairCode::ConsumerSearchPath << QStringList{QStringLiteral("search path")};
    QTest::newRow("onnxruntime-gpu: the C API loads cuDNN by name")
        << QByteArray("CUDNN-SETUP-JSON{\"python\": \"3.11.4\", \"platform\": \"linux\", \"packages\": "
                      "{\"onnxruntime\": {\"version\": \"1.19.2\", \"location\": \"/opt/ort\", \"own_cudnn\": [], "
                      "\"cuda_build\": true}}, \"loaded\": []}")
        << RepairCode::ConsumerSearchPath << QStringList{QStringLiteral("by name"), QStringLiteral("LD_LIBRARY_PATH")};
    QTest::newRow("onnxruntime CPU package")
        << QByteArray("CUDNN-SETUP-JSON{\"python\": \"3.11.4\", \"platform\": \"linux\", \"packages\": "
                      "{\"onnxruntime\": {\"version\": \"1.19.2\", \"location\": \"/opt/ort\", \"own_cudnn\": [], "
                      "\"cuda_build\": false}}, \"loaded\": []}")
        << RepairCode::Consumer << QStringList{QStringLiteral("uses no cuDNN")};
    QTest::newRow("torch that does not import")
        << QByteArray("CUDNN-SETUP-JSON{\"python\": \"3.11.4\", \"platform\": \"linux\", \"packages\": {\"torch\": "
                      "{\"error\": \"OSError: libcudnn.so.9: cannot open shared object file\"}}, \"loaded\": []}")
        << RepairCode::Consumer << QStringList{QStringLiteral("cannot be imported"), QStringLiteral("libcudnn.so.9")};
}

void TestPythonConsumers::cannedAnswersBecomeFacts()
{
    QFETCH(QByteArray, answer);
    QFETCH(QString, code);
    QFETCH(QStringList, mentions);

    TestTree tree;
    const QString python = executable(tree, QStringLiteral("bin/python3"));
    auto runner = std::make_shared<FakeProcessRunner>();
    runner->script(QStringLiteral("python3"), FakeProcessRunner::output(answer));
    HostEnvironment host;
    host.variables.insert(QStringLiteral("PATH"), tree.path(QStringLiteral("bin")));
    const PythonConsumers consumers(host, runner, {});
    const QList<PythonConsumer> found = consumers.inspect();
    QCOMPARE(found.size(), 1);
    QVERIFY2(found.first().error.isEmpty(), qPrintable(found.first().error));
    const RepairFindings findings = consumers.findings(found);
    QCOMPARE(findings.size(), 1);
    const RepairFinding& finding = findings.first();
    QCOMPARE(finding.diagnostic.code, code);
    QCOMPARE(finding.diagnostic.severity, Severity::Info);
    QCOMPARE(finding.remedy, RepairFinding::Remedy::None);
    QVERIFY(finding.fixes.isEmpty());
    QVERIFY(!finding.isProblem());
    QCOMPARE(finding.diagnostic.subject, python);
    for (const QString& mention : mentions)
        QVERIFY2(finding.diagnostic.message.contains(mention), qPrintable(finding.diagnostic.message));
}

void TestPythonConsumers::silentOrGarbledInterpreterIsReported()
{
    ProcessResult hung;
    hung.started = true;
    hung.timedOut = true;
    const PythonConsumer timedOut = PythonConsumers::parse(QStringLiteral("/usr/bin/python3"), hung);
    QVERIFY(timedOut.error.contains(QStringLiteral("did not answer")));

    ProcessResult garbled = FakeProcessRunner::output("Python 2.7 says hello\n", 1);
    garbled.standardError = "SyntaxError: invalid syntax\n";
    const PythonConsumer unreadable = PythonConsumers::parse(QStringLiteral("/usr/bin/python"), garbled);
    QVERIFY(unreadable.error.contains(QStringLiteral("SyntaxError")));

    HostEnvironment host;
    const PythonConsumers consumers(host, std::make_shared<FakeProcessRunner>(), {});
    const RepairFindings findings = consumers.findings({timedOut, unreadable});
    QCOMPARE(findings.size(), 2);
    for (const RepairFinding& finding : findings) {
        QCOMPARE(finding.diagnostic.code, RepairCode::Consumer);
        QVERIFY(!finding.isProblem());
    }
}

void TestPythonConsumers::scriptRunsWithTimeLimit()
{
    TestTree tree;
    executable(tree, QStringLiteral("bin/python3"));
    auto runner = std::make_shared<FakeProcessRunner>();
    HostEnvironment host;
    host.variables.insert(QStringLiteral("PATH"), tree.path(QStringLiteral("bin")));
    const QList<PythonConsumer> found = PythonConsumers(host, runner, {}).inspect();
    QCOMPARE(found.size(), 1);
    QVERIFY(!found.first().error.isEmpty()); // the fake has no script for it: it "did not start"
    QCOMPARE(runner->calls().size(), 1);
    QVERIFY(runner->calls().first().contains(QStringLiteral("-c")));
    QVERIFY(runner->calls().first().contains(QStringLiteral("CUDNN-SETUP-JSON")));
}

void TestPythonConsumers::realPython()
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        QSKIP("no python3 on this machine's PATH");
    const ProcessResult result = ProcessRunner().run(
        python, {QStringLiteral("-c"), PythonConsumers::probeScript()}, PythonConsumers::TimeoutMs);
    const PythonConsumer consumer = PythonConsumers::parse(python, result);
    QVERIFY2(consumer.error.isEmpty(), qPrintable(consumer.error + QString::fromLocal8Bit(result.standardError)));
    QVERIFY(consumer.pythonVersion.startsWith(QLatin1Char('3')));
    QCOMPARE(consumer.platform, QStringLiteral("linux"));
    for (const PythonPackage& package : consumer.packages)
        qInfo(
            "%s %s: cuDNN %s", qPrintable(package.name), qPrintable(package.version), qPrintable(package.cudnnVersion));
}

QTEST_GUILESS_MAIN(TestPythonConsumers)
#include "TestPythonConsumers.moc"
