#include "../detect/DetectFixtures.h"
#include "FakeProcessRunner.h"
#include "StubElf.h"
#include "compat/CudnnFileSets.h"
#include "engine/Engine.h"
#include "env/DirectoryListing.h"
#include "env/EnvironmentLocations.h"
#include "env/EnvironmentStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>
#include <unistd.h>

using namespace DetectFixtures;

/**
 * --explain on machines rebuilt from the failures people report: each test lays out the machine the framework's
 * docs and NVIDIA's install guide say such a user has (toolkits, pip wheels with their metadata, conda envs, stub
 * libraries with the real SONAMEs and DT_NEEDED), pastes the text the program prints (the table's own example of
 * that message, whose source file resources/explain/messages.json cites), and checks the cause named: its kind, its
 * code and the paths its evidence rests on.
 */
class TestExplainCauses : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void cudnn8SubLibraryMissingWhileLibcudnnLoads();
    void subLibraryDependencyMissing();
    void onlyInsideAPipWheelForAProgramThatLoadsByName();
    void ctranslate2Before45NeedsCudnn8WithOnly9();
    void subLibrariesOfTwoReleasesMixed();
    void linksFlattenedByCp();
    void unreadableAfterSudoTar();
    void ldSoConfNamesARemovedToolkit();
    void headersOfTwoVersions();
    void notASetupProblemSaysWhatTellsItApart();
    void recognisedButFineHereSaysWhereToLook();
    void unrecognisedTextSaysSo();
    void onlyTheEnvironmentTheTracebackNamesIsJudged();
    void condaCudnnOnLdLibraryPathBeatsTheWheelTensorflowNeeds();
    void torchWithoutItsWheelGetsAnOlderSystemCopy();
    void theWheelTorchPinsWinsOverLdLibraryPath();
    void aWheelOlderThanTorchPins();
    void aCuda11CopyUnderACuda12Framework();
    void driverTooOldForTheFrameworksCuda();
    void gpuArchitectureNotInTheBuild();
    void wslLibcudaNotInTheLoaderCache();
    void windowsInstallerDllsBehindAPathEntryThatHoldsNone();
    void windowsDllsInAnotherCudaVersionsBin();
    void windowsStaleCopyInSystem32WinsOverPath();
    void windowsLoneDispatcherInSystem32MixesCopies_data();
    void windowsLoneDispatcherInSystem32MixesCopies();
    void aStatusNamingNoLibraryIsJudgedOnTheWholeSet();
    void windowsZlibwapiMissingForCudnn89();
    void windowsOldCopyBesideTheProgram();
    void aWindowsMessageOnLinuxIsSaidToComeFromWindows();
    void aToolkitOffTheSearchPathIsWhatRepairFixes();

private:
    /** Where everything of this machine lies: "/" (the loader cache, /etc), the home, the toolkits. */
    QString root(const QString& relative = {}) const { return m_tree->path(QStringLiteral("root/") + relative); }
    /** A cuDNN library stand-in: a real ELF shared object with its SONAME and DT_NEEDED. */
    QString library(const QString& folder, const QString& soname, const QStringList& needed = {});
    /** A CUDA toolkit with the runtime's libraries and, when cudnn is set, that cuDNN's files (links kept). */
    QString toolkit(const QString& dir, int cudaCode, const std::optional<Version>& cudnn);
    void cudnnFiles(const QString& libDir, const Version& cudnn, const QStringList& leaveOut = {});
    /** The table's first example of a message: the text that program prints (the table cites its source). */
    static QString printed(const QString& id);
    ExplainOutcome explain(const QString& text, const QStringList& environments = {}, const QStringList& roots = {});
    /** The reading on a machine of that host's system, variables, toolkits and NVIDIA cuDNN installer folders (the
     *  Windows test machines), with this test's tree as its root and home. */
    ExplainOutcome explainOn(const HostEnvironment& machine, const ExplainRequest& request);
    ExplainOutcome explainOn(const HostEnvironment& machine, const QString& text);
    /** nvidia-smi answering for a driver of that version (the CUDA it runs at most) with one GPU. */
    void nvidiaSmi(const QString& driver, const QString& cuda, const QString& gpu, const QString& capability);
    /** A cuDNN of that version as its stand-ins: every library (a real ELF with its SONAME) and its version header. */
    void cudnnSonames(const QString& libDir, const Version& cudnn);
    /** The nvidia-cudnn-cu12 wheel of that version in a site-packages folder, as pip leaves it (with its RECORD). */
    void cudnnWheel(const QString& site, const QString& version);
    static QString dump(const ExplainOutcome& outcome);
    static const ExplainCause* causeWithCode(const ExplainOutcome& outcome, const QString& code);
    static bool evidenceNames(const ExplainCause& cause, const QString& path);

    std::unique_ptr<TestTree> m_tree;
    std::shared_ptr<FakeProcessRunner> m_runner;
    QMap<QString, QString> m_variables;
};

