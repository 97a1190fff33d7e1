#include "JsonSchemaCheck.h"
#include "TestTree.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

/**
 * `cudnn-setup --detect --python-env DIR` over fixture environments (pyvenv.cfg, *.dist-info, the nvidia-cudnn
 * wheel's files): which cuDNN each framework will load and whether it fits, predicted without running Python, in
 * the JSON contract and in the text. The machine's own copies are what this machine has (the CUDA 13.0 toolkit's
 * cuDNN 9 in the ld.so cache) plus a folder the test puts on LD_LIBRARY_PATH.
 */
/** Bytes standing in for a shared library. */
static QByteArray elfStandIn()
{
    return QByteArray("\x7f"
                      "ELF")
        + QByteArray(252, '\0');
}

class TestFrameworksCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void ortWithOnlyCudnn9IsAMajorMismatch();
    void torchWithItsWheelUsesItsOwnCopy();
    void tensorflowWithOnly86IsTooOld();
    void ortAndTorchInOneEnvironmentAreExplained();
    void textHasOneLinePerFramework();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    /** A venv at name holding these distributions ("torch==2.5.1"). */
    QString venv(const QString& name, const QStringList& distributions);
    /** The nvidia-cudnn-cu12 wheel's files in a venv (its libraries and its version header). */
    void cudnnWheel(const QString& venvRoot, int major, int minor, int patch);
    /** A folder holding libcudnn.so.<version> and its major link, as a hand-unpacked copy on LD_LIBRARY_PATH. */
    QString libraryFolder(const QString& name, const QString& version);
    Run run(const QStringList& arguments, const QString& libraryPath = {});
    QJsonArray frameworks(const QStringList& environments, const QString& libraryPath = {});
    static QJsonObject entry(const QJsonArray& frameworks, const QString& environment, const QString& package);

    QString m_program;
    TestTree m_tree;
};

void TestFrameworksCli::initTestCase()
{
    m_program = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR") + QStringLiteral("/cudnn-setup");
    QVERIFY2(QFileInfo(m_program).isExecutable(), qPrintable(m_program));
}

QString TestFrameworksCli::venv(const QString& name, const QStringList& distributions)
{
    m_tree.writeFile(name + QStringLiteral("/pyvenv.cfg"), "home = /usr/bin\nversion = 3.11.4\n");
    const QString site = name + QStringLiteral("/lib/python3.11/site-packages/");
    m_tree.makeDir(site);
    for (const QString& distribution : distributions) {
        const QString project = distribution.section(QStringLiteral("=="), 0, 0);
        const QString version = distribution.section(QStringLiteral("=="), 1);
        const QString folder = QString(project).replace(QLatin1Char('-'), QLatin1Char('_')) + QLatin1Char('-') + version
            + QStringLiteral(".dist-info/");
        m_tree.writeFile(
            site + folder + QStringLiteral("METADATA"),
            QStringLiteral("Metadata-Version: 2.1\nName: %1\nVersion: %2\n").arg(project, version).toUtf8());
        m_tree.writeFile(site + folder + QStringLiteral("INSTALLER"), "pip\n");
    }
    return QFileInfo(m_tree.path(name)).canonicalFilePath();
}

void TestFrameworksCli::cudnnWheel(const QString& venvRoot, int major, int minor, int patch)
{
    const QString cudnn = venvRoot + QStringLiteral("/lib/python3.11/site-packages/nvidia/cudnn/");
    QDir().mkpath(cudnn + QStringLiteral("include"));
    QDir().mkpath(cudnn + QStringLiteral("lib"));
    QFile header(cudnn + QStringLiteral("include/cudnn_version.h"));
    QVERIFY(header.open(QIODevice::WriteOnly));
    header.write(QStringLiteral("#define CUDNN_MAJOR %1\n#define CUDNN_MINOR %2\n#define CUDNN_PATCHLEVEL %3\n")
                     .arg(major)
                     .arg(minor)
                     .arg(patch)
                     .toUtf8());
    for (const QString& library : {QStringLiteral("libcudnn.so.%1"),
                                   QStringLiteral("libcudnn_graph.so.%1"),
                                   QStringLiteral("libcudnn_ops.so.%1")}) {
        QFile file(cudnn + QStringLiteral("lib/") + library.arg(major));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(elfStandIn());
    }
}

