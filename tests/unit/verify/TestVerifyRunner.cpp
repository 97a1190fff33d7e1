// The engine's side of verification: which arguments and search path VerifyRunner hands cudnn-probe for a toolkit,
// and how the probe's findings become translated Diagnostics. Toolkits are temporary folders whose lib64 links to
// a fake install (tests/fakes); the real CUDA 13.0 toolkit is read, never written.
#include "verify/VerifyRunner.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kRealToolkit = QStringLiteral("/usr/local/cuda-13.0");

void writeHeader(const QString& path, int major, int minor, int patch)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral("#define CUDNN_MAJOR %1\n#define CUDNN_MINOR %2\n#define CUDNN_PATCHLEVEL %3\n")
                   .arg(major)
                   .arg(minor)
                   .arg(patch)
                   .toUtf8());
}

} // namespace

class TestVerifyRunner : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void wholeFakeToolkitPasses();
    void missingDependencyBecomesAnErrorWithAFix();
    void subLibrariesFailingForOneReasonAreOneFinding();
    void headerOfAnotherVersionIsAnError();
    void toolkitWithoutCudnn();
    void argumentsAndEnvironmentForAToolkit();
    void windowsDependencyFixes_data();
    void windowsDependencyFixes();
    void missingProbeIsReportedNotThrown();
    void realToolkitPasses();
    void newProgramGettingTheInstalledCopyPasses();
    /** An error where the install was to be the copy new programs get; a warning where the path was left as asked. */
    void newProgramGettingAnotherCopyFails();

private:
    /** A toolkit root whose lib64 is the fake install `scenario`, with a cudnn_version.h of `headerVersion`. */
    QString fakeToolkit(QTemporaryDir& temp, const QString& scenario, int minor = 19) const;
    HostEnvironment host() const;
    /** VerifyRunner over @p root, on this host, with the real probe and a real process runner. */
    VerifyResult verify(const QString& root) const;
    QString m_fakes;
};

void TestVerifyRunner::initTestCase()
{
#ifndef Q_OS_LINUX
    QSKIP("The fake toolkits are Linux shared objects");
#endif
    m_fakes = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR");
    qunsetenv("LD_LIBRARY_PATH"); // the probe inherits this process's environment under the host's variables
}

HostEnvironment TestVerifyRunner::host() const
{
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    return host;
}

VerifyResult TestVerifyRunner::verify(const QString& root) const
{
    const HostEnvironment h = host();
    const ProcessRunner runner;
    return VerifyRunner(h, runner).run({root});
}

QString TestVerifyRunner::fakeToolkit(QTemporaryDir& temp, const QString& scenario, int minor) const
{
    const QString root = temp.filePath(QStringLiteral("cuda-13.0"));
    QDir().mkpath(root);
    QFile::link(QDir(m_fakes).filePath(scenario), QDir(root).filePath(QStringLiteral("lib64")));
    writeHeader(QDir(root).filePath(QStringLiteral("include/cudnn_version.h")), 9, minor, 0);
    return root;
}

void TestVerifyRunner::wholeFakeToolkitPasses()
{
    QTemporaryDir temp;
    const QString root = fakeToolkit(temp, QStringLiteral("verify-ok"));
    const VerifyResult result = verify(root);
    QVERIFY(result.ran);
    QVERIFY2(result.passed(), qPrintable(result.diagnostics.value(0).message));
    QCOMPARE(result.major, 9);
    QCOMPARE(result.version.value_or(0), 91900);
    QCOMPARE(result.versionText, QStringLiteral("9.19.0"));
    QCOMPARE(result.cudartVersionText, QStringLiteral("13.0"));
    QCOMPARE(result.headerVersion.value_or(0), 91900);
    QCOMPARE(result.libraries.size(), 8);
    QVERIFY(result.mainLibrary());
    QCOMPARE(result.mainLibrary()->path, QDir(root).filePath(QStringLiteral("lib64/libcudnn.so.9")));
    for (const VerifiedLibrary& library : result.libraries)
        QVERIFY2(library.loaded, qPrintable(library.name + QLatin1Char(' ') + library.error));
    QCOMPARE(result.diagnostics.size(), 1);
    QCOMPARE(result.diagnostics[0].code, QStringLiteral("VERIFY-OK"));
    QCOMPARE(result.diagnostics[0].severity, Severity::Info);
    QVERIFY(result.diagnostics[0].message.contains(QStringLiteral("9.19.0")));
    const QJsonObject json = result.toJson();
    QCOMPARE(json.value(QStringLiteral("passed")).toBool(), true);
    QCOMPARE(json.value(QStringLiteral("libraries")).toArray().size(), 8);
    QVERIFY(json.value(QStringLiteral("probe")).toObject().contains(QStringLiteral("verify")));
}