void TestExplainCauses::init()
{
    m_tree = std::make_unique<TestTree>();
    // A machine's folders are open to its users; the temporary folder is not, until it says so.
    QFile::setPermissions(m_tree->root(), QFile::permissions(m_tree->root()) | QFile::ReadOther | QFile::ExeOther);
    m_tree->makeDir(QStringLiteral("root/etc/ld.so.conf.d"));
    m_tree->writeFile(QStringLiteral("home/.profile"), "# the user's own profile\n");
    m_variables = {{QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin")}};
    m_runner = std::make_shared<FakeProcessRunner>();
}

QString TestExplainCauses::library(const QString& folder, const QString& soname, const QStringList& needed)
{
    return m_tree->writeFile(folder + QLatin1Char('/') + soname, StubElf::sharedObject(soname, needed));
}

void TestExplainCauses::cudnnFiles(const QString& libDir, const Version& cudnn, const QStringList& leaveOut)
{
    const int major = cudnn.major();
    const QString full = cudnn.toString();
    for (const QString& base : major >= 9 ? cudnn9Bases() : cudnn8Bases()) {
        if (leaveOut.contains(base))
            continue;
        const QString soname = base + QStringLiteral(".so.") + QString::number(major);
        const QString file = base + QStringLiteral(".so.") + full;
        m_tree->writeFile(libDir + QLatin1Char('/') + file, StubElf::sharedObject(soname));
        m_tree->symlink(libDir + QLatin1Char('/') + soname, file);
        m_tree->symlink(libDir + QLatin1Char('/') + base + QStringLiteral(".so"), soname);
    }
    m_tree->writeFile(QFileInfo(libDir).path() + QStringLiteral("/include/cudnn_version.h"),
                      cudnnVersionHeader(major, cudnn.minor(), cudnn.patch()));
    m_tree->writeFile(QFileInfo(libDir).path() + QStringLiteral("/include/cudnn.h"), "#include \"cudnn_version.h\"\n");
}

QString TestExplainCauses::toolkit(const QString& dir, int cudaCode, const std::optional<Version>& cudnn)
{
    const QString relative = QStringLiteral("root/") + dir;
    LinuxToolkit t;
    t.dir = relative;
    t.cudaCode = cudaCode;
    t.versionJson = QStringLiteral("%1.%2.0").arg(cudaCode / 1000).arg(cudaCode % 1000 / 10);
    const QString path = makeLinuxToolkit(*m_tree, t);
    const QString cudart = QStringLiteral("libcudart.so.%1").arg(cudaCode / 1000);
    library(relative + QStringLiteral("/lib"), cudart);
    library(relative + QStringLiteral("/lib"), QStringLiteral("libcublas.so.%1").arg(cudaCode / 1000));
    if (cudnn)
        cudnnFiles(relative + QStringLiteral("/lib"), *cudnn);
    return path;
}

QString TestExplainCauses::printed(const QString& id)
{
    QFile file(QStringLiteral(":/explain/messages.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no message table");
    for (const QJsonValue& entry : QJsonDocument::fromJson(file.readAll())[QStringLiteral("messages")].toArray()) {
        if (entry[QStringLiteral("id")].toString() == id)
            return entry[QStringLiteral("examples")][0][QStringLiteral("text")].toString();
    }
    qFatal("no message %s in the table", qPrintable(id));
}

ExplainOutcome TestExplainCauses::explainOn(const HostEnvironment& machine, const ExplainRequest& request)
{
    HostEnvironment host = machine;
    host.probeDirectory = m_tree->path(QStringLiteral("no-probe"));
    EnvironmentLocations locations;
    locations.host = host;
    locations.homeDirectory = m_tree->path(QStringLiteral("home"));
    locations.systemRoot = SystemRoot(root());
    if (host.os == OsFlavor::Windows) {
        locations.windowsDirectory = root(QStringLiteral("Windows")); // System32 inside it: searched before Path
        if (host.systemLibraryDirs.isEmpty())
            host.systemLibraryDirs = {root(QStringLiteral("Windows/System32")), root(QStringLiteral("Windows"))};
    } else
        locations.loginShell = QStringLiteral("/bin/bash");
    locations.store = std::make_shared<MemoryEnvironmentStore>();
    locations.runner = m_runner;
    locations.listing = std::make_shared<LocalDirectoryListing>();
    const ExplainOutcome outcome = Engine(host, m_runner, locations).explain(request);
    if (qEnvironmentVariableIsSet("EXPLAIN_DUMP"))
        qInfo().noquote() << dump(outcome);
    return outcome;
}

ExplainOutcome TestExplainCauses::explainOn(const HostEnvironment& machine, const QString& text)
{
    ExplainRequest request;
    request.pasted = text.toUtf8();
    return explainOn(machine, request);
}

ExplainOutcome
TestExplainCauses::explain(const QString& text, const QStringList& environments, const QStringList& roots)
{
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.variables = m_variables;
    ExplainRequest request;
    request.pasted = text.toUtf8();
    request.pythonEnvironments = environments;
    request.cudaRoots = roots;
    return explainOn(host, request);
}

void TestExplainCauses::nvidiaSmi(const QString& driver,
                                  const QString& cuda,
                                  const QString& gpu,
                                  const QString& capability)
{
    // What nvidia-smi prints (tests/unit/detect/data/smi): the query with compute_cap, and the header with the
    // CUDA version the driver runs at most.
    m_runner->script(
        QStringLiteral("nvidia-smi"),
        FakeProcessRunner::output(QStringLiteral("0, %1, %2, 32607, %3\n").arg(gpu, capability, driver).toUtf8()),
        QStringLiteral("compute_cap"));
    m_runner->script(
        QStringLiteral("nvidia-smi"),
        FakeProcessRunner::output(QStringLiteral("| NVIDIA-SMI %1              Driver Version: %1      CUDA "
                                                 "Version: %2     |\n")
                                      .arg(driver, cuda)
                                      .toUtf8()));
}

void TestExplainCauses::cudnnSonames(const QString& libDir, const Version& cudnn)
{
    const int major = cudnn.major();
    for (const QString& base : major >= 9 ? cudnn9Bases() : cudnn8Bases())
        library(libDir, base + QStringLiteral(".so.") + QString::number(major));
    m_tree->writeFile(QFileInfo(libDir).path() + QStringLiteral("/include/cudnn_version.h"),
                      cudnnVersionHeader(major, cudnn.minor(), cudnn.patch()));
}

void TestExplainCauses::cudnnWheel(const QString& site, const QString& version)
{
    const Version cudnn = *Version::parse(version);
    writeDistInfo(*m_tree, site, QStringLiteral("nvidia-cudnn-cu12"), version);
    cudnnSonames(site + QStringLiteral("/nvidia/cudnn/lib"), cudnn);
    // pip's RECORD names every file the wheel put there: it is how detection knows which package a copy is.
    QByteArray record;
    for (const QString& base : cudnn.major() >= 9 ? cudnn9Bases() : cudnn8Bases())
        record += QStringLiteral("nvidia/cudnn/lib/%1.so.%2,sha256=AAAA,1024\n").arg(base).arg(cudnn.major()).toUtf8();
    record += "nvidia/cudnn/include/cudnn_version.h,sha256=AAAA,100\n";
    m_tree->writeFile(site + QStringLiteral("/nvidia_cudnn_cu12-%1.dist-info/RECORD").arg(version), record);
}

QString TestExplainCauses::dump(const ExplainOutcome& outcome)
{
    return QString::fromUtf8(QJsonDocument(outcome.toJson()).toJson(QJsonDocument::Indented));
}

const ExplainCause* TestExplainCauses::causeWithCode(const ExplainOutcome& outcome, const QString& code)
{
    for (const ExplainCause& cause : outcome.explanation.causes) {
        if (cause.code == code)
            return &cause;
    }
    return nullptr;
}

bool TestExplainCauses::evidenceNames(const ExplainCause& cause, const QString& path)
{
    const QString wanted = canonical(path).isEmpty() ? path : canonical(path);
    return std::any_of(cause.evidence.cbegin(), cause.evidence.cend(), [&](const Evidence& e) {
        return !e.path.isEmpty() && (e.path == path || canonical(e.path) == wanted);
    });
}

#define QVERIFY_CAUSE(outcome, code, kindName)                                                                         \
    const ExplainCause* found = causeWithCode(outcome, code);                                                          \
    QVERIFY2(found, qPrintable(dump(outcome)));                                                                        \
    QCOMPARE(found->kind, QStringLiteral(kindName));                                                                   \
    QCOMPARE((outcome).taskStatus(), TaskStatus::Ok)

void TestExplainCauses::cudnn8SubLibraryMissingWhileLibcudnnLoads()
{
    // cuDNN 8's loader opens its sub-libraries by name at the first convolution (libcudnn.so.8 itself loads fine):
    // a copy whose lib folder lacks libcudnn_cnn_infer.so.8 prints cuDNN's own "Could not load library ...".
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-11.8"), 11080, std::nullopt);
    cudnnFiles(
        QStringLiteral("root/usr/local/cuda-11.8/lib"), Version({8, 9, 7}), {QStringLiteral("libcudnn_cnn_infer")});
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"), cuda + QStringLiteral("/lib"));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("cudnn8-could-not-load-library")), {}, {cuda});
    QCOMPARE(outcome.explanation.messages.constFirst().facts.value(QStringLiteral("library")),
             QStringLiteral("libcudnn_cnn_infer.so.8"));
    // Detection names the partial copy already: the cause carries its code, and the copy it rests on.
    QVERIFY_CAUSE(outcome, QStringLiteral("CUDNN-MISSING-LIBS"), "library-missing");
    QVERIFY(found->subjects.contains(QStringLiteral("libcudnn_cnn_infer.so.8")));
    QVERIFY(evidenceNames(*found, cuda + QStringLiteral("/lib")));
}

void TestExplainCauses::subLibraryDependencyMissing()
{
    // libcudnn_cnn_infer.so.8 is there but needs the CUDA 11 cuBLAS the toolkit (a CUDA 12 one) does not have: glibc
    // names the sub-library, the missing one is its dependency.
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, std::nullopt);
    cudnnFiles(
        QStringLiteral("root/usr/local/cuda-12.4/lib"), Version({8, 9, 7}), {QStringLiteral("libcudnn_cnn_infer")});
    const QString lib = QStringLiteral("root/usr/local/cuda-12.4/lib");
    m_tree->writeFile(
        lib + QStringLiteral("/libcudnn_cnn_infer.so.8.9.7"),
        StubElf::sharedObject(QStringLiteral("libcudnn_cnn_infer.so.8"),
                              {QStringLiteral("libcublasLt.so.11"), QStringLiteral("libcudnn_ops_infer.so.8")}));
    m_tree->symlink(lib + QStringLiteral("/libcudnn_cnn_infer.so.8"), QStringLiteral("libcudnn_cnn_infer.so.8.9.7"));
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"), cuda + QStringLiteral("/lib"));
    // cuDNN 8's loader message for a dependency (the table's cudnn8-could-not-load-dependency: "Error: <the library
    // dlopen could not open>"), here for the cuBLASLt of CUDA 11.
    const ExplainOutcome outcome = explain(
        QStringLiteral("Could not load library libcudnn_cnn_infer.so.8. Error: libcublasLt.so.11: cannot open shared "
                       "object file: No such file or directory\nPlease make sure libcudnn_cnn_infer.so.8 is in your "
                       "library path!\n"),
        {},
        {cuda});
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-DEPENDENCY-MISSING"), "dependency-missing");
    QVERIFY(found->subjects.contains(QStringLiteral("libcublasLt.so.11")));
    QVERIFY(evidenceNames(*found, cuda + QStringLiteral("/lib/libcudnn_cnn_infer.so.8.9.7")));
}

void TestExplainCauses::onlyInsideAPipWheelForAProgramThatLoadsByName()
{
    // ONNX Runtime loads cuDNN by name from the loader's path; the nvidia-cudnn-cu12 wheel's folder is never on it
    // (ONNX Runtime's CUDA EP docs: "cuDNN ... must be on PATH/LD_LIBRARY_PATH", before preload_dlls in 1.21).
    const QString site
        = writeVenv(*m_tree,
                    QStringLiteral("home/venv"),
                    {QStringLiteral("onnxruntime-gpu==1.20.1"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")},
                    OsFlavor::Linux);
    const QString wheelLib = site + QStringLiteral("/nvidia/cudnn/lib");
    for (const QString& base : cudnn9Bases())
        library(wheelLib, base + QStringLiteral(".so.9"));
    m_tree->writeFile(site + QStringLiteral("/nvidia/cudnn/include/cudnn_version.h"), cudnnVersionHeader(9, 1, 0));
    const QString venv = canonical(m_tree->path(QStringLiteral("home/venv")));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("ort-provider-dependency-missing")), {venv});
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-NOT-SEARCHED"), "not-on-search-path");
    QVERIFY(evidenceNames(*found, m_tree->path(wheelLib) + QStringLiteral("/libcudnn.so.9")));
    QCOMPARE(found->environments, QStringList{venv});
    QVERIFY(found->fix.command.contains(QStringLiteral("LD_LIBRARY_PATH")));
}

void TestExplainCauses::ctranslate2Before45NeedsCudnn8WithOnly9()
{
    // faster-whisper on CTranslate2 4.4 (built with cuDNN 8.9.7, CTranslate2's README) on a machine with only
    // cuDNN 9: "Could not load library libcudnn_ops_infer.so.8".
    writeVenv(*m_tree,
              QStringLiteral("home/whisper"),
              {QStringLiteral("ctranslate2==4.4.0"), QStringLiteral("faster-whisper==1.0.3")},
              OsFlavor::Linux);
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"), cuda + QStringLiteral("/lib"));
    const QString venv = canonical(m_tree->path(QStringLiteral("home/whisper")));
    const ExplainOutcome outcome = explain(
        QStringLiteral("Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open "
                       "shared object file: No such file or directory\nAborted (core dumped)\n"),
        {venv},
        {cuda});
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-OTHER-MAJOR-ONLY"), "major-mismatch");
    QVERIFY2(found->fix.command.contains(QStringLiteral("ctranslate2>=4.5")), qPrintable(dump(outcome)));
}

void TestExplainCauses::subLibrariesOfTwoReleasesMixed()
{
    // A 9.1 copy on LD_LIBRARY_PATH holding only libcudnn.so.9 and libcudnn_graph.so.9 (left from an old manual
    // copy) before the toolkit's complete 9.1: the graph library of one release asks the other for what it lacks.
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    const QString stray = QStringLiteral("root/opt/old-cudnn/lib");
    for (const QString& base : {QStringLiteral("libcudnn"), QStringLiteral("libcudnn_graph")}) {
        m_tree->writeFile(stray + QLatin1Char('/') + base + QStringLiteral(".so.9.0.0"),
                          StubElf::sharedObject(base + QStringLiteral(".so.9")));
        m_tree->symlink(stray + QLatin1Char('/') + base + QStringLiteral(".so.9"), base + QStringLiteral(".so.9.0.0"));
    }
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                       m_tree->path(stray) + QLatin1Char(':') + cuda + QStringLiteral("/lib"));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("cudnn9-could-not-load-symbol")), {}, {cuda});
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-COPIES-MIXED"), "mixed-versions");
    QVERIFY(evidenceNames(*found, m_tree->path(stray)));
    QVERIFY(evidenceNames(*found, cuda + QStringLiteral("/lib")));
}