QString TestFrameworksCli::libraryFolder(const QString& name, const QString& version)
{
    const QString major = version.section(QLatin1Char('.'), 0, 0);
    m_tree.writeFile(name + QStringLiteral("/libcudnn.so.") + version, elfStandIn());
    m_tree.symlink(name + QStringLiteral("/libcudnn.so.") + major, QStringLiteral("libcudnn.so.") + version);
    return QFileInfo(m_tree.path(name)).canonicalFilePath();
}

TestFrameworksCli::Run TestFrameworksCli::run(const QStringList& arguments, const QString& libraryPath)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    if (!libraryPath.isEmpty())
        env.insert(QStringLiteral("LD_LIBRARY_PATH"), libraryPath);
    env.insert(QStringLiteral("HOME"), m_tree.path(QStringLiteral("home"))); // no environment of the real home
    process.setProcessEnvironment(env);
    process.start(m_program, arguments);
    if (!process.waitForFinished(60000))
        qFatal("cudnn-setup did not finish");
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

QJsonArray TestFrameworksCli::frameworks(const QStringList& environments, const QString& libraryPath)
{
    QStringList arguments{QStringLiteral("--detect"), QStringLiteral("--json")};
    for (const QString& environment : environments)
        arguments << QStringLiteral("--python-env") << environment;
    const Run result = run(arguments, libraryPath);
    if (result.exitCode != 0)
        qWarning("stderr: %s", result.err.constData());
    const QString violations = JsonSchemaCheck::violations(JsonSchemaCheck::Contract::Detect, result.out);
    if (!violations.isEmpty())
        QTest::qFail(
            qPrintable(QStringLiteral("--detect --json breaks its schema: ") + violations), __FILE__, __LINE__);
    return QJsonDocument::fromJson(result.out).object().value(QStringLiteral("frameworks")).toArray();
}

QJsonObject TestFrameworksCli::entry(const QJsonArray& frameworks, const QString& environment, const QString& package)
{
    for (const QJsonValue& value : frameworks) {
        const QJsonObject object = value.toObject();
        if (object.value(QStringLiteral("package")).toString() == package
            && QFileInfo(object.value(QStringLiteral("environment")).toString()).canonicalFilePath() == environment)
            return object;
    }
    qWarning("%s in %s not among %s",
             qPrintable(package),
             qPrintable(environment),
             QJsonDocument(frameworks).toJson().constData());
    return {};
}

static QStringList codesOf(const QJsonObject& entry)
{
    QStringList codes;
    for (const QJsonValue& code : entry.value(QStringLiteral("codes")).toArray())
        codes.append(code.toString());
    return codes;
}

void TestFrameworksCli::ortWithOnlyCudnn9IsAMajorMismatch()
{
    const QString env = venv(QStringLiteral("ort118"), {QStringLiteral("onnxruntime-gpu==1.18.0")});
    const QJsonObject ort = entry(frameworks({env}, libraryFolder(QStringLiteral("sys9"), QStringLiteral("9.19.0"))),
                                  env,
                                  QStringLiteral("onnxruntime-gpu"));
    QCOMPARE(ort.value(QStringLiteral("environment_kind")).toString(), QStringLiteral("venv"));
    QCOMPARE(ort.value(QStringLiteral("version")).toString(), QStringLiteral("1.18.0"));
    QCOMPARE(ort.value(QStringLiteral("fits")), QJsonValue(false));
    QVERIFY2(codesOf(ort).contains(QStringLiteral("FW-CUDNN-MAJOR-MISMATCH")), qPrintable(codesOf(ort).join(' ')));
    QVERIFY(ort.value(QStringLiteral("cudnn")).isNull());
}

