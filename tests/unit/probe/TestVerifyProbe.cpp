// `cudnn-probe verify` run for real, as the wizard runs it: against the machine's cuDNN 9.19 (read-only) and the
// fake installs of tests/fakes (missing sub-library, missing dependency, other version, other folder, empty file).
// Also the pieces behind it, in-process: the cuDNN library table (core/cudnnfacts) and the compat data, file-name
// versions, header versions and the findings logic.
#include "ChildProcess.h"
#include "compat/CudnnFileSets.h"
#include "cudnnfacts/CudnnLibraryNames.h"
#include "runtime/CudnnVerify.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace cudnnsetup::runtime;
using namespace cudnnsetup::cudnnfacts;

namespace {

const QString kRealToolkit = QStringLiteral("/usr/local/cuda-13.0");

struct VerifyRun
{
    int exitCode = -1;
    QJsonObject verify;
    QString failure;
};

QSet<QString> codes(const QJsonObject& verify)
{
    QSet<QString> found;
    for (const QJsonValue& finding : verify.value(QStringLiteral("findings")).toArray())
        found.insert(finding.toObject().value(QStringLiteral("code")).toString());
    return found;
}

QJsonObject finding(const QJsonObject& verify, const QString& code)
{
    for (const QJsonValue& value : verify.value(QStringLiteral("findings")).toArray()) {
        if (value.toObject().value(QStringLiteral("code")).toString() == code)
            return value.toObject();
    }
    return {};
}

QJsonObject library(const QJsonObject& verify, const QString& name)
{
    for (const QJsonValue& value : verify.value(QStringLiteral("libraries")).toArray()) {
        if (value.toObject().value(QStringLiteral("name")).toString().endsWith(name))
            return value.toObject();
    }
    return {};
}

void writeHeader(const QString& path, int major, int minor, int patch)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral("#ifndef CUDNN_VERSION_H_\n#define CUDNN_VERSION_H_\n\n#define CUDNN_MAJOR %1\n"
                              "#define CUDNN_MINOR %2\n#define CUDNN_PATCHLEVEL %3\n\n#define CUDNN_VERSION "
                              "(CUDNN_MAJOR * 10000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)\n#endif\n")
                   .arg(major)
                   .arg(minor)
                   .arg(patch)
                   .toUtf8());
}

} // namespace

class TestVerifyProbe : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void libraryTableAndTheCompatData();
    void versionFromFileName_data();
    void versionFromFileName();
    void headerVersion_data();
    void headerVersion();
    void findingsFromFactsAlone();

    void realCudnnEverySubLibraryLoads();
    void realCudnnAgainstAnotherHeader();
    void fakeInstalls_data();
    void fakeInstalls();
    void bareNamesFollowLdLibraryPath();
    void staleCopyEarlierOnTheSearchPath();
    void nothingToLoadIsAFinding();
    void usageErrors_data();
    void usageErrors();

private:
    bool runVerify(VerifyRun& run, const QStringList& arguments, const QString& libraryPath = {}) const;
    QString fake(const QString& relative) const { return QDir(m_fakes).filePath(relative); }
    QString m_probe;
    QString m_fakes;
};

bool TestVerifyProbe::runVerify(VerifyRun& run, const QStringList& arguments, const QString& libraryPath) const
{
    ChildProcessRun process; // the tests decide the whole search path
    if (!runWithLibraryPath(
            m_probe, QStringList{QStringLiteral("verify")} + arguments, libraryPath, 60000, process, run.failure))
        return false;
    run.exitCode = process.exitCode;
    if (run.exitCode != 0) {
        run.failure = QStringLiteral("exit %1: %2").arg(run.exitCode).arg(QString::fromUtf8(process.standardError));
        return false;
    }
    QJsonObject json;
    if (!parseJsonLine(process.standardOutput, json, run.failure))
        return false;
    run.verify = json.value(QStringLiteral("verify")).toObject();
    return true;
}

