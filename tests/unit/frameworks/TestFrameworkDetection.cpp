#include "../detect/DetectFixtures.h"
#include "FakeProcessRunner.h"
#include "engine/Engine.h"
#include "frameworks/FrameworkCode.h"
#include "package/PackagePicker.h"

#include <QtTest>

using namespace DetectFixtures;

/**
 * The verdicts as the engine's detection gives them, over fixture Python environments (pyvenv.cfg, *.dist-info,
 * the nvidia-cudnn wheel's files) and fixture copies on the search path: a host that knows nothing but what the
 * test lays out, Linux or Windows.
 */
class TestFrameworkDetection : public QObject
{
    Q_OBJECT

private slots:
    void ortWithOnlyCudnn9();
    void torchWithItsWheel();
    void tensorflow215WithOnly86();
    void tensorflow212OnWindows();
    void ortAndTorchInOneEnvironment();
    void afterTheChosenPackageIsInstalled();

private:
    /** A venv (Linux lib/python3.11/site-packages, Windows Lib/site-packages) with these "name==version". */
    QString venv(const QString& dir, const QStringList& distributions, OsFlavor os = OsFlavor::Linux);
    SystemSnapshot detect(const HostEnvironment& host, const QStringList& environments) const;
    static const FrameworkVerdict* verdictFor(const SystemSnapshot& system, const QString& package);

    TestTree m_tree;
};

QString TestFrameworkDetection::venv(const QString& dir, const QStringList& distributions, OsFlavor os)
{
    writeVenv(m_tree, dir, distributions, os);
    return canonical(m_tree.path(dir));
}

SystemSnapshot TestFrameworkDetection::detect(const HostEnvironment& host, const QStringList& environments) const
{
    DetectOptions options;
    options.queryDriver = false;
    options.pythonEnvironments = environments;
    return Engine(host, std::make_shared<FakeProcessRunner>()).detect(options);
}

const FrameworkVerdict* TestFrameworkDetection::verdictFor(const SystemSnapshot& system, const QString& package)
{
    for (const FrameworkVerdict& verdict : system.frameworks) {
        if (verdict.subject.distribution == package)
            return &verdict;
    }
    return nullptr;
}

void TestFrameworkDetection::ortWithOnlyCudnn9()
{
    const QString env = venv(QStringLiteral("ort"), {QStringLiteral("onnxruntime-gpu==1.18.0")});
    linkChains(m_tree, QStringLiteral("sys9"), cudnn9Bases(), QStringLiteral("9.19.0"));
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), m_tree.path(QStringLiteral("sys9")));
    const SystemSnapshot system = detect(host, {env});
    const FrameworkVerdict* ort = verdictFor(system, QStringLiteral("onnxruntime-gpu"));
    QVERIFY(ort);
    QCOMPARE(ort->subject.environment, env);
    QCOMPARE(ort->subject.environmentKind, QStringLiteral("venv"));
    QCOMPARE(ort->fits, std::optional<bool>(false));
    QCOMPARE(ort->codes().first(), FrameworkCode::MajorMismatch);
    QVERIFY(ort->findings.first().message.contains(QStringLiteral("9.19.0")));
}

void TestFrameworkDetection::torchWithItsWheel()
{
    const QString env = venv(QStringLiteral("torch"),
                             {QStringLiteral("torch==2.5.1"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")});
    writeCudnnWheel(m_tree, QStringLiteral("torch/lib/python3.11/site-packages"), 9, 1, 0);
    linkChains(m_tree, QStringLiteral("sys8"), cudnn8Bases(), QStringLiteral("8.9.7"));
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), m_tree.path(QStringLiteral("sys8")));
    const SystemSnapshot system = detect(host, {env});
    const FrameworkVerdict* torch = verdictFor(system, QStringLiteral("torch"));
    QVERIFY(torch);
    QCOMPARE(torch->fits, std::optional<bool>(true));
    QCOMPARE(torch->codes(), QStringList{FrameworkCode::OwnCopy});
    QCOMPARE(torch->loads->origin, QStringLiteral("pip"));
    QVERIFY2(torch->loads->path.startsWith(env), qPrintable(torch->loads->path));
    QCOMPARE(torch->loads->version->truncated(3), (Version{9, 1, 0}));
}

void TestFrameworkDetection::tensorflow215WithOnly86()
{
    const QString env = venv(QStringLiteral("tf"), {QStringLiteral("tensorflow==2.15.0")});
    linkChains(m_tree, QStringLiteral("sys86"), cudnn8Bases(), QStringLiteral("8.6.0"));
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), m_tree.path(QStringLiteral("sys86")));
    const SystemSnapshot system = detect(host, {env});
    const FrameworkVerdict* tf = verdictFor(system, QStringLiteral("tensorflow"));
    QVERIFY(tf);
    QCOMPARE(tf->fits, std::optional<bool>(false));
    QCOMPARE(tf->codes(), QStringList{FrameworkCode::TooOld});
    QVERIFY(tf->loads->version);
    QCOMPARE(tf->loads->version->toString(), QStringLiteral("8.6.0"));
    QCOMPARE(tf->findings.first().action.kind, FixAction::Kind::ChoosePackage);
}

