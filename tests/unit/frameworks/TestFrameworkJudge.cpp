#include "detect/PythonBuildFacts.h"
#include "frameworks/FrameworkCode.h"
#include "frameworks/FrameworkJudge.h"
#include "frameworks/PackageRequirement.h"
#include "repair/FrameworkConfirmation.h"

#include <QJsonArray>
#include <QtTest>

namespace {

CudnnCopyFact copy(const QString& version, const QString& path, const QString& origin, const QString& env = {})
{
    CudnnCopyFact fact;
    fact.version = Version::parse(version);
    fact.path = path;
    fact.origin = origin;
    fact.environment = env;
    return fact;
}

FrameworkSubject subject(const QString& distribution, const QString& version, QList<CudnnCopyFact> own = {})
{
    FrameworkSubject s;
    s.environment = QStringLiteral("/home/u/venv");
    s.environmentKind = QStringLiteral("venv");
    s.distribution = distribution;
    s.package = FrameworkTable::builtIn().packageFor(distribution);
    s.version = version;
    s.ownCopies = std::move(own);
    return s;
}

/** The folder of the nvidia-cudnn-cu12 wheel torch brought into /home/u/venv. */
const QString& torchsCudnnWheel()
{
    static const QString lib = QStringLiteral("/home/u/venv/lib/python3.11/site-packages/nvidia/cudnn/lib");
    return lib;
}

/** A distribution in that venv, its cuDNN 9.1.0.70 wheel among the environment's own copies. */
FrameworkSubject besideTorchsCudnnWheel(const QString& distribution, const QString& version)
{
    return subject(
        distribution,
        version,
        {copy(QStringLiteral("9.1.0.70"), torchsCudnnWheel(), QStringLiteral("pip"), QStringLiteral("/home/u/venv"))});
}

MachineFacts linuxWith(QList<CudnnCopyFact> searchPath)
{
    MachineFacts m;
    m.os = OsFlavor::Linux;
    m.searchPath = std::move(searchPath);
    return m;
}

} // namespace

class TestFrameworkJudge : public QObject
{
    Q_OBJECT

private slots:
    void tableCoversTheIssuesRangeWithOneDefaultPerVersion();
    void tableLookups_data();
    void tableLookups();
    void verdicts_data();
    void verdicts();
    void torchOwnWheelFitsWithOrigin();
    void condaEnvironmentsCudnnComesFirst();
    void ortAndTorchInOneEnvironmentConflict();
    void windowsTorchWithoutItsCopyIgnoresPath();
    void ctranslate2DoesNotSeeTorchsCudnnWheel();
    void driverAndGpuFloors();
    void jsonContract();
    void confirmationShowsPredictedAgainstLoaded();
    void markers_data();
    void markers();
    void specifiers();
    void buildFilesAsText();
    void requiresDistHeadersOnly();
};

void TestFrameworkJudge::tableCoversTheIssuesRangeWithOneDefaultPerVersion()
{
    // Every row's sources are checked with the other compat files (TestCudnnReleaseTable).
    QVERIFY(FrameworkTable::builtIn().builds().size() >= 30);
    // A plain version from PyPI is one build: no two default rows of a framework overlap.
    const QList<FrameworkTable::Build>& all = FrameworkTable::builtIn().builds();
    for (const FrameworkTable::Build& a : all) {
        for (const FrameworkTable::Build& b : all) {
            if (&a != &b && a.isDefault && b.isDefault && a.package == b.package)
                QVERIFY2(!a.contains(b.from) && !b.contains(a.from),
                         qPrintable(a.package + QLatin1Char(' ') + a.from.toString() + QLatin1Char(' ')
                                    + b.from.toString()));
        }
    }
    // The table covers what the issue asks for: torch 1.10 on, TensorFlow 2.5 on, ONNX Runtime 1.15 on.
    const FrameworkTable& table = FrameworkTable::builtIn();
    QVERIFY(table.buildFor(QStringLiteral("torch"), QStringLiteral("1.10.0+cu113")));
    QVERIFY(table.buildFor(QStringLiteral("tensorflow"), QStringLiteral("2.5.0")));
    QVERIFY(table.buildFor(QStringLiteral("onnxruntime-gpu"), QStringLiteral("1.15.1")));
}

