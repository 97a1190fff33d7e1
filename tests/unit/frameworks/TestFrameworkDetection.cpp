#include "../detect/DetectFixtures.h"
#include "FakeProcessRunner.h"
#include "engine/Engine.h"
#include "frameworks/FrameworkCode.h"
#include "frameworks/FrameworkFacts.h"
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
    void torchStatesItsCuda13Build();
    void torchCuda13OnADriverForCuda128();
    void tensorflowOrtAndPaddleReadFromTheirBuildFiles();
    void jaxWithCudnn910Fits();
    void jaxWithCudnn91DoesNot();
    void unknownPackageRequiringCudnn95WithOnly91();
    void unknownPackageShippingItsOwnCudnn();

private:
    /** Replaces a distribution's METADATA with one holding these Requires-Dist lines. */
    void requires(const QString& site, const QString& project, const QString& version, const QStringList& lines);
    /** The torch 2.11.0+cu130 environment seen on the H200 machine: version.py, METADATA, its pip cuDNN 9.19. */
    QString torch211Cu130(const QString& dir);
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

void TestFrameworkDetection::requires(const QString& site,
                                      const QString& project,
                                      const QString& version,
                                      const QStringList& lines)
{
    QString metadata = QStringLiteral("Metadata-Version: 2.1\nName: %1\nVersion: %2\n").arg(project, version);
    for (const QString& line : lines)
        metadata += QStringLiteral("Requires-Dist: ") + line + QLatin1Char('\n');
    // The description after the headers may name anything; it is not read.
    metadata += QStringLiteral("\nRequires-Dist: nvidia-cudnn-cu12>=99\n");
    m_tree.writeFile(site + QLatin1Char('/') + QString(project).replace(QLatin1Char('-'), QLatin1Char('_'))
                         + QLatin1Char('-') + version + QStringLiteral(".dist-info/METADATA"),
                     metadata.toUtf8());
}

QString TestFrameworkDetection::torch211Cu130(const QString& dir)
{
    const QString env = venv(dir, {QStringLiteral("torch==2.11.0"), QStringLiteral("nvidia-cudnn-cu13==9.19.0.56")});
    const QString site = dir + QStringLiteral("/lib/python3.11/site-packages");
    m_tree.writeFile(site + QStringLiteral("/torch/version.py"),
                     "from typing import Optional\n\n"
                     "__all__ = ['__version__', 'debug', 'cuda', 'git_version', 'hip']\n"
                     "__version__ = '2.11.0+cu130'\n"
                     "debug = False\n"
                     "cuda: Optional[str] = '13.0'\n"
                     "git_version = '70d99e998b7b1d3f9c7f4b4f6d0e5b4d1d6b8e01'\n"
                     "hip: Optional[str] = None\n");
    requires(site,
             QStringLiteral("torch"),
             QStringLiteral("2.11.0"),
             {QStringLiteral("filelock"),
              QStringLiteral("nvidia-cudnn-cu13==9.19.0.56; platform_system == \"Linux\""),
              QStringLiteral("nvidia-cudnn-cu12==9.10.2.21; platform_system == \"Windows\" and extra == \"never\"")});
    writeCudnnWheel(m_tree, site, 9, 19, 0);
    return env;
}

void TestFrameworkDetection::torchStatesItsCuda13Build()
{
    const QString env = torch211Cu130(QStringLiteral("cu130"));
    const SystemSnapshot system = detect(emptyHost(OsFlavor::Linux), {env});
    const FrameworkVerdict* torch = verdictFor(system, QStringLiteral("torch"));
    QVERIFY(torch);
    // The dist-info says 2.11.0; the build file says which build it is (the table's default is cu128 / 12.8).
    QCOMPARE(torch->builtCuda, std::optional<Version>(Version{13, 0}));
    QCOMPARE(torch->variant, QStringLiteral("cu130"));
    QCOMPARE(torch->builtCudnn, std::optional<Version>(Version{9, 19, 0, 56}));
    QCOMPARE(torch->fits, std::optional<bool>(true));
    QCOMPARE(torch->codes(), QStringList{FrameworkCode::OwnCopy});
    QCOMPARE(torch->loads->origin, QStringLiteral("pip"));
    QVERIFY2(torch->loads->path.startsWith(env), qPrintable(torch->loads->path));
    const QJsonObject builtWith = torch->toJson().value(QStringLiteral("built_with")).toObject();
    QCOMPARE(builtWith.value(QStringLiteral("cuda")).toString(), QStringLiteral("13.0"));
    const QJsonObject source = builtWith.value(QStringLiteral("source")).toObject();
    QCOMPARE(source.value(QStringLiteral("cuda")).toString(), QStringLiteral("torch/version.py"));
    QCOMPARE(source.value(QStringLiteral("variant")).toString(), QStringLiteral("torch/version.py"));
    QCOMPARE(source.value(QStringLiteral("cudnn")).toString(), QStringLiteral("METADATA"));
    QCOMPARE(builtWith.value(QStringLiteral("cudnn_requirement")).toString(),
             QStringLiteral("nvidia-cudnn-cu13==9.19.0.56"));
}

