// Every cuDNN copy with its origin (#30), over injected machines: Python environments found without running Python,
// dpkg/pip/conda records read for ownership, NVIDIA's Windows installer layout with Windows semantics, app-local
// copies, and each copy judged against the driver, the active toolkit and the GPUs.
#include "DetectFixtures.h"
#include "FakeProcessRunner.h"
#include "compat/CudnnFileSets.h"
#include "detect/DetectCode.h"
#include "detect/Detector.h"
#include "detect/ManagedFiles.h"
#include "detect/PythonEnvironmentFinder.h"
#include "engine/Engine.h"
#include "env/EnvironmentLocations.h"
#include "env/EnvironmentStore.h"
#include "env/StrayCopySessions.h"
#include "package/CudnnCopyJudge.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

using namespace DetectFixtures;

namespace {

const CudnnInstall* copyAt(const SystemSnapshot& snapshot, const QString& libraryDir)
{
    for (const CudnnInstall& copy : snapshot.cudnnInstalls) {
        if (!copy.libraryDirs.isEmpty() && samePath(snapshot.os, copy.libraryDirs.constFirst(), libraryDir))
            return &copy;
    }
    return nullptr;
}

/**
 * A complete cuDNN 9.19 in the toolkit cuda-13.0 and, first on LD_LIBRARY_PATH before its lib64, opt/old-cudnn
 * (what the test put there): the machine detected.
 */
SystemSnapshot detectWithStrayFirst(TestTree& tree)
{
    const QString toolkit = makeLinuxToolkit(tree, {QStringLiteral("cuda-13.0"), 13000, QStringLiteral("13.0.1"), {}});
    linkChains(tree, QStringLiteral("cuda-13.0/lib"), cudnn9Bases(), QStringLiteral("9.19.0"));
    tree.writeFile(QStringLiteral("cuda-13.0/include/cudnn_version.h"), cudnnVersionHeader(9, 19, 0));
    const QString stray = canonical(tree.path(QStringLiteral("opt/old-cudnn")));
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda-*"))};
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), stray + u':' + toolkit + QStringLiteral("/lib64"));
    FakeProcessRunner fake;
    DetectOptions options;
    options.queryDriver = false;
    const SystemSnapshot snapshot = Detector(host, fake).detect(options);
    return snapshot;
}

/** A CUDA 12.4 toolkit with cuDNN 9.1 in its bin, and an old cudnn64_9.dll alone in tools/old-cudnn (Windows). */
struct WindowsStrayMachine
{
    QString stray; // the old DLL's folder
    QString bin; // the toolkit's bin, as Path writes it
    HostEnvironment host; // System32 and the Windows folder, the toolkit's place; PATH not set
};

WindowsStrayMachine windowsStrayMachine(TestTree& tree)
{
    const QString cudaDir = QStringLiteral("Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.4");
    const QString toolkit = makeWindowsToolkit(tree, cudaDir, QStringLiteral("12.4.1"), 12040);
    for (const QString& dll : cudnnWindowsDlls(9))
        tree.writeFile(cudaDir + QStringLiteral("/bin/") + dll, windowsDllBytes(Version({9, 1, 0})));
    tree.writeFile(cudaDir + QStringLiteral("/include/cudnn_version.h"), cudnnVersionHeader(9, 1, 0));
    tree.writeFile(QStringLiteral("tools/old-cudnn/cudnn64_9.dll"), windowsDllBytes(Version({9, 0, 0})));
    tree.makeDir(QStringLiteral("Windows/System32"));
    const QString stray = canonical(tree.path(QStringLiteral("tools/old-cudnn")));
    const QString bin = displayPath(OsFlavor::Windows, toolkit + QStringLiteral("/bin"));
    HostEnvironment host = emptyHost(OsFlavor::Windows);
    host.systemLibraryDirs = {tree.path(QStringLiteral("Windows/System32")), tree.path(QStringLiteral("Windows"))};
    host.defaultToolkitRoots = {tree.path(QStringLiteral("Program Files/NVIDIA GPU Computing Toolkit/CUDA/v*"))};
    return {stray, bin, host};
}

QStringList codes(const Diagnostics& diagnostics)
{
    QStringList list;
    for (const Diagnostic& d : diagnostics)
        list.append(d.code);
    return list;
}

/** A venv: pyvenv.cfg and lib/python3.11/site-packages, with the dist-info folders given (name, version). */
QString makeVenv(TestTree& tree, const QString& dir, const QList<QPair<QString, QString>>& distributions)
{
    tree.writeFile(dir + QStringLiteral("/pyvenv.cfg"), "home = /usr/bin\nversion = 3.11.4\n");
    const QString site = dir + QStringLiteral("/lib/python3.11/site-packages");
    tree.makeDir(site);
    for (const auto& [name, version] : distributions)
        tree.writeFile(site + QStringLiteral("/%1-%2.dist-info/METADATA").arg(name, version),
                       "Metadata-Version: 2.1\n");
    return canonical(tree.path(dir));
}

/** A wheel's RECORD listing files relative to site-packages. */
void writeRecord(TestTree& tree, const QString& distInfo, const QStringList& files)
{
    QByteArray record;
    for (const QString& file : files)
        record += file.toUtf8() + ",sha256=AAAA,256\n";
    tree.writeFile(distInfo + QStringLiteral("/RECORD"), record);
}

} // namespace

class TestCudnnOrigins : public QObject
{
    Q_OBJECT

private slots:
    void pythonEnvironmentsAreFoundWithoutPython();
    void aFolderThatIsNoEnvironmentIsSaid();
    void everyLinuxOriginIsNamed();
    void ownersAreReadFromTheRecords();
    void nvidiaInstallerLayoutOnWindows();
    void appLocalCopyOnWindows();
    void copiesAreJudgedLikeAToolkitsCopy();
    void aStrayCopyFirstOnPathIsNoInstallToRestore();
    void aStrayCopyOnLinuxIsAdvisedOffTheSearchPath();
    void whatIsWrongInsideAStrayCopyIsSaidOfTheStrayCopy();
    void aStrayCopyFirstInThisTerminalOnlyIsSaidSo();
    void aStrayCopyOnLinuxIsJudgedForANewLogin_data();
    void aStrayCopyOnLinuxIsJudgedForANewLogin();
    void aStrayCopyOnlyTheRegistryPathNamesIsFound();
    void theVerdictLeadsWithTheWorstOfTheFrameworks_data();
    void theVerdictLeadsWithTheWorstOfTheFrameworks();
};