void TestFrameworkJudge::tableLookups_data()
{
    QTest::addColumn<QString>("distribution");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("cudnn"); // empty: unknown
    QTest::addColumn<QString>("cuda");
    QTest::newRow("torch 2.4.1 plain is cu121") << "torch"
                                                << "2.4.1"
                                                << "9.1.0.70"
                                                << "12.1";
    QTest::newRow("torch 2.6.0 plain is cu124") << "torch"
                                                << "2.6.0"
                                                << "9.1.0.70"
                                                << "12.4";
    QTest::newRow("torch 2.7.1 plain is cu126") << "torch"
                                                << "2.7.1"
                                                << "9.5.1.17"
                                                << "12.6";
    QTest::newRow("torch 2.5.1 plain is cu124") << "torch"
                                                << "2.5.1"
                                                << "9.1.0.70"
                                                << "12.4";
    QTest::newRow("torch 2.5.1+cu118") << "torch"
                                       << "2.5.1+cu118"
                                       << "9.1.0.70"
                                       << "11.8";
    QTest::newRow("torch 2.3.1+cu118") << "torch"
                                       << "2.3.1+cu118"
                                       << "8.7.0.84"
                                       << "11.8";
    QTest::newRow("torch 2.3.1") << "torch"
                                 << "2.3.1"
                                 << "8.9.2.26"
                                 << "12.1";
    QTest::newRow("torch 2.6.0+cu126") << "torch"
                                       << "2.6.0+cu126"
                                       << "9.5.1.17"
                                       << "12.6";
    QTest::newRow("torch 1.13.1") << "torch"
                                  << "1.13.1"
                                  << "8.5.0.96"
                                  << "11.7";
    QTest::newRow("torch 2.5.1+rocm6.2 unknown") << "torch"
                                                 << "2.5.1+rocm6.2"
                                                 << ""
                                                 << "";
    QTest::newRow("tensorflow-gpu 2.5.0") << "tensorflow-gpu"
                                          << "2.5.0"
                                          << "8.1"
                                          << "11.2";
    QTest::newRow("tensorflow 2.12.0") << "tensorflow"
                                       << "2.12.0"
                                       << "8.6"
                                       << "11.8";
    QTest::newRow("tensorflow 2.15.1") << "tensorflow"
                                       << "2.15.1"
                                       << "8.9"
                                       << "12.2";
    QTest::newRow("tensorflow 2.18.0") << "tensorflow"
                                       << "2.18.0"
                                       << "9.3"
                                       << "12.5";
    QTest::newRow("onnxruntime-gpu 1.18.0") << "onnxruntime-gpu"
                                            << "1.18.0"
                                            << "8.0"
                                            << "11.8";
    QTest::newRow("onnxruntime-gpu 1.18.1") << "onnxruntime-gpu"
                                            << "1.18.1"
                                            << "8.0"
                                            << "11.8";
    QTest::newRow("onnxruntime_gpu 1.19.2") << "onnxruntime_gpu"
                                            << "1.19.2"
                                            << "9.0"
                                            << "12.0";
    QTest::newRow("onnxruntime-gpu 1.14 unknown") << "onnxruntime-gpu"
                                                  << "1.14.1"
                                                  << ""
                                                  << "";
    QTest::newRow("ctranslate2 3.24.0") << "ctranslate2"
                                        << "3.24.0"
                                        << "8.1.1"
                                        << "11.2";
    QTest::newRow("ctranslate2 4.4.0") << "ctranslate2"
                                       << "4.4.0"
                                       << "8.9.7.29"
                                       << "12.2";
    QTest::newRow("CTranslate2 4.5.0") << "CTranslate2"
                                       << "4.5.0"
                                       << "9.1.0.70"
                                       << "12.2";
    QTest::newRow("ctranslate2 4.6.2") << "ctranslate2"
                                       << "4.6.2"
                                       << "9.1.0.70"
                                       << "12.4";
    // 4.6.3 and later wheels are built without cuDNN: no row, so no cuDNN verdict is guessed.
    QTest::newRow("ctranslate2 4.6.3 unknown") << "ctranslate2"
                                               << "4.6.3"
                                               << ""
                                               << "";
}

