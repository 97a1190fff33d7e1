#include "../unit/detect/DetectFixtures.h"
#include "../unit/repair/RepairFixtures.h"
#include "ElevationFixtures.h"
#include "SilentRun.h"
#include "host/BoundedFile.h"
#include "host/PathTrust.h"
#include "host/ProcessRunner.h"
#include "repair/PythonConsumers.h"
#include "verify/BenchmarkRunner.h"
#include "verify/VerifyRunner.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>
#include <sys/stat.h>

using namespace RepairFixtures;

/**
 * The trust rule (docs/elevation.md) as root against an unprivileged attacker, the user nobody (65534): the issue's
 * reproductions, each one through the real binary where a deployment script would meet it. Root runs no program and
 * imports no code that nobody can change, never starts Python in the working folder it was given, never points the
 * machine's search path at a folder nobody can write, never acts on a manifest step naming a file cudnn-setup does
 * not write, and a FIFO, /dev/zero or a flood of environments where detection reads neither hangs nor swamps it.
 */
class TestRootTrust : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void trustFollowsOwnersAndEveryFolderOnTheWay();
    void boundedReadRefusesWhatIsNoFile();
    void rootRunsNoInterpreterAUserCanChange();
    void rootRunsNoInterpreterWhoseLibrariesAUserCanChange();
    void theWorkingFolderIsNeverImported();
    void rootRunsNoNvccAUserCanChange();
    void explainingAnErrorRunsNothingAUserCanChange();
    void rootNeverPointsTheSearchPathAtAUsersFolder();
    void rootLoadsNoLibrariesAUserCanChange();
    void aForgedEnvironmentStepChangesNothing();
    void fifosWhereDetectionReadsDoNotHangIt();
    void devZeroWhereDetectionReadsIsNotRead();
    void tooManyEnvironmentsStopAtTheCap();
    void writersTheSystemEnforcesAreJudged_data();
    void writersTheSystemEnforcesAreJudged();

private:
    /** A file nobody owns (and the folders leading to it, from below the test's tree). */
    QString nobodysFile(const QString& relative, const QByteArray& content, bool executable = false);
    /** A shell script that leaves a marker when anything runs it. */
    QByteArray markerScript(const QString& marker) const;
    SilentRun::Result run(const QStringList& arguments,
                          const QMap<QString, QString>& environment = {},
                          const QString& workingFolder = {});

    std::unique_ptr<TestTree> m_tree;
    QString m_home;
};

static void giveToNobody(const QString& path)
{
    if (::lchown(QFile::encodeName(path).constData(), EffectiveNobody::Id, EffectiveNobody::Id) != 0)
        qFatal("cannot give %s to nobody", qPrintable(path));
}

void TestRootTrust::init()
{
    if (::geteuid() != 0)
        QSKIP("acts as root against the user nobody: CI runs as root");
    m_tree = std::make_unique<TestTree>();
    letNobodyIn(m_tree->root());
    m_home = nobodysFolder(m_tree->path(QStringLiteral("home")));
    m_tree->makeDir(QStringLiteral("system-root/etc"));
}

void TestRootTrust::cleanup()
{
    m_tree.reset();
}

QString TestRootTrust::nobodysFile(const QString& relative, const QByteArray& content, bool executable)
{
    const QString path = m_tree->writeFile(relative, content);
    if (executable)
        QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::ExeOwner | QFileDevice::ExeOther);
    for (QString at = path; at != m_tree->root(); at = QFileInfo(at).absolutePath())
        giveToNobody(at);
    return path;
}

QByteArray TestRootTrust::markerScript(const QString& marker) const
{
    return "#!/bin/sh\necho ran >" + QFile::encodeName(marker) + "\nexit 0\n";
}

