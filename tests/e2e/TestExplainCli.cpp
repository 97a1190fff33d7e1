#include "../unit/detect/DetectFixtures.h"
#include "JsonSchemaCheck.h"
#include "StubElf.h"
#include "TestTree.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>
#include <sys/stat.h>

using namespace DetectFixtures;

/**
 * `cudnn-setup --explain` as a user runs it: the text as arguments, piped, or in a file (CRLF, colours, Chinese
 * around it); each outcome's exit code (0 a cause here, 10 none here, 11 not recognised, 2 text it will not read);
 * `--json` keeping docs/schemas/explain.schema.json for every outcome. The machine: a CUDA 12.4 toolkit holding a
 * cuDNN 8.9.7 whose lib folder lacks libcudnn_cnn_infer.so.8 (stub libraries with their real SONAMEs), named with
 * --cuda-root and on LD_LIBRARY_PATH, as a user who exported it in the terminal the program ran in.
 */
class TestExplainCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void textAsArgumentsNamesTheMissingLibrary();
    void pipedTextIsReadLikeArguments();
    void aLogFileWithColoursAndChineseIsRead();
    void recognisedButFineHereExitsTen();
    void unrecognisedTextExitsEleven();
    void tooMuchTextIsRefusedWithExitTwo();
    void aFileThatIsNotOneIsRefused_data();
    void aFileThatIsNotOneIsRefused();
    void jsonKeepsItsSchemaForEveryOutcome_data();
    void jsonKeepsItsSchemaForEveryOutcome();
    void aReportFileHoldsTheExplanation();
    void usageErrors_data();
    void usageErrors();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run run(const QStringList& arguments, const QByteArray& input = {}, bool closeInput = true);
    QStringList machine() const { return {QStringLiteral("--cuda-root"), m_toolkit}; }

    TestTree m_tree;
    QString m_program;
    QString m_toolkit;
    QString m_cudnn8Missing; // what cuDNN 8 prints at the first convolution (resources/explain/messages.json)
};

void TestExplainCli::initTestCase()
{
    m_program = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR") + QStringLiteral("/cudnn-setup");
    QVERIFY2(QFileInfo(m_program).isExecutable(), qPrintable(m_program));
    QFile::setPermissions(m_tree.root(), QFile::permissions(m_tree.root()) | QFile::ReadOther | QFile::ExeOther);
    m_tree.makeDir(QStringLiteral("home"));
    m_tree.makeDir(QStringLiteral("system-root/etc/ld.so.conf.d"));
    LinuxToolkit toolkit;
    toolkit.dir = QStringLiteral("cuda-12.4");
    toolkit.cudaCode = 12040;
    toolkit.versionJson = QStringLiteral("12.4.0");
    m_toolkit = makeLinuxToolkit(m_tree, toolkit);
    for (const QString& soname : {QStringLiteral("libcudart.so.12"), QStringLiteral("libcublas.so.12")})
        m_tree.writeFile(QStringLiteral("cuda-12.4/lib/") + soname, StubElf::sharedObject(soname));
    for (const QString& base : cudnn8Bases()) {
        if (base == QLatin1String("libcudnn_cnn_infer"))
            continue;
        const QString soname = base + QStringLiteral(".so.8");
        m_tree.writeFile(QStringLiteral("cuda-12.4/lib/%1.so.8.9.7").arg(base), StubElf::sharedObject(soname));
        m_tree.symlink(QStringLiteral("cuda-12.4/lib/") + soname, base + QStringLiteral(".so.8.9.7"));
    }
    m_tree.writeFile(QStringLiteral("cuda-12.4/include/cudnn_version.h"), cudnnVersionHeader(8, 9, 7));
    m_cudnn8Missing = QStringLiteral("Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: "
                                     "cannot open shared object file: No such file or directory");
}