void TestFrameworkDetection::torchCuda13OnADriverForCuda128()
{
    const QString env = torch211Cu130(QStringLiteral("olddriver"));
    SystemSnapshot system = detect(emptyHost(OsFlavor::Linux), {env});
    system.driver.found = true;
    system.driver.version = Version{570, 124, 6};
    system.driver.newestCuda = Version{12, 8};
    const FrameworkVerdicts verdicts = FrameworkFacts::judge(system);
    QCOMPARE(verdicts.size(), 1);
    const FrameworkVerdict& torch = verdicts.first();
    QCOMPARE(torch.fits, std::optional<bool>(false));
    QCOMPARE(torch.codes().first(), FrameworkCode::DriverTooOld);
    const Diagnostic& finding = torch.findings.first();
    QVERIFY2(finding.message.contains(QStringLiteral("CUDA 13.0")), qPrintable(finding.message));
    QVERIFY2(finding.message.contains(QStringLiteral("570.124.6")), qPrintable(finding.message));
    // The fix: the driver NVIDIA's table names for CUDA 13, or the same release built for CUDA 12.8.
    QVERIFY2(finding.fix.contains(QStringLiteral("580")), qPrintable(finding.fix));
    QVERIFY2(finding.fix.contains(QStringLiteral("torch==2.11.0 --index-url https://download.pytorch.org/whl/cu128")),
             qPrintable(finding.fix));
    QVERIFY2(finding.fix.contains(env + QStringLiteral("/bin/python -m pip install")), qPrintable(finding.fix));
    QCOMPARE(finding.action.kind, FixAction::Kind::InstallFramework);

    // The same driver runs the cu128 build: no driver finding.
    system.driver.version = Version{580, 95, 5};
    QCOMPARE(FrameworkFacts::judge(system).first().fits, std::optional<bool>(true));
    // Only nvidia-smi's "CUDA Version" known: it stands in for the driver's version.
    system.driver.version.reset();
    system.driver.newestCuda = Version{12, 8};
    QCOMPARE(FrameworkFacts::judge(system).first().codes().first(), FrameworkCode::DriverTooOld);
}

void TestFrameworkDetection::tensorflowOrtAndPaddleReadFromTheirBuildFiles()
{
    const QString env = venv(QStringLiteral("three"),
                             {QStringLiteral("tensorflow==2.18.0"),
                              QStringLiteral("onnxruntime-gpu==1.30.0"),
                              QStringLiteral("paddlepaddle-gpu==2.6.1")});
    const QString site = QStringLiteral("three/lib/python3.11/site-packages");
    m_tree.writeFile(site + QStringLiteral("/tensorflow/python/platform/build_info.py"),
                     "\"\"\"Auto-generated module providing information about the build.\"\"\"\n"
                     "import collections\n\n"
                     "build_info = collections.OrderedDict([('cpu_compiler', '/usr/lib/llvm-18/bin/clang'), "
                     "('cuda_compute_capabilities', ['sm_60', 'sm_70', 'compute_90']), ('cuda_version', '12.5.1'), "
                     "('cudnn_version', '9'), ('is_cuda_build', True), ('is_rocm_build', False), "
                     "('is_tensorrt_build', False)])\n");
    m_tree.writeFile(site + QStringLiteral("/onnxruntime/capi/build_and_package_info.py"),
                     "package_name = 'onnxruntime-gpu'\n__version__ = '1.30.0'\ncuda_version = '13.0'\n"
                     "cudart_version = 13000\n");
    m_tree.writeFile(site + QStringLiteral("/paddle/version/__init__.py"),
                     "# THIS FILE IS GENERATED FROM PADDLEPADDLE SETUP.PY\n#\n"
                     "full_version     = '2.6.1'\nmajor            = '2'\nminor            = '6'\n"
                     "patch            = '1'\nrc               = '0'\ncuda_version     = '12.0'\n"
                     "cudnn_version    = '8.9.1'\nxpu_version      = 'False'\nistaged          = True\n"
                     "commit           = 'fbf852dd832bc0e63ae31cd4aa37defd829e4c03'\n"
                     "def cuda():\n    return cuda_version\n");
    const SystemSnapshot system = detect(emptyHost(OsFlavor::Linux), {env});

    const FrameworkVerdict* tf = verdictFor(system, QStringLiteral("tensorflow"));
    QVERIFY(tf);
    QCOMPARE(tf->builtCuda, std::optional<Version>(Version{12, 5, 1}));
    QCOMPARE(tf->cudaSource, QStringLiteral("tensorflow/python/platform/build_info.py"));
    // It states the cuDNN major only: the table's 9.3 stays, the file agreeing.
    QCOMPARE(tf->builtCudnn, std::optional<Version>(Version{9, 3}));
    QCOMPARE(tf->cudnnSource, QStringLiteral("table"));

    const FrameworkVerdict* ort = verdictFor(system, QStringLiteral("onnxruntime-gpu"));
    QVERIFY(ort);
    QCOMPARE(ort->builtCuda, std::optional<Version>(Version{13, 0}));
    QCOMPARE(ort->cudaSource, QStringLiteral("onnxruntime/capi/build_and_package_info.py"));
    QCOMPARE(ort->builtCudnn, std::nullopt); // the file does not say and the table has no 1.30 row
    QCOMPARE(ort->codes(), QStringList{FrameworkCode::BuildUnknown});

    const FrameworkVerdict* paddle = verdictFor(system, QStringLiteral("paddlepaddle-gpu"));
    QVERIFY(paddle);
    // A plain 2.6.1 is the CUDA 11.8 / cuDNN 8.6 build in the table; this one's version file says otherwise.
    QCOMPARE(paddle->builtCuda, std::optional<Version>(Version{12, 0}));
    QCOMPARE(paddle->builtCudnn, std::optional<Version>(Version{8, 9, 1}));
    QCOMPARE(paddle->cudaSource, QStringLiteral("paddle/version/__init__.py"));
    QCOMPARE(paddle->cudnnSource, QStringLiteral("paddle/version/__init__.py"));

    // A CPU build says so, and loads no cuDNN.
    m_tree.writeFile(site + QStringLiteral("/tensorflow/python/platform/build_info.py"),
                     "build_info = {'is_cuda_build': False, 'is_rocm_build': False}\n");
    const SystemSnapshot cpuBuild = detect(emptyHost(OsFlavor::Linux), {env});
    const FrameworkVerdict* cpu = verdictFor(cpuBuild, QStringLiteral("tensorflow"));
    QVERIFY(cpu);
    QCOMPARE(cpu->codes(), QStringList{FrameworkCode::NoCudaBuild});
    QCOMPARE(cpu->fits, std::nullopt);
}