void TestCudnnOrigins::pythonEnvironmentsAreFoundWithoutPython()
{
    TestTree tree;
    const QString venv = makeVenv(
        tree, QStringLiteral("home/.virtualenvs/asr"), {{QStringLiteral("torch"), QStringLiteral("2.5.1+cu124")}});
    makeVenv(tree, QStringLiteral("home/venv-old"), {});
    makeVenv(tree, QStringLiteral("elsewhere/given"), {});
    // conda's registry names an env outside the home; the base install is found by its folder name.
    writeCondaRecord(tree, QStringLiteral("opt/envs/tf"), QStringLiteral("python"), QStringLiteral("3.10.14"), {}, {});
    writeCondaRecord(
        tree, QStringLiteral("opt/envs/tf"), QStringLiteral("cuda-nvrtc"), QStringLiteral("12.4.127"), {}, {});
    tree.writeFile(QStringLiteral("home/.conda/environments.txt"),
                   tree.path(QStringLiteral("opt/envs/tf")).toUtf8() + "\n");
    writeCondaRecord(
        tree, QStringLiteral("home/miniforge3"), QStringLiteral("python"), QStringLiteral("3.12.1"), {}, {});
    // An interpreter on PATH: its prefix is the folder above bin.
    tree.writeFile(QStringLiteral("usr/bin/python3"), libraryBytes());
    tree.makeDir(QStringLiteral("usr/lib/python3.12/dist-packages"));

    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.homeDirectory = tree.path(QStringLiteral("home"));
    host.variables.insert(QStringLiteral("PATH"), tree.path(QStringLiteral("usr/bin")));
    const PythonEnvironmentFinder::Result found
        = PythonEnvironmentFinder(host).find({tree.path(QStringLiteral("elsewhere/given")), venv});

    QStringList roots;
    for (const PythonEnvironment& env : found.environments)
        roots.append(QDir(tree.root()).relativeFilePath(env.root));
    // Given folders first, each environment once (the venv is also under ~/.virtualenvs).
    QCOMPARE(roots,
             (QStringList{QStringLiteral("elsewhere/given"),
                          QStringLiteral("home/.virtualenvs/asr"),
                          QStringLiteral("usr"),
                          QStringLiteral("opt/envs/tf"),
                          QStringLiteral("home/miniforge3"),
                          QStringLiteral("home/venv-old")}));
    QVERIFY(found.diagnostics.isEmpty());

    const PythonEnvironment& asr = found.environments.at(1);
    QCOMPARE(asr.kind, PythonEnvironment::Kind::Venv);
    QCOMPARE(asr.foundVia, QStringLiteral("--python-env"));
    QCOMPARE(asr.pythonVersion->toString(), QStringLiteral("3.11"));
    QVERIFY(asr.distribution(QStringLiteral("Torch")));
    QCOMPARE(asr.distribution(QStringLiteral("torch"))->version, QStringLiteral("2.5.1+cu124"));

    const PythonEnvironment& system = found.environments.at(2);
    QCOMPARE(system.kind, PythonEnvironment::Kind::System);
    QCOMPARE(system.foundVia, QStringLiteral("PATH"));
    QCOMPARE(system.pythonVersion->toString(), QStringLiteral("3.12"));

    const PythonEnvironment& tf = found.environments.at(3);
    QCOMPARE(tf.kind, PythonEnvironment::Kind::Conda);
    QCOMPARE(tf.foundVia, QStringLiteral("environments.txt"));
    QCOMPARE(tf.pythonVersion->toString(), QStringLiteral("3.10"));
    QCOMPARE(tf.distribution(QStringLiteral("cuda-nvrtc"))->version, QStringLiteral("12.4.127"));
    QCOMPARE(tf.distribution(QStringLiteral("cuda-nvrtc"))->installer, PythonDistribution::Installer::Conda);
}

void TestCudnnOrigins::aFolderThatIsNoEnvironmentIsSaid()
{
    TestTree tree;
    tree.makeDir(QStringLiteral("just-a-folder"));
    const HostEnvironment host = emptyHost(OsFlavor::Linux);
    const auto found = PythonEnvironmentFinder(host).find({tree.path(QStringLiteral("just-a-folder"))});
    QVERIFY(found.environments.isEmpty());
    QCOMPARE(codes(found.diagnostics), QStringList{QStringLiteral("PYTHON-ENV-NOT-FOUND")});
}