void TestVerifyRunner::missingDependencyBecomesAnErrorWithAFix()
{
    QTemporaryDir temp;
    const QString root = fakeToolkit(temp, QStringLiteral("verify-missing-dependency"));
    const VerifyResult result = verify(root);
    QVERIFY(result.ran);
    QVERIFY(!result.passed());
    QVERIFY(containsCode(result.diagnostics, QStringLiteral("VERIFY-SUBLIBRARY-NOT-LOADED")));
    QVERIFY(containsCode(result.diagnostics, QStringLiteral("VERIFY-MISSING-DEPENDENCY")));
    for (const Diagnostic& d : result.diagnostics) {
        QCOMPARE(d.severity, Severity::Error);
        QVERIFY(!d.message.isEmpty());
        QVERIFY(!d.fix.isEmpty());
        if (d.code == QLatin1String("VERIFY-MISSING-DEPENDENCY")) {
            QCOMPARE(d.subject, QStringLiteral("libcudnnsetup_absent.so.1"));
            QVERIFY(d.message.contains(QStringLiteral("libcudnn_cnn.so.9")));
        }
    }
}

void TestVerifyRunner::subLibrariesFailingForOneReasonAreOneFinding()
{
    // Issue 52: seven sub-libraries that fail to load because libcudart is missing are one cause, one finding naming
    // the seven; one that fails for another reason stays a finding of its own.
    QJsonArray findings;
    const QString missing = QStringLiteral("libcudart.so.13: cannot open shared object file");
    for (const char* name : {"libcudnn_ops.so.9", "libcudnn_cnn.so.9", "libcudnn_adv.so.9"})
        findings.append(QJsonObject{{QStringLiteral("code"), QStringLiteral("VERIFY-SUBLIBRARY-NOT-LOADED")},
                                    {QStringLiteral("subject"), QLatin1String(name)},
                                    {QStringLiteral("detail"), missing}});
    findings.append(QJsonObject{{QStringLiteral("code"), QStringLiteral("VERIFY-SUBLIBRARY-NOT-LOADED")},
                                {QStringLiteral("subject"), QStringLiteral("libcudnn_graph.so.9")},
                                {QStringLiteral("detail"), QStringLiteral("undefined symbol: cudnnGraphVersion")}});
    const VerifyResult result = VerifyResult::fromProbeJson(
        QJsonObject{{QStringLiteral("verify"), QJsonObject{{QStringLiteral("findings"), findings}}}});
    QCOMPARE(result.diagnostics.size(), 2);
    const Diagnostic& one = result.diagnostics.first();
    QCOMPARE(one.subjects,
             QStringList({QStringLiteral("libcudnn_ops.so.9"),
                          QStringLiteral("libcudnn_cnn.so.9"),
                          QStringLiteral("libcudnn_adv.so.9")}));
    QVERIFY2(one.message.contains(missing), qPrintable(one.message));
    QCOMPARE(one.severity, Severity::Error);
    QCOMPARE(result.diagnostics.at(1).subject, QStringLiteral("libcudnn_graph.so.9"));
}

void TestVerifyRunner::headerOfAnotherVersionIsAnError()
{
    QTemporaryDir temp;
    const QString root = fakeToolkit(temp, QStringLiteral("verify-ok"), 8);
    const VerifyResult result = verify(root);
    QVERIFY(!result.passed());
    QCOMPARE(result.headerVersionText, QStringLiteral("9.8.0"));
    QCOMPARE(result.diagnostics.size(), 1);
    QCOMPARE(result.diagnostics[0].code, QStringLiteral("VERIFY-HEADER-MISMATCH"));
    QVERIFY(result.diagnostics[0].message.contains(QStringLiteral("9.8.0")));
    QVERIFY(result.diagnostics[0].message.contains(QStringLiteral("9.19.0")));
}

void TestVerifyRunner::toolkitWithoutCudnn()
{
    QTemporaryDir temp;
    const QString root = temp.filePath(QStringLiteral("cuda-12.4"));
    QDir().mkpath(QDir(root).filePath(QStringLiteral("lib64")));
    const HostEnvironment h = host();
    const ProcessRunner runner;
    const VerifyRunner verifier(h, runner);
    QVERIFY(verifier.probeArguments({root}).contains(QDir(root).filePath(QStringLiteral("lib64/libcudnn.so.9"))));
    const VerifyResult result = verifier.run({root});
    QVERIFY(result.ran);
    QVERIFY(!result.passed());
    QCOMPARE(result.diagnostics.size(), 1);
    QCOMPARE(result.diagnostics[0].code, QStringLiteral("VERIFY-CUDNN-NOT-LOADED"));
    QVERIFY(result.diagnostics[0].message.contains(QStringLiteral("cannot open shared object file")));
}