void TestFrameworkDetection::jaxWithCudnn910Fits()
{
    const QString env = venv(QStringLiteral("jax910"),
                             {QStringLiteral("jax==0.7.2"),
                              QStringLiteral("jax-cuda12-plugin==0.7.2"),
                              QStringLiteral("nvidia-cudnn-cu12==9.10.2.21")});
    const QString site = QStringLiteral("jax910/lib/python3.11/site-packages");
    requires(site,
             QStringLiteral("jax-cuda12-plugin"),
             QStringLiteral("0.7.2"),
             {QStringLiteral("jax-cuda12-pjrt==0.7.2"),
              QStringLiteral("nvidia-cudnn-cu12<10.0,>=9.8; extra == \"with-cuda\"")});
    writeCudnnWheel(m_tree, site, 9, 10, 2);
    const SystemSnapshot system = detect(emptyHost(OsFlavor::Linux), {env});
    const FrameworkVerdict* jax = verdictFor(system, QStringLiteral("jax-cuda12-plugin"));
    QVERIFY(jax);
    QCOMPARE(jax->fits, std::optional<bool>(true));
    QCOMPARE(jax->builtCudnn, std::optional<Version>(Version{9, 8}));
    QCOMPARE(jax->cudnnSource, QStringLiteral("METADATA"));
    QCOMPARE(jax->cudnnRequirement, QStringLiteral("nvidia-cudnn-cu12<10.0,>=9.8"));
    QCOMPARE(jax->loads->version->truncated(2), (Version{9, 10}));
}