void TestFrameworkDetection::tensorflow212OnWindows()
{
    const QString env = venv(QStringLiteral("win"), {QStringLiteral("tensorflow==2.12.0")}, OsFlavor::Windows);
    const SystemSnapshot system = detect(emptyHost(OsFlavor::Windows), {env});
    const FrameworkVerdict* tf = verdictFor(system, QStringLiteral("tensorflow"));
    QVERIFY(tf);
    QCOMPARE(tf->fits, std::optional<bool>(false));
    QCOMPARE(tf->codes(), QStringList{FrameworkCode::NoWindowsGpu});
    QCOMPARE(tf->findings.first().action.argument, QStringLiteral("tensorflow==2.10.*"));
}

void TestFrameworkDetection::ortAndTorchInOneEnvironment()
{
    const QString env = venv(QStringLiteral("both"),
                             {QStringLiteral("onnxruntime-gpu==1.18.0"),
                              QStringLiteral("torch==2.5.1"),
                              QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")});
    sonameFiles(m_tree, QStringLiteral("both/lib/python3.11/site-packages/nvidia/cudnn/lib"), cudnn9Bases(), 9);
    const SystemSnapshot system = detect(emptyHost(OsFlavor::Linux), {env});
    const FrameworkVerdict* ort = verdictFor(system, QStringLiteral("onnxruntime-gpu"));
    const FrameworkVerdict* torch = verdictFor(system, QStringLiteral("torch"));
    QVERIFY(ort && torch);
    QVERIFY(ort->codes().contains(FrameworkCode::MajorsConflict));
    QVERIFY(torch->codes().contains(FrameworkCode::MajorsConflict));
    QCOMPARE(ort->fits, std::optional<bool>(false)); // ONNX Runtime does not reach torch's pip wheel by name
    QCOMPARE(torch->fits, std::optional<bool>(true));
}

void TestFrameworkDetection::afterTheChosenPackageIsInstalled()
{
    const QString env = venv(QStringLiteral("after"), {QStringLiteral("tensorflow==2.18.0")});
    const QString toolkit = makeLinuxToolkit(m_tree, {QStringLiteral("cuda-12.8"), 12080, QStringLiteral("12.8.93")});
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    DetectOptions options;
    options.queryDriver = false;
    options.cudaRoots = {toolkit};
    options.pythonEnvironments = {env};
    const SystemSnapshot system = Engine(host, std::make_shared<FakeProcessRunner>()).detect(options);
    QCOMPARE(verdictFor(system, QStringLiteral("tensorflow"))->fits, std::optional<bool>(false)); // nothing yet

    PackageCandidate candidate;
    candidate.inspection.cudnnVersion = Version{9, 19, 0, 56};
    candidate.chosen = true;
    PackageChoice choice;
    choice.candidates = {candidate};
    choice.chosenIndex = 0;
    choice.toolkitRoot = canonical(toolkit);
    const FrameworkVerdicts after = Engine::frameworksAfter(choice, system);
    QCOMPARE(after.size(), 1);
    QCOMPARE(after.first().fits, std::optional<bool>(true));
    QCOMPARE(after.first().loads->version, std::optional<Version>(Version{9, 19, 0, 56}));
}

QTEST_GUILESS_MAIN(TestFrameworkDetection)
#include "TestFrameworkDetection.moc"