TestExplainCli::Run TestExplainCli::run(const QStringList& arguments, const QByteArray& input, bool closeInput)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), m_tree.path(QStringLiteral("home")));
    env.insert(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), m_tree.path(QStringLiteral("system-root")));
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("LD_LIBRARY_PATH"), m_toolkit + QStringLiteral("/lib"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    for (const char* name : {"CONDA_PREFIX", "VIRTUAL_ENV", "CUDA_PATH", "CUDA_HOME"})
        env.remove(QLatin1String(name));
    process.setProcessEnvironment(env);
    process.start(m_program, QStringList{QStringLiteral("--explain")} + arguments);
    if (!process.waitForStarted())
        qFatal("cudnn-setup did not start");
    if (!input.isEmpty())
        process.write(input);
    if (closeInput)
        process.closeWriteChannel();
    if (!process.waitForFinished(120000))
        qFatal("cudnn-setup --explain did not finish");
    if (process.exitStatus() != QProcess::NormalExit)
        return {-1, process.readAllStandardOutput(), process.readAllStandardError()};
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

void TestExplainCli::textAsArgumentsNamesTheMissingLibrary()
{
    // As a shell splits an unquoted paste: every word its own argument, joined again with spaces.
    const Run explained = run(machine() + m_cudnn8Missing.split(QLatin1Char(' ')));
    QVERIFY2(explained.exitCode == 0, explained.out + explained.err);
    QVERIFY2(explained.out.contains("libcudnn_cnn_infer.so.8"), explained.out.constData());
    QVERIFY2(explained.out.contains(m_toolkit.toUtf8() + "/lib"), explained.out.constData());
    QVERIFY2(explained.out.contains("Cause 1 (library-missing"), explained.out.constData());
    QVERIFY2(explained.out.contains("Fix:"), explained.out.constData());
}

void TestExplainCli::pipedTextIsReadLikeArguments()
{
    const Run argued = run(machine() + QStringList{m_cudnn8Missing});
    const QByteArray traceback = "Traceback (most recent call last):\n  File \"train.py\", line 12, in <module>\n"
        + m_cudnn8Missing.toUtf8() + "\nAborted (core dumped)\n";
    const Run dash = run(machine() + QStringList{QStringLiteral("-")}, traceback);
    const Run fromDash = run(machine() + QStringList{QStringLiteral("--from"), QStringLiteral("-")}, traceback);
    const Run bare = run(machine(), traceback);
    QVERIFY2(argued.exitCode == 0, argued.out + argued.err);
    for (const Run* piped : {&dash, &fromDash, &bare}) {
        QVERIFY2(piped->exitCode == 0, piped->out + piped->err);
        QVERIFY2(piped->out.contains("libcudnn_cnn_infer.so.8"), piped->out.constData());
        // The prompt is for a terminal: a pipe gets none.
        QVERIFY2(!piped->err.contains("Paste"), piped->err.constData());
    }
}

void TestExplainCli::aLogFileWithColoursAndChineseIsRead()
{
    const QByteArray log = "\xE8\xAE\xAD\xE7\xBB\x83\xE5\xBC\x80\xE5\xA7\x8B\r\n" // 训练开始
                           "\x1B[31mE1207 10:02:03.123 \x1B[0m"
        + m_cudnn8Missing.toUtf8() + "\r\n\xE5\xB7\xB2\xE6\x94\xBE\xE5\xBC\x83\r\n"; // 已放弃
    const QString file = m_tree.writeFile(QStringLiteral("train.log"), log);
    const Run explained = run(machine() + QStringList{QStringLiteral("--from"), file});
    QVERIFY2(explained.exitCode == 0, explained.out + explained.err);
    QVERIFY2(explained.out.contains("libcudnn_cnn_infer.so.8"), explained.out.constData());
    QVERIFY2(!explained.out.contains("\x1B["), explained.out.constData());
    QVERIFY2(!explained.out.contains('\r'), explained.out.constData());
}

void TestExplainCli::recognisedButFineHereExitsTen()
{
    // cuDNN 8.9.7's libcudnn_ops_infer.so.8 is on LD_LIBRARY_PATH here: the program that printed this ran elsewhere.
    const Run explained = run(machine()
                              + QStringList{QStringLiteral("Could not load library libcudnn_ops_infer.so.8. Error: "
                                                           "libcudnn_ops_infer.so.8: cannot open shared object file: "
                                                           "No such file or directory")});
    QVERIFY2(explained.exitCode == 10, explained.out + explained.err);
    QVERIFY2(explained.out.contains("This machine shows no cause of it"), explained.out.constData());
    QVERIFY2(explained.out.contains("--python-env"), explained.out.constData());
}

void TestExplainCli::unrecognisedTextExitsEleven()
{
    const Run explained = run(machine() + QStringList{QStringLiteral("Segmentation fault (core dumped)")});
    QVERIFY2(explained.exitCode == 11, explained.out + explained.err);
    QVERIFY2(explained.out.contains("No message cudnn-setup knows"), explained.out.constData());
}

void TestExplainCli::tooMuchTextIsRefusedWithExitTwo()
{
    // A log of 1 MiB and one byte, the message in its first line: refused whole, not read in part.
    QByteArray huge = m_cudnn8Missing.toUtf8() + '\n';
    huge += QByteArray(1024 * 1024 + 1 - huge.size(), 'x');
    const QString file = m_tree.writeFile(QStringLiteral("huge.log"), huge);
    const Run fromFile = run(machine() + QStringList{QStringLiteral("--from"), file});
    QVERIFY2(fromFile.exitCode == 2, fromFile.out + fromFile.err);
    QVERIFY2(fromFile.err.contains("larger than 1 MiB"), fromFile.err.constData());
    QVERIFY2(fromFile.out.isEmpty(), fromFile.out.constData());
    // A runaway pipe: the program reads one byte past the limit and stops, whatever is still coming.
    const Run piped = run(machine() + QStringList{QStringLiteral("-")}, huge + QByteArray(4 * 1024 * 1024, 'y'));
    QVERIFY2(piped.exitCode == 2, piped.out + piped.err);
    QVERIFY2(piped.err.contains("larger than 1 MiB"), piped.err.constData());
}

void TestExplainCli::aFileThatIsNotOneIsRefused_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("missing") << m_tree.path(QStringLiteral("no-such.log"));
    QTest::newRow("a folder") << m_tree.path(QStringLiteral("home"));
    QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero");
    const QString fifo = m_tree.path(QStringLiteral("a-fifo"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0 || QFileInfo::exists(fifo));
    QTest::newRow("a FIFO with no writer") << fifo;
}

void TestExplainCli::aFileThatIsNotOneIsRefused()
{
    QFETCH(QString, path);
    const Run explained = run(machine() + QStringList{QStringLiteral("--from"), path});
    QVERIFY2(explained.exitCode == 2, explained.out + explained.err);
    QVERIFY2(explained.err.contains(path.toUtf8()), explained.err.constData());
    QVERIFY2(explained.out.isEmpty(), explained.out.constData());
}

void TestExplainCli::jsonKeepsItsSchemaForEveryOutcome_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("outcome");
    QTest::newRow("a cause") << m_cudnn8Missing << 0 << "cause-found";
    QTest::newRow("no cause here") << QStringLiteral("Could not load library libcudnn_ops_infer.so.8. Error: x") << 10
                                   << "no-cause-here";
    QTest::newRow("not recognised") << QStringLiteral("hello") << 11 << "not-recognised";
    QTest::newRow("not a setup problem") << QStringLiteral("RuntimeError: cuDNN error: CUDNN_STATUS_ALLOC_FAILED") << 0
                                         << "cause-found";
}