SilentRun::Result TestRootTrust::run(const QStringList& arguments,
                                     const QMap<QString, QString>& environment,
                                     const QString& workingFolder)
{
    SilentRun silent(m_tree->path(QStringLiteral("report.json")));
    silent.set(QStringLiteral("HOME"), m_home);
    silent.set(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), m_tree->path(QStringLiteral("system-root")));
    silent.set(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    silent.set(environment);
    silent.setTimeLimit(60000); // a hang is a failure, not a wait
    if (!workingFolder.isEmpty())
        silent.setWrapper({QStringLiteral("/bin/sh"),
                           QStringLiteral("-c"),
                           QStringLiteral("cd \"$0\" && exec \"$@\""),
                           workingFolder});
    return silent.run(arguments);
}

void TestRootTrust::trustFollowsOwnersAndEveryFolderOnTheWay()
{
    const QString own = m_tree->writeFile(QStringLiteral("root/bin/tool"), "#!/bin/sh\n");
    QVERIFY(PathTrust::forExecution(own).trusted);

    const QString theirs = nobodysFile(QStringLiteral("theirs/bin/tool"), "#!/bin/sh\n");
    const TrustVerdict verdict = PathTrust::forExecution(theirs);
    QVERIFY(!verdict.trusted);
    QCOMPARE(verdict.weakPoint, m_tree->path(QStringLiteral("theirs")));
    QVERIFY2(verdict.reason.contains(QStringLiteral("65534")), qPrintable(verdict.reason));

    // Root's own file in a folder nobody may write: nobody can swap it.
    const QString inTheirFolder = m_tree->writeFile(QStringLiteral("open/bin/tool"), "#!/bin/sh\n");
    ::chmod(QFile::encodeName(m_tree->path(QStringLiteral("open/bin"))).constData(), 0777);
    QVERIFY(!PathTrust::forExecution(inTheirFolder).trusted);
    ::chmod(QFile::encodeName(m_tree->path(QStringLiteral("open/bin"))).constData(), 0775);
    ::chown(QFile::encodeName(m_tree->path(QStringLiteral("open/bin"))).constData(), 0, EffectiveNobody::Id);
    QVERIFY2(!PathTrust::forExecution(inTheirFolder).trusted, "a group other than root's can write its folder");

    // A link of root's that leads into nobody's folder is judged where it leads.
    const QString link = m_tree->symlink(QStringLiteral("links/tool"), theirs);
    QVERIFY(!PathTrust::forExecution(link).trusted);

    // /tmp is world-writable but sticky: a root-owned folder inside it is root's.
    QVERIFY(PathTrust::forExecution(own).trusted);
    QVERIFY(PathTrust::forTree(m_tree->path(QStringLiteral("root")), 100).trusted);
    nobodysFile(QStringLiteral("root/bin/deep/planted.pth"), "import os\n");
    QVERIFY(!PathTrust::forTree(m_tree->path(QStringLiteral("root")), 100).trusted);
    QVERIFY2(!PathTrust::forTree(m_tree->path(QStringLiteral("root")), 2).trusted, "past the cap is a refusal");
}