void TestExplainCauses::linksFlattenedByCp()
{
    // `cp lib/* /usr/local/cuda/lib64/` without -P turns every link into a copy: ldconfig then says, for each,
    // "/usr/local/cuda/lib64/libcudnn.so.8 is not a symbolic link" (glibc elf/ldconfig.c).
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-11.8"), 11080, std::nullopt);
    const QString lib = QStringLiteral("root/usr/local/cuda-11.8/lib");
    for (const QString& base : cudnn8Bases()) {
        const QByteArray bytes = StubElf::sharedObject(base + QStringLiteral(".so.8"));
        m_tree->writeFile(lib + QLatin1Char('/') + base + QStringLiteral(".so.8.9.7"), bytes);
        m_tree->writeFile(lib + QLatin1Char('/') + base + QStringLiteral(".so.8"), bytes);
        m_tree->writeFile(lib + QLatin1Char('/') + base + QStringLiteral(".so"), bytes);
    }
    m_tree->writeFile(QStringLiteral("root/usr/local/cuda-11.8/include/cudnn_version.h"), cudnnVersionHeader(8, 9, 7));
    const QString text
        = QStringLiteral("/sbin/ldconfig.real: %1/lib/libcudnn.so.8 is not a symbolic link\n\n").arg(cuda);
    const ExplainOutcome outcome = explain(text, {}, {cuda});
    const auto it = std::find_if(outcome.explanation.causes.cbegin(),
                                 outcome.explanation.causes.cend(),
                                 [](const ExplainCause& c) { return c.kind == QLatin1String("links-flattened"); });
    QVERIFY2(it != outcome.explanation.causes.cend(), qPrintable(dump(outcome)));
    QCOMPARE(outcome.taskStatus(), TaskStatus::Ok);
    QVERIFY(it->fix.repairFixes || it->fix.action.kind == FixAction::Kind::RunRepair);
}

void TestExplainCauses::unreadableAfterSudoTar()
{
    // `sudo tar -xf` under a umask of 077 leaves the libraries root-only: a user's program cannot open them and
    // glibc says "cannot open shared object file: Permission denied" — but root, running this test, reads any file,
    // so the reader is a user without rights on the folder.
    if (::geteuid() != 0)
        QSKIP("needs root to build a file only root may read");
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    const QString file = cuda + QStringLiteral("/lib/libcudnn_cnn.so.9.1.0");
    QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner));
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"), cuda + QStringLiteral("/lib"));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("cudnn9-unable-to-load-any")), {}, {cuda});
    // As root the file is readable: what is judged is whether other users may read it.
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-NOT-READABLE"), "not-readable");
    QVERIFY(evidenceNames(*found, file));
    QVERIFY(found->fix.command.contains(QStringLiteral("chmod")));
}