void TestCudnnOrigins::everyLinuxOriginIsNamed()
{
    TestTree tree;
    // A toolkit with cuDNN merged in.
    const QString toolkit
        = makeLinuxToolkit(tree, {QStringLiteral("usr/local/cuda-12.4"), 12040, QStringLiteral("12.4.1"), {}});
    tree.writeFile(QStringLiteral("usr/local/cuda-12.4/include/cudnn_version.h"), cudnnVersionHeader(9, 1, 0));
    linkChains(tree, QStringLiteral("usr/local/cuda-12.4/lib"), cudnn9Bases(), QStringLiteral("9.1.0"));
    // NVIDIA's apt package in the multiarch folder, listed by dpkg.
    linkChains(tree, QStringLiteral("usr/lib/x86_64-linux-gnu"), cudnn9Bases(), QStringLiteral("9.3.0"));
    QByteArray list = "/.\n/usr\n/usr/lib\n";
    for (const QString& base : cudnn9Bases())
        list += tree.path(QStringLiteral("usr/lib/x86_64-linux-gnu/") + base + QStringLiteral(".so.9.3.0")).toUtf8()
            + '\n';
    tree.writeFile(QStringLiteral("var/lib/dpkg/info/libcudnn9-cuda-12.list"), list);
    tree.writeFile(QStringLiteral("var/lib/dpkg/info/zlib1g:amd64.list"), "/usr/lib/x86_64-linux-gnu/libz.so.1\n");
    // pip: nvidia-cudnn-cu12 in a venv, torch's own torch/lib copy in another.
    const QString venv = makeVenv(
        tree, QStringLiteral("home/.venvs/asr"), {{QStringLiteral("nvidia_cudnn_cu12"), QStringLiteral("9.1.0.70")}});
    const QString site = QStringLiteral("home/.venvs/asr/lib/python3.11/site-packages");
    sonameFiles(tree, site + QStringLiteral("/nvidia/cudnn/lib"), cudnn9Bases(), 9);
    tree.writeFile(site + QStringLiteral("/nvidia/cudnn/include/cudnn_version.h"), cudnnVersionHeader(9, 1, 0));
    writeRecord(tree,
                site + QStringLiteral("/nvidia_cudnn_cu12-9.1.0.70.dist-info"),
                soFiles(QStringLiteral("nvidia/cudnn/lib"), 9)
                    + QStringList{QStringLiteral("nvidia/cudnn/include/cudnn_version.h")});
    const QString oldTorch = makeVenv(
        tree, QStringLiteral("home/venv-torch112"), {{QStringLiteral("torch"), QStringLiteral("1.12.1+cu116")}});
    sonameFiles(tree, QStringLiteral("home/venv-torch112/lib/python3.11/site-packages/torch/lib"), cudnn8Bases(), 8);
    writeRecord(tree,
                QStringLiteral("home/venv-torch112/lib/python3.11/site-packages/torch-1.12.1+cu116.dist-info"),
                soFiles(QStringLiteral("torch/lib"), 8));
    // conda: cudnn in an env's lib, recorded with its files and its cuda-version pin.
    const QString conda = QStringLiteral("home/miniconda3/envs/tf");
    writeCondaCudnn(tree, conda, {9, 3, 0, 75}, {QStringLiteral("cuda-version >=12.0,<13"), QStringLiteral("libzlib")});
    // A system interpreter whose prefix (usr) holds the toolkit and the dpkg copy: neither is that environment's.
    tree.writeFile(QStringLiteral("usr/bin/python3"), libraryBytes());
    tree.makeDir(QStringLiteral("usr/lib/python3.11/dist-packages"));
    // A hand copy on LD_LIBRARY_PATH: nobody's.
    sonameFiles(tree, QStringLiteral("opt/handcopy/lib"), cudnn9Bases(), 9);

    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.homeDirectory = tree.path(QStringLiteral("home"));
    host.dpkgInfoDirectory = tree.path(QStringLiteral("var/lib/dpkg/info"));
    host.defaultToolkitRoots = {tree.path(QStringLiteral("usr/local/cuda-*"))};
    host.systemLibraryDirs = {tree.path(QStringLiteral("usr/lib/x86_64-linux-gnu"))};
    host.variables.insert(QStringLiteral("PATH"),
                          tree.path(QStringLiteral("usr/local/cuda-12.4/bin")) + QLatin1Char(':')
                              + tree.path(QStringLiteral("usr/bin")));
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), tree.path(QStringLiteral("opt/handcopy/lib")));
    FakeProcessRunner fake;
    DetectOptions options;
    options.queryDriver = false;
    const SystemSnapshot snapshot = Detector(host, fake).detect(options);

    const auto check = [&](const QString& dir,
                           CudnnOrigin origin,
                           PackageManager manager,
                           const QString& package,
                           std::optional<int> cuda,
                           const QString& environment) {
        const CudnnInstall* copy = copyAt(snapshot, canonical(tree.path(dir)));
        QVERIFY2(copy, qPrintable(dir));
        QCOMPARE(cudnnOriginName(copy->origin), cudnnOriginName(origin));
        QCOMPARE(packageManagerName(copy->managedBy), packageManagerName(manager));
        QCOMPARE(copy->package, package);
        QCOMPARE(copy->cudaMajor, cuda);
        QCOMPARE(copy->environment, environment);
    };
    check(QStringLiteral("usr/local/cuda-12.4/lib"), CudnnOrigin::Toolkit, PackageManager::None, {}, 12, {});
    check(QStringLiteral("usr/lib/x86_64-linux-gnu"),
          CudnnOrigin::SystemPackage,
          PackageManager::Dpkg,
          QStringLiteral("libcudnn9-cuda-12"),
          12,
          {});
    check(site + QStringLiteral("/nvidia/cudnn/lib"),
          CudnnOrigin::Pip,
          PackageManager::Pip,
          QStringLiteral("nvidia_cudnn_cu12"),
          12,
          venv);
    check(QStringLiteral("home/venv-torch112/lib/python3.11/site-packages/torch/lib"),
          CudnnOrigin::Pip,
          PackageManager::Pip,
          QStringLiteral("torch"),
          11,
          oldTorch);
    check(conda + QStringLiteral("/lib"),
          CudnnOrigin::Conda,
          PackageManager::Conda,
          QStringLiteral("cudnn"),
          12,
          canonical(tree.path(conda)));
    check(QStringLiteral("opt/handcopy/lib"), CudnnOrigin::SearchPath, PackageManager::None, {}, std::nullopt, {});
    QCOMPARE(snapshot.cudnnInstalls.size(), 6);

    const CudnnInstall* wheel = copyAt(snapshot, canonical(tree.path(site + QStringLiteral("/nvidia/cudnn/lib"))));
    QCOMPARE(wheel->location, CudnnInstall::Location::Elsewhere);
    QCOMPARE(wheel->packageVersion->toString(), QStringLiteral("9.1.0.70"));
    QCOMPARE(wheel->headerVersion->toString(), QStringLiteral("9.1.0"));
    QVERIFY(wheel->isComplete());

    const QJsonObject json = snapshot.toJson();
    for (const QJsonValue& value : json.value(QStringLiteral("cudnn")).toArray()) {
        const QJsonObject copy = value.toObject();
        for (const QString& key : {QStringLiteral("location"),
                                   QStringLiteral("origin"),
                                   QStringLiteral("managed_by"),
                                   QStringLiteral("environment"),
                                   QStringLiteral("cuda_major")})
            QVERIFY2(copy.contains(key), qPrintable(key));
        if (copy.value(QStringLiteral("origin")).toString() == QLatin1String("conda")) {
            QCOMPARE(copy.value(QStringLiteral("managed_by")).toString(), QStringLiteral("conda"));
            QCOMPARE(copy.value(QStringLiteral("cuda_major")).toInt(), 12);
            QCOMPARE(copy.value(QStringLiteral("package_version")).toString(), QStringLiteral("9.3.0.75"));
        }
        if (copy.value(QStringLiteral("origin")).toString() == QLatin1String("search-path")) {
            QVERIFY(copy.value(QStringLiteral("managed_by")).isNull());
            QVERIFY(copy.value(QStringLiteral("environment")).isNull());
        }
    }
    QCOMPARE(json.value(QStringLiteral("python_environments")).toArray().size(), 4);
}

