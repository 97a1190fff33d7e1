// SPDX-License-Identifier: Apache-2.0
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

/**
 * The command line as a person meets it: --help and --version from QCommandLineParser, -v left free, and the
 * option texts and errors in the language --lang asks for.
 */
class TestCommandLineCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void versionIsLongOnly();
    void helpListsTheStandardOptions();
    void helpAndErrorsAreTranslated();
    void errorsAreEnglishByDefault();
    void tracingIsOffByDefault();

private:
    struct Run
    {
        int exitCode = -1;
        QString out;
        QString err;
    };
    Run run(const QStringList& arguments, const QString& loggingRules = {}) const;
    QString m_program;
};

void TestCommandLineCli::initTestCase()
{
    m_program = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR") + QStringLiteral("/cudnn-setup");
    QVERIFY2(QFileInfo(m_program).isExecutable(), qPrintable(m_program));
}

TestCommandLineCli::Run TestCommandLineCli::run(const QStringList& arguments, const QString& loggingRules) const
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8")); // the system locale must not choose
    env.remove(QStringLiteral("LANGUAGE"));
    env.remove(QStringLiteral("QT_LOGGING_RULES"));
    if (!loggingRules.isEmpty())
        env.insert(QStringLiteral("QT_LOGGING_RULES"), loggingRules);
    process.setProcessEnvironment(env);
    process.start(m_program, arguments);
    if (!process.waitForFinished(30000))
        qFatal("cudnn-setup did not finish");
    return {process.exitCode(),
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

void TestCommandLineCli::versionIsLongOnly()
{
    const Run version = run({QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    QVERIFY2(
        QRegularExpression(QStringLiteral("^cudnn-setup [0-9]+\\.[0-9]+\\.[0-9]+\\n$")).match(version.out).hasMatch(),
        qPrintable(version.out));
    const Run shortV = run({QStringLiteral("-v")});
    QCOMPARE(shortV.exitCode, 2); // -v is no option: free for a future --verbose
    QVERIFY2(shortV.err.contains(QStringLiteral("Unknown option 'v'")), qPrintable(shortV.err));
    QVERIFY(shortV.out.isEmpty());
}

void TestCommandLineCli::helpListsTheStandardOptions()
{
    for (const QString& word : {QStringLiteral("--help"), QStringLiteral("-h"), QStringLiteral("--help-all")}) {
        const Run help = run({word});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains(QStringLiteral("-h, --help")), qPrintable(help.out));
        QVERIFY2(help.out.contains(QStringLiteral("--help-all")), qPrintable(help.out));
        QVERIFY2(help.out.contains(QRegularExpression(QStringLiteral("\\n  --version +Show the version\\."))),
                 qPrintable(help.out));
        QVERIFY2(!help.out.contains(QStringLiteral("-v,")), qPrintable(help.out));
        QVERIFY2(help.out.contains(QStringLiteral("--cuda-root <DIR>")), qPrintable(help.out));
    }
}

void TestCommandLineCli::helpAndErrorsAreTranslated()
{
    const Run help = run({QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains(QStringLiteral("显示版本。")), qPrintable(help.out));
    QVERIFY2(help.out.contains(QStringLiteral("报告驱动、显卡、CUDA 工具包和已安装的 cuDNN。")), qPrintable(help.out));
    QVERIFY2(!help.out.contains(QStringLiteral("Show the version.")), qPrintable(help.out));

    // Our own error, and the one QCommandLineParser words, both after the Chinese translation is installed.
    const Run contradiction = run({QStringLiteral("--lang"),
                                   QStringLiteral("zh_CN"),
                                   QStringLiteral("--detect"),
                                   QStringLiteral("--benchmark"),
                                   QStringLiteral("--no-benchmark")});
    QCOMPARE(contradiction.exitCode, 2);
    QVERIFY2(contradiction.err.contains(QStringLiteral("--benchmark 与 --no-benchmark 相互矛盾。")),
             qPrintable(contradiction.err));
    QVERIFY2(contradiction.err.contains(QStringLiteral("请运行 cudnn-setup --help 查看帮助。")),
             qPrintable(contradiction.err));
    const Run wrongValue = run({QStringLiteral("--path-scope=everywhere"), QStringLiteral("--lang=zh_CN")});
    QCOMPARE(wrongValue.exitCode, 2);
    QVERIFY2(wrongValue.err.contains(QStringLiteral("--path-scope 只接受 user、machine 或 none，而不是“everywhere”。")),
             qPrintable(wrongValue.err));
}

void TestCommandLineCli::errorsAreEnglishByDefault()
{
    const Run contradiction
        = run({QStringLiteral("--detect"), QStringLiteral("--benchmark"), QStringLiteral("--no-benchmark")});
    QCOMPARE(contradiction.exitCode, 2);
    QCOMPARE(contradiction.err,
             QStringLiteral("cudnn-setup: --benchmark and --no-benchmark contradict each other.\n"
                            "Try cudnn-setup --help.\n"));
}

void TestCommandLineCli::tracingIsOffByDefault()
{
    const QStringList detect{QStringLiteral("--detect"), QStringLiteral("--json")};
    const Run quiet = run(detect);
    QCOMPARE(quiet.exitCode, 0);
    QVERIFY2(!quiet.err.contains(QStringLiteral("cudnn.")), qPrintable(quiet.err));

    const Run traced = run(detect, QStringLiteral("cudnn.detect.debug=true"));
    QCOMPARE(traced.exitCode, 0);
    QVERIFY2(traced.err.contains(QStringLiteral("cudnn.detect: detected in ")), qPrintable(traced.err));
    QVERIFY2(!traced.err.contains(QStringLiteral("cudnn.verify")), qPrintable(traced.err)); // only what was asked
    QVERIFY(QJsonDocument::fromJson(traced.out.toUtf8()).isObject());
}

QTEST_GUILESS_MAIN(TestCommandLineCli)
#include "TestCommandLineCli.moc"