void TestExplainCauses::ldSoConfNamesARemovedToolkit()
{
    // A toolkit removed (or replaced by a newer one) while /etc/ld.so.conf.d/cuda.conf still names it, and the
    // cache was rebuilt: nothing provides libcudnn.so.8 any more, but the newer toolkit's folder is named nowhere.
    m_tree->writeFile(QStringLiteral("root/etc/ld.so.conf.d/cuda-11-8.conf"), "/usr/local/cuda-11.8/lib64\n");
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({8, 9, 7}));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("glibc-error-while-loading")), {}, {cuda});
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-NOT-SEARCHED"), "not-on-search-path");
    QVERIFY(evidenceNames(*found, cuda + QStringLiteral("/lib/libcudnn.so.8")));
}

void TestExplainCauses::headersOfTwoVersions()
{
    // cudnn.h of cuDNN 8 beside the cudnn_version.h of 9 (two archives copied over each other): CMake's FindCUDNN
    // and PyTorch's cuda.cmake read CUDNN_MAJOR from cudnn_version.h and link what the other header declares.
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    m_tree->writeFile(QStringLiteral("root/usr/local/cuda-12.4/include/cudnn.h"),
                      "#if !defined(CUDNN_H_)\n#define CUDNN_H_\n#include <cuda_runtime.h>\n#include <stdint.h>\n\n"
                      "#include \"cudnn_version.h\"\n#include \"cudnn_ops_infer.h\"\n#include \"cudnn_ops_train.h\"\n"
                      "#include \"cudnn_adv_infer.h\"\n#include \"cudnn_adv_train.h\"\n#include \"cudnn_cnn_infer.h\"\n"
                      "#include \"cudnn_cnn_train.h\"\n#include \"cudnn_backend.h\"\n#endif\n");
    const ExplainOutcome outcome = explain(printed(QStringLiteral("build-torch-cudnn-version-unknown")), {}, {cuda});
    const auto it
        = std::find_if(outcome.explanation.causes.cbegin(),
                       outcome.explanation.causes.cend(),
                       [](const ExplainCause& c) { return c.kind == QLatin1String("headers-missing-or-mismatched"); });
    QVERIFY2(it != outcome.explanation.causes.cend(), qPrintable(dump(outcome)));
    QCOMPARE(it->code, QStringLiteral("EXPLAIN-HEADERS-MIXED"));
    QVERIFY(evidenceNames(*it, cuda + QStringLiteral("/include/cudnn.h")));
    QVERIFY(evidenceNames(*it, cuda + QStringLiteral("/include/cudnn_version.h")));
}

void TestExplainCauses::notASetupProblemSaysWhatTellsItApart()
{
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("cudnn-status-alloc-failed")), {}, {cuda});
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-NOT-SETUP"), "not-a-setup-problem");
    QVERIFY(!found->evidence.isEmpty());
    QVERIFY(!found->fix.text.isEmpty());
}

void TestExplainCauses::recognisedButFineHereSaysWhereToLook()
{
    // The machine's toolkit holds every cuDNN 9 library on the search path: "Unable to load any of {...}" must come
    // from another environment or machine.
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"), cuda + QStringLiteral("/lib"));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("cudnn9-unable-to-load-any")), {}, {cuda});
    QVERIFY2(outcome.explanation.causes.isEmpty(), qPrintable(dump(outcome)));
    QCOMPARE(outcome.explanation.outcome, Explanation::Outcome::NoCauseHere);
    QCOMPARE(outcome.taskStatus(), TaskStatus::NoCauseHere);
    QVERIFY(!outcome.explanation.instead.isEmpty());
    QVERIFY(outcome.explanation.instead.join(QLatin1Char(' ')).contains(cuda));
}

void TestExplainCauses::unrecognisedTextSaysSo()
{
    const ExplainOutcome outcome = explain(QStringLiteral("Segmentation fault (core dumped)\n"));
    QCOMPARE(outcome.explanation.outcome, Explanation::Outcome::NotRecognised);
    QCOMPARE(outcome.taskStatus(), TaskStatus::NotRecognised);
    QVERIFY(outcome.explanation.messages.isEmpty());
}