void TestVerifyRunner::argumentsAndEnvironmentForAToolkit()
{
    QTemporaryDir temp;
    const QString root = temp.filePath(QStringLiteral("cuda"));
    QDir().mkpath(QDir(root).filePath(QStringLiteral("lib")));
    QFile::link(QStringLiteral("lib"), QDir(root).filePath(QStringLiteral("lib64"))); // as in real toolkits
    for (const QString& name :
         {QStringLiteral("libcudnn.so.8"), QStringLiteral("libcudnn.so.9"), QStringLiteral("libcudnn.so")}) {
        QFile file(QDir(root).filePath(QStringLiteral("lib/") + name));
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    writeHeader(QDir(root).filePath(QStringLiteral("include/cudnn_version.h")), 9, 19, 0);
    HostEnvironment h = host();
    h.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("/opt/other/lib"));
    const ProcessRunner runner;
    const VerifyRunner verifier(h, runner);
    const QStringList arguments = verifier.probeArguments({root, 30000});
    // Newest major first, each file once although lib64 is lib, then the header.
    QCOMPARE(arguments,
             (QStringList{"--timeout-ms",
                          "25000",
                          "verify",
                          "--library",
                          QDir(root).filePath("lib64/libcudnn.so.9"),
                          "--library",
                          QDir(root).filePath("lib64/libcudnn.so.8"),
                          "--header",
                          QDir(root).filePath("include/cudnn_version.h")}));
    const QMap<QString, QString> environment = verifier.probeEnvironment({root});
    QCOMPARE(environment.value(QStringLiteral("LD_LIBRARY_PATH")),
             QDir(root).filePath(QStringLiteral("lib64")) + QStringLiteral(":/opt/other/lib"));
    QCOMPARE(verifier.probeArguments({}), (QStringList{"--timeout-ms", "85000", "verify"}));
    QCOMPARE(verifier.probeEnvironment({}).value(QStringLiteral("LD_LIBRARY_PATH")), QStringLiteral("/opt/other/lib"));
}

void TestVerifyRunner::windowsDependencyFixes_data()
{
    QTest::addColumn<QString>("dependency");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("fixMentions");
    QTest::addColumn<int>("severity");
    QTest::newRow("zlibwapi") << "zlibwapi.dll"
                              << "needed by C:\\CUDA\\bin\\cudnn_cnn_infer64_8.dll"
                              << "zlibwapi.dll" << int(Severity::Error);
    QTest::newRow("VC++ runtime") << "VCRUNTIME140_1.dll"
                                  << "needed by C:\\CUDA\\bin\\cudnn64_9.dll"
                                  << "Visual C++ 2015-2022 Redistributable" << int(Severity::Error);
    QTest::newRow("cudart") << "cudart64_12.dll"
                            << "needed by C:\\CUDA\\bin\\cudnn_graph64_9.dll"
                            << "cudart64_12.dll" << int(Severity::Error);
    QTest::newRow("delay-loaded cuBLASLt")
        << "cublasLt64_12.dll"
        << "needed by C:\\CUDA\\bin\\cudnn_ops64_9.dll (delay-loaded: fails when first used)"
        << "cublasLt64_12.dll" << int(Severity::Warning);
    QTest::newRow("libz") << "libz.so.1"
                          << "needed by /usr/lib/libcudnn_ops.so.9"
                          << "zlib1g" << int(Severity::Error);
}

void TestVerifyRunner::windowsDependencyFixes()
{
    QFETCH(QString, dependency);
    QFETCH(QString, detail);
    QFETCH(QString, fixMentions);
    QFETCH(int, severity);
    const Diagnostic d = VerifyResult::diagnosticFor(QStringLiteral("VERIFY-MISSING-DEPENDENCY"), dependency, detail);
    QCOMPARE(d.code, QStringLiteral("VERIFY-MISSING-DEPENDENCY"));
    QCOMPARE(int(d.severity), severity);
    QCOMPARE(d.subject, dependency);
    QVERIFY2(d.fix.contains(fixMentions), qPrintable(d.fix));
    QVERIFY(d.message.contains(dependency));
}

void TestVerifyRunner::missingProbeIsReportedNotThrown()
{
    HostEnvironment h = host();
    h.probeDirectory = QStringLiteral("/nonexistent");
    const ProcessRunner runner;
    const VerifyResult result = VerifyRunner(h, runner).run({});
    QVERIFY(!result.ran);
    QVERIFY(!result.passed());
    QCOMPARE(result.diagnostics.size(), 1);
    QCOMPARE(result.diagnostics[0].code, QStringLiteral("VERIFY-PROBE-FAILED"));
}