void TestVerifyProbe::initTestCase()
{
#ifndef Q_OS_LINUX
    QSKIP("The fake installs are chosen with LD_LIBRARY_PATH and RUNPATH, which only the Linux loader has");
#endif
    m_probe = QDir(qEnvironmentVariable("CUDNN_SETUP_BIN_DIR")).filePath(QStringLiteral("cudnn-probe"));
    m_fakes = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR");
    QVERIFY2(QFile::exists(m_probe), qPrintable(m_probe));
    QVERIFY2(QFile::exists(fake(QStringLiteral("verify-ok/libcudnn.so.9"))), qPrintable(m_fakes));
}

void TestVerifyProbe::libraryTableAndTheCompatData()
{
    // The compat data lists headers and import libraries per major; the library names come from the one table.
    QList<int> known;
    for (const int major : knownMajors())
        known.append(major);
    QCOMPARE(CudnnFileSets::builtIn().majors(), known);
    for (const int major : knownMajors()) {
        const auto set = CudnnFileSets::builtIn().forMajor(major);
        QVERIFY(set);
        QCOMPARE(qsizetype(runtimeLibraries(major, LibraryNaming::Linux).size()), set->linuxLibraries.size());
        QCOMPARE(set->windowsDlls.value(0), QString::fromStdString(runtimeLibraries(major, LibraryNaming::Windows)[0]));
        QCOMPARE(subLibraries(major, LibraryNaming::Linux).size(),
                 runtimeLibraries(major, LibraryNaming::Linux).size() - 1);
    }
    QCOMPARE(runtimeLibraries(8, LibraryNaming::Windows).at(1), std::string("cudnn_ops_infer64_8.dll"));
    QCOMPARE(runtimeLibraries(9, LibraryNaming::Linux).back(), std::string("libcudnn_heuristic.so.9"));
    QCOMPARE(runtimeLibraries(7, LibraryNaming::Linux), std::vector<std::string>{"libcudnn.so.7"});
    QVERIFY(runtimeLibraries(6).empty());
    const std::vector<std::string> linuxMain{"libcudnn.so.9", "libcudnn.so.8", "libcudnn.so.7", "libcudnn.so"};
    QCOMPARE(mainLibraryCandidates(LibraryNaming::Linux), linuxMain);
    const std::vector<std::string> windowsMain{"cudnn64_9.dll", "cudnn64_8.dll", "cudnn64_7.dll"};
    QCOMPARE(mainLibraryCandidates(LibraryNaming::Windows), windowsMain);
    QCOMPARE(majorOfMainLibrary("libcudnn.so.9.19.0"), 9);
    QCOMPARE(majorOfMainLibrary("CUDNN64_8.DLL"), 8);
    QCOMPARE(majorOfMainLibrary("libcudnn_ops.so.9"), 0);
}

void TestVerifyProbe::versionFromFileName_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("version");
    QTest::newRow("tarball full") << "libcudnn_adv.so.9.10.0"
                                  << "9.10.0";
    QTest::newRow("soname") << "libcudnn.so.9"
                            << "9";
    QTest::newRow("8.x with build") << "libcudnn_ops_infer.so.8.9.7"
                                    << "8.9.7";
    QTest::newRow("dev link") << "libcudnn.so"
                              << "";
    QTest::newRow("windows") << "cudnn_ops64_9.dll"
                             << "9";
    QTest::newRow("windows 8") << "cudnn_cnn_infer64_8.dll"
                               << "8";
    QTest::newRow("windows no major") << "zlibwapi.dll"
                                      << "";
    QTest::newRow("garbage after .so.") << "libfoo.so.9a"
                                        << "";
}

void TestVerifyProbe::versionFromFileName()
{
    QFETCH(QString, file);
    QFETCH(QString, version);
    QCOMPARE(QString::fromStdString(versionInLibraryName(file.toStdString())), version);
}