void TestExplainCauses::onlyTheEnvironmentTheTracebackNamesIsJudged()
{
    // Two venvs hold onnxruntime-gpu; the traceback's path is inside one: that one is judged, the other is not.
    for (const QString& name : {QStringLiteral("home/a"), QStringLiteral("home/b")}) {
        const QString site
            = writeVenv(*m_tree,
                        name,
                        {QStringLiteral("onnxruntime-gpu==1.20.1"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")},
                        OsFlavor::Linux);
        for (const QString& base : cudnn9Bases())
            library(site + QStringLiteral("/nvidia/cudnn/lib"), base + QStringLiteral(".so.9"));
    }
    const QString a = canonical(m_tree->path(QStringLiteral("home/a")));
    const QString b = canonical(m_tree->path(QStringLiteral("home/b")));
    const QString text = QStringLiteral("Traceback (most recent call last):\n  File \"%1/lib/python3.11/site-packages/"
                                        "onnxruntime/capi/onnxruntime_inference_collection.py\", line 419\n")
                             .arg(b)
        + printed(QStringLiteral("ort-provider-dependency-missing"));
    const ExplainOutcome outcome = explain(text, {a, b});
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-NOT-SEARCHED"), "not-on-search-path");
    for (const ExplainCause& cause : outcome.explanation.causes)
        QVERIFY2(!cause.environments.contains(a), qPrintable(dump(outcome)));
    QCOMPARE(found->environments, QStringList{b});
}

void TestExplainCauses::condaCudnnOnLdLibraryPathBeatsTheWheelTensorflowNeeds()
{
    // TensorFlow's install guide for 2.12 had users `conda install cudnn` and put $CONDA_PREFIX/lib on
    // LD_LIBRARY_PATH; TF 2.15 from pip (built with cuDNN 8.9, tensorflow/tools/pip_package/setup.py pins
    // nvidia-cudnn-cu12 8.9.4.25 for [and-cuda]) then gets conda's 8.6 first: LD_LIBRARY_PATH comes before its
    // RUNPATH to the wheel. XLA's cuda_dnn.cc prints its "Loaded runtime CuDNN library" with those versions.
    const QString prefix = QStringLiteral("home/miniconda3/envs/tf");
    writeCondaRecord(*m_tree, prefix, QStringLiteral("python"), QStringLiteral("3.11.4"), {}, {});
    cudnnSonames(prefix + QStringLiteral("/lib"), Version({8, 6, 0}));
    writeCondaRecord(*m_tree,
                     prefix,
                     QStringLiteral("cudnn"),
                     QStringLiteral("8.6.0.163"),
                     soFiles(QStringLiteral("lib"), 8),
                     {QStringLiteral("cudatoolkit 11.*")});
    const QString site = prefix + QStringLiteral("/lib/python3.11/site-packages");
    writeDistInfo(*m_tree, site, QStringLiteral("tensorflow"), QStringLiteral("2.15.0"));
    cudnnWheel(site, QStringLiteral("8.9.4.25"));
    const QString env = canonical(m_tree->path(prefix));
    m_variables.insert(QStringLiteral("CONDA_PREFIX"), env);
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"), env + QStringLiteral("/lib"));
    const ExplainOutcome outcome = explain(
        QStringLiteral("2023-11-27 10:21:14.532813: E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:447] "
                       "Loaded runtime CuDNN library: 8.6.0 but source was compiled with: 8.9.4.  CuDNN library needs "
                       "to have matching major version and equal or higher minor version. If using a binary install, "
                       "upgrade your CuDNN library.\n"),
        {env});
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-OLDER-COPY-WINS"), "other-copy-wins");
    QVERIFY2(evidenceNames(*found, env + QStringLiteral("/lib")), qPrintable(dump(outcome)));
    QVERIFY2(evidenceNames(*found, env + QStringLiteral("/lib/python3.11/site-packages/nvidia/cudnn/lib")),
             qPrintable(dump(outcome)));
    QCOMPARE(found->environments, QStringList{env});
}

void TestExplainCauses::torchWithoutItsWheelGetsAnOlderSystemCopy()
{
    // torch's Linux wheels name the nvidia-cudnn-cu12 wheel in a forced RPATH (pytorch/builder#1150), which comes
    // before LD_LIBRARY_PATH; installed without it (pip install --no-deps), torch 2.7 falls back to the loader's
    // search path and gets an older toolkit's cuDNN 9.1: torch/backends/cudnn/__init__.py then says "compiled
    // against (9, 5, 1) but found runtime version (9, 1, 0)".
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    writeVenv(*m_tree, QStringLiteral("home/venv"), {QStringLiteral("torch==2.7.0")}, OsFlavor::Linux);
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"), cuda + QStringLiteral("/lib"));
    const QString venv = canonical(m_tree->path(QStringLiteral("home/venv")));
    const ExplainOutcome outcome = explain(
        QStringLiteral("RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (9, 5, 1) but found "
                       "runtime version (9, 1, 0). PyTorch already comes bundled with cuDNN. One option to resolving "
                       "this error is to ensure PyTorch can find the bundled cuDNN. one possibility is that there is a "
                       "conflicting cuDNN in LD_LIBRARY_PATH.\n"),
        {venv},
        {cuda});
    const ExplainCause* first
        = outcome.explanation.causes.isEmpty() ? nullptr : &outcome.explanation.causes.constFirst();
    QVERIFY2(first, qPrintable(dump(outcome)));
    QCOMPARE(first->kind, QStringLiteral("too-old"));
    QVERIFY2(evidenceNames(*first, cuda + QStringLiteral("/lib")), qPrintable(dump(outcome)));
    QCOMPARE(first->environments, QStringList{venv});
}

void TestExplainCauses::theWheelTorchPinsWinsOverLdLibraryPath()
{
    // The same export with the wheel in place: the wheel comes first, so the message cannot come from this venv.
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    const QString site
        = writeVenv(*m_tree, QStringLiteral("home/venv"), {QStringLiteral("torch==2.7.0")}, OsFlavor::Linux);
    cudnnWheel(site, QStringLiteral("9.5.1.17"));
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"), cuda + QStringLiteral("/lib"));
    const QString venv = canonical(m_tree->path(QStringLiteral("home/venv")));
    const ExplainOutcome outcome = explain(
        QStringLiteral("RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (9, 5, 1) but found "
                       "runtime version (9, 1, 0).\n"),
        {venv},
        {cuda});
    QVERIFY2(outcome.explanation.causes.isEmpty(), qPrintable(dump(outcome)));
    QCOMPARE(outcome.taskStatus(), TaskStatus::NoCauseHere);
    QVERIFY(outcome.explanation.instead.join(QLatin1Char(' ')).contains(site + QStringLiteral("/nvidia/cudnn/lib")));
}

void TestExplainCauses::aWheelOlderThanTorchPins()
{
    // The reverse: nothing on the search path, but `pip install nvidia-cudnn-cu12==9.1.0.70` (for another package)
    // replaced the 9.5.1 wheel torch 2.7 pins: torch loads its own folder's copy, which is older than its build.
    const QString site
        = writeVenv(*m_tree, QStringLiteral("home/venv"), {QStringLiteral("torch==2.7.0")}, OsFlavor::Linux);
    cudnnWheel(site, QStringLiteral("9.1.0.70"));
    const QString venv = canonical(m_tree->path(QStringLiteral("home/venv")));
    const ExplainOutcome outcome = explain(
        QStringLiteral("RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (9, 5, 1) but found "
                       "runtime version (9, 1, 0).\n"),
        {venv});
    const ExplainCause* first
        = outcome.explanation.causes.isEmpty() ? nullptr : &outcome.explanation.causes.constFirst();
    QVERIFY2(first, qPrintable(dump(outcome)));
    QCOMPARE(first->kind, QStringLiteral("too-old"));
    QVERIFY2(evidenceNames(*first, m_tree->path(site + QStringLiteral("/nvidia/cudnn/lib"))),
             qPrintable(dump(outcome)));
    QCOMPARE(first->fix.command, QStringLiteral("pip install 'nvidia-cudnn-cu12==9.5.1.17'"));
}

void TestExplainCauses::aCuda11CopyUnderACuda12Framework()
{
    // ONNX Runtime 1.20 (CUDA 12, cuDNN 9: its CUDA EP requirements table) with LD_LIBRARY_PATH on a CUDA 11.8
    // toolkit holding cuDNN 9.1 for CUDA 11: cuDNN starts, and its handle fails (CUDNN_STATUS_NOT_INITIALIZED).
    nvidiaSmi(QStringLiteral("550.144.03"),
              QStringLiteral("12.4"),
              QStringLiteral("NVIDIA GeForce RTX 3060 Ti"),
              QStringLiteral("8.6"));
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-11.8"), 11080, Version({9, 1, 0}));
    writeVenv(*m_tree, QStringLiteral("home/venv"), {QStringLiteral("onnxruntime-gpu==1.20.1")}, OsFlavor::Linux);
    m_variables.insert(QStringLiteral("LD_LIBRARY_PATH"), cuda + QStringLiteral("/lib"));
    const QString venv = canonical(m_tree->path(QStringLiteral("home/venv")));
    const ExplainOutcome outcome
        = explain(QStringLiteral("2024-11-02 10:11:12.13 [E:onnxruntime:, sequential_executor.cc:516 ExecuteKernel] "
                                 "Non-zero status code returned while running Conv node. Name:'/conv1/Conv' Status "
                                 "Message: CUDNN failure 1001: CUDNN_STATUS_NOT_INITIALIZED ; GPU=0 ; "
                                 "hostname=u ; file=cudnn_conv.cc ; line=171 ; expr=cudnnCreate(&handle);\n"),
                  {venv},
                  {cuda});
    const ExplainCause* first
        = outcome.explanation.causes.isEmpty() ? nullptr : &outcome.explanation.causes.constFirst();
    QVERIFY2(first, qPrintable(dump(outcome)));
    QCOMPARE(first->kind, QStringLiteral("toolkit-mismatch"));
    QVERIFY2(evidenceNames(*first, cuda + QStringLiteral("/lib"))
                 || first->subjects.contains(cuda + QStringLiteral("/lib")),
             qPrintable(dump(outcome)));
}

void TestExplainCauses::driverTooOldForTheFrameworksCuda()
{
    // Driver 470 runs CUDA 11.4 at most; torch 2.5 from PyPI is the cu124 build (PyTorch's release matrix).
    nvidiaSmi(QStringLiteral("470.57.02"), QStringLiteral("11.4"), QStringLiteral("Tesla T4"), QStringLiteral("7.5"));
    const QString site = writeVenv(*m_tree,
                                   QStringLiteral("home/venv"),
                                   {QStringLiteral("torch==2.5.1"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")},
                                   OsFlavor::Linux);
    cudnnSonames(site + QStringLiteral("/nvidia/cudnn/lib"), Version({9, 1, 0}));
    const QString venv = canonical(m_tree->path(QStringLiteral("home/venv")));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("cudart-insufficient-driver")), {venv});
    const ExplainCause* first
        = outcome.explanation.causes.isEmpty() ? nullptr : &outcome.explanation.causes.constFirst();
    QVERIFY2(first, qPrintable(dump(outcome)));
    QCOMPARE(first->kind, QStringLiteral("driver-too-old"));
    QVERIFY2((first->message + first->fix.text).contains(QStringLiteral("470.57.02"))
                 || std::any_of(first->evidence.cbegin(),
                                first->evidence.cend(),
                                [](const Evidence& e) { return e.text.contains(QStringLiteral("470.57.02")); }),
             qPrintable(dump(outcome)));
}

void TestExplainCauses::gpuArchitectureNotInTheBuild()
{
    // An RTX 5090 (sm_120) with torch 2.6 cu124, built for sm_50 ... sm_90 (torch/cuda/__init__.py's warning).
    nvidiaSmi(QStringLiteral("570.124.06"),
              QStringLiteral("12.8"),
              QStringLiteral("NVIDIA GeForce RTX 5090"),
              QStringLiteral("12.0"));
    const QString site = writeVenv(*m_tree,
                                   QStringLiteral("home/venv"),
                                   {QStringLiteral("torch==2.6.0"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")},
                                   OsFlavor::Linux);
    cudnnSonames(site + QStringLiteral("/nvidia/cudnn/lib"), Version({9, 1, 0}));
    const QString venv = canonical(m_tree->path(QStringLiteral("home/venv")));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("torch-capability-not-compatible")), {venv});
    const ExplainCause* first
        = outcome.explanation.causes.isEmpty() ? nullptr : &outcome.explanation.causes.constFirst();
    QVERIFY2(first, qPrintable(dump(outcome)));
    QCOMPARE(first->kind, QStringLiteral("gpu-not-supported"));
    QVERIFY2((first->message + first->fix.text).contains(QStringLiteral("sm_120"))
                 || std::any_of(first->evidence.cbegin(),
                                first->evidence.cend(),
                                [](const Evidence& e) { return e.text.contains(QStringLiteral("RTX 5090")); }),
             qPrintable(dump(outcome)));
}

void TestExplainCauses::wslLibcudaNotInTheLoaderCache()
{
    // WSL2 mounts the Windows driver's libcuda.so.1 in /usr/lib/wsl/lib and names it in /etc/ld.so.conf.d/ld.wsl.conf
    // (NVIDIA's CUDA on WSL guide); a cache rebuilt without that file leaves every program without the driver.
    m_tree->writeFile(QStringLiteral("root/usr/lib/wsl/lib/libcuda.so.1"),
                      StubElf::sharedObject(QStringLiteral("libcuda.so.1")));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("glibc-libcuda-missing")));
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-CACHE-STALE"), "loader-cache-stale");
    QVERIFY(evidenceNames(*found, root(QStringLiteral("usr/lib/wsl/lib/libcuda.so.1"))));
    QCOMPARE(found->fix.command, QStringLiteral("sudo ldconfig"));
}