void TestFrameworkJudge::tableLookups()
{
    QFETCH(QString, distribution);
    QFETCH(QString, version);
    QFETCH(QString, cudnn);
    QFETCH(QString, cuda);
    const FrameworkTable& table = FrameworkTable::builtIn();
    const QString package = table.packageFor(distribution);
    QVERIFY(!package.isEmpty());
    const FrameworkTable::Build* build = table.buildFor(package, version);
    if (cudnn.isEmpty()) {
        QVERIFY(!build);
        return;
    }
    QVERIFY(build);
    QCOMPARE(build->cudnn.toString(), cudnn);
    QCOMPARE(build->cuda.toString(), cuda);
}

void TestFrameworkJudge::verdicts_data()
{
    QTest::addColumn<QString>("distribution");
    QTest::addColumn<QString>("version");
    QTest::addColumn<int>("os"); // 0 Linux, 1 Windows
    QTest::addColumn<QStringList>("searchPath"); // "version|path|origin"
    QTest::addColumn<int>("fits"); // 1 true, 0 false, -1 null
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("loads"); // the version it loads; empty: none
    QTest::addColumn<int>("action");

    const QString cuda13 = QStringLiteral("9.19.0|/usr/local/cuda-13.0/lib64|toolkit");
    QTest::newRow("ORT 1.18.0, only cuDNN 9 reachable")
        << "onnxruntime-gpu"
        << "1.18.0" << 0 << QStringList{cuda13} << 0 << FrameworkCode::MajorMismatch << ""
        << int(FixAction::Kind::ChoosePackage);
    QTest::newRow("ORT 1.19.2 with the toolkit's 9.19")
        << "onnxruntime-gpu"
        << "1.19.2" << 0 << QStringList{cuda13} << 1 << FrameworkCode::Fits << "9.19.0" << int(FixAction::Kind::None);
    QTest::newRow("TF 2.15 with only 8.6 reachable")
        << "tensorflow"
        << "2.15.0" << 0 << QStringList{"8.6.0|/usr/lib/x86_64-linux-gnu|system-package"} << 0 << FrameworkCode::TooOld
        << "8.6.0" << int(FixAction::Kind::ChoosePackage);
    QTest::newRow("TF 2.15 with 8.9.7: same major, newer minor")
        << "tensorflow"
        << "2.15.0" << 0 << QStringList{"8.9.7|/opt/cudnn/lib|search-path"} << 1 << FrameworkCode::Fits << "8.9.7"
        << int(FixAction::Kind::None);
    QTest::newRow("TF 2.12 on Windows") << "tensorflow"
                                        << "2.12.0" << 1 << QStringList{} << 0 << FrameworkCode::NoWindowsGpu << ""
                                        << int(FixAction::Kind::InstallFramework);
    QTest::newRow("tensorflow-gpu 2.10 on Windows, 8.1 on PATH")
        << "tensorflow-gpu"
        << "2.10.0" << 1 << QStringList{"8.1.1|C:/cuda/v11.2/bin|toolkit"} << 1 << FrameworkCode::Fits << "8.1.1"
        << int(FixAction::Kind::None);
    QTest::newRow("TF 2.12 on Linux, nothing")
        << "tensorflow"
        << "2.12.0" << 0 << QStringList{} << 0 << FrameworkCode::NotFound << "" << int(FixAction::Kind::ChoosePackage);
    QTest::newRow("torch of an unknown build") << "torch"
                                               << "2.5.1+rocm6.2" << 0 << QStringList{cuda13} << -1
                                               << FrameworkCode::BuildUnknown << "" << int(FixAction::Kind::None);
    // CTranslate2 4.0-4.4 was built with cuDNN 8 and loads it by name: a machine with only cuDNN 9 breaks it
    // ("Could not load library libcudnn_ops_infer.so.8"), the fix is a build for cuDNN 9.
    QTest::newRow("ctranslate2 4.4.0, only cuDNN 9 reachable")
        << "ctranslate2"
        << "4.4.0" << 0 << QStringList{cuda13} << 0 << FrameworkCode::MajorMismatch << ""
        << int(FixAction::Kind::ChoosePackage);
    QTest::newRow("ctranslate2 4.5.0 with the toolkit's 9.19: any cuDNN 9 loads")
        << "ctranslate2"
        << "4.5.0" << 0 << QStringList{cuda13} << 1 << FrameworkCode::Fits << "9.19.0" << int(FixAction::Kind::None);
    QTest::newRow("torch 2.5.1 without its wheel falls back to the search path")
        << "torch"
        << "2.5.1" << 0 << QStringList{cuda13} << 1 << FrameworkCode::Fits << "9.19.0" << int(FixAction::Kind::None);
}