void TestCudnnOrigins::ownersAreReadFromTheRecords()
{
    TestTree tree;
    // dpkg names the file by /lib/... on a merged /usr: the folder's link is followed both ways.
    tree.writeFile(QStringLiteral("usr/lib/x86_64-linux-gnu/libcudnn.so.8.9.7"), libraryBytes());
    tree.symlink(QStringLiteral("lib"), QStringLiteral("usr/lib"));
    tree.writeFile(QStringLiteral("info/libcudnn8.list"),
                   tree.path(QStringLiteral("lib/x86_64-linux-gnu/libcudnn.so.8.9.7")).toUtf8() + "\n");
    tree.writeFile(QStringLiteral("info/bash.list"), "/bin/bash\n");
    const ManagedFiles owners = ManagedFiles::read(
        OsFlavor::Linux, tree.path(QStringLiteral("info")), {}, ManagedFiles::Scope::CudnnPackages);
    const auto owner = owners.ownerOf(tree.path(QStringLiteral("usr/lib/x86_64-linux-gnu/libcudnn.so.8.9.7")));
    QVERIFY(owner);
    QCOMPARE(owner->manager, PackageManager::Dpkg);
    QCOMPARE(owner->package, QStringLiteral("libcudnn8"));
    QCOMPARE(owner->reinstallCommand(OsFlavor::Linux), QStringLiteral("apt-get install --reinstall libcudnn8"));
    QVERIFY(!owners.ownerOf(QStringLiteral("/bin/bash"))); // not a cuDNN file: not kept

    const FileOwner pip{PackageManager::Pip,
                        QStringLiteral("nvidia-cudnn-cu12"),
                        QStringLiteral("9.1.0.70"),
                        QStringLiteral("/home/me/.venvs/asr"),
                        {}};
    QCOMPARE(
        pip.reinstallCommand(OsFlavor::Linux),
        QStringLiteral("/home/me/.venvs/asr/bin/python -m pip install --force-reinstall nvidia-cudnn-cu12==9.1.0.70"));
    const FileOwner conda{PackageManager::Conda,
                          QStringLiteral("cudnn"),
                          QStringLiteral("9.3.0.75"),
                          QStringLiteral("C:/Users/me/miniconda3/envs/tf"),
                          {}};
    QCOMPARE(conda.reinstallCommand(OsFlavor::Windows),
             QStringLiteral("conda install --prefix C:\\Users\\me\\miniconda3\\envs\\tf cudnn=9.3.0.75"));
}

void TestCudnnOrigins::nvidiaInstallerLayoutOnWindows()
{
    TestTree tree;
    const QString cudaDir = QStringLiteral("Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.8");
    makeWindowsToolkit(tree, cudaDir, QStringLiteral("12.8.1"), 12080);
    const CudnnFileSet cudnn9 = *CudnnFileSets::builtIn().forMajor(9);
    // 9.7 put its DLLs in bin\12.8; 9.10 in bin\12.9\x64 (and bin\12.8\x64): PATH names only ...\v9.10\bin.
    const QString old = QStringLiteral("Program Files/NVIDIA/CUDNN/v9.7");
    const QString current = QStringLiteral("Program Files/NVIDIA/CUDNN/v9.10");
    for (const QString& dll : cudnn9.windowsDlls) {
        tree.writeFile(old + QStringLiteral("/bin/12.8/") + dll, libraryBytes());
        tree.writeFile(current + QStringLiteral("/bin/12.9/x64/") + dll, libraryBytes());
        tree.writeFile(current + QStringLiteral("/bin/12.8/x64/") + dll, libraryBytes());
    }
    tree.writeFile(old + QStringLiteral("/include/12.8/cudnn_version.h"), cudnnVersionHeader(9, 7, 1));
    tree.writeFile(current + QStringLiteral("/include/12.9/cudnn_version.h"), cudnnVersionHeader(9, 10, 2));
    tree.writeFile(current + QStringLiteral("/include/12.8/cudnn_version.h"), cudnnVersionHeader(9, 10, 2));

    HostEnvironment host = emptyHost(OsFlavor::Windows);
    host.defaultToolkitRoots = {tree.path(QStringLiteral("Program Files/NVIDIA GPU Computing Toolkit/CUDA/v*"))};
    host.nvidiaCudnnRoots = {tree.path(QStringLiteral("Program Files/NVIDIA/CUDNN/v*"))};
    host.variables.insert(QStringLiteral("Path"),
                          displayPath(OsFlavor::Windows, tree.path(cudaDir + QStringLiteral("/bin"))) + QLatin1Char(';')
                              + displayPath(OsFlavor::Windows, tree.path(current + QStringLiteral("/bin"))));
    FakeProcessRunner fake;
    DetectOptions options;
    options.queryDriver = false;
    const SystemSnapshot snapshot = Detector(host, fake).detect(options);

    QCOMPARE(snapshot.cudnnInstalls.size(), 3);
    const CudnnInstall* x64 = copyAt(snapshot, canonical(tree.path(current + QStringLiteral("/bin/12.9/x64"))));
    QVERIFY(x64);
    QCOMPARE(x64->origin, CudnnOrigin::NvidiaInstaller);
    QCOMPARE(x64->managedBy, PackageManager::NvidiaInstaller);
    QCOMPARE(x64->cudaMajor, 12);
    QCOMPARE(x64->headerVersion->toString(), QStringLiteral("9.10.2"));
    QVERIFY(x64->isComplete());
    QCOMPARE(x64->location, CudnnInstall::Location::Elsewhere);
    const CudnnInstall* flat = copyAt(snapshot, canonical(tree.path(old + QStringLiteral("/bin/12.8"))));
    QVERIFY(flat);
    QCOMPARE(flat->headerVersion->toString(), QStringLiteral("9.7.1"));

    // The installer's own PATH entry holds no DLL: said, naming where they are.
    const auto finding
        = std::find_if(snapshot.diagnostics.cbegin(), snapshot.diagnostics.cend(), [](const Diagnostic& d) {
              return d.code == QLatin1String("CUDNN-INSTALLER-PATH-EMPTY");
          });
    QVERIFY(finding != snapshot.diagnostics.cend());
    QCOMPARE(finding->subject, displayPath(OsFlavor::Windows, tree.path(current + QStringLiteral("/bin"))));
    QVERIFY2(finding->message.contains(QStringLiteral("\\bin\\12.9\\x64")), qPrintable(finding->message));
    QVERIFY2(finding->message.contains(QStringLiteral("cudnn_ops64_9.dll")), qPrintable(finding->message));
    QVERIFY(!finding->message.contains(QStringLiteral("v9.7"))); // only the release PATH names
}

void TestCudnnOrigins::appLocalCopyOnWindows()
{
    TestTree tree;
    const CudnnFileSet cudnn9 = *CudnnFileSets::builtIn().forMajor(9);
    for (const QString& dll : cudnn9.windowsDlls) {
        tree.writeFile(QStringLiteral("apps/whisper/") + dll, libraryBytes());
        tree.writeFile(QStringLiteral("tools/dlls/") + dll, libraryBytes());
    }
    tree.writeFile(QStringLiteral("apps/whisper/whisper.exe"), QByteArrayLiteral("MZ") + libraryBytes(510));
    HostEnvironment host = emptyHost(OsFlavor::Windows);
    host.variables.insert(QStringLiteral("Path"),
                          displayPath(OsFlavor::Windows, tree.path(QStringLiteral("apps/whisper"))) + QLatin1Char(';')
                              + displayPath(OsFlavor::Windows, tree.path(QStringLiteral("tools/dlls"))));
    FakeProcessRunner fake;
    DetectOptions options;
    options.queryDriver = false;
    const SystemSnapshot snapshot = Detector(host, fake).detect(options);
    QCOMPARE(copyAt(snapshot, canonical(tree.path(QStringLiteral("apps/whisper"))))->origin, CudnnOrigin::AppLocal);
    QCOMPARE(copyAt(snapshot, canonical(tree.path(QStringLiteral("tools/dlls"))))->origin, CudnnOrigin::SearchPath);
}