void TestVerifyRunner::realToolkitPasses()
{
    if (!QFile::exists(kRealToolkit + QStringLiteral("/lib/libcudnn.so.9")))
        QSKIP("/usr/local/cuda-13.0 has no cuDNN 9 on this machine");
    const VerifyResult result = verify(kRealToolkit);
    QVERIFY2(result.passed(), qPrintable(result.diagnostics.value(0).message));
    QCOMPARE(result.versionText, QStringLiteral("9.19.0"));
    QCOMPARE(result.headerVersionText, QStringLiteral("9.19.0"));
    QCOMPARE(result.libraries.size(), 8);
}

QTEST_GUILESS_MAIN(TestVerifyRunner)
#include "TestVerifyRunner.moc"

void TestVerifyRunner::newProgramGettingTheInstalledCopyPasses()
{
    QTemporaryDir temp;
    const QString root = fakeToolkit(temp, QStringLiteral("verify-ok"));
    const HostEnvironment h = host();
    const ProcessRunner runner;
    VerifyRunner::Options options{root};
    // The login profile puts the toolkit first: a new program gets the toolkit's copy, by bare name.
    options.newLogin = QMap<QString, QString>{{QStringLiteral("LD_LIBRARY_PATH"), root + QStringLiteral("/lib64")}};
    const VerifyResult result = VerifyRunner(h, runner).run(options);
    QVERIFY2(result.passed(), qPrintable(result.diagnostics.value(0).message));
    QVERIFY(result.newProgram.ran);
    QVERIFY(result.newProgram.matches());
    QCOMPARE(result.newProgram.library, QStringLiteral("libcudnn.so.9"));
    QCOMPARE(QFileInfo(result.newProgram.loaded).canonicalFilePath(),
             QFileInfo(root + QStringLiteral("/lib64/libcudnn.so.9")).canonicalFilePath());
    QCOMPARE(result.diagnostics.size(), 1);
    QVERIFY2(result.diagnostics[0].message.contains(QStringLiteral("A new program that loads libcudnn.so.9")),
             qPrintable(result.diagnostics[0].message));
    QCOMPARE(result.toJson().value(QStringLiteral("new_program")).toObject().value(QStringLiteral("is_installed_copy")),
             QJsonValue(true));
}

void TestVerifyRunner::newProgramGettingAnotherCopyFails()
{
    QTemporaryDir temp;
    const QString root = fakeToolkit(temp, QStringLiteral("verify-ok"));
    const QString other = QDir(m_fakes).filePath(QStringLiteral("verify-other-version"));
    const HostEnvironment h = host();
    const ProcessRunner runner;
    VerifyRunner::Options options{root};
    // Every file loads by path, but a new login's LD_LIBRARY_PATH names another copy first.
    options.newLogin = QMap<QString, QString>{{QStringLiteral("LD_LIBRARY_PATH"), other}};
    const VerifyResult result = VerifyRunner(h, runner).run(options);
    QVERIFY(result.ran);
    QVERIFY(!result.passed());
    QVERIFY(result.newProgram.ran);
    QVERIFY(!result.newProgram.matches());
    QCOMPARE(QFileInfo(result.newProgram.loaded).canonicalFilePath(),
             QFileInfo(other + QStringLiteral("/libcudnn.so.9")).canonicalFilePath());
    QCOMPARE(result.diagnostics.size(), 1);
    const Diagnostic& finding = result.diagnostics[0];
    QCOMPARE(finding.code, QStringLiteral("VERIFY-NEW-PROGRAM-OTHER-COPY"));
    QCOMPARE(finding.severity, Severity::Error);
    QVERIFY2(finding.message.contains(other) && finding.message.contains(root + QStringLiteral("/lib64/libcudnn.so.9")),
             qPrintable(finding.message));
    QVERIFY2(finding.fix.contains(QStringLiteral("ldconfig")), qPrintable(finding.fix));
    // The by-path check is its own part of the report, and still finds every file sound.
    for (const VerifiedLibrary& library : result.libraries)
        QVERIFY2(library.loaded, qPrintable(library.name));

    // The same machine where the search path was left as it was, as asked: said, as a warning; the verdict rests on
    // the by-path check.
    options.newProgramsMustGetIt = false;
    const VerifyResult left = VerifyRunner(h, runner).run(options);
    QVERIFY(left.passed());
    QCOMPARE(left.diagnostics.size(), 1);
    QCOMPARE(left.diagnostics[0].code, QStringLiteral("VERIFY-NEW-PROGRAM-OTHER-COPY"));
    QCOMPARE(left.diagnostics[0].severity, Severity::Warning);
    QVERIFY2(left.diagnostics[0].message.contains(other)
                 && left.diagnostics[0].message.contains(QStringLiteral("left as it was")),
             qPrintable(left.diagnostics[0].message));
}