void TestFrameworkJudge::verdicts()
{
    QFETCH(QString, distribution);
    QFETCH(QString, version);
    QFETCH(int, os);
    QFETCH(QStringList, searchPath);
    QFETCH(int, fits);
    QFETCH(QString, code);
    QFETCH(QString, loads);
    QFETCH(int, action);
    MachineFacts machine;
    machine.os = os ? OsFlavor::Windows : OsFlavor::Linux;
    for (const QString& entry : searchPath) {
        const QStringList part = entry.split(QLatin1Char('|'));
        machine.searchPath.append(copy(part.at(0), part.at(1), part.at(2)));
    }
    const FrameworkVerdict verdict = FrameworkJudge().judge(subject(distribution, version), machine);
    QCOMPARE(verdict.fits.has_value(), fits >= 0);
    if (fits >= 0)
        QCOMPARE(*verdict.fits, fits == 1);
    QVERIFY2(verdict.codes().contains(code), qPrintable(verdict.codes().join(QLatin1Char(' '))));
    QCOMPARE(verdict.loads.has_value(), !loads.isEmpty());
    if (verdict.loads)
        QCOMPARE(verdict.loads->version->toString(), loads);
    QCOMPARE(int(verdict.findings.first().action.kind), action);
    QVERIFY(!verdict.summary().isEmpty());
}

void TestFrameworkJudge::torchOwnWheelFitsWithOrigin()
{
    const FrameworkVerdict verdict = FrameworkJudge().judge(
        besideTorchsCudnnWheel(QStringLiteral("torch"), QStringLiteral("2.5.1")),
        linuxWith({copy(
            QStringLiteral("8.9.7"), QStringLiteral("/usr/lib/x86_64-linux-gnu"), QStringLiteral("system-package"))}));
    QCOMPARE(verdict.fits, std::optional<bool>(true));
    QCOMPARE(verdict.codes(), QStringList{FrameworkCode::OwnCopy});
    QCOMPARE(verdict.loads->origin, QStringLiteral("pip"));
    QCOMPARE(verdict.loads->path, torchsCudnnWheel());
    QVERIFY(!verdict.fromSearchPath); // no install here serves it or can break it
}

void TestFrameworkJudge::ctranslate2DoesNotSeeTorchsCudnnWheel()
{
    // faster-whisper's classic: torch's nvidia-cudnn wheel sits in the same venv, but CTranslate2's cuDNN
    // dispatcher loads the sub-libraries by name, and that folder is on no search path.
    const FrameworkVerdict verdict = FrameworkJudge().judge(
        besideTorchsCudnnWheel(QStringLiteral("ctranslate2"), QStringLiteral("4.5.0")), linuxWith({}));
    QCOMPARE(verdict.fits, std::optional<bool>(false));
    QVERIFY2(verdict.codes().contains(FrameworkCode::NotFound), qPrintable(verdict.codes().join(QLatin1Char(' '))));
    QVERIFY(!verdict.loads);
}

void TestFrameworkJudge::condaEnvironmentsCudnnComesFirst()
{
    FrameworkSubject tf = subject(QStringLiteral("tensorflow"),
                                  QStringLiteral("2.12.0"),
                                  {copy(QStringLiteral("8.8.0"),
                                        QStringLiteral("/home/u/miniconda3/envs/tf/lib"),
                                        QStringLiteral("conda"),
                                        QStringLiteral("/home/u/miniconda3/envs/tf"))});
    tf.environmentKind = QStringLiteral("conda");
    const FrameworkVerdict verdict = FrameworkJudge().judge(
        tf,
        linuxWith({copy(
            QStringLiteral("8.1.1"), QStringLiteral("/usr/lib/x86_64-linux-gnu"), QStringLiteral("system-package"))}));
    QCOMPARE(verdict.fits, std::optional<bool>(true));
    QCOMPARE(verdict.loads->origin, QStringLiteral("conda"));
    QCOMPARE(verdict.codes(), QStringList{FrameworkCode::OwnCopy});
}