void TestCudnnOrigins::copiesAreJudgedLikeAToolkitsCopy()
{
    SystemSnapshot snapshot;
    snapshot.os = OsFlavor::Linux;
    CudaToolkit toolkit;
    toolkit.root = QStringLiteral("/usr/local/cuda-13.0");
    toolkit.version = Version{13, 0};
    toolkit.active = true;
    snapshot.toolkits = {toolkit};
    snapshot.driver.found = true;
    snapshot.driver.version = Version{535, 104, 5};
    snapshot.driver.newestCuda = Version{12, 2};
    GpuInfo pascal;
    pascal.name = QStringLiteral("GeForce GTX 1080");
    pascal.computeCapability = Version{6, 1};
    snapshot.gpus = {pascal};

    CudnnInstall onPath; // a CUDA 12 build on the search path while the toolkit is CUDA 13
    onPath.location = CudnnInstall::Location::SearchPath;
    onPath.root = onPath.libraryDirs.emplaceBack(QStringLiteral("/opt/cudnn12/lib"));
    onPath.major = 9;
    onPath.headerVersion = Version{9, 1, 0};
    onPath.cudaMajor = 12;
    CudnnInstall cuda13; // a CUDA 13 build: the driver runs CUDA 12.2 only, and CUDA 13 builds need Turing
    cuda13.location = CudnnInstall::Location::Elsewhere;
    cuda13.root = cuda13.libraryDirs.emplaceBack(QStringLiteral("/venv/site-packages/nvidia/cudnn/lib"));
    cuda13.major = 9;
    cuda13.headerVersion = Version{9, 19, 0};
    cuda13.cudaMajor = 13;
    CudnnInstall unknownCuda; // nothing says its CUDA: no judgement beyond completeness
    unknownCuda.location = CudnnInstall::Location::SearchPath;
    unknownCuda.root = QStringLiteral("/opt/mystery");
    unknownCuda.major = 9;
    snapshot.cudnnInstalls = {onPath, cuda13, unknownCuda};

    CudnnCopyJudge().judge(snapshot);
    const auto kinds = [](const CudnnInstall& copy) {
        QList<CudnnProblem::Kind> list;
        for (const CudnnProblem& p : copy.problems)
            list.append(p.kind);
        return list;
    };
    QCOMPARE(kinds(snapshot.cudnnInstalls.at(0)), QList<CudnnProblem::Kind>{CudnnProblem::Kind::CudaMismatch});
    QVERIFY(kinds(snapshot.cudnnInstalls.at(1)).contains(CudnnProblem::Kind::DriverTooOld));
    QVERIFY(kinds(snapshot.cudnnInstalls.at(1)).contains(CudnnProblem::Kind::GpuUnsupported));
    QVERIFY(!kinds(snapshot.cudnnInstalls.at(1)).contains(CudnnProblem::Kind::CudaMismatch)); // not on the path
    QVERIFY(snapshot.cudnnInstalls.at(2).problems.isEmpty());
    QCOMPARE(snapshot.cudnnInstalls.at(0).verdict(), CudnnInstall::Verdict::Warnings);
    QCOMPARE(snapshot.cudnnInstalls.at(1).verdict(), CudnnInstall::Verdict::Unusable);
    QCOMPARE(codes(snapshot.diagnostics).size(), 3);
}

void TestCudnnOrigins::aStrayCopyFirstOnPathIsNoInstallToRestore()
{
    // Issue 42 item 14, as the Windows test machine had it: CUDA 11.3 with cuDNN 8 merged into its bin, one of its
    // DLLs deleted, and C:\OldCudnn\bin (an older cudnn64_8.dll and one sub-library, nothing else) first on Path.
    TestTree tree;
    const QString toolkit = makeWindowsToolkit(tree, QStringLiteral("CUDA/v11.3"), QStringLiteral("11.3.1"), 11030);
    const CudnnFileSet cudnn8 = *CudnnFileSets::builtIn().forMajor(8);
    for (const QString& dll : cudnn8.windowsDlls) {
        if (dll != QLatin1String("cudnn_cnn_infer64_8.dll"))
            tree.writeFile(QStringLiteral("CUDA/v11.3/bin/") + dll, libraryBytes());
    }
    tree.writeFile(QStringLiteral("CUDA/v11.3/include/cudnn_version.h"), cudnnVersionHeader(8, 9, 7));
    tree.writeFile(QStringLiteral("OldCudnn/bin/cudnn64_8.dll"), libraryBytes());
    tree.writeFile(QStringLiteral("OldCudnn/bin/cudnn_adv_infer64_8.dll"), libraryBytes());
    const QString stray = canonical(tree.path(QStringLiteral("OldCudnn/bin")));
    const auto detect = [&](bool strayFirst) {
        HostEnvironment host = emptyHost(OsFlavor::Windows);
        host.defaultToolkitRoots = {tree.path(QStringLiteral("CUDA/v*"))};
        const QString bin = displayPath(OsFlavor::Windows, toolkit + QStringLiteral("/bin"));
        const QString old = displayPath(OsFlavor::Windows, stray);
        host.variables.insert(QStringLiteral("Path"), strayFirst ? old + u';' + bin : bin + u';' + old);
        FakeProcessRunner fake;
        DetectOptions options;
        options.queryDriver = false;
        return Detector(host, fake).detect(options);
    };

    const SystemSnapshot first = detect(true);
    const CudnnInstall* copy = copyAt(first, stray);
    QVERIFY(copy);
    QCOMPARE(copy->origin, CudnnOrigin::SearchPath);
    QCOMPARE(copy->problems.size(), 1);
    const CudnnProblem& problem = copy->problems.constFirst();
    QCOMPARE(problem.kind, CudnnProblem::Kind::StrayCopy);
    QCOMPARE(problem.diagnostic.code, DetectCode::CudnnStrayCopy);
    // First on Path for cudnn64_8.dll: a program loading it gets the stray copy and fails: an error.
    QCOMPARE(problem.diagnostic.severity, Severity::Error);
    const QString said = problem.diagnostic.message + u'\n' + problem.diagnostic.fix;
    QVERIFY2(said.contains(QStringLiteral("stray copy of cuDNN 8, not an install")), qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("comes first on the search path")), qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("cudnn64_8.dll")), qPrintable(said));
    QVERIFY2(problem.diagnostic.fix.startsWith(QStringLiteral("Take ") + displayPath(OsFlavor::Windows, stray)
                                               + QStringLiteral(" off PATH")),
             qPrintable(said));
    for (const char* never : {"Reinstall", "repair can restore", "from its archive"})
        QVERIFY2(!said.contains(QLatin1String(never)), qPrintable(said));
    // The toolkit's own damage is still a missing file that repair restores: two problems, two codes.
    const CudnnInstall* merged = copyAt(first, toolkit + QStringLiteral("/bin"));
    QVERIFY(merged);
    QCOMPARE(merged->problems.constFirst().diagnostic.code, DetectCode::CudnnMissingLibraries);
    QVERIFY(merged->problems.constFirst().diagnostic.message.contains(QStringLiteral("cudnn_cnn_infer64_8.dll")));
    // The machine's verdict leads with the broken cuDNN (both counted), whatever the frameworks say.
    const MachineVerdict verdict = first.judgeVerdict();
    QVERIFY(verdict.repairFixes());
    QCOMPARE(verdict.problems, 2);
    QCOMPARE(verdict.finding->severity, Severity::Error);

    // With the toolkit first, the stray copy breaks nothing yet: a warning, the same advice.
    const SystemSnapshot second = detect(false);
    copy = copyAt(second, stray);
    QVERIFY(copy && copy->problems.size() == 1);
    QCOMPARE(copy->problems.constFirst().diagnostic.code, DetectCode::CudnnStrayCopy);
    QCOMPARE(copy->problems.constFirst().diagnostic.severity, Severity::Warning);
    QVERIFY2(copy->problems.constFirst().diagnostic.message.contains(QStringLiteral("Other folders come before it")),
             qPrintable(copy->problems.constFirst().diagnostic.message));
}