void TestVerifyProbe::headerVersion_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qlonglong>("code"); // -1: none
    QTest::newRow("9.19.0") << QByteArray("#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 19\n#define CUDNN_PATCHLEVEL 0\n")
                            << 91900LL;
    QTest::newRow("8.0.5 (the seeds' header)")
        << QByteArray("#define CUDNN_MAJOR 8\n#define CUDNN_MINOR 0\n#define CUDNN_PATCHLEVEL 5\n") << 8005LL;
    QTest::newRow("7.6.5 in cudnn.h with tabs") << QByteArray(
        "#if !defined(CUDNN_H_)\n#define\tCUDNN_MAJOR\t7\n#define CUDNN_MINOR 6\n#define CUDNN_PATCHLEVEL 5\n")
                                                << 7605LL;
    QTest::newRow("no patch level") << QByteArray("#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 19\n") << -1LL;
    QTest::newRow("macro, not a number") << QByteArray(
        "#define CUDNN_MAJOR X\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n")
                                         << -1LL;
}

void TestVerifyProbe::headerVersion()
{
    QFETCH(QByteArray, text);
    QFETCH(qlonglong, code);
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("cudnn_version.h"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
    file.close();
    const HeaderVersion header = readHeaderVersion(path.toStdString());
    if (code < 0) {
        QVERIFY(!header.code);
        QVERIFY(!header.error.empty());
    } else {
        QCOMPARE(header.code.value_or(-1), code);
    }
    QVERIFY(!readHeaderVersion((path + QStringLiteral(".absent")).toStdString()).error.empty());
}

void TestVerifyProbe::findingsFromFactsAlone()
{
    VerifyFacts facts;
    facts.main = {"libcudnn.so.9", true, "/opt/a/libcudnn.so.9", "loader", "9", "file-name", "", 1000};
    facts.version = 91900;
    facts.major = 9;
    facts.subLibraries.push_back(
        {"libcudnn_ops.so.9", true, "/opt/a/libcudnn_ops.so.9", "RUNPATH", "9.19.0", "file-name", "", 1000});
    addVerifyFindings(facts, cudnnsetup::binary::LoaderRules::Linux);
    QVERIFY(facts.findings.empty());

    facts.subLibraries.push_back(
        {"libcudnn_cnn.so.9", true, "/opt/b/libcudnn_cnn.so.9", "LD_LIBRARY_PATH", "9.10.0", "file-name", "", 1000});
    facts.header = HeaderVersion{"/opt/a/include/cudnn_version.h", 90800, ""};
    addVerifyFindings(facts, cudnnsetup::binary::LoaderRules::Linux);
    QStringList found;
    for (const VerifyFinding& f : facts.findings)
        found.append(QString::fromStdString(f.code));
    QCOMPARE(found, (QStringList{"VERIFY-MIXED-FOLDERS", "VERIFY-MIXED-VERSIONS", "VERIFY-HEADER-MISMATCH"}));
    QCOMPARE(facts.findings[2].detail, std::string("the header says 9.8.0, cudnnGetVersion() says 9.19.0"));

    // Windows folders compare without case.
    VerifyFacts windows;
    windows.main
        = {"cudnn64_9.dll", true, "C:\\CUDA\\bin\\cudnn64_9.dll", "loader", "9.19.0.56", "file-version", "", 1};
    windows.version = 91900;
    windows.major = 9;
    windows.subLibraries.push_back(
        {"cudnn_ops64_9.dll", true, "c:\\cuda\\BIN\\cudnn_ops64_9.dll", "loader", "9.19.0.56", "file-version", "", 1});
    addVerifyFindings(windows, cudnnsetup::binary::LoaderRules::Windows);
    QVERIFY(windows.findings.empty());
}

void TestVerifyProbe::realCudnnEverySubLibraryLoads()
{
    const QString main = kRealToolkit + QStringLiteral("/lib/libcudnn.so.9");
    if (!QFile::exists(main))
        QSKIP(qPrintable(QStringLiteral("%1 is absent: this machine has no CUDA 13.0 toolkit with cuDNN 9").arg(main)));
    VerifyRun run;
    QVERIFY2(runVerify(run,
                       {QStringLiteral("--library"),
                        main,
                        QStringLiteral("--header"),
                        kRealToolkit + QStringLiteral("/include/cudnn_version.h")}),
             qPrintable(run.failure));
    const QJsonObject& v = run.verify;
    QVERIFY2(v.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(v).toJson()));
    QCOMPARE(v.value(QStringLiteral("major")).toInt(), 9);
    QCOMPARE(v.value(QStringLiteral("version")).toInteger(), 91900);
    QCOMPARE(v.value(QStringLiteral("version_text")).toString(), QStringLiteral("9.19.0"));
    QCOMPARE(v.value(QStringLiteral("header")).toObject().value(QStringLiteral("version")).toInteger(), 91900);
    const QJsonArray libraries = v.value(QStringLiteral("libraries")).toArray();
    QCOMPARE(libraries.size(), 8);
    QStringList names;
    for (const QJsonValue& value : libraries) {
        const QJsonObject l = value.toObject();
        names.append(QFileInfo(l.value(QStringLiteral("path")).toString()).fileName());
        QVERIFY2(l.value(QStringLiteral("loaded")).toBool(), qPrintable(l.value(QStringLiteral("error")).toString()));
        QCOMPARE(QFileInfo(l.value(QStringLiteral("path")).toString()).absolutePath(),
                 kRealToolkit + QStringLiteral("/lib"));
        QVERIFY(l.value(QStringLiteral("file_size")).toInteger() > 0);
    }
    QCOMPARE(names,
             (QStringList{"libcudnn.so.9",
                          "libcudnn_graph.so.9",
                          "libcudnn_ops.so.9",
                          "libcudnn_cnn.so.9",
                          "libcudnn_adv.so.9",
                          "libcudnn_engines_precompiled.so.9",
                          "libcudnn_engines_runtime_compiled.so.9",
                          "libcudnn_heuristic.so.9"}));
    // The real libcudnn.so.9 loads libcudnn_graph.so.9 itself while it is being loaded ("already loaded" here); the
    // rest come through libcudnn.so.9's RUNPATH $ORIGIN, with no LD_LIBRARY_PATH at all.
    QCOMPARE(library(v, QStringLiteral("libcudnn_graph.so.9")).value(QStringLiteral("found_via")).toString(),
             QStringLiteral("already loaded"));
    QCOMPARE(library(v, QStringLiteral("libcudnn_heuristic.so.9")).value(QStringLiteral("found_via")).toString(),
             QStringLiteral("RUNPATH"));
}