void TestFrameworkJudge::ortAndTorchInOneEnvironmentConflict()
{
    const QString lib = QStringLiteral("/home/u/venv/lib/python3.11/site-packages/nvidia/cudnn/lib");
    const FrameworkVerdicts verdicts = FrameworkJudge().judgeAll(
        {subject(QStringLiteral("onnxruntime-gpu"), QStringLiteral("1.18.0")),
         subject(QStringLiteral("torch"),
                 QStringLiteral("2.5.1"),
                 {copy(QStringLiteral("9.1.0.70"), lib, QStringLiteral("pip"), QStringLiteral("/home/u/venv"))})},
        linuxWith(
            {copy(QStringLiteral("9.19.0"), QStringLiteral("/usr/local/cuda-13.0/lib64"), QStringLiteral("toolkit"))}));
    QCOMPARE(verdicts.size(), 2);
    QCOMPARE(verdicts.at(0).fits, std::optional<bool>(false));
    QVERIFY(verdicts.at(0).codes().contains(FrameworkCode::MajorMismatch));
    for (const FrameworkVerdict& verdict : verdicts)
        QVERIFY2(verdict.codes().contains(FrameworkCode::MajorsConflict), qPrintable(verdict.codes().join(' ')));
    // The explanation names the way out: the ONNX Runtime that uses cuDNN 9 like torch, or another environment.
    const Diagnostic& conflict = verdicts.at(0).findings.last();
    QCOMPARE(conflict.action.kind, FixAction::Kind::InstallFramework);
    QCOMPARE(conflict.action.argument, QStringLiteral("onnxruntime-gpu>=1.19"));
    QVERIFY2(conflict.fix.contains(QStringLiteral("separate environment")), qPrintable(conflict.fix));
    QVERIFY(verdicts.at(1).findings.last().message.contains(QStringLiteral("no single cuDNN")));
}

void TestFrameworkJudge::windowsTorchWithoutItsCopyIgnoresPath()
{
    MachineFacts machine;
    machine.os = OsFlavor::Windows;
    machine.searchPath = {copy(QStringLiteral("9.1.0"), QStringLiteral("C:/cudnn/bin"), QStringLiteral("search-path"))};
    const FrameworkVerdict verdict
        = FrameworkJudge().judge(subject(QStringLiteral("torch"), QStringLiteral("2.5.1+cu124")), machine);
    QCOMPARE(verdict.fits, std::optional<bool>(false));
    QCOMPARE(verdict.codes(), QStringList{FrameworkCode::PyIgnoresPath});
    QCOMPARE(verdict.findings.first().action.kind, FixAction::Kind::AddDllDirectory);
    QCOMPARE(verdict.findings.first().action.argument, QDir::toNativeSeparators(QStringLiteral("C:/cudnn/bin")));
}

void TestFrameworkJudge::driverAndGpuFloors()
{
    MachineFacts machine = linuxWith(
        {copy(QStringLiteral("9.19.0"), QStringLiteral("/usr/local/cuda-13.0/lib64"), QStringLiteral("toolkit"))});
    machine.driver = Version{470, 57, 2};
    FrameworkVerdict verdict
        = FrameworkJudge().judge(subject(QStringLiteral("onnxruntime-gpu"), QStringLiteral("1.20.1")), machine);
    QCOMPARE(verdict.fits, std::optional<bool>(false));
    QVERIFY(verdict.codes().contains(FrameworkCode::DriverTooOld));

    machine.driver = Version{580, 65, 6};
    machine.gpuComputeCapabilities = {Version{6, 1}}; // cuDNN 9.11+ CUDA 12 builds need 7.5
    verdict = FrameworkJudge().judge(subject(QStringLiteral("onnxruntime-gpu"), QStringLiteral("1.20.1")), machine);
    QCOMPARE(verdict.fits, std::optional<bool>(false));
    QVERIFY2(verdict.codes().contains(FrameworkCode::GpuTooOld), qPrintable(verdict.codes().join(' ')));

    machine.gpuComputeCapabilities = {Version{8, 6}};
    verdict = FrameworkJudge().judge(subject(QStringLiteral("onnxruntime-gpu"), QStringLiteral("1.20.1")), machine);
    QCOMPARE(verdict.fits, std::optional<bool>(true));
}