void TestExplainCli::jsonKeepsItsSchemaForEveryOutcome()
{
    QFETCH(QString, text);
    QFETCH(int, exitCode);
    QFETCH(QString, outcome);
    const Run explained = run(machine() + QStringList{QStringLiteral("--json"), text});
    QVERIFY2(explained.exitCode == exitCode, explained.out + explained.err);
    const QString violations = JsonSchemaCheck::violations(JsonSchemaCheck::Contract::Explain, explained.out);
    QVERIFY2(violations.isEmpty(), qPrintable(violations + QLatin1Char('\n') + QString::fromUtf8(explained.out)));
    const QJsonObject json = QJsonDocument::fromJson(explained.out).object();
    QCOMPARE(json.value(QStringLiteral("outcome")).toString(), outcome);
    const QJsonArray messages = json.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.isEmpty(), outcome == QLatin1String("not-recognised"));
    if (outcome == QLatin1String("cause-found"))
        QVERIFY(!json.value(QStringLiteral("causes")).toArray().isEmpty());
}

void TestExplainCli::aReportFileHoldsTheExplanation()
{
    const QString reportPath = m_tree.path(QStringLiteral("explain-report.json"));
    const Run explained = run(machine() + QStringList{QStringLiteral("--report"), reportPath, m_cudnn8Missing});
    QVERIFY2(explained.exitCode == 0, explained.out + explained.err);
    QFile file(reportPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    const QString violations = JsonSchemaCheck::violations(JsonSchemaCheck::Contract::Report, text);
    QVERIFY2(violations.isEmpty(), qPrintable(violations));
    const QJsonObject report = QJsonDocument::fromJson(text).object();
    QCOMPARE(report.value(QStringLiteral("command")).toString(), QStringLiteral("explain"));
    QCOMPARE(report.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    const QJsonObject section = report.value(QStringLiteral("explain")).toObject();
    QVERIFY(!section.value(QStringLiteral("causes")).toArray().isEmpty());
}

void TestExplainCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("text and --from") << QStringList{
        QStringLiteral("--from"), QStringLiteral("a.log"), QStringLiteral("text")};
    QTest::newRow("--explain with --package")
        << QStringList{QStringLiteral("--package"), QStringLiteral("x.tar.xz"), QStringLiteral("text")};
}

void TestExplainCli::usageErrors()
{
    QFETCH(QStringList, arguments);
    const Run explained = run(arguments);
    QVERIFY2(explained.exitCode == 2, explained.out + explained.err);
    QVERIFY(!explained.err.isEmpty());
}

QTEST_GUILESS_MAIN(TestExplainCli)
#include "TestExplainCli.moc"