void TestRootTrust::boundedReadRefusesWhatIsNoFile()
{
    const QString fifo = m_tree->path(QStringLiteral("fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
    QElapsedTimer clock;
    clock.start();
    const BoundedRead fromFifo = readBoundedFile(fifo, 1024);
    QVERIFY(!fromFifo.ok);
    QVERIFY(!readBoundedFile(QStringLiteral("/dev/zero"), 1024).ok);

    const QString big = m_tree->writeFile(QStringLiteral("big"), QByteArray(5000, 'x'));
    const BoundedRead capped = readBoundedFile(big, 1000);
    QVERIFY(capped.ok && capped.truncated);
    QCOMPARE(capped.data.size(), 1000);
    QVERIFY(capped.whole().isEmpty());
    QCOMPARE(readBoundedFile(big, 5000).whole().size(), 5000);
}

void TestRootTrust::rootRunsNoInterpreterAUserCanChange()
{
    // Her venv (under the HOME root was given, as `sudo -E` keeps it) and a python3 first on PATH, both scripts.
    const QString venvMarker = m_tree->path(QStringLiteral("venv-ran"));
    const QString pathMarker = m_tree->path(QStringLiteral("path-ran"));
    nobodysFile(QStringLiteral("home/venv/pyvenv.cfg"), "version = 3.11.2\n");
    nobodysFile(QStringLiteral("home/venv/lib/python3.11/site-packages/torch-2.5.1.dist-info/METADATA"),
                "Name: torch\nVersion: 2.5.1\n");
    nobodysFile(QStringLiteral("home/venv/bin/python3"), markerScript(venvMarker), true);
    nobodysFile(QStringLiteral("bin/python3"), markerScript(pathMarker), true);
    const QString root = makeToolkit(*m_tree);

    const SilentRun::Result repaired
        = run({QStringLiteral("--repair"),
               QStringLiteral("--dry-run"),
               QStringLiteral("--path-scope"),
               QStringLiteral("none"),
               QStringLiteral("--cuda-root"),
               root,
               QStringLiteral("--python-env"),
               m_home + QStringLiteral("/venv")},
              {{QStringLiteral("PATH"), m_tree->path(QStringLiteral("bin")) + QStringLiteral(":/usr/bin:/bin")}});
    QVERIFY2(!QFile::exists(venvMarker), "root ran the venv's interpreter");
    QVERIFY2(!QFile::exists(pathMarker), "root ran the python3 on PATH");
    QVERIFY2(repaired.exitCode >= 0, repaired.err.constData());
    const QByteArray report = QJsonDocument(repaired.report).toJson();
    QVERIFY2(report.contains("was not run with administrator rights") || report.contains("not run with administrator"),
             report.constData());

    // The confirmation after an install asks through the same door.
    const PythonConsumer asked
        = PythonConsumers::ask(ProcessRunner(), OsFlavor::Linux, m_home + QStringLiteral("/venv/bin/python3"));
    QVERIFY(!QFile::exists(venvMarker));
    QVERIFY2(asked.error.contains(QStringLiteral("65534")), qPrintable(asked.error));
}

void TestRootTrust::rootRunsNoInterpreterWhoseLibrariesAUserCanChange()
{
    // Root's interpreter, but an environment whose site-packages nobody can write (a .pth runs at start-up).
    const QString marker = m_tree->path(QStringLiteral("pth-ran"));
    const QString interpreter = m_tree->writeFile(QStringLiteral("env/bin/python3"), markerScript(marker));
    QFile::setPermissions(interpreter, QFile::permissions(interpreter) | QFileDevice::ExeOwner);
    giveToNobody(m_tree->writeFile(QStringLiteral("env/lib/python3.11/site-packages/evil.pth"), "import os\n"));
    QVERIFY(PathTrust::forExecution(interpreter).trusted);

    const PythonConsumer asked = PythonConsumers::ask(ProcessRunner(), OsFlavor::Linux, interpreter);
    QVERIFY2(!QFile::exists(marker), "root ran an interpreter whose site-packages nobody can change");
    QVERIFY2(asked.error.contains(QStringLiteral("evil.pth")), qPrintable(asked.error));
}

void TestRootTrust::theWorkingFolderIsNeverImported()
{
    if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
        QSKIP("needs the machine's /usr/bin/python3 (scripts/install-deps.sh brings it)");
    // `cd /tmp && sudo cudnn-setup --silent --repair --dry-run`: a json.py where root stands.
    const QString marker = m_tree->path(QStringLiteral("json-ran"));
    const QString folder = nobodysFolder(m_tree->path(QStringLiteral("downloads")));
    nobodysFile(QStringLiteral("downloads/json.py"),
                "open(" + QFile::encodeName(QStringLiteral("'%1'").arg(marker)) + ", 'w').write('ran')\n");
    const QString root = makeToolkit(*m_tree);

    const SilentRun::Result repaired = run({QStringLiteral("--repair"),
                                            QStringLiteral("--dry-run"),
                                            QStringLiteral("--path-scope"),
                                            QStringLiteral("none"),
                                            QStringLiteral("--cuda-root"),
                                            root},
                                           {},
                                           folder);
    QVERIFY2(repaired.exitCode >= 0, repaired.err.constData());
    QVERIFY2(!QFile::exists(marker), "Python imported json.py from the working folder");
    // The interpreter was asked (it is root's and isolated), so the rule did not simply refuse everything.
    QVERIFY2(!QJsonDocument(repaired.report).toJson().contains("not run with administrator"),
             QJsonDocument(repaired.report).toJson().constData());
}

void TestRootTrust::rootRunsNoNvccAUserCanChange()
{
    // A toolkit with no version file and no version in cuda.h: only nvcc could say which CUDA it is.
    const QString marker = m_tree->path(QStringLiteral("nvcc-ran"));
    nobodysFile(QStringLiteral("home/cuda-13.0/include/cuda.h"), "/* no version here */\n");
    nobodysFile(QStringLiteral("home/cuda-13.0/bin/nvcc"), markerScript(marker), true);
    const SilentRun::Result theirs
        = run({QStringLiteral("--detect"), QStringLiteral("--cuda-root"), m_home + QStringLiteral("/cuda-13.0")});
    QVERIFY2(!QFile::exists(marker), "root ran nobody's nvcc");

    // Root's own toolkit, in a folder nobody can write (swapped while a prompt is open): not run either.
    m_tree->writeFile(QStringLiteral("shared/cuda-13.0/include/cuda.h"), "/* no version here */\n");
    const QString nvcc = m_tree->writeFile(QStringLiteral("shared/cuda-13.0/bin/nvcc"), markerScript(marker));
    QFile::setPermissions(nvcc, QFile::permissions(nvcc) | QFileDevice::ExeOwner);
    ::chmod(QFile::encodeName(m_tree->path(QStringLiteral("shared"))).constData(), 0777);
    run({QStringLiteral("--detect"), QStringLiteral("--cuda-root"), m_tree->path(QStringLiteral("shared/cuda-13.0"))});
    QVERIFY2(!QFile::exists(marker), "root ran an nvcc in a folder nobody can write");

    // The same toolkit once only root can change it: its nvcc says which CUDA it is.
    ::chmod(QFile::encodeName(m_tree->path(QStringLiteral("shared"))).constData(), 0755);
    run({QStringLiteral("--detect"), QStringLiteral("--cuda-root"), m_tree->path(QStringLiteral("shared/cuda-13.0"))});
    QVERIFY2(QFile::exists(marker), "the rule refused root's own nvcc");
}

void TestRootTrust::explainingAnErrorRunsNothingAUserCanChange()
{
    // `sudo cudnn-setup --explain` about her ONNX Runtime error: her venv holds onnxruntime-gpu and the cuDNN wheel,
    // its python3 a script; her toolkit's nvcc and a python3 first on PATH are scripts too. The reading must come from
    // the files alone, and still judge her environment.
    const QString marker = m_tree->path(QStringLiteral("ran"));
    const QString site = DetectFixtures::writeVenv(
        *m_tree,
        QStringLiteral("home/venv"),
        {QStringLiteral("onnxruntime-gpu==1.20.1"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")},
        OsFlavor::Linux);
    DetectFixtures::writeCudnnWheel(*m_tree, site, 9, 1, 0);
    nobodysFile(QStringLiteral("home/venv/bin/python3"), markerScript(marker), true);
    nobodysFile(QStringLiteral("home/cuda-13.0/include/cuda.h"), "/* no version here */\n");
    nobodysFile(QStringLiteral("home/cuda-13.0/bin/nvcc"), markerScript(marker), true);
    nobodysFile(QStringLiteral("bin/python3"), markerScript(marker), true);
    for (QDirIterator it(m_tree->path(QStringLiteral("home/venv")),
                         QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System,
                         QDirIterator::Subdirectories);
         it.hasNext();)
        giveToNobody(it.next());
    giveToNobody(m_tree->path(QStringLiteral("home/venv")));

    const SilentRun::Result explained = run(
        {QStringLiteral("--explain"),
         QStringLiteral("--cuda-root"),
         m_home + QStringLiteral("/cuda-13.0"),
         QStringLiteral("--python-env"),
         m_home + QStringLiteral("/venv"),
         QStringLiteral("[E:onnxruntime:Default, provider_bridge_ort.cc:1745 TryGetProviderInfo_CUDA] Failed to load "
                        "library libonnxruntime_providers_cuda.so with error: libcudnn.so.9: cannot open shared object "
                        "file: No such file or directory")},
        {{QStringLiteral("PATH"), m_tree->path(QStringLiteral("bin")) + QStringLiteral(":/usr/bin:/bin")}});
    QVERIFY2(!QFile::exists(marker), "root ran a program nobody can change while reading an error");
    QVERIFY2(explained.exitCode == 0, explained.out + explained.err);
    // Judged from her files: the wheel's copy lies where ONNX Runtime never looks.
    const QJsonArray causes = explained.report[QStringLiteral("explain")][QStringLiteral("causes")].toArray();
    QStringList codes;
    for (const QJsonValue& cause : causes)
        codes.append(cause[QStringLiteral("code")].toString());
    QVERIFY2(codes.contains(QStringLiteral("EXPLAIN-NOT-SEARCHED")), explained.out.constData());
}

void TestRootTrust::rootNeverPointsTheSearchPathAtAUsersFolder()
{
    // Her toolkit, with cuDNN installed in it (by her), and root asked for the machine-scope fix.
    TestTree shared;
    const QString archive = writeSpec(shared, CudnnArchiveSpec{});
    const QString root = makeToolkit(*m_tree, QStringLiteral("home/cuda-13.0"));
    const InstallResult installed = install(archive, root);
    QVERIFY2(installed.status == InstallResult::Status::Ok, InstallFixtures::describe(installed).constData());
    // Its nvcc, which no folder on PATH offers: the fix would put her bin first for every login.
    const QString nvcc = m_tree->writeFile(QStringLiteral("home/cuda-13.0/bin/nvcc"), "#!/bin/sh\n");
    QFile::setPermissions(nvcc, QFile::permissions(nvcc) | QFileDevice::ExeOwner | QFileDevice::ExeOther);
    QDirIterator all(
        root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (all.hasNext())
        giveToNobody(all.next());
    giveToNobody(root);

    for (const QString& scope : {QStringLiteral("machine"), QStringLiteral("user")}) {
        const SilentRun::Result repaired = run(
            {QStringLiteral("--repair"), QStringLiteral("--path-scope"), scope, QStringLiteral("--cuda-root"), root});
        QVERIFY2(repaired.exitCode >= 0, repaired.err.constData());
        QVERIFY2(!QFile::exists(m_tree->path(QStringLiteral("system-root/etc/ld.so.conf.d/00-cudnn-setup.conf"))),
                 qPrintable(scope));
        QVERIFY2(!QFile::exists(m_tree->path(QStringLiteral("system-root/etc/profile.d/cudnn-setup.sh"))),
                 qPrintable(scope));
        QVERIFY2(!QFile::exists(m_home + QStringLiteral("/.profile")), qPrintable(scope)); // root's profile here
        QVERIFY2(QJsonDocument(repaired.report).toJson().contains("ENV-FOLDER-UNTRUSTED"),
                 QJsonDocument(repaired.report).toJson().constData());
    }
}

void TestRootTrust::rootLoadsNoLibrariesAUserCanChange()
{
    TestTree shared;
    const QString archive = writeSpec(shared, CudnnArchiveSpec{});
    const QString root = makeToolkit(*m_tree, QStringLiteral("shared/cuda-13.0"));
    const InstallResult installed = install(archive, root);
    QVERIFY2(installed.status == InstallResult::Status::Ok, InstallFixtures::describe(installed).constData());
    const HostEnvironment host = HostEnvironment::current();
    const ProcessRunner runner;
    QVERIFY(!VerifyRunner::untrustedLibraries(OsFlavor::Linux, root)); // root's own: it may load them

    giveToNobody(m_tree->writeFile(QStringLiteral("shared/cuda-13.0/lib/libcudnn_planted.so"), "not a library"));
    VerifyRunner::Options options;
    options.toolkitRoot = root;
    const VerifyResult verified = VerifyRunner(host, runner).run(options);
    QVERIFY(!verified.passed());
    QVERIFY2(QJsonDocument(verified.toJson()).toJson().contains("VERIFY-NOT-TRUSTED"),
             QJsonDocument(verified.toJson()).toJson().constData());
    BenchmarkRunner::Options benchmarking;
    benchmarking.toolkitRoot = root;
    const BenchmarkResult measured = BenchmarkRunner(host, runner).run(benchmarking);
    QCOMPARE(measured.verdictCode, QStringLiteral("BENCH-NOT-RUN"));
    QVERIFY2(measured.verdictMessage.contains(QStringLiteral("libcudnn_planted.so")),
             qPrintable(measured.verdictMessage));
}

void TestRootTrust::aForgedEnvironmentStepChangesNothing()
{
    TestTree shared;
    const QString archive = writeSpec(shared, CudnnArchiveSpec{});
    const QString root = makeToolkit(*m_tree, QStringLiteral("home/cuda-13.0"));
    const InstallResult installed = install(archive, root);
    QVERIFY2(installed.status == InstallResult::Status::Ok, InstallFixtures::describe(installed).constData());
    const QByteArray secret = "root:$6$hash:19000:0:99999:7:::\n";
    const QString victim = m_tree->writeFile(QStringLiteral("etc/victim"), secret);

    // The toolkit is hers: she appends an operation to the newest install's manifest entry.
    const QString manifestPath = root + QStringLiteral("/.cudnn-setup/manifest.json");
    QFile manifestFile(manifestPath);
    QVERIFY(manifestFile.open(QIODevice::ReadOnly));
    QJsonObject manifest = QJsonDocument::fromJson(manifestFile.readAll()).object();
    manifestFile.close();
    QJsonArray installs = manifest.value(QStringLiteral("installs")).toArray();
    QVERIFY(!installs.isEmpty());
    for (const QString& ownership : {QStringLiteral("whole_file"), QStringLiteral("marked_block")}) {
        QJsonObject entry = installs.last().toObject();
        QJsonArray operations = entry.value(QStringLiteral("operations")).toArray();
        operations.append(QJsonObject{
            {QStringLiteral("type"), QStringLiteral("environment_step")},
            {QStringLiteral("data"),
             QJsonObject{{QStringLiteral("kind"), QStringLiteral("file")},
                         {QStringLiteral("path"), victim},
                         {QStringLiteral("ownership"), ownership},
                         {QStringLiteral("before_base64"), QString::fromLatin1(QByteArray("hers\n").toBase64())},
                         {QStringLiteral("after_base64"), QString::fromLatin1(secret.toBase64())}}}});
        entry.insert(QStringLiteral("operations"), operations);
        QJsonArray forged = installs;
        forged.replace(forged.size() - 1, entry);
        manifest.insert(QStringLiteral("installs"), forged);
        QVERIFY(manifestFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
        manifestFile.write(QJsonDocument(manifest).toJson());
        manifestFile.close();
        const QString before = InstallFixtures::listing(root);

        const SilentRun::Result removed = run({QStringLiteral("--uninstall"),
                                               QStringLiteral("--cuda-root"),
                                               root,
                                               QStringLiteral("--path-scope"),
                                               QStringLiteral("none")});
        QVERIFY2(removed.exitCode != 0, removed.out.constData());
        QVERIFY2(reportCodes(removed.report).contains(QStringLiteral("INSTALL-MANIFEST-UNSAFE")),
                 QJsonDocument(removed.report).toJson().constData());
        QVERIFY(QFile::exists(victim));
        QFile read(victim);
        QVERIFY(read.open(QIODevice::ReadOnly));
        QCOMPARE(read.readAll(), secret);
        QCOMPARE(InstallFixtures::listing(root), before);
    }
}

void TestRootTrust::fifosWhereDetectionReadsDoNotHangIt()
{
    const QString venv = m_home + QStringLiteral("/venv");
    nobodysFile(QStringLiteral("home/venv/lib/python3.11/site-packages/nvidia_cudnn_cu12-9.1.0.70.dist-info/METADATA"),
                "Name: nvidia-cudnn-cu12\n");
    for (const QString& fifo : {venv + QStringLiteral("/pyvenv.cfg"),
                                venv
                                    + QStringLiteral("/lib/python3.11/site-packages/"
                                                     "nvidia_cudnn_cu12-9.1.0.70.dist-info/RECORD"),
                                m_home + QStringLiteral("/.conda/environments.txt")}) {
        QDir().mkpath(QFileInfo(fifo).absolutePath());
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0666), 0);
        giveToNobody(fifo);
    }
    const SilentRun::Result detected
        = run({QStringLiteral("--detect"), QStringLiteral("--json"), QStringLiteral("--python-env"), venv});
    QVERIFY2(detected.exitCode == 0, detected.err.constData());
    // The environment is still found by its site-packages; only the FIFOs were passed over.
    QVERIFY2(detected.out.contains(QFile::encodeName(venv)), detected.out.left(3000).constData());
}

void TestRootTrust::devZeroWhereDetectionReadsIsNotRead()
{
    const QString site = QStringLiteral("home/venv/lib/python3.11/site-packages/");
    nobodysFile(QStringLiteral("home/venv/pyvenv.cfg"), "version = 3.11.2\n");
    nobodysFile(site + QStringLiteral("nvidia_cudnn_cu12-9.1.0.70.dist-info/METADATA"), "Name: nvidia-cudnn-cu12\n");
    m_tree->symlink(site + QStringLiteral("nvidia_cudnn_cu12-9.1.0.70.dist-info/RECORD"), QStringLiteral("/dev/zero"));
    nobodysFile(QStringLiteral("home/conda/conda-meta/python-3.11.2-h0.json"), "{}");
    m_tree->symlink(QStringLiteral("home/conda/conda-meta/cudnn-9.1.0.70-h0.json"), QStringLiteral("/dev/zero"));
    const SilentRun::Result detected = run({QStringLiteral("--detect"),
                                            QStringLiteral("--json"),
                                            QStringLiteral("--python-env"),
                                            m_home + QStringLiteral("/venv"),
                                            QStringLiteral("--python-env"),
                                            m_home + QStringLiteral("/conda")});
    QVERIFY2(detected.exitCode == 0, detected.err.constData());
}

void TestRootTrust::tooManyEnvironmentsStopAtTheCap()
{
    const int many = 300;
    for (int i = 0; i < many; ++i)
        m_tree->writeFile(QStringLiteral("home/.virtualenvs/env%1/pyvenv.cfg").arg(i), "version = 3.11.2\n");
    const SilentRun::Result detected = run({QStringLiteral("--detect"), QStringLiteral("--json")});
    QVERIFY2(detected.exitCode == 0, detected.err.constData());
    const QJsonObject json = QJsonDocument::fromJson(detected.out).object();
    QVERIFY2(json.value(QStringLiteral("python_environments")).toArray().size() < many,
             detected.out.left(2000).constData());
    QVERIFY2(detected.out.contains("PYTHON-ENVS-CAPPED"), detected.out.left(4000).constData());
}

/** Runs setfacl (Debian: acl) as a lab's administrator would; the test fails if it cannot. */
static void setfacl(const QStringList& arguments)
{
    QProcess tool;
    tool.start(QStringLiteral("setfacl"), arguments);
    QVERIFY2(tool.waitForFinished(10000) && tool.exitStatus() == QProcess::NormalExit && tool.exitCode() == 0,
             qPrintable(QStringLiteral("setfacl %1: %2").arg(arguments.join(u' '), tool.readAllStandardError())));
}

void TestRootTrust::writersTheSystemEnforcesAreJudged_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<bool>("trusted");
    QTest::addColumn<QString>("reason");
    QTest::newRow("a named-user ACL on the toolkit")
        << "user-acl" << false << "the ACL gives user nobody (65534) write";
    QTest::newRow("a default ACL on its parent") << "default-acl" << false << "its default ACL gives user nobody";
    QTest::newRow("a named-group ACL for the attacker's group")
        << "group-acl" << false << "the ACL gives group nogroup";
    // nogroup's members: every user whose primary group it is (nobody, and on Debian sync and _apt too).
    QTest::newRow("a group-writable folder whose group holds the attacker") << "group" << false << "group nogroup (";
    QTest::newRow("an ACL whose mask takes the write away") << "masked" << true << "";
    QTest::newRow("root's own, no ACL") << "none" << true << "";
}

void TestRootTrust::writersTheSystemEnforcesAreJudged()
{
    // A root-owned 0755 toolkit in a lab's shared /opt, whose nvcc is the only thing that could tell its CUDA version:
    // what the kernel lets uid 65534 do there decides whether root runs it, names it in /etc/ld.so.conf.d and
    // loads from it. The mode bits alone say "root only" in every row.
    QFETCH(QString, how);
    QFETCH(bool, trusted);
    QFETCH(QString, reason);
    const QString parent = m_tree->makeDir(QStringLiteral("opt-lab"));
    if (how == QLatin1String("default-acl"))
        setfacl({QStringLiteral("-d"), QStringLiteral("-m"), QStringLiteral("u:65534:rwx"), parent});
    if (QTest::currentTestFailed())
        return;
    const QString marker = m_tree->path(QStringLiteral("nvcc-ran"));
    m_tree->writeFile(QStringLiteral("opt-lab/cuda-13.0/include/cuda.h"), "/* no version here */\n");
    const QString nvcc = m_tree->writeFile(QStringLiteral("opt-lab/cuda-13.0/bin/nvcc"), markerScript(marker));
    QFile::setPermissions(nvcc, QFile::permissions(nvcc) | QFileDevice::ExeOwner);
    const QString toolkit = m_tree->path(QStringLiteral("opt-lab/cuda-13.0"));
    for (const QString& folder : {parent, toolkit, toolkit + QStringLiteral("/bin")})
        ::chmod(QFile::encodeName(folder).constData(), 0755);
    if (how == QLatin1String("user-acl"))
        setfacl({QStringLiteral("-m"), QStringLiteral("u:65534:rwx"), toolkit + QStringLiteral("/bin")});
    else if (how == QLatin1String("group-acl"))
        setfacl({QStringLiteral("-m"), QStringLiteral("g:65534:rwx"), toolkit + QStringLiteral("/bin")});
    else if (how == QLatin1String("masked"))
        setfacl({QStringLiteral("-m"), QStringLiteral("u:65534:rwx,m::r-x"), toolkit + QStringLiteral("/bin")});
    else if (how == QLatin1String("group")) {
        QVERIFY(::chown(QFile::encodeName(toolkit + QStringLiteral("/bin")).constData(), 0, EffectiveNobody::Id) == 0);
        ::chmod(QFile::encodeName(toolkit + QStringLiteral("/bin")).constData(), 0775);
    }
    if (QTest::currentTestFailed())
        return;

    const TrustVerdict verdict = PathTrust::forExecution(nvcc);
    QCOMPARE(verdict.trusted, trusted);
    QVERIFY2(PathTrust::forMachineSearchPath(toolkit + QStringLiteral("/bin")).trusted == trusted,
             qPrintable(PathTrust::forMachineSearchPath(toolkit + QStringLiteral("/bin")).explanation()));
    if (!trusted) {
        QVERIFY2(verdict.reason.contains(reason), qPrintable(verdict.explanation()));
        QVERIFY2(verdict.reason.contains(QStringLiteral("nobody")), qPrintable(verdict.explanation()));
        QVERIFY2(!verdict.undo.isEmpty(), qPrintable(verdict.explanation()));
    }
    // Through the binary: root runs that nvcc only where nobody else can change it.
    run({QStringLiteral("--detect"), QStringLiteral("--cuda-root"), toolkit});
    QCOMPARE(QFile::exists(marker), trusted);
}

QTEST_GUILESS_MAIN(TestRootTrust)
#include "TestRootTrust.moc"