void TestFrameworkJudge::jsonContract()
{
    const FrameworkVerdict verdict = FrameworkJudge().judge(
        subject(QStringLiteral("onnxruntime-gpu"), QStringLiteral("1.18.0")),
        linuxWith({copy(
            QStringLiteral("8.9.7"), QStringLiteral("/usr/lib/x86_64-linux-gnu"), QStringLiteral("system-package"))}));
    const QJsonObject json = verdict.toJson();
    QCOMPARE(json.value("environment").toString(), QStringLiteral("/home/u/venv"));
    QCOMPARE(json.value("environment_kind").toString(), QStringLiteral("venv"));
    QCOMPARE(json.value("package").toString(), QStringLiteral("onnxruntime-gpu"));
    QCOMPARE(json.value("version").toString(), QStringLiteral("1.18.0"));
    QCOMPARE(json.value("cudnn").toObject().value("version").toString(), QStringLiteral("8.9.7"));
    QCOMPARE(json.value("cudnn").toObject().value("origin").toString(), QStringLiteral("system-package"));
    QCOMPARE(json.value("fits").toBool(), true);
    QCOMPARE(json.value("codes").toArray().first().toString(), FrameworkCode::Fits);
    const QJsonObject unknown
        = FrameworkJudge().judge(subject(QStringLiteral("torch"), QStringLiteral("0.4.1")), linuxWith({})).toJson();
    QVERIFY(unknown.value("fits").isNull());
    QVERIFY(unknown.value("cudnn").isNull());
}

void TestFrameworkJudge::confirmationShowsPredictedAgainstLoaded()
{
    const QString lib = QStringLiteral("/home/u/venv/lib/python3.11/site-packages/nvidia/cudnn/lib");
    FrameworkVerdicts verdicts{FrameworkJudge().judge(
        subject(QStringLiteral("torch"),
                QStringLiteral("2.5.1"),
                {copy(QStringLiteral("9.1.0.70"), lib, QStringLiteral("pip"), QStringLiteral("/home/u/venv"))}),
        linuxWith({}))};
    PythonConsumer consumer;
    consumer.interpreter = QStringLiteral("/home/u/venv/bin/python3");
    PythonPackage torch;
    torch.name = QStringLiteral("torch");
    torch.version = QStringLiteral("2.5.1");
    torch.cudnnVersion = QStringLiteral("9.1.0");
    consumer.packages = {torch};
    consumer.loadedCudnn = {lib + QStringLiteral("/libcudnn.so.9")};

    FrameworkVerdicts agreeing = verdicts;
    FrameworkConfirmation::confirm(agreeing, {consumer});
    QVERIFY(agreeing.first().loaded);
    QCOMPARE(agreeing.first().loaded->version->toString(), QStringLiteral("9.1.0"));
    QVERIFY(!agreeing.first().codes().contains(FrameworkCode::LoadedDiffers));
    QCOMPARE(agreeing.first().toJson().value("loaded").toObject().value("version").toString(), QStringLiteral("9.1.0"));

    // The interpreter loaded a system copy instead (an LD_LIBRARY_PATH that wins over the RPATH): a finding.
    consumer.packages.first().cudnnVersion = QStringLiteral("9.19.0");
    consumer.loadedCudnn = {QStringLiteral("/usr/local/cuda-13.0/lib64/libcudnn.so.9")};
    FrameworkVerdicts differing = verdicts;
    FrameworkConfirmation::confirm(differing, {consumer});
    QVERIFY(differing.first().codes().contains(FrameworkCode::LoadedDiffers));
    QVERIFY(differing.first().findings.last().message.contains(QStringLiteral("9.19.0")));

    // An interpreter of another environment says nothing about this one.
    consumer.interpreter = QStringLiteral("/home/u/other/bin/python3");
    FrameworkVerdicts elsewhere = verdicts;
    FrameworkConfirmation::confirm(elsewhere, {consumer});
    QVERIFY(!elsewhere.first().loaded);
}