void TestFrameworksCli::torchWithItsWheelUsesItsOwnCopy()
{
    const QString env = venv(QStringLiteral("torch251"),
                             {QStringLiteral("torch==2.5.1"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")});
    cudnnWheel(env, 9, 1, 0);
    const QJsonObject torch = entry(frameworks({env}), env, QStringLiteral("torch"));
    QCOMPARE(torch.value(QStringLiteral("fits")), QJsonValue(true));
    QCOMPARE(codesOf(torch), QStringList{QStringLiteral("FW-OWN-COPY")});
    const QJsonObject cudnn = torch.value(QStringLiteral("cudnn")).toObject();
    QCOMPARE(cudnn.value(QStringLiteral("origin")).toString(), QStringLiteral("pip"));
    QVERIFY2(cudnn.value(QStringLiteral("version")).toString().startsWith(QLatin1String("9.1.0")),
             qPrintable(cudnn.value(QStringLiteral("version")).toString()));
    QVERIFY(cudnn.value(QStringLiteral("path")).toString().startsWith(env));
}

void TestFrameworksCli::tensorflowWithOnly86IsTooOld()
{
    const QString env = venv(QStringLiteral("tf215"), {QStringLiteral("tensorflow==2.15.0")});
    const QString sys8 = libraryFolder(QStringLiteral("sys86"), QStringLiteral("8.6.0"));
    const QJsonObject tf = entry(frameworks({env}, sys8), env, QStringLiteral("tensorflow"));
    QCOMPARE(tf.value(QStringLiteral("fits")), QJsonValue(false));
    QVERIFY2(codesOf(tf).contains(QStringLiteral("FW-CUDNN-TOO-OLD")), qPrintable(codesOf(tf).join(' ')));
    QCOMPARE(tf.value(QStringLiteral("cudnn")).toObject().value(QStringLiteral("version")).toString(),
             QStringLiteral("8.6.0"));
    QCOMPARE(tf.value(QStringLiteral("cudnn")).toObject().value(QStringLiteral("path")).toString(), sys8);
}

void TestFrameworksCli::ortAndTorchInOneEnvironmentAreExplained()
{
    const QString env = venv(QStringLiteral("both"),
                             {QStringLiteral("onnxruntime-gpu==1.18.0"),
                              QStringLiteral("torch==2.5.1"),
                              QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")});
    cudnnWheel(env, 9, 1, 0);
    const QJsonArray all = frameworks({env});
    for (const QString& package : {QStringLiteral("onnxruntime-gpu"), QStringLiteral("torch")}) {
        const QJsonObject object = entry(all, env, package);
        QVERIFY2(codesOf(object).contains(QStringLiteral("FW-MAJORS-CONFLICT")), qPrintable(package));
    }
    const QJsonArray diagnostics
        = entry(all, env, QStringLiteral("onnxruntime-gpu")).value(QStringLiteral("diagnostics")).toArray();
    const QJsonObject conflict = diagnostics.last().toObject();
    QCOMPARE(conflict.value(QStringLiteral("code")).toString(), QStringLiteral("FW-MAJORS-CONFLICT"));
    QVERIFY(conflict.value(QStringLiteral("message")).toString().contains(QStringLiteral("no single cuDNN")));
    QCOMPARE(conflict.value(QStringLiteral("action")).toObject().value(QStringLiteral("argument")).toString(),
             QStringLiteral("onnxruntime-gpu>=1.19"));
}

void TestFrameworksCli::textHasOneLinePerFramework()
{
    const QString env = venv(QStringLiteral("text"),
                             {QStringLiteral("onnxruntime-gpu==1.18.0"), QStringLiteral("tensorflow==2.18.0")});
    const Run result = run({QStringLiteral("--detect"), QStringLiteral("--python-env"), env});
    QCOMPARE(result.exitCode, 0);
    const QString text = QString::fromUtf8(result.out);
    int lines = 0;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("Framework")) && line.contains(env))
            ++lines;
    }
    QCOMPARE(lines, 2);
    QVERIFY2(text.contains(QStringLiteral("onnxruntime-gpu 1.18.0 in %1 (venv): no cuDNN, does not fit").arg(env)),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Run in that environment: pip install \"onnxruntime-gpu>=1.19\"")),
             qPrintable(text));
}

QTEST_GUILESS_MAIN(TestFrameworksCli)
#include "TestFrameworksCli.moc"