void TestCudnnOrigins::aStrayCopyOnLinuxIsAdvisedOffTheSearchPath()
{
    // A complete cuDNN 9.19 in the toolkit; an older libcudnn.so.9 alone in /opt/old-cudnn first on LD_LIBRARY_PATH.
    TestTree tree;
    linkChains(tree, QStringLiteral("opt/old-cudnn"), {QStringLiteral("libcudnn")}, QStringLiteral("9.1.0"));
    const QString stray = canonical(tree.path(QStringLiteral("opt/old-cudnn")));
    const SystemSnapshot snapshot = detectWithStrayFirst(tree);
    const CudnnInstall* copy = copyAt(snapshot, stray);
    QVERIFY(copy);
    QCOMPARE(copy->origin, CudnnOrigin::SearchPath);
    QCOMPARE(copy->problems.size(), 1);
    const Diagnostic& d = copy->problems.constFirst().diagnostic;
    QCOMPARE(d.code, DetectCode::CudnnStrayCopy);
    QCOMPARE(d.severity, Severity::Error);
    QVERIFY2(d.message.contains(QStringLiteral("libcudnn.so.9 gets it from there")), qPrintable(d.message));
    QVERIFY2(d.fix.contains(QStringLiteral("off LD_LIBRARY_PATH")) && !d.fix.contains(QStringLiteral("Reinstall")),
             qPrintable(d.fix));
    // The complete toolkit copy has nothing wrong: only the stray copy leads.
    const MachineVerdict verdict = snapshot.judgeVerdict();
    QVERIFY(verdict.repairFixes());
    QCOMPARE(verdict.problems, 1);
    QCOMPARE(verdict.finding->code, DetectCode::CudnnStrayCopy);
}

QTEST_GUILESS_MAIN(TestCudnnOrigins)
void TestCudnnOrigins::whatIsWrongInsideAStrayCopyIsSaidOfTheStrayCopy()
{
    // Issue 50 item 3: the stray libcudnn.so.9 of /opt/old-cudnn is also empty (an interrupted copy) and its
    // libcudnn.so link leads nowhere. Those findings speak of the stray copy and offer its fix, not an install's.
    TestTree tree;
    tree.writeFile(QStringLiteral("opt/old-cudnn/libcudnn.so.9.1.0"), QByteArray());
    tree.symlink(QStringLiteral("opt/old-cudnn/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.1.0"));
    tree.symlink(QStringLiteral("opt/old-cudnn/libcudnn.so"), QStringLiteral("libcudnn.so.9.0.0"));
    const QString stray = canonical(tree.path(QStringLiteral("opt/old-cudnn")));
    const SystemSnapshot snapshot = detectWithStrayFirst(tree);
    const CudnnInstall* copy = copyAt(snapshot, stray);
    QVERIFY(copy);
    QCOMPARE(copy->problems.constFirst().kind, CudnnProblem::Kind::StrayCopy);
    const QString strayFix = copy->problems.constFirst().diagnostic.fix;
    QSet<CudnnProblem::Kind> others;
    for (const CudnnProblem& problem : copy->problems.mid(1)) {
        others.insert(problem.kind);
        const Diagnostic& d = problem.diagnostic;
        QVERIFY2(d.message.startsWith(QStringLiteral("In the stray copy %1: ").arg(stray)), qPrintable(d.message));
        QCOMPARE(d.fix, strayFix);
        QVERIFY2(!d.fix.contains(QStringLiteral("repair can restore")) && !d.fix.contains(QStringLiteral("Reinstall")),
                 qPrintable(d.fix));
        QCOMPARE(d.action.kind, FixAction::Kind::None);
    }
    QVERIFY(others.contains(CudnnProblem::Kind::EmptyFile));
    QVERIFY(others.contains(CudnnProblem::Kind::BrokenLink));
}