void TestFrameworkJudge::markers_data()
{
    QTest::addColumn<QString>("marker");
    QTest::addColumn<int>("linux"); // 1 true, 0 false, -1 not understood
    QTest::addColumn<int>("windows");
    QTest::newRow("empty") << "" << 1 << 1;
    QTest::newRow("system") << "platform_system == \"Linux\"" << 1 << 0;
    QTest::newRow("sys_platform single quotes") << "sys_platform == 'win32'" << 0 << 1;
    QTest::newRow("not equal") << "platform_system != \"Windows\"" << 1 << 0;
    QTest::newRow("and/or/parentheses")
        << "(platform_system == \"Linux\" and platform_machine == \"x86_64\") or sys_platform == \"win32\"" << 1 << 1;
    QTest::newRow("machine elsewhere") << "platform_machine == \"aarch64\"" << 0 << 0;
    QTest::newRow("in") << "platform_machine in \"x86_64 AMD64\"" << 1 << 1;
    QTest::newRow("not in") << "sys_platform not in \"darwin win32\"" << 1 << 0;
    QTest::newRow("python version") << "python_version >= \"3.9\" and python_version < \"3.12\"" << 1 << 1;
    QTest::newRow("python version 3.10 > 3.9") << "python_version > \"3.10\"" << 1 << 1;
    QTest::newRow("extra requested") << "extra == \"with-cuda\"" << 1 << 1;
    QTest::newRow("extra not requested") << "extra == \"cuda12-local\"" << 0 << 0;
    QTest::newRow("extra with platform") << "platform_system == \"Linux\" and extra == \"with_cuda\"" << 1 << 0;
    QTest::newRow("unknown variable") << "implementation_version > \"3\"" << -1 << -1;
    QTest::newRow("unbalanced") << "(platform_system == \"Linux\"" << -1 << -1;
}

void TestFrameworkJudge::markers()
{
    QFETCH(QString, marker);
    QFETCH(int, linux);
    QFETCH(int, windows);
    for (const OsFlavor os : {OsFlavor::Linux, OsFlavor::Windows}) {
        auto environment = PackageRequirement::MarkerEnvironment::of(os, {}, Version{3, 11});
        environment.extras = {QStringLiteral("with-cuda")};
        const std::optional<bool> result = PackageRequirement::evaluate(marker, environment);
        const int expected = os == OsFlavor::Linux ? linux : windows;
        QCOMPARE(result ? int(*result) : -1, expected);
    }
}

void TestFrameworkJudge::specifiers()
{
    using PackageRequirement::allows;
    QVERIFY(allows(QStringLiteral(">=9.8,<10.0"), Version{9, 10, 2}));
    QVERIFY(!allows(QStringLiteral(">=9.8,<10.0"), Version{9, 1, 0}));
    QVERIFY(!allows(QStringLiteral(">=9.8,<10.0"), Version{10, 0, 0}));
    QVERIFY(allows(QStringLiteral("==9.19.0.56"), Version{9, 19, 0})); // a header's three parts
    QVERIFY(!allows(QStringLiteral("==9.19.0.56"), Version{9, 20, 0}));
    QVERIFY(allows(QStringLiteral("~=9.1"), Version{9, 5}));
    QVERIFY(!allows(QStringLiteral("~=9.1.0"), Version{9, 2, 0}));
    QVERIFY(allows(QStringLiteral("==9.1.*"), Version{9, 1, 7}));
    QVERIFY(allows(QString(), Version{8}));
    QCOMPARE(PackageRequirement::lowest(QStringLiteral("<10.0,>=9.8")), std::optional<Version>(Version{9, 8}));
    QCOMPARE(PackageRequirement::lowest(QStringLiteral("==9.19.0.56")), std::optional<Version>(Version{9, 19, 0, 56}));
    QCOMPARE(PackageRequirement::lowest(QStringLiteral("<10")), std::nullopt);
}