void TestExplainCauses::windowsInstallerDllsBehindAPathEntryThatHoldsNone()
{
    // NVIDIA's cuDNN 9 installer for Windows puts the DLLs in bin\<CUDA>\x64 and adds ...\v9.10\bin to Path, which
    // holds none (NVIDIA's cuDNN install guide for Windows: add the bin\<cuda version>\x64 folder to PATH). cuDNN's
    // loader then prints "Could not locate cudnn_ops64_9.dll" (the table's cudnn-windows-could-not-locate).
    const QString cudaDir = QStringLiteral("root/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.8");
    makeWindowsToolkit(*m_tree, cudaDir, QStringLiteral("12.8.1"), 12080);
    const QString cudnn = QStringLiteral("root/Program Files/NVIDIA/CUDNN/v9.10");
    const QStringList dlls9 = CudnnFileSets::builtIn().forMajor(9)->windowsDlls;
    for (const QString& dll : dlls9)
        m_tree->writeFile(cudnn + QStringLiteral("/bin/12.8/x64/") + dll, libraryBytes());
    m_tree->writeFile(cudnn + QStringLiteral("/include/12.8/cudnn_version.h"), cudnnVersionHeader(9, 10, 2));
    HostEnvironment host = emptyHost(OsFlavor::Windows);
    host.defaultToolkitRoots
        = {m_tree->path(QStringLiteral("root/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v*"))};
    host.nvidiaCudnnRoots = {m_tree->path(QStringLiteral("root/Program Files/NVIDIA/CUDNN/v*"))};
    host.variables.insert(QStringLiteral("PATH"),
                          displayPath(OsFlavor::Windows, m_tree->path(cudaDir + QStringLiteral("/bin")))
                              + QLatin1Char(';')
                              + displayPath(OsFlavor::Windows, m_tree->path(cudnn + QStringLiteral("/bin"))));
    const ExplainOutcome outcome = explainOn(host, printed(QStringLiteral("cudnn-windows-could-not-locate")));
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-NOT-SEARCHED"), "not-on-search-path");
    const QString x64 = m_tree->path(cudnn + QStringLiteral("/bin/12.8/x64"));
    QVERIFY2(std::any_of(found->evidence.cbegin(),
                         found->evidence.cend(),
                         [&](const Evidence& e) { return e.path.startsWith(x64, Qt::CaseInsensitive); }),
             qPrintable(dump(outcome)));
    // The fix names the folder that holds the DLLs, in Windows' words, and changes the user's Path alone (setx with
    // %PATH% would copy the machine Path into it and cut it at 1024 characters).
    QVERIFY2(found->fix.command.contains(displayPath(OsFlavor::Windows, x64), Qt::CaseInsensitive),
             qPrintable(dump(outcome)));
    QVERIFY2(found->fix.command.contains(QStringLiteral("GetEnvironmentVariable('Path', 'User')")),
             qPrintable(found->fix.command));
    QVERIFY(!found->fix.command.contains(QStringLiteral("%PATH%")));
    // The folders searched, each in Windows' words, none of them empty.
    for (const Evidence& evidence : found->evidence) {
        if (evidence.text.startsWith(QStringLiteral("The program searched:"))) {
            QVERIFY2(!evidence.text.contains(QStringLiteral(", ,")) && !evidence.text.contains(u'/'),
                     qPrintable(evidence.text));
        }
    }
}

void TestExplainCauses::windowsDllsInAnotherCudaVersionsBin()
{
    // TensorFlow 2.10, the last with GPU support on native Windows, loads cudnn64_8.dll by name (XLA's dso_loader.cc,
    // the table's tf-could-not-load-dynamic-library, its Windows example). cuDNN 8 was merged into CUDA 11.2's bin,
    // but Path names only CUDA 12.8's bin (a later toolkit's installer put itself there).
    const QString older = QStringLiteral("root/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.2");
    const QString newer = QStringLiteral("root/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.8");
    makeWindowsToolkit(*m_tree, older, QStringLiteral("11.2.2"), 11020);
    makeWindowsToolkit(*m_tree, newer, QStringLiteral("12.8.1"), 12080);
    const QStringList dlls8 = CudnnFileSets::builtIn().forMajor(8)->windowsDlls;
    for (const QString& dll : dlls8)
        m_tree->writeFile(older + QStringLiteral("/bin/") + dll, libraryBytes());
    m_tree->writeFile(older + QStringLiteral("/include/cudnn_version.h"), cudnnVersionHeader(8, 1, 1));
    HostEnvironment host = emptyHost(OsFlavor::Windows);
    host.defaultToolkitRoots
        = {m_tree->path(QStringLiteral("root/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v*"))};
    host.variables.insert(QStringLiteral("PATH"),
                          displayPath(OsFlavor::Windows, m_tree->path(newer + QStringLiteral("/bin"))));
    const ExplainOutcome outcome = explainOn(
        host,
        QStringLiteral("2021-06-24 23:59:50.227673: W tensorflow/stream_executor/platform/default/dso_loader.cc:55] "
                       "Could not load dynamic library 'cudnn64_8.dll'; dlerror: cudnn64_8.dll not found"));
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-NOT-SEARCHED"), "not-on-search-path");
    const QString bin = m_tree->path(older + QStringLiteral("/bin"));
    QVERIFY2(std::any_of(found->evidence.cbegin(),
                         found->evidence.cend(),
                         [&](const Evidence& e) { return e.path.startsWith(bin, Qt::CaseInsensitive); }),
             qPrintable(dump(outcome)));
    // A toolkit's copy: the repair puts that toolkit's bin on Path.
    QCOMPARE(found->fix.action.kind, FixAction::Kind::RunRepair);
}