void TestCudnnOrigins::aStrayCopyFirstInThisTerminalOnlyIsSaidSo()
{
    // Issue 50 item 2 on Windows: an old cudnn64_9.dll alone in C:\tools\old-cudnn, first on the PATH of the
    // console that started cudnn-setup (a `set PATH=...` there), while the registry's Path, what a new login gets,
    // names only the toolkit's bin. Judged for a new login it is a warning, and the finding says both sessions.
    TestTree tree;
    const WindowsStrayMachine machine = windowsStrayMachine(tree);
    const QString& stray = machine.stray;
    const QString& bin = machine.bin;
    HostEnvironment host = machine.host;
    host.variables.insert(QStringLiteral("PATH"), displayPath(OsFlavor::Windows, stray) + u';' + bin);
    FakeProcessRunner fake;
    DetectOptions options;
    options.queryDriver = false;
    SystemSnapshot snapshot = Detector(host, fake).detect(options);
    QCOMPARE(copyAt(snapshot, stray)->problems.constFirst().diagnostic.severity, Severity::Error); // by this console

    EnvironmentLocations locations;
    locations.host = host;
    locations.windowsDirectory = tree.path(QStringLiteral("Windows"));
    auto store = std::make_shared<MemoryEnvironmentStore>();
    QString error;
    QVERIFY(store->write(EnvironmentScope::Machine, QStringLiteral("Path"), {StoredValue::Type::String, bin}, &error));
    locations.store = store;
    StrayCopySessions::judge(snapshot, locations);
    const Diagnostic& d = copyAt(snapshot, stray)->problems.constFirst().diagnostic;
    QCOMPARE(d.code, DetectCode::CudnnStrayCopy);
    QCOMPARE(d.severity, Severity::Warning);
    QVERIFY2(d.message.contains(QStringLiteral("in this terminal only, because this terminal's PATH names the folder"))
                 && d.message.contains(QStringLiteral("A new login does not get it first.")),
             qPrintable(d.message));
    // The machine's list of findings says the same, once.
    const auto listed = std::count_if(snapshot.diagnostics.cbegin(),
                                      snapshot.diagnostics.cend(),
                                      [&](const Diagnostic& x) { return x.code == DetectCode::CudnnStrayCopy; });
    QCOMPARE(listed, 1);
    QVERIFY(std::any_of(snapshot.diagnostics.cbegin(), snapshot.diagnostics.cend(), [&](const Diagnostic& x) {
        return x.message == d.message && x.severity == Severity::Warning;
    }));

    // The registry's Path names it too: then a new login gets it first as well, and it is an error again.
    QVERIFY(store->write(EnvironmentScope::Machine,
                         QStringLiteral("Path"),
                         {StoredValue::Type::String, displayPath(OsFlavor::Windows, stray) + u';' + bin},
                         &error));
    SystemSnapshot again = Detector(host, fake).detect(options);
    StrayCopySessions::judge(again, locations);
    const Diagnostic& both = copyAt(again, stray)->problems.constFirst().diagnostic;
    QCOMPARE(both.severity, Severity::Error);
    QVERIFY2(both.message.contains(QStringLiteral("It comes first on the search path, so a program that loads "
                                                  "cudnn64_9.dll gets it from there and fails.")),
             qPrintable(both.message));
}

void TestCudnnOrigins::aStrayCopyOnLinuxIsJudgedForANewLogin_data()
{
    // Issue 50 item 2 on Linux. A complete cuDNN 9.19 in the toolkit; an older libcudnn.so.9 alone in a folder. Who
    // puts the folder first on LD_LIBRARY_PATH: this terminal only (an `export` typed there, a venv's activate), or
    // a login's start-up file that this terminal, started before it was edited, has not read.
    QTest::addColumn<QString>("terminal"); // this process's LD_LIBRARY_PATH: "stray" first, or the toolkit's only
    QTest::addColumn<QString>("bashrc"); // ~/.bashrc's line ("STRAY" and "TOOLKIT" replaced)
    QTest::addColumn<QString>("activeVenv"); // VIRTUAL_ENV of this process, below the tree; empty: none
    QTest::addColumn<QString>("severity");
    QTest::addColumn<QStringList>("said");
    QTest::newRow("an export in this terminal only")
        << QStringLiteral("stray") << QStringLiteral("export LD_LIBRARY_PATH=TOOLKIT\n") << QString()
        << QStringLiteral("warning")
        << QStringList{QStringLiteral("It comes first in this terminal only, because this terminal's LD_LIBRARY_PATH "
                                      "names the folder: a program started here that loads libcudnn.so.9"),
                       QStringLiteral("A new login does not get it first.")};
    QTest::newRow("a venv active in this terminal")
        << QStringLiteral("stray") << QStringLiteral("export LD_LIBRARY_PATH=TOOLKIT\n") << QStringLiteral("opt")
        << QStringLiteral("warning")
        << QStringList{QStringLiteral("names the folder, which is inside TREE/opt, the environment active here"),
                       QStringLiteral("A new login does not get it first.")};
    // NVIDIA's install guide's form of the line, in the file every new bash terminal reads.
    QTest::newRow("the login's ~/.bashrc, not yet this terminal")
        << QStringLiteral("toolkit")
        << QStringLiteral("export LD_LIBRARY_PATH=STRAY${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}\n") << QString()
        << QStringLiteral("error")
        << QStringList{QStringLiteral("A new login puts it first on the search path (HOME/.bashrc names the folder in "
                                      "LD_LIBRARY_PATH), so a program started after the next login that loads "
                                      "libcudnn.so.9 gets it from there and fails; this terminal, started before, "
                                      "does not get it first yet."),
                       QStringLiteral("FIX:Take the folder off LD_LIBRARY_PATH in HOME/.bashrc")};
    QTest::newRow("both") << QStringLiteral("stray") << QStringLiteral("export LD_LIBRARY_PATH=STRAY:TOOLKIT\n")
                          << QString() << QStringLiteral("error")
                          << QStringList{QStringLiteral("It comes first on the search path, so a program that loads "
                                                        "libcudnn.so.9 gets it from there and fails.")};
}

void TestCudnnOrigins::aStrayCopyOnLinuxIsJudgedForANewLogin()
{
    QFETCH(QString, terminal);
    QFETCH(QString, bashrc);
    QFETCH(QString, activeVenv);
    QFETCH(QString, severity);
    QFETCH(QStringList, said);
    TestTree tree;
    const QString toolkit = makeLinuxToolkit(tree, {QStringLiteral("cuda-13.0"), 13000, QStringLiteral("13.0.1"), {}});
    linkChains(tree, QStringLiteral("cuda-13.0/lib"), cudnn9Bases(), QStringLiteral("9.19.0"));
    tree.writeFile(QStringLiteral("cuda-13.0/include/cudnn_version.h"), cudnnVersionHeader(9, 19, 0));
    linkChains(tree, QStringLiteral("opt/old-cudnn"), {QStringLiteral("libcudnn")}, QStringLiteral("9.1.0"));
    const QString stray = canonical(tree.path(QStringLiteral("opt/old-cudnn")));
    const QString toolkitLib = toolkit + QStringLiteral("/lib64");
    const QString home = canonical(tree.makeDir(QStringLiteral("home/ana")));
    const QString base = canonical(tree.path(QString()));
    tree.writeFile(QStringLiteral("home/ana/.bashrc"),
                   QString(bashrc)
                       .replace(QStringLiteral("STRAY"), stray)
                       .replace(QStringLiteral("TOOLKIT"), toolkitLib)
                       .toUtf8());

    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda-*"))};
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                          terminal == QLatin1String("stray") ? stray + u':' + toolkitLib : toolkitLib);
    if (!activeVenv.isEmpty())
        host.variables.insert(QStringLiteral("VIRTUAL_ENV"), base + u'/' + activeVenv);
    EnvironmentLocations locations;
    locations.host = host;
    locations.homeDirectory = home;
    locations.systemRoot = SystemRoot(tree.makeDir(QStringLiteral("root")));
    locations.loginShell = QStringLiteral("/bin/bash");
    DetectOptions options;
    options.queryDriver = false;
    const SystemSnapshot snapshot
        = Engine(host, std::make_shared<FakeProcessRunner>(), locations).detect(options); // what --detect runs
    const CudnnInstall* copy = copyAt(snapshot, stray);
    QVERIFY2(copy, "the stray copy is found, whichever session searches it");
    QVERIFY(!copy->problems.isEmpty());
    const Diagnostic& d = copy->problems.constFirst().diagnostic;
    QCOMPARE(d.code, DetectCode::CudnnStrayCopy);
    QCOMPARE(severityName(d.severity), severity);
    for (QString expected : said) {
        expected.replace(QStringLiteral("HOME"), home).replace(QStringLiteral("TREE"), base);
        if (expected.startsWith(QLatin1String("FIX:")))
            QVERIFY2(d.fix.contains(expected.mid(4)), qPrintable(d.fix));
        else
            QVERIFY2(d.message.contains(expected), qPrintable(d.message));
    }
    // The machine's verdict and its list of findings say the same.
    QVERIFY(std::any_of(snapshot.diagnostics.cbegin(), snapshot.diagnostics.cend(), [&](const Diagnostic& x) {
        return x.code == DetectCode::CudnnStrayCopy && x.message == d.message && x.severity == d.severity;
    }));
    QVERIFY(snapshot.verdict.finding && snapshot.verdict.finding->code == DetectCode::CudnnStrayCopy);
    QCOMPARE(snapshot.verdict.summary.severity, d.severity); // a copy this terminal alone gets first: a warning
}