void TestVerifyProbe::realCudnnAgainstAnotherHeader()
{
    const QString main = kRealToolkit + QStringLiteral("/lib/libcudnn.so.9");
    if (!QFile::exists(main))
        QSKIP(qPrintable(QStringLiteral("%1 is absent: this machine has no CUDA 13.0 toolkit with cuDNN 9").arg(main)));
    QTemporaryDir temp;
    const QString header = temp.filePath(QStringLiteral("cudnn_version.h"));
    writeHeader(header, 9, 10, 0);
    VerifyRun run;
    QVERIFY2(runVerify(run, {QStringLiteral("--library"), main, QStringLiteral("--header"), header}),
             qPrintable(run.failure));
    QCOMPARE(codes(run.verify), QSet<QString>{QStringLiteral("VERIFY-HEADER-MISMATCH")});
    QCOMPARE(finding(run.verify, QStringLiteral("VERIFY-HEADER-MISMATCH")).value(QStringLiteral("detail")).toString(),
             QStringLiteral("the header says 9.10.0, cudnnGetVersion() says 9.19.0"));
}

void TestVerifyProbe::fakeInstalls_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QStringList>("expected"); // finding codes, exactly
    QTest::addColumn<QString>("subject"); // of the first expected finding (suffix)

    QTest::newRow("whole") << "verify-ok" << QStringList{} << QString();
    // The last sub-library was never copied. (On a machine whose loader cache holds a real cuDNN 9, the loader
    // falls back to that copy, which then fails against the fake libcudnn_graph: the same finding.)
    QTest::newRow("missing sub-library") << "verify-missing-sublibrary" << QStringList{"VERIFY-SUBLIBRARY-NOT-LOADED"}
                                         << "libcudnn_heuristic.so.9";
    QTest::newRow("missing dependency") << "verify-missing-dependency"
                                        << QStringList{"VERIFY-SUBLIBRARY-NOT-LOADED", "VERIFY-MISSING-DEPENDENCY"}
                                        << "libcudnn_cnn.so.9";
    QTest::newRow("sub-library of another version")
        << "verify-other-version" << QStringList{"VERIFY-MIXED-VERSIONS"} << "verify-other-version/libcudnn_adv.so.9";
    QTest::newRow("zero-byte sub-library")
        << "verify-empty-file" << QStringList{"VERIFY-LIBRARY-EMPTY", "VERIFY-SUBLIBRARY-NOT-LOADED"}
        << "verify-empty-file/libcudnn_ops.so.9";
}