namespace {
const QString kCuda128 = QStringLiteral("root/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.8");
const QString kCuda112 = QStringLiteral("root/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.2");
const QString kSystem32 = QStringLiteral("root/Windows/System32");
} // namespace

/** A Windows host whose Path names the toolkits' bin folders, in that order. */
static HostEnvironment windowsHostWithPath(TestTree& tree, const QStringList& toolkitDirs)
{
    HostEnvironment host = emptyHost(OsFlavor::Windows);
    host.defaultToolkitRoots = {tree.path(QStringLiteral("root/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v*"))};
    QStringList path;
    for (const QString& dir : toolkitDirs)
        path.append(displayPath(OsFlavor::Windows, tree.path(dir + QStringLiteral("/bin"))));
    host.variables.insert(QStringLiteral("PATH"), path.join(QLatin1Char(';')));
    return host;
}

/** cuDNN merged into a Windows toolkit's bin and include, as the zip's merge leaves it; without the DLLs left out. */
static void mergeCudnnIntoWindowsToolkit(TestTree& tree,
                                         const QString& cudaDir,
                                         const Version& cudnn,
                                         const QStringList& leaveOut = {})
{
    const QStringList dlls = CudnnFileSets::builtIn().forMajor(cudnn.major())->windowsDlls;
    for (const QString& dll : dlls)
        if (!leaveOut.contains(dll))
            tree.writeFile(cudaDir + QStringLiteral("/bin/") + dll, windowsDllBytes(cudnn));
    tree.writeFile(cudaDir + QStringLiteral("/include/cudnn_version.h"),
                   cudnnVersionHeader(cudnn.major(), cudnn.minor(), cudnn.patch()));
}

void TestExplainCauses::windowsStaleCopyInSystem32WinsOverPath()
{
    // Old guides said to copy cuDNN's DLLs into C:\Windows\System32. Years later cuDNN 8.1.1 is merged into CUDA
    // 11.2's bin, first on Path, and TensorFlow 2.10 (built with cuDNN 8.1) still gets System32's 8.0.5: Windows
    // searches System32 before Path. XLA's cuda_dnn.cc prints the table's xla-loaded-runtime-cudnn-older.
    makeWindowsToolkit(*m_tree, kCuda112, QStringLiteral("11.2.2"), 11020);
    mergeCudnnIntoWindowsToolkit(*m_tree, kCuda112, Version({8, 1, 1}));
    for (const QString& dll : cudnnWindowsDlls(8))
        m_tree->writeFile(kSystem32 + QLatin1Char('/') + dll, windowsDllBytes(Version({8, 0, 5, 39})));
    const ExplainOutcome outcome = explainOn(
        windowsHostWithPath(*m_tree, {kCuda112}),
        QStringLiteral("2023-01-05 10:01:31.221710: E tensorflow/stream_executor/cuda/cuda_dnn.cc:377] Loaded runtime "
                       "CuDNN library: 8.0.5 but source was compiled with: 8.1.0.  CuDNN library needs to have "
                       "matching major version and equal or higher minor version."));
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-OLDER-COPY-WINS"), "other-copy-wins");
    const QString system32 = m_tree->path(kSystem32);
    QVERIFY2(found->message.contains(displayPath(OsFlavor::Windows, system32), Qt::CaseInsensitive),
             qPrintable(found->message));
    QVERIFY2(std::any_of(found->evidence.cbegin(),
                         found->evidence.cend(),
                         [&](const Evidence& e) {
                             return samePath(OsFlavor::Windows, e.path, system32)
                                 && e.text.contains(QStringLiteral("before every folder on Path"));
                         }),
             qPrintable(dump(outcome)));
    // No Path change can put the toolkit before System32: the fix moves the old DLLs aside (not deletes them).
    QVERIFY2(found->fix.command.contains(
                 QStringLiteral("Move-Item '%1\\cudnn*.dll'").arg(displayPath(OsFlavor::Windows, system32))),
             qPrintable(found->fix.command));
    QVERIFY(!found->fix.command.contains(QStringLiteral("Path")));
    QVERIFY2(found->fix.text.contains(QStringLiteral("8.1.1")), qPrintable(found->fix.text));
}

void TestExplainCauses::windowsLoneDispatcherInSystem32MixesCopies_data()
{
    QTest::addColumn<QString>("text");
    // cudnnGetErrorString()'s names as PyTorch prints them (the table's CUDNN-STATUS source).
    QTest::newRow("version mismatch") << QStringLiteral(
        "RuntimeError: cuDNN error: CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH");
    QTest::newRow("loading failed, a status naming no library")
        << printed(QStringLiteral("cudnn-status-sublibrary-loading-failed"));
}

void TestExplainCauses::windowsLoneDispatcherInSystem32MixesCopies()
{
    // A program's installer once dropped cudnn64_9.dll alone into System32; cuDNN 9.10 is merged into CUDA 12.8's bin
    // on Path. The program gets the dispatcher from System32 and every sub-library from the toolkit.
    QFETCH(QString, text);
    makeWindowsToolkit(*m_tree, kCuda128, QStringLiteral("12.8.1"), 12080);
    mergeCudnnIntoWindowsToolkit(*m_tree, kCuda128, Version({9, 10, 2}));
    m_tree->writeFile(kSystem32 + QStringLiteral("/cudnn64_9.dll"), windowsDllBytes(Version({9, 1, 0, 70})));
    const ExplainOutcome outcome = explainOn(windowsHostWithPath(*m_tree, {kCuda128}), text);
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-COPIES-MIXED"), "mixed-versions");
    const QString system32 = m_tree->path(kSystem32);
    const QString bin = m_tree->path(kCuda128 + QStringLiteral("/bin"));
    QVERIFY2(
        found->message.contains(QStringLiteral("cudnn64_9.dll from %1").arg(displayPath(OsFlavor::Windows, system32)),
                                Qt::CaseInsensitive),
        qPrintable(found->message));
    // Both versions, though the names carry the major alone: the toolkit's header, System32's version resource.
    QVERIFY2(found->message.contains(QStringLiteral("(9.10.2)")), qPrintable(found->message));
    QVERIFY2(found->message.contains(QStringLiteral("(9.1.0")), qPrintable(found->message));
    QVERIFY2(found->fix.text.contains(displayPath(OsFlavor::Windows, bin), Qt::CaseInsensitive),
             qPrintable(found->fix.text));
    QVERIFY2(found->fix.command.contains(QStringLiteral("Move-Item")), qPrintable(found->fix.command));
    QVERIFY(outcome.explanation.instead.isEmpty());
}