void TestFrameworkJudge::buildFilesAsText()
{
    // torch/version.py as tools/generate_torch_version.py writes it
    auto facts = PythonBuildFacts::parseAssignments("__version__ = '2.11.0+cu130'\ndebug = False\n"
                                                    "cuda: Optional[str] = '13.0'\nhip: Optional[str] = None\n");
    QCOMPARE(facts.value(QStringLiteral("__version__")), QStringLiteral("2.11.0+cu130"));
    QCOMPARE(facts.value(QStringLiteral("cuda")), QStringLiteral("13.0"));
    QCOMPARE(facts.value(QStringLiteral("hip")), QStringLiteral("None"));
    // TensorFlow's build_info, a dict on Windows 2.5 (its DLL suffixes), an OrderedDict later
    facts = PythonBuildFacts::parseAssignments(
        "build_info = {'cuda_version': '64_112', 'cudnn_version': '64_8', 'cuda_compute_capabilities': ['sm_35'], "
        "'is_cuda_build': True, 'msvcp_dll_names': 'msvcp140.dll,msvcp140_1.dll'}\n");
    QCOMPARE(facts.value(QStringLiteral("cuda_version")), QStringLiteral("64_112"));
    QCOMPARE(facts.value(QStringLiteral("is_cuda_build")), QStringLiteral("True"));
    QCOMPARE(facts.value(QStringLiteral("msvcp_dll_names")), QStringLiteral("msvcp140.dll,msvcp140_1.dll"));
    facts = PythonBuildFacts::parseAssignments(
        "import collections\nbuild_info = collections.OrderedDict([('cuda_version', '12.3'), ('cudnn_version', '8'), "
        "('is_cuda_build', True)])\n");
    QCOMPARE(facts.value(QStringLiteral("cudnn_version")), QStringLiteral("8"));
    // onnxruntime's integer cudart_version; code is not run: a call on the right is no value
    facts = PythonBuildFacts::parseAssignments(
        "package_name = 'onnxruntime-gpu'\ncudart_version = 12020\ncuda_version = os.getenv('X')\n");
    QCOMPARE(facts.value(QStringLiteral("cudart_version")), QStringLiteral("12020"));
    QVERIFY(!facts.contains(QStringLiteral("cuda_version")));
    // paddle's aligned assignments; indented lines are not module-level
    facts = PythonBuildFacts::parseAssignments("cuda_version     = '11.8'\ncudnn_version    = '8.6.0'\n"
                                               "def cuda():\n    cuda_version = 'x'\n");
    QCOMPARE(facts.value(QStringLiteral("cudnn_version")), QStringLiteral("8.6.0"));
    QCOMPARE(facts.value(QStringLiteral("cuda_version")), QStringLiteral("11.8"));
}

void TestFrameworkJudge::requiresDistHeadersOnly()
{
    const QList<PythonDistribution::Requirement> found
        = PythonBuildFacts::requiresDist("Metadata-Version: 2.1\r\nName: jax-cuda12-plugin\r\n"
                                         "Requires-Dist: jax-cuda12-pjrt==0.7.2\r\n"
                                         "Requires-Dist: nvidia-cudnn-cu12<10.0,>=9.8; extra == \"with-cuda\"\r\n"
                                         "Requires-Dist: nvidia_cudnn_cu11 (>=8.6); python_version<'3.12'\r\n"
                                         "\r\nRequires-Dist: nvidia-cudnn-cu13>=1\r\n",
                                         QStringLiteral("nvidia-cudnn-"));
    QCOMPARE(found.size(), 2);
    QCOMPARE(found.at(0).name, QStringLiteral("nvidia-cudnn-cu12"));
    QCOMPARE(found.at(0).specifier, QStringLiteral("<10.0,>=9.8"));
    QCOMPARE(found.at(0).marker, QStringLiteral("extra == \"with-cuda\""));
    QCOMPARE(found.at(1).name, QStringLiteral("nvidia-cudnn-cu11"));
    QCOMPARE(found.at(1).specifier, QStringLiteral(">=8.6"));
}

QTEST_GUILESS_MAIN(TestFrameworkJudge)
#include "TestFrameworkJudge.moc"