void TestVerifyProbe::fakeInstalls()
{
    QFETCH(QString, scenario);
    QFETCH(QStringList, expected);
    QFETCH(QString, subject);
    VerifyRun run;
    QVERIFY2(runVerify(run, {QStringLiteral("--library"), fake(scenario + QStringLiteral("/libcudnn.so.9"))}),
             qPrintable(run.failure));
    const QJsonObject& v = run.verify;
    QCOMPARE(v.value(QStringLiteral("version_text")).toString(), QStringLiteral("9.19.0"));
    QCOMPARE(v.value(QStringLiteral("cudart_version_text")).toString(), QStringLiteral("13.0"));
    QCOMPARE(v.value(QStringLiteral("libraries")).toArray().size(), 8); // all asked for, loaded or not
    QStringList found;
    for (const QJsonValue& value : v.value(QStringLiteral("findings")).toArray())
        found.append(value.toObject().value(QStringLiteral("code")).toString());
    QCOMPARE(found, expected);
    QCOMPARE(v.value(QStringLiteral("ok")).toBool(), expected.isEmpty());
    if (!expected.isEmpty())
        QVERIFY2(finding(v, expected.first()).value(QStringLiteral("subject")).toString().endsWith(subject),
                 qPrintable(QJsonDocument(finding(v, expected.first())).toJson()));

    if (scenario == QLatin1String("verify-missing-dependency")) {
        const QJsonObject missing = finding(v, QStringLiteral("VERIFY-MISSING-DEPENDENCY"));
        QCOMPARE(missing.value(QStringLiteral("subject")).toString(), QStringLiteral("libcudnnsetup_absent.so.1"));
        QVERIFY(missing.value(QStringLiteral("detail")).toString().endsWith(QStringLiteral("/libcudnn_cnn.so.9")));
        // The loader's own words, not a paraphrase.
        QCOMPARE(
            library(v, QStringLiteral("libcudnn_cnn.so.9")).value(QStringLiteral("error")).toString(),
            QStringLiteral("libcudnnsetup_absent.so.1: cannot open shared object file: No such file or directory"));
        const QJsonArray dependencies = v.value(QStringLiteral("dependencies")).toArray();
        QCOMPARE(dependencies.size(), 1);
        QCOMPARE(dependencies[0].toObject().value(QStringLiteral("status")).toString(), QStringLiteral("missing"));
    }
    if (scenario == QLatin1String("verify-other-version")) {
        const QJsonObject adv = library(v, QStringLiteral("libcudnn_adv.so.9"));
        QCOMPARE(adv.value(QStringLiteral("version")).toString(), QStringLiteral("9.10.0")); // through the symlink
        QCOMPARE(adv.value(QStringLiteral("version_source")).toString(), QStringLiteral("file-name"));
    }
    if (scenario == QLatin1String("verify-empty-file")) {
        const QJsonObject ops = library(v, QStringLiteral("libcudnn_ops.so.9"));
        QCOMPARE(ops.value(QStringLiteral("file_size")).toInteger(), 0);
        QVERIFY(ops.value(QStringLiteral("error")).toString().contains(QStringLiteral("file too short")));
    }
}