void TestExplainCauses::aStatusNamingNoLibraryIsJudgedOnTheWholeSet()
{
    // CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED names no file: the sub-library that did not load is the one missing
    // from the set the program gets (here cudnn_engines_precompiled64_9.dll, left out of a partial copy).
    makeWindowsToolkit(*m_tree, kCuda128, QStringLiteral("12.8.1"), 12080);
    mergeCudnnIntoWindowsToolkit(
        *m_tree, kCuda128, Version({9, 10, 2}), {QStringLiteral("cudnn_engines_precompiled64_9.dll")});
    const ExplainOutcome outcome = explainOn(windowsHostWithPath(*m_tree, {kCuda128}),
                                             printed(QStringLiteral("cudnn-status-sublibrary-loading-failed")));
    QVERIFY2(!outcome.explanation.causes.isEmpty(), qPrintable(dump(outcome)));
    const ExplainCause& first = outcome.explanation.causes.constFirst();
    QCOMPARE(first.kind, QStringLiteral("library-missing"));
    QVERIFY2(first.subjects.contains(QStringLiteral("cudnn_engines_precompiled64_9.dll")), qPrintable(dump(outcome)));
    QVERIFY2(!first.subjects.contains(QStringLiteral("cudnn_ops64_9.dll")), qPrintable(dump(outcome)));
}

void TestExplainCauses::windowsZlibwapiMissingForCudnn89()
{
    // cuDNN 8.3 to 9.1 on Windows import zlibwapi.dll, which NVIDIA does not ship (its install guide links to the
    // ZLIB DLL). cuDNN's loader prints "Could not locate zlibwapi.dll" (the table's cudnn-windows-zlibwapi-missing).
    // The sub-library is a real PE that imports zlibwapi.dll (tests/fakes/windows, built with mingw-w64).
    const QString fixtures = qEnvironmentVariable("CUDNN_SETUP_PE_FIXTURES");
    if (fixtures.isEmpty())
        QSKIP("mingw-w64 is not installed (apt-get install mingw-w64): no PE fixtures were built");
    makeWindowsToolkit(*m_tree, kCuda128, QStringLiteral("12.8.1"), 12080);
    mergeCudnnIntoWindowsToolkit(*m_tree, kCuda128, Version({8, 9, 7}));
    const QString cnn = m_tree->path(kCuda128 + QStringLiteral("/bin/cudnn_cnn_infer64_8.dll"));
    QFile::remove(cnn);
    QVERIFY(QFile::copy(QDir(fixtures).filePath(QStringLiteral("cudnn_cnn_infer64_8.dll")), cnn));
    const ExplainOutcome outcome = explainOn(windowsHostWithPath(*m_tree, {kCuda128}),
                                             printed(QStringLiteral("cudnn-windows-zlibwapi-missing")));
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-DEPENDENCY-MISSING"), "dependency-missing");
    QVERIFY2(found->subjects.contains(QStringLiteral("cudnn_cnn_infer64_8.dll")), qPrintable(dump(outcome)));
    QVERIFY2(std::any_of(found->evidence.cbegin(),
                         found->evidence.cend(),
                         [&](const Evidence& e) { return samePath(OsFlavor::Windows, e.path, cnn); }),
             qPrintable(dump(outcome)));
    QVERIFY2(found->fix.text.contains(QStringLiteral("zlibwapi.dll")), qPrintable(found->fix.text));
}

void TestExplainCauses::windowsOldCopyBesideTheProgram()
{
    // A program folder carries an old cudnn64_8.dll of its own (copied there by hand, or left by an older release of
    // the program); cuDNN 8.9.7 is merged into CUDA 12.8's bin on Path. Windows searches the program's folder first,
    // so the dispatcher is the old one and its sub-libraries the toolkit's: cuDNN 8 refuses them (cudnnStatus_t
    // CUDNN_STATUS_VERSION_MISMATCH, which CTranslate2 prints as "cuDNN failed with status ...").
    makeWindowsToolkit(*m_tree, kCuda128, QStringLiteral("12.8.1"), 12080);
    mergeCudnnIntoWindowsToolkit(*m_tree, kCuda128, Version({8, 9, 7}));
    const QString program
        = m_tree->writeFile(QStringLiteral("root/Tools/Whisper Faster/whisper-faster.exe"), windowsDllBytes());
    m_tree->writeFile(QStringLiteral("root/Tools/Whisper Faster/cudnn64_8.dll"),
                      windowsDllBytes(Version({8, 1, 0, 77})));
    const QString text = QStringLiteral("PS C:\\Users\\li> & \"%1\" --model large-v2 lecture.mp3\r\n"
                                        "RuntimeError: cuDNN failed with status CUDNN_STATUS_VERSION_MISMATCH\r\n")
                             .arg(displayPath(OsFlavor::Windows, program));
    const ExplainOutcome outcome = explainOn(windowsHostWithPath(*m_tree, {kCuda128}), text);
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-COPIES-MIXED"), "mixed-versions");
    const QString folder = QFileInfo(program).absolutePath();
    QVERIFY2(found->message.startsWith(QStringLiteral("The program %1").arg(displayPath(OsFlavor::Windows, program))),
             qPrintable(found->message));
    QVERIFY2(found->message.contains(QStringLiteral("(8.1.0")) && found->message.contains(QStringLiteral("(8.9.7)")),
             qPrintable(found->message));
    QVERIFY2(
        found->fix.text.contains(QStringLiteral("cudnn64_8.dll in %1").arg(displayPath(OsFlavor::Windows, folder))),
        qPrintable(found->fix.text));
    // Without the program in the text, nothing says its folder comes first: no such cause is made up.
    const ExplainOutcome without = explainOn(windowsHostWithPath(*m_tree, {kCuda128}),
                                             QStringLiteral("RuntimeError: cuDNN failed with status "
                                                            "CUDNN_STATUS_VERSION_MISMATCH"));
    QVERIFY2(!causeWithCode(without, QStringLiteral("EXPLAIN-COPIES-MIXED")), qPrintable(dump(without)));
}

void TestExplainCauses::aWindowsMessageOnLinuxIsSaidToComeFromWindows()
{
    // Pasted on the Linux workstation from a Windows laptop's console: no Linux folder could hold zlibwapi.dll.
    toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("cudnn-windows-zlibwapi-missing")));
    QCOMPARE(outcome.taskStatus(), TaskStatus::NoCauseHere);
    QVERIFY2(outcome.explanation.causes.isEmpty(), qPrintable(dump(outcome)));
    QVERIFY2(outcome.explanation.instead.join(u'\n').contains(QStringLiteral("zlibwapi.dll is a Windows library")),
             qPrintable(dump(outcome)));
}

void TestExplainCauses::aToolkitOffTheSearchPathIsWhatRepairFixes()
{
    // A complete cuDNN 9.1 in CUDA 12.4's lib folder, which nothing puts on the search path: cuDNN's "Unable to load
    // any of {libcudnn_ops.so.9.1.0, ...}". Repair's one finding of that cause (its libraries as subjects) puts the
    // folder first, and the explanation says the repair fixes it.
    const QString cuda = toolkit(QStringLiteral("usr/local/cuda-12.4"), 12040, Version({9, 1, 0}));
    const ExplainOutcome outcome = explain(printed(QStringLiteral("cudnn9-unable-to-load-any")), {}, {cuda});
    QVERIFY_CAUSE(outcome, QStringLiteral("EXPLAIN-NOT-SEARCHED"), "not-on-search-path");
    QCOMPARE(found->fix.action.kind, FixAction::Kind::RunRepair);
    QVERIFY2(found->fix.repairFixes, qPrintable(dump(outcome)));
}

QTEST_GUILESS_MAIN(TestExplainCauses)
#include "TestExplainCauses.moc"