void TestFrameworkDetection::jaxWithCudnn91DoesNot()
{
    const QString env = venv(QStringLiteral("jax91"),
                             {QStringLiteral("jax==0.7.2"),
                              QStringLiteral("jax-cuda12-plugin==0.7.2"),
                              QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")});
    const QString site = QStringLiteral("jax91/lib/python3.11/site-packages");
    requires(site,
             QStringLiteral("jax-cuda12-plugin"),
             QStringLiteral("0.7.2"),
             {QStringLiteral("nvidia-cudnn-cu12<10.0,>=9.8; extra == \"with-cuda\"")});
    writeCudnnWheel(m_tree, site, 9, 1, 0);
    const SystemSnapshot system = detect(emptyHost(OsFlavor::Linux), {env});
    const FrameworkVerdict* jax = verdictFor(system, QStringLiteral("jax-cuda12-plugin"));
    QVERIFY(jax);
    QCOMPARE(jax->fits, std::optional<bool>(false));
    QCOMPARE(jax->codes().first(), FrameworkCode::TooOld);
    QVERIFY2(jax->findings.first().message.contains(QStringLiteral("9.1.0")), qPrintable(jax->summary()));

    // Without the with-cuda wheel (jax[cuda12-local]) the table's row says what the plugin was built with.
    const QString local = venv(QStringLiteral("jaxlocal"), {QStringLiteral("jax-cuda12-plugin==0.7.2")});
    requires(QStringLiteral("jaxlocal/lib/python3.11/site-packages"),
             QStringLiteral("jax-cuda12-plugin"),
             QStringLiteral("0.7.2"),
             {QStringLiteral("nvidia-cudnn-cu12<10.0,>=9.8; extra == \"with-cuda\"")});
    linkChains(m_tree, QStringLiteral("sys91"), cudnn9Bases(), QStringLiteral("9.1.0"));
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), m_tree.path(QStringLiteral("sys91")));
    const SystemSnapshot withoutTheWheel = detect(host, {local});
    const FrameworkVerdict* onPath = verdictFor(withoutTheWheel, QStringLiteral("jax-cuda12-plugin"));
    QVERIFY(onPath);
    QCOMPARE(onPath->cudnnSource, QStringLiteral("table"));
    QCOMPARE(onPath->fits, std::optional<bool>(false));
    QCOMPARE(onPath->codes().first(), FrameworkCode::TooOld);
}

void TestFrameworkDetection::unknownPackageRequiringCudnn95WithOnly91()
{
    const QString env = venv(QStringLiteral("unknown"),
                             {QStringLiteral("fastvision==1.4.0"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")});
    const QString site = QStringLiteral("unknown/lib/python3.11/site-packages");
    requires(site,
             QStringLiteral("fastvision"),
             QStringLiteral("1.4.0"),
             {QStringLiteral("numpy>=1.24"),
              QStringLiteral("nvidia-cudnn-cu12>=9.5; (sys_platform == \"linux\" or sys_platform == \"win32\") and "
                             "python_version >= \"3.9\"")});
    writeCudnnWheel(m_tree, site, 9, 1, 0);
    const SystemSnapshot system = detect(emptyHost(OsFlavor::Linux), {env});
    const FrameworkVerdict* unknown = verdictFor(system, QStringLiteral("fastvision"));
    QVERIFY(unknown);
    QCOMPARE(unknown->fits, std::optional<bool>(false));
    QCOMPARE(unknown->codes().first(), FrameworkCode::TooOld);
    QCOMPARE(unknown->cudnnRequirement, QStringLiteral("nvidia-cudnn-cu12>=9.5"));
    QCOMPARE(unknown->loads->origin, QStringLiteral("pip"));
    QVERIFY2(unknown->summary().contains(QStringLiteral("nvidia-cudnn-cu12>=9.5")), qPrintable(unknown->summary()));
    QCOMPARE(unknown->toJson().value(QStringLiteral("package")).toString(), QStringLiteral("fastvision"));

    // The same package whose requirement applies on another platform only is no cuDNN consumer here.
    requires(site,
             QStringLiteral("fastvision"),
             QStringLiteral("1.4.0"),
             {QStringLiteral("nvidia-cudnn-cu12>=9.5; platform_machine in \"aarch64 arm64\"")});
    QCOMPARE(verdictFor(detect(emptyHost(OsFlavor::Linux), {env}), QStringLiteral("fastvision")), nullptr);
}

void TestFrameworkDetection::unknownPackageShippingItsOwnCudnn()
{
    const QString env = venv(QStringLiteral("ships"), {QStringLiteral("ocrkit==2.0.1")});
    const QString site = QStringLiteral("ships/lib/python3.11/site-packages");
    sonameFiles(m_tree, site + QStringLiteral("/ocrkit/libs"), cudnn8Bases(), 8);
    QString record;
    for (const QString& base : cudnn8Bases())
        record += QStringLiteral("ocrkit/libs/%1.so.8,sha256=AAAA,256\n").arg(base);
    record += QStringLiteral("ocrkit/__init__.py,sha256=AAAA,10\n");
    m_tree.writeFile(site + QStringLiteral("/ocrkit-2.0.1.dist-info/RECORD"), record.toUtf8());
    const SystemSnapshot system = detect(emptyHost(OsFlavor::Linux), {env});
    const FrameworkVerdict* ocr = verdictFor(system, QStringLiteral("ocrkit"));
    QVERIFY(ocr);
    QVERIFY(ocr->loads);
    QVERIFY2(ocr->loads->path.endsWith(QStringLiteral("ocrkit/libs")), qPrintable(ocr->loads->path));
    QCOMPARE(ocr->codes(), QStringList{FrameworkCode::BuildUnknown});
}

QTEST_GUILESS_MAIN(TestFrameworkDetection)
#include "TestFrameworkDetection.moc"