void TestVerifyProbe::bareNamesFollowLdLibraryPath()
{
    VerifyRun run;
    QVERIFY2(runVerify(run, {}, fake(QStringLiteral("verify-ok"))), qPrintable(run.failure));
    QVERIFY2(run.verify.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(run.verify).toJson()));
    const QJsonObject main = library(run.verify, QStringLiteral("libcudnn.so.9"));
    QCOMPARE(main.value(QStringLiteral("name")).toString(), QStringLiteral("libcudnn.so.9"));
    QCOMPARE(main.value(QStringLiteral("found_via")).toString(), QStringLiteral("loader"));
    QCOMPARE(main.value(QStringLiteral("path")).toString(), fake(QStringLiteral("verify-ok/libcudnn.so.9")));
    QCOMPARE(library(run.verify, QStringLiteral("libcudnn_ops.so.9")).value(QStringLiteral("found_via")).toString(),
             QStringLiteral("LD_LIBRARY_PATH"));
}

void TestVerifyProbe::staleCopyEarlierOnTheSearchPath()
{
    // lib/ lacks libcudnn_adv.so.9; an old copy in stale/ comes first on LD_LIBRARY_PATH and wins.
    VerifyRun run;
    QVERIFY2(runVerify(run,
                       {},
                       fake(QStringLiteral("verify-other-folder/stale")) + QLatin1Char(':')
                           + fake(QStringLiteral("verify-other-folder/lib"))),
             qPrintable(run.failure));
    QCOMPARE(codes(run.verify), QSet<QString>{QStringLiteral("VERIFY-MIXED-FOLDERS")});
    const QJsonObject mixed = finding(run.verify, QStringLiteral("VERIFY-MIXED-FOLDERS"));
    QCOMPARE(mixed.value(QStringLiteral("subject")).toString(),
             fake(QStringLiteral("verify-other-folder/stale/libcudnn_adv.so.9")));
}

void TestVerifyProbe::nothingToLoadIsAFinding()
{
    QTemporaryDir empty;
    VerifyRun run;
    QVERIFY2(
        runVerify(run, {QStringLiteral("--library"), QStringLiteral("libcudnn_absent_for_test.so.9")}, empty.path()),
        qPrintable(run.failure));
    QCOMPARE(codes(run.verify), QSet<QString>{QStringLiteral("VERIFY-CUDNN-NOT-LOADED")});
    QCOMPARE(
        finding(run.verify, QStringLiteral("VERIFY-CUDNN-NOT-LOADED")).value(QStringLiteral("detail")).toString(),
        QStringLiteral("libcudnn_absent_for_test.so.9: cannot open shared object file: No such file or directory"));
    QVERIFY(run.verify.value(QStringLiteral("version")).isNull());
    QCOMPARE(run.verify.value(QStringLiteral("major")).toInt(), 0);
}

void TestVerifyProbe::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("--header without a file") << QStringList{"verify", "--header"};
    QTest::newRow("--header with cudnn") << QStringList{"cudnn", "--header", "/tmp/cudnn_version.h"};
    QTest::newRow("--library with driver") << QStringList{"driver", "--library", "libcudnn.so.9"};
}

void TestVerifyProbe::usageErrors()
{
    QFETCH(QStringList, arguments);
    QProcess process;
    process.start(m_probe, arguments);
    QVERIFY(process.waitForFinished(10000));
    QCOMPARE(process.exitCode(), 2);
    QVERIFY(process.readAllStandardOutput().isEmpty());
    QVERIFY(process.readAllStandardError().startsWith("cudnn-probe: "));
}

QTEST_GUILESS_MAIN(TestVerifyProbe)
#include "TestVerifyProbe.moc"