void TestCudnnOrigins::aStrayCopyOnlyTheRegistryPathNamesIsFound()
{
    // The reverse on Windows: the registry's machine Path names C:\tools\old-cudnn before the toolkit (an installer
    // wrote it), and this console, opened before, does not have it on its PATH. A new login gets the old DLL first:
    // the copy is found although this process's PATH never names it, and it is an error with both sessions said.
    TestTree tree;
    const WindowsStrayMachine machine = windowsStrayMachine(tree);
    const QString& stray = machine.stray;
    const QString& bin = machine.bin;
    HostEnvironment host = machine.host;
    host.variables.insert(QStringLiteral("PATH"), bin);
    EnvironmentLocations locations;
    locations.host = host;
    locations.windowsDirectory = tree.path(QStringLiteral("Windows"));
    auto store = std::make_shared<MemoryEnvironmentStore>();
    QString error;
    QVERIFY(store->write(EnvironmentScope::Machine,
                         QStringLiteral("Path"),
                         {StoredValue::Type::String, displayPath(OsFlavor::Windows, stray) + u';' + bin},
                         &error));
    locations.store = store;
    DetectOptions options;
    options.queryDriver = false;
    const SystemSnapshot snapshot = Engine(host, std::make_shared<FakeProcessRunner>(), locations).detect(options);
    const CudnnInstall* copy = copyAt(snapshot, stray);
    QVERIFY2(copy, "a folder only the registry's Path names is looked at");
    const Diagnostic& d = copy->problems.constFirst().diagnostic;
    QCOMPARE(d.code, DetectCode::CudnnStrayCopy);
    QCOMPARE(d.severity, Severity::Error);
    QVERIFY2(d.message.contains(QStringLiteral("A new login puts it first on the search path (the Path in the "
                                               "registry names the folder)"))
                 && d.message.contains(QStringLiteral("this terminal, started before, does not get it first yet")),
             qPrintable(d.message));
    QVERIFY(snapshot.verdict.finding && snapshot.verdict.finding->code == DetectCode::CudnnStrayCopy);
}

void TestCudnnOrigins::theVerdictLeadsWithTheWorstOfTheFrameworks_data()
{
    // Each framework's fits: 1 fits, 0 will not, -1 not known.
    QTest::addColumn<QList<int>>("fits");
    QTest::addColumn<QString>("lead");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("severity");
    QTest::addColumn<int>("problems");
    QTest::newRow("none") << QList<int>{} << QStringLiteral("no-framework") << QStringLiteral("VERDICT-NO-FRAMEWORK")
                          << QStringLiteral("info") << 0;
    QTest::newRow("all fit") << QList<int>{1, 1} << QStringLiteral("frameworks-fit")
                             << QStringLiteral("VERDICT-FRAMEWORKS-FIT") << QStringLiteral("info") << 0;
    QTest::newRow("one not known") << QList<int>{1, -1} << QStringLiteral("frameworks-unknown")
                                   << QStringLiteral("VERDICT-FRAMEWORKS-UNKNOWN") << QStringLiteral("warning") << 1;
    QTest::newRow("a misfit outranks not known")
        << QList<int>{-1, 0, 1, 0} << QStringLiteral("frameworks-will-not-fit")
        << QStringLiteral("VERDICT-FRAMEWORKS-WILL-NOT-FIT") << QStringLiteral("error") << 2;
}

void TestCudnnOrigins::theVerdictLeadsWithTheWorstOfTheFrameworks()
{
    QFETCH(QList<int>, fits);
    QFETCH(QString, lead);
    QFETCH(QString, code);
    QFETCH(QString, severity);
    QFETCH(int, problems);
    FrameworkVerdicts frameworks;
    for (int i = 0; i < fits.size(); ++i) {
        FrameworkVerdict verdict;
        verdict.subject.distribution = QStringLiteral("torch");
        if (fits.at(i) >= 0)
            verdict.fits = fits.at(i) == 1;
        verdict.findings.append(Diagnostic::of(DetectCode::CudnnUnknownMajor, QStringLiteral("framework %1").arg(i)));
        frameworks.append(verdict);
    }
    const MachineVerdict verdict = MachineVerdict::judge({}, frameworks);
    const QJsonObject json = verdict.toJson();
    QCOMPARE(json.value(QStringLiteral("lead")).toString(), lead);
    QCOMPARE(json.value(QStringLiteral("code")).toString(), code);
    QCOMPARE(json.value(QStringLiteral("severity")).toString(), severity);
    QCOMPARE(json.value(QStringLiteral("problems")).toInt(), problems);
    QVERIFY(!json.value(QStringLiteral("message")).toString().isEmpty());
    // The finding that leads is the first framework of the lead's kind.
    const int first = int(fits.indexOf(lead == QLatin1String("frameworks-will-not-fit") ? 0 : -1));
    if (problems > 0)
        QCOMPARE(json.value(QStringLiteral("finding")).toObject().value(QStringLiteral("message")).toString(),
                 QStringLiteral("framework %1").arg(first));
    else
        QVERIFY(json.value(QStringLiteral("finding")).isNull());
    QVERIFY(!verdict.repairFixes());
}

#include "TestCudnnOrigins.moc"
