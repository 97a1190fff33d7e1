// SPDX-License-Identifier: Apache-2.0
#include "CommandLine.h"

#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

using Locale = QMap<QString, QString>; // LANG, LC_ALL...: the locale variables a run is given

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
    void internalOptionsAreHiddenButParse();
    void errorsAreEnglishByDefault();
    void followsTheSystemLanguage_data();
    void followsTheSystemLanguage();
    void labelsAreTranslated();
    void tracingIsOffByDefault();
    void missingValuesAreNamed_data();
    void missingValuesAreNamed();
    void outputsAreCheckedBeforeAnythingRuns_data();
    void outputsAreCheckedBeforeAnythingRuns();
    void packageWithoutSilentOpensTheWizard_data();
    void packageWithoutSilentOpensTheWizard();

private:
    struct Run
    {
        int exitCode = -1;
        QString out;
        QString err;
    };
    Run run(const QStringList& arguments, const QString& loggingRules = {}) const;
    /** Runs cudnn-setup under the locale variables given (the others unset). */
    Run runIn(const Locale& locale, const QStringList& arguments, const QString& loggingRules = {}) const;
    QString m_program;
};

void TestCommandLineCli::initTestCase()
{
    m_program = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR") + QStringLiteral("/cudnn-setup");
    QVERIFY2(QFileInfo(m_program).isExecutable(), qPrintable(m_program));
}

TestCommandLineCli::Run TestCommandLineCli::run(const QStringList& arguments, const QString& loggingRules) const
{
    // The system locale must not choose.
    return runIn({{QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8")}}, arguments, loggingRules);
}

TestCommandLineCli::Run
TestCommandLineCli::runIn(const Locale& locale, const QStringList& arguments, const QString& loggingRules) const
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "QT_LOGGING_RULES"})
        env.remove(QString::fromLatin1(name));
    for (auto it = locale.cbegin(); it != locale.cend(); ++it)
        env.insert(it.key(), it.value());
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

void TestCommandLineCli::internalOptionsAreHiddenButParse()
{
    for (const QString& word : {QStringLiteral("--help"), QStringLiteral("--help-all")}) {
        const Run help = run({word});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(!help.out.contains(QStringLiteral("elevation")), qPrintable(help.out));
    }
    // Hidden, not gone: the elevated copy's hand-over still parses, and its own rule is still checked.
    const Run alone = run({QStringLiteral("--elevation-token"), QString(32, QLatin1Char('a'))});
    QCOMPARE(alone.exitCode, 2);
    QVERIFY2(alone.err.contains(QStringLiteral("--elevation-token needs --silent")), qPrintable(alone.err));
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

void TestCommandLineCli::followsTheSystemLanguage_data()
{
    QTest::addColumn<Locale>("locale");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("chinese");
    using Vars = Locale;
    const QString zh = QStringLiteral("zh_CN.UTF-8");
    const QStringList help{QStringLiteral("--help")};
    QTest::newRow("LANG zh_CN") << Vars{{QStringLiteral("LANG"), zh}} << help << true;
    QTest::newRow("LC_ALL zh_CN over LANG en")
        << Vars{{QStringLiteral("LANG"), QStringLiteral("en_US.UTF-8")}, {QStringLiteral("LC_ALL"), zh}} << help
        << true;
    QTest::newRow("LC_ALL C over LANG zh_CN")
        << Vars{{QStringLiteral("LANG"), zh}, {QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8")}} << help << false;
    QTest::newRow("--lang en over LANG zh_CN")
        << Vars{{QStringLiteral("LANG"), zh}} << QStringList{QStringLiteral("--lang"), QStringLiteral("en")} + help
        << false;
    QTest::newRow("--lang zh_CN over LANG en") << Vars{{QStringLiteral("LANG"), QStringLiteral("en_US.UTF-8")}}
                                               << QStringList{QStringLiteral("--lang=zh_CN")} + help << true;
    QTest::newRow("LANG fr: english") << Vars{{QStringLiteral("LANG"), QStringLiteral("fr_FR.UTF-8")}} << help << false;
    QTest::newRow("LANG zh_TW: english") << Vars{{QStringLiteral("LANG"), QStringLiteral("zh_TW.UTF-8")}} << help
                                         << false;
}

void TestCommandLineCli::followsTheSystemLanguage()
{
    QFETCH(Locale, locale);
    QFETCH(QStringList, arguments);
    QFETCH(bool, chinese);
    const Run help = runIn(locale, arguments);
    QCOMPARE(help.exitCode, 0);
    QCOMPARE(help.out.contains(QStringLiteral("报告驱动、显卡、CUDA 工具包和已安装的 cuDNN。")), chinese);
    QCOMPARE(help.out.contains(QStringLiteral("Show the version.")), !chinese);
}

void TestCommandLineCli::labelsAreTranslated()
{
    const QMap<QString, QString> chinese{{QStringLiteral("LANG"), QStringLiteral("zh_CN.UTF-8")}};
    const QStringList detect{QStringLiteral("--silent"), QStringLiteral("--detect")};
    const Run zh = runIn(chinese, detect);
    QCOMPARE(zh.exitCode, 0);
    // The verdict leads (docs/detect-json.md "verdict"), then the facts, each label in Chinese.
    QVERIFY2(zh.out.startsWith(QStringLiteral("结论    ")), qPrintable(zh.out));
    QVERIFY2(zh.out.contains(QStringLiteral("\n驱动    ")), qPrintable(zh.out));
    QVERIFY2(zh.out.contains(QStringLiteral("\n显卡    ")), qPrintable(zh.out));
    QVERIFY2(zh.out.contains(QStringLiteral("毫秒）\n")), qPrintable(zh.out));
    QVERIFY2(!zh.out.contains(QStringLiteral("Driver")), qPrintable(zh.out));
    const Run asked = runIn({}, QStringList{QStringLiteral("--lang"), QStringLiteral("zh_CN")} + detect);
    QVERIFY2(asked.out.contains(QStringLiteral("\n驱动    ")), qPrintable(asked.out));
    const Run en = runIn(chinese, QStringList{QStringLiteral("--lang"), QStringLiteral("en")} + detect);
    QVERIFY2(en.out.startsWith(QStringLiteral("Verdict ")), qPrintable(en.out));
    QVERIFY2(en.out.contains(QStringLiteral("\nDriver  ")), qPrintable(en.out));
    QVERIFY2(en.out.contains(QStringLiteral("\n(detected in ")), qPrintable(en.out));

    // A dry run's labels and a command-line error, under LANG alone.
    const Run dry = runIn(chinese,
                          {QStringLiteral("--silent"),
                           QStringLiteral("--dry-run"),
                           QStringLiteral("--package"),
                           QStringLiteral("/nonexistent/cudnn.tar.xz")});
    QVERIFY2(dry.out.contains(QStringLiteral("未找到 cuDNN 压缩包")) || dry.err.contains(QStringLiteral("未找到")),
             qPrintable(dry.out + dry.err));
    const Run wrong
        = runIn(chinese, {QStringLiteral("--detect"), QStringLiteral("--benchmark"), QStringLiteral("--no-benchmark")});
    QCOMPARE(wrong.exitCode, 2);
    QVERIFY2(wrong.err.contains(QStringLiteral("--benchmark 与 --no-benchmark 相互矛盾。")), qPrintable(wrong.err));
}

QTEST_GUILESS_MAIN(TestCommandLineCli)
#include "TestCommandLineCli.moc"

void TestCommandLineCli::missingValuesAreNamed_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("named");
    // QCommandLineParser alone took "--cuda-root" as the package and then complained about "/opt/cuda".
    QTest::newRow("followed by an option")
        << QStringList{"--silent", "--package", "--cuda-root", "/opt/cuda"} << "--package";
    QTest::newRow("at the end") << QStringList{"--silent", "--uninstall", "--report"} << "--report";
    QTest::newRow("before a single-dash option") << QStringList{"--detect", "--log", "-lang", "en"} << "--log";
    QTest::newRow("path scope") << QStringList{"--silent", "--repair", "--path-scope", "--dry-run"} << "--path-scope";
}

void TestCommandLineCli::missingValuesAreNamed()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, named);
    const Run missing = run(arguments);
    QCOMPARE(missing.exitCode, 2);
    QCOMPARE(missing.err, QStringLiteral("cudnn-setup: %1 needs a value.\nTry cudnn-setup --help.\n").arg(named));
    QVERIFY(missing.out.isEmpty());
}

void TestCommandLineCli::outputsAreCheckedBeforeAnythingRuns_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("where"); // below a temporary folder; "" is the folder itself
    QTest::addColumn<QString>("why");
    QTest::newRow("report is a folder") << "--report"
                                        << ""
                                        << "it is a folder";
    QTest::newRow("progress file in a missing folder") << "--progress-file"
                                                       << "missing/progress.jsonl"
                                                       << "does not exist";
}

void TestCommandLineCli::outputsAreCheckedBeforeAnythingRuns()
{
    QFETCH(QString, option);
    QFETCH(QString, where);
    QFETCH(QString, why);
    QTemporaryDir home;
    const QString path = where.isEmpty() ? home.path() : home.filePath(where);
    // An uninstall that would otherwise detect the machine and look for installs: it must not get that far.
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    process.setProcessEnvironment(env);
    process.start(m_program, {QStringLiteral("--silent"), QStringLiteral("--uninstall"), option, path});
    QVERIFY(process.waitForFinished(30000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitCode(), 2);
    QVERIFY2(err.contains(QStringLiteral("%1 %2 cannot be written").arg(option, path)) && err.contains(why),
             qPrintable(err));
    QVERIFY2(process.readAllStandardOutput().isEmpty(), "nothing ran, so nothing is said on stdout");
    QCOMPARE(QDir(home.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList{});
}

void TestCommandLineCli::packageWithoutSilentOpensTheWizard_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("wizard");
    QTest::newRow("package: the wizard asks") << QStringList{"--package", "/tmp/cudnn.tar.xz"} << true;
    QTest::newRow("silent package: installs") << QStringList{"--silent", "--package", "/tmp/cudnn.tar.xz"} << false;
    QTest::newRow("dry run: changes nothing, in the terminal")
        << QStringList{"--dry-run", "--package", "/tmp/cudnn.tar.xz"} << false;
    QTest::newRow("repair") << QStringList{"--repair"} << true;
    QTest::newRow("nothing") << QStringList{} << true;
    QTest::newRow("detect") << QStringList{"--detect"} << false;
}

void TestCommandLineCli::packageWithoutSilentOpensTheWizard()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, wizard);
    const Invocation invocation = parseCommandLine(QStringList{QStringLiteral("cudnn-setup")} + arguments);
    QVERIFY2(invocation.error.isEmpty(), qPrintable(invocation.error));
    QCOMPARE(invocation.opensWizard(), wizard);
    if (wizard && !arguments.isEmpty() && arguments.first() == QLatin1String("--package"))
        QCOMPARE(invocation.package, QStringLiteral("/tmp/cudnn.tar.xz"));
}
