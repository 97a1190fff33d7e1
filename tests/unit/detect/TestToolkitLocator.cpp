// ToolkitLocator and ToolkitVersionReader over toolkits laid out in temporary trees: Linux (version.txt, version.json,
// cuda.h only, a `cuda` link, lib64 a link, nvcc on PATH, a wrapper script), Windows semantics on the same file
// system (CUDA_PATH / CUDA_PATH_Vx_y in any case, %CUDA_PATH%\bin with quotes and backslashes), every finding
// (invalid --cuda-root, stale CUDA_PATH, dangling link, nothing found, disagreeing pointers) and the machine's real
// /usr/local/cuda-13.0 (read only).
#include "DetectFixtures.h"
#include "FakeProcessRunner.h"
#include "detect/ToolkitLocator.h"
#include "detect/ToolkitVersionReader.h"

#include <QtTest>

using namespace DetectFixtures;

namespace {

const CudaToolkit* toolkitWithRoot(const QList<CudaToolkit>& toolkits, const QString& root)
{
    for (const CudaToolkit& toolkit : toolkits) {
        if (toolkit.root == root)
            return &toolkit;
    }
    return nullptr;
}

/** "source path" pairs, in the order found, for comparing origins in one QCOMPARE. */
QStringList originList(const CudaToolkit& toolkit)
{
    QStringList list;
    for (const ToolkitOrigin& origin : toolkit.origins)
        list.append(origin.source + QLatin1Char(' ') + origin.path);
    return list;
}

QStringList codes(const Diagnostics& diagnostics)
{
    QStringList list;
    for (const Diagnostic& d : diagnostics)
        list.append(d.code);
    return list;
}

/** The problem reported under `code`, and its kind: the fact code that acts on it reads. */
const ToolkitProblem* problem(const ToolkitLocator::Result& result, const QString& code)
{
    for (const ToolkitProblem& p : result.problems) {
        if (p.diagnostic.code == code)
            return &p;
    }
    return nullptr;
}

const Diagnostic* find(const ToolkitLocator::Result& result, const QString& code)
{
    const ToolkitProblem* p = problem(result, code);
    return p ? &p->diagnostic : nullptr;
}

/** Three Linux toolkits of three generations under one tree, and a `cuda` link to 12.4, like /usr/local. */
struct LinuxMachine
{
    TestTree tree;
    QString cuda110;
    QString cuda124;
    QString cuda130;
    HostEnvironment host = emptyHost(OsFlavor::Linux);

    LinuxMachine()
    {
        cuda110
            = makeLinuxToolkit(tree, {QStringLiteral("cuda-11.0"), 11000, {}, QStringLiteral("CUDA Version 11.0.207")});
        cuda124 = makeLinuxToolkit(tree, {QStringLiteral("cuda-12.4"), 12040, QStringLiteral("12.4.131"), {}});
        cuda130 = makeLinuxToolkit(tree, {QStringLiteral("cuda-13.0"), 13000, {}, {}});
        tree.symlink(QStringLiteral("cuda"), QStringLiteral("cuda-12.4"));
        host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda")), tree.path(QStringLiteral("cuda-*"))};
    }
};

} // namespace

class TestToolkitLocator : public QObject
{
    Q_OBJECT

private slots:
    void linuxToolkitsAndTheirVersions();
    void firstNvccOnPathIsActiveAndDisagreementIsNamed();
    void wrapperScriptAndLinkedNvccLeadToTheToolkit();
    void severalOriginsMergeIntoOneToolkit();
    void explicitRootThatIsNotAToolkit_data();
    void explicitRootThatIsNotAToolkit();
    void staleCudaPath();
    void danglingDefaultLink();
    void noToolkitAnywhere();
    void unknownVersionIsAFinding();
    void severalToolkitsNoneOnPath();

    void windowsToolkitsFromEnvironmentAndPath();
    void windowsPathAndCudaPathDisagree();
    void windowsStaleVersionedVariable();

    void versionReaderPrefersTheCheapestSource_data();
    void versionReaderPrefersTheCheapestSource();
    void looksLikeToolkit_data();
    void looksLikeToolkit();

    void realToolkitByCudaRoot();
    void realToolkitThroughLink();
    void realToolkitThroughWrapperScript();
};

void TestToolkitLocator::linuxToolkitsAndTheirVersions()
{
    LinuxMachine m;
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(m.host, runner).locate({});

    QCOMPARE(result.toolkits.size(), 3);
    QVERIFY2(result.diagnostics().isEmpty(), qPrintable(codes(result.diagnostics()).join(u',')));

    const CudaToolkit* t110 = toolkitWithRoot(result.toolkits, m.cuda110);
    const CudaToolkit* t124 = toolkitWithRoot(result.toolkits, m.cuda124);
    const CudaToolkit* t130 = toolkitWithRoot(result.toolkits, m.cuda130);
    QVERIFY(t110 && t124 && t130);
    QCOMPARE(t110->version->toString(), QStringLiteral("11.0"));
    QCOMPARE(t110->versionSource, QStringLiteral("version.txt"));
    QCOMPARE(t124->version->toString(), QStringLiteral("12.4"));
    QCOMPARE(t124->versionSource, QStringLiteral("version.json"));
    QCOMPARE(t130->version->toString(), QStringLiteral("13.0"));
    QCOMPARE(t130->versionSource, QStringLiteral("cuda.h"));
    QCOMPARE(t124->nvcc, m.cuda124 + QStringLiteral("/bin/nvcc"));

    // The `cuda` link and the directory itself are one toolkit found twice; the link makes it the active one.
    QCOMPARE(originList(*t124),
             (QStringList{QStringLiteral("default location ") + m.tree.path(QStringLiteral("cuda")),
                          QStringLiteral("default location ") + m.tree.path(QStringLiteral("cuda-12.4"))}));
    QVERIFY(t124->active);
    QVERIFY(!t110->active);
    QVERIFY(!t130->active);
    // Versions came from files: no nvcc was started.
    QCOMPARE(runner.calls(), QStringList());
}

void TestToolkitLocator::firstNvccOnPathIsActiveAndDisagreementIsNamed()
{
    LinuxMachine m;
    // PATH names cuda-13.0/bin first, but it holds no nvcc; the first nvcc found is 11.0's.
    QFile::remove(m.tree.path(QStringLiteral("cuda-13.0/bin/nvcc")));
    m.host.variables.insert(QStringLiteral("PATH"),
                            m.tree.path(QStringLiteral("cuda-13.0/bin")) + QLatin1Char(':')
                                + m.tree.path(QStringLiteral("cuda-11.0/bin")) + QLatin1Char(':')
                                + m.tree.path(QStringLiteral("cuda-12.4/bin")) + QStringLiteral(":/usr/bin"));
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(m.host, runner).locate({});

    const CudaToolkit* t110 = toolkitWithRoot(result.toolkits, m.cuda110);
    const CudaToolkit* t124 = toolkitWithRoot(result.toolkits, m.cuda124);
    QVERIFY(t110 && t124);
    QVERIFY(t110->active);
    QVERIFY(!t124->active);
    int active = 0;
    for (const CudaToolkit& t : result.toolkits)
        active += t.active ? 1 : 0;
    QCOMPARE(active, 1);

    const Diagnostic* disagree = find(result, QStringLiteral("CUDA-ACTIVE-DISAGREE"));
    QVERIFY(problem(result, QStringLiteral("CUDA-ACTIVE-DISAGREE"))->kind == ToolkitProblem::Kind::ActiveDisagree);
    QVERIFY(problem(result, QStringLiteral("CUDA-ACTIVE-DISAGREE"))->isPointerProblem());
    QVERIFY(disagree);
    QCOMPARE(disagree->severity, Severity::Warning);
    QVERIFY2(disagree->message.contains(m.cuda110), qPrintable(disagree->message));
    QVERIFY2(disagree->message.contains(m.cuda124), qPrintable(disagree->message));
    QCOMPARE(disagree->subject, m.cuda110);
    QVERIFY(!disagree->fix.isEmpty());
    QCOMPARE(codes(result.diagnostics()), QStringList{QStringLiteral("CUDA-ACTIVE-DISAGREE")});
}

void TestToolkitLocator::wrapperScriptAndLinkedNvccLeadToTheToolkit()
{
    LinuxMachine m;
    // /usr/local/bin/nvcc on the CI machine: a shell script that execs the toolkit's nvcc.
    const QString wrapper = m.tree.writeFile(QStringLiteral("local/bin/nvcc"),
                                             "#!/bin/sh\nexec " + m.tree.path(QStringLiteral("cuda-13.0")).toUtf8()
                                                 + "/bin/nvcc \"$@\"\n");
    QFile::setPermissions(wrapper, QFile::permissions(wrapper) | QFile::ExeOwner);
    QCOMPARE(ToolkitLocator::rootOfNvcc(OsFlavor::Linux, wrapper), m.tree.path(QStringLiteral("cuda-13.0")));

    // A link to a toolkit's nvcc (update-alternatives style) belongs to that toolkit, not to the link's folder.
    const QString linked
        = m.tree.symlink(QStringLiteral("alt/bin/nvcc"), m.tree.path(QStringLiteral("cuda-11.0/bin/nvcc")));
    QCOMPARE(ToolkitLocator::rootOfNvcc(OsFlavor::Linux, linked), m.cuda110);

    m.host.variables.insert(QStringLiteral("PATH"), m.tree.path(QStringLiteral("local/bin")));
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(m.host, runner).locate({});
    const CudaToolkit* t130 = toolkitWithRoot(result.toolkits, m.cuda130);
    QVERIFY(t130);
    QVERIFY(t130->active);
    QVERIFY(originList(*t130).contains(QStringLiteral("PATH ") + m.tree.path(QStringLiteral("cuda-13.0"))));
    // The wrapper's own folder is not a toolkit and not reported as one.
    QVERIFY(!toolkitWithRoot(result.toolkits, canonical(m.tree.path(QStringLiteral("local")))));
    QCOMPARE(result.toolkits.size(), 3);
}

void TestToolkitLocator::severalOriginsMergeIntoOneToolkit()
{
    LinuxMachine m;
    m.host.variables.insert(QStringLiteral("CUDA_PATH"), m.tree.path(QStringLiteral("cuda-12.4/")));
    m.host.variables.insert(QStringLiteral("PATH"), m.tree.path(QStringLiteral("cuda/bin")));
    FakeProcessRunner runner;
    const ToolkitLocator::Result result
        = ToolkitLocator(m.host, runner)
              .locate({m.tree.path(QStringLiteral("cuda")), m.tree.path(QStringLiteral("cuda-11.0"))});

    QCOMPARE(result.toolkits.size(), 3); // 11.0, 12.4, 13.0: never one per origin
    const CudaToolkit* t124 = toolkitWithRoot(result.toolkits, m.cuda124);
    const CudaToolkit* t110 = toolkitWithRoot(result.toolkits, m.cuda110);
    QVERIFY(t124 && t110);
    QCOMPARE(originList(*t124),
             (QStringList{QStringLiteral("--cuda-root ") + m.tree.path(QStringLiteral("cuda")),
                          QStringLiteral("CUDA_PATH ") + m.tree.path(QStringLiteral("cuda-12.4")),
                          // An nvcc found on PATH through the link names the toolkit it really is in.
                          QStringLiteral("PATH ") + m.tree.path(QStringLiteral("cuda-12.4")),
                          QStringLiteral("default location ") + m.tree.path(QStringLiteral("cuda")),
                          QStringLiteral("default location ") + m.tree.path(QStringLiteral("cuda-12.4"))}));
    QCOMPARE(originList(*t110),
             (QStringList{QStringLiteral("--cuda-root ") + m.tree.path(QStringLiteral("cuda-11.0")),
                          QStringLiteral("default location ") + m.tree.path(QStringLiteral("cuda-11.0"))}));
    // The order of discovery: what was named explicitly first.
    QCOMPARE(result.toolkits.first().root, m.cuda124);
    QVERIFY(t124->active);
    QVERIFY(t124->reachedVia(m.tree.path(QStringLiteral("cuda"))));
    QVERIFY(result.diagnostics().isEmpty());
}

void TestToolkitLocator::explicitRootThatIsNotAToolkit_data()
{
    QTest::addColumn<QString>("relative");
    QTest::addColumn<bool>("exists");
    QTest::newRow("an empty folder") << "empty" << true;
    QTest::newRow("the toolkit's bin folder") << "cuda-12.4/bin" << true;
    QTest::newRow("a folder that does not exist") << "cuda-99.9" << false;
}

void TestToolkitLocator::explicitRootThatIsNotAToolkit()
{
    QFETCH(QString, relative);
    QFETCH(bool, exists);
    TestTree tree;
    makeLinuxToolkit(tree, {QStringLiteral("cuda-12.4"), 12040, QStringLiteral("12.4.131"), {}});
    tree.makeDir(QStringLiteral("empty"));
    QCOMPARE(QFileInfo::exists(tree.path(relative)), exists);

    FakeProcessRunner runner;
    const ToolkitLocator::Result result
        = ToolkitLocator(emptyHost(OsFlavor::Linux), runner).locate({tree.path(relative)});
    QVERIFY(result.toolkits.isEmpty());
    const Diagnostic* invalid = find(result, QStringLiteral("CUDA-ROOT-INVALID"));
    QVERIFY(invalid);
    QCOMPARE(invalid->severity, Severity::Error);
    QCOMPARE(invalid->subject, tree.path(relative));
    QVERIFY(invalid->message.contains(tree.path(relative)));
    QVERIFY(containsCode(result.diagnostics(), QStringLiteral("CUDA-NONE-FOUND")));
}

void TestToolkitLocator::staleCudaPath()
{
    LinuxMachine m;
    m.host.variables.insert(QStringLiteral("CUDA_PATH"), m.tree.path(QStringLiteral("cuda-12.1")));
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(m.host, runner).locate({});
    QCOMPARE(result.toolkits.size(), 3);
    const Diagnostic* stale = find(result, QStringLiteral("CUDA-PATH-STALE"));
    QVERIFY(problem(result, QStringLiteral("CUDA-PATH-STALE"))->kind == ToolkitProblem::Kind::PathStale);
    QVERIFY(problem(result, QStringLiteral("CUDA-PATH-STALE"))->isPointerProblem());
    QVERIFY(stale);
    QCOMPARE(stale->severity, Severity::Warning);
    QVERIFY(stale->message.contains(QStringLiteral("CUDA_PATH")));
    QVERIFY(stale->message.contains(m.tree.path(QStringLiteral("cuda-12.1"))));
    QCOMPARE(codes(result.diagnostics()), QStringList{QStringLiteral("CUDA-PATH-STALE")});
}

void TestToolkitLocator::danglingDefaultLink()
{
    TestTree tree;
    tree.symlink(QStringLiteral("cuda"), QStringLiteral("cuda-12.9")); // the toolkit was removed, the link stayed
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda")), tree.path(QStringLiteral("cuda-*"))};
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(host, runner).locate({});
    QVERIFY(result.toolkits.isEmpty());
    const Diagnostic* dangling = find(result, QStringLiteral("CUDA-LINK-DANGLING"));
    QVERIFY(problem(result, QStringLiteral("CUDA-LINK-DANGLING"))->kind == ToolkitProblem::Kind::LinkDangling);
    QVERIFY(problem(result, QStringLiteral("CUDA-LINK-DANGLING"))->isPointerProblem());
    QVERIFY(dangling);
    QCOMPARE(dangling->severity, Severity::Warning);
    QCOMPARE(dangling->subject, tree.path(QStringLiteral("cuda")));
    QVERIFY(dangling->message.contains(QStringLiteral("cuda-12.9")));
    QCOMPARE(codes(result.diagnostics()),
             (QStringList{QStringLiteral("CUDA-LINK-DANGLING"), QStringLiteral("CUDA-NONE-FOUND")}));
}

void TestToolkitLocator::noToolkitAnywhere()
{
    TestTree tree;
    tree.makeDir(QStringLiteral("bin"));
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda")), tree.path(QStringLiteral("cuda-*"))};
    host.variables.insert(QStringLiteral("PATH"), tree.path(QStringLiteral("bin")));
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(host, runner).locate({});
    QVERIFY(result.toolkits.isEmpty());
    // A default place that is simply not there is not a finding; only "nothing at all" is.
    QCOMPARE(codes(result.diagnostics()), QStringList{QStringLiteral("CUDA-NONE-FOUND")});
    QCOMPARE(result.diagnostics().first().severity, Severity::Warning);
}

void TestToolkitLocator::unknownVersionIsAFinding()
{
    TestTree tree;
    // A toolkit with a cuda.h that does not say and an nvcc that does not run.
    tree.writeFile(QStringLiteral("cuda-x/include/cuda.h"), "#pragma once\n");
    tree.writeFile(QStringLiteral("cuda-x/bin/nvcc"), libraryBytes());
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda-*"))};
    FakeProcessRunner runner;
    runner.script(QStringLiteral("nvcc"), FakeProcessRunner::output("cannot execute binary file", 126));
    const ToolkitLocator::Result result = ToolkitLocator(host, runner).locate({});
    QCOMPARE(result.toolkits.size(), 1);
    QVERIFY(!result.toolkits.first().version);
    QVERIFY(result.toolkits.first().versionSource.isEmpty());
    QVERIFY(result.toolkits.first().active); // the only one
    QCOMPARE(codes(result.diagnostics()), QStringList{QStringLiteral("CUDA-VERSION-UNKNOWN")});
    QCOMPARE(runner.calls().size(), 1); // nvcc was the last resort, and it was tried
}

void TestToolkitLocator::severalToolkitsNoneOnPath()
{
    TestTree tree;
    makeLinuxToolkit(tree, {QStringLiteral("cuda-11.8"), 11080, QStringLiteral("11.8.20220929"), {}});
    makeLinuxToolkit(tree, {QStringLiteral("cuda-12.6"), 12060, QStringLiteral("12.6.20241114"), {}});
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda")), tree.path(QStringLiteral("cuda-*"))};
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(host, runner).locate({});
    QCOMPARE(result.toolkits.size(), 2);
    for (const CudaToolkit& t : result.toolkits)
        QVERIFY(!t.active);
    QCOMPARE(codes(result.diagnostics()), QStringList{QStringLiteral("CUDA-NO-ACTIVE")});
    QCOMPARE(result.diagnostics().first().severity, Severity::Info);
    // Numeric order of the default roots: 11.8 before 12.6.
    QCOMPARE(result.toolkits.at(0).version->toString(), QStringLiteral("11.8"));
}

void TestToolkitLocator::windowsToolkitsFromEnvironmentAndPath()
{
    TestTree tree;
    const QString cudaDir = QStringLiteral("Program Files/NVIDIA GPU Computing Toolkit/CUDA");
    const QString v118
        = makeWindowsToolkit(tree, cudaDir + QStringLiteral("/v11.8"), QStringLiteral("11.8.20220929"), 11080);
    const QString v124 = makeWindowsToolkit(tree, cudaDir + QStringLiteral("/v12.4"), QStringLiteral("12.4.1"), 12040);
    const QString winV118 = displayPath(OsFlavor::Windows, tree.path(cudaDir + QStringLiteral("/v11.8")));
    const QString winV124 = displayPath(OsFlavor::Windows, tree.path(cudaDir + QStringLiteral("/v12.4")));
    QVERIFY(winV124.contains(u'\\'));
    QVERIFY(!winV124.contains(u'/'));

    HostEnvironment host = emptyHost(OsFlavor::Windows);
    host.defaultToolkitRoots = {tree.path(cudaDir + QStringLiteral("/v*"))};
    // Names as users' machines have them: Windows does not care about case, so neither may we.
    host.variables.insert(QStringLiteral("cuda_path"), winV124);
    host.variables.insert(QStringLiteral("CUDA_PATH_V11_8"), winV118 + QLatin1Char('\\'));
    host.variables.insert(QStringLiteral("Cuda_Path_V12_4"), winV124);
    host.variables.insert(QStringLiteral("Path"),
                          QStringLiteral("C:\\Windows\\system32;\"%CUDA_PATH%\\bin\";%CUDA_PATH%\\libnvvp;;"
                                         "C:\\Program Files\\Git\\cmd"));

    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(host, runner).locate({});
    QVERIFY2(result.diagnostics().isEmpty(), qPrintable(codes(result.diagnostics()).join(u',')));
    QCOMPARE(result.toolkits.size(), 2);
    const CudaToolkit* t118 = toolkitWithRoot(result.toolkits, v118);
    const CudaToolkit* t124 = toolkitWithRoot(result.toolkits, v124);
    QVERIFY(t118 && t124);
    QCOMPARE(t118->version->toString(), QStringLiteral("11.8"));
    QCOMPARE(t124->version->toString(), QStringLiteral("12.4"));
    QCOMPARE(t124->versionSource, QStringLiteral("version.json"));
    QCOMPARE(t124->nvcc, v124 + QStringLiteral("/bin/nvcc.exe"));
    QVERIFY(t124->active);
    QVERIFY(!t118->active);

    QStringList sources124;
    for (const ToolkitOrigin& o : t124->origins)
        sources124.append(o.source);
    QCOMPARE(sources124,
             (QStringList{QStringLiteral("CUDA_PATH"),
                          QStringLiteral("Cuda_Path_V12_4"),
                          QStringLiteral("PATH"),
                          QStringLiteral("default location")}));
    QStringList sources118;
    for (const ToolkitOrigin& o : t118->origins)
        sources118.append(o.source);
    QCOMPARE(sources118, (QStringList{QStringLiteral("CUDA_PATH_V11_8"), QStringLiteral("default location")}));
    // Origins are kept in the one internal form (forward slashes, no trailing separator) whatever was written.
    for (const ToolkitOrigin& o : t118->origins)
        QVERIFY2(!o.path.contains(u'\\') && !o.path.endsWith(u'/'), qPrintable(o.path));
}

void TestToolkitLocator::windowsPathAndCudaPathDisagree()
{
    TestTree tree;
    const QString cudaDir = QStringLiteral("Program Files/NVIDIA GPU Computing Toolkit/CUDA");
    const QString v118
        = makeWindowsToolkit(tree, cudaDir + QStringLiteral("/v11.8"), QStringLiteral("11.8.20220929"), 11080);
    const QString v124 = makeWindowsToolkit(tree, cudaDir + QStringLiteral("/v12.4"), QStringLiteral("12.4.1"), 12040);
    HostEnvironment host = emptyHost(OsFlavor::Windows);
    host.variables.insert(QStringLiteral("CUDA_PATH"), displayPath(OsFlavor::Windows, v124));
    host.variables.insert(QStringLiteral("CUDA_PATH_V11_8"), displayPath(OsFlavor::Windows, v118));
    // The older toolkit's bin comes first on PATH (the installer of 11.8 ran last and prepended itself).
    host.variables.insert(QStringLiteral("PATH"),
                          QStringLiteral("%CUDA_PATH_V11_8%\\bin;%CUDA_PATH%\\bin;C:\\Windows\\system32"));

    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(host, runner).locate({});
    const CudaToolkit* t118 = toolkitWithRoot(result.toolkits, v118);
    const CudaToolkit* t124 = toolkitWithRoot(result.toolkits, v124);
    QVERIFY(t118 && t124);
    QVERIFY(t118->active);
    QVERIFY(!t124->active);
    const Diagnostic* disagree = find(result, QStringLiteral("CUDA-ACTIVE-DISAGREE"));
    QVERIFY(disagree);
    // Shown the way Windows writes paths.
    QVERIFY2(disagree->message.contains(displayPath(OsFlavor::Windows, v118)), qPrintable(disagree->message));
    QVERIFY2(disagree->message.contains(displayPath(OsFlavor::Windows, v124)), qPrintable(disagree->message));
    QVERIFY(disagree->message.contains(QStringLiteral("CUDA_PATH")));
}

void TestToolkitLocator::windowsStaleVersionedVariable()
{
    TestTree tree;
    const QString v124 = makeWindowsToolkit(tree, QStringLiteral("CUDA/v12.4"), QStringLiteral("12.4.1"), 12040);
    HostEnvironment host = emptyHost(OsFlavor::Windows);
    host.variables.insert(QStringLiteral("CUDA_PATH"), displayPath(OsFlavor::Windows, v124));
    // 11.8 was uninstalled; its variable was left behind.
    host.variables.insert(QStringLiteral("CUDA_PATH_V11_8"),
                          displayPath(OsFlavor::Windows, tree.path(QStringLiteral("CUDA/v11.8"))));
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(host, runner).locate({});
    QCOMPARE(result.toolkits.size(), 1);
    QVERIFY(result.toolkits.first().active);
    const Diagnostic* stale = find(result, QStringLiteral("CUDA-PATH-STALE"));
    QVERIFY(stale);
    QVERIFY(stale->message.contains(QStringLiteral("CUDA_PATH_V11_8")));
    QVERIFY2(stale->message.contains(displayPath(OsFlavor::Windows, tree.path(QStringLiteral("CUDA/v11.8")))),
             qPrintable(stale->message));
    QCOMPARE(codes(result.diagnostics()), QStringList{QStringLiteral("CUDA-PATH-STALE")});
}

void TestToolkitLocator::versionReaderPrefersTheCheapestSource_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("txt");
    QTest::addColumn<int>("header");
    QTest::addColumn<bool>("nvcc");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("nvccRuns");

    const QByteArray json = versionJson(QStringLiteral("12.6.20241114"));
    const QByteArray txt = "CUDA Version 11.0.207\n";
    // Files disagree on purpose, so the answer shows which one was read.
    QTest::newRow("version.json first") << json << txt << 10020 << true << "12.6"
                                        << "version.json" << false;
    QTest::newRow("version.txt next") << QByteArray() << txt << 10020 << true << "11.0"
                                      << "version.txt" << false;
    QTest::newRow("cuda.h next") << QByteArray() << QByteArray() << 13000 << true << "13.0"
                                 << "cuda.h" << false;
    QTest::newRow("broken version.json falls through")
        << QByteArray("{\"cuda\":") << QByteArray() << 12040 << false << "12.4"
        << "cuda.h" << false;
    QTest::newRow("nvcc last") << QByteArray() << QByteArray() << 0 << true << "12.4"
                               << "nvcc" << true;
    QTest::newRow("nothing says") << QByteArray() << QByteArray() << 0 << false << ""
                                  << "" << false;
}

void TestToolkitLocator::versionReaderPrefersTheCheapestSource()
{
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, txt);
    QFETCH(int, header);
    QFETCH(bool, nvcc);
    QFETCH(bool, nvccRuns);

    TestTree tree;
    tree.makeDir(QStringLiteral("cuda"));
    if (!json.isEmpty())
        tree.writeFile(QStringLiteral("cuda/version.json"), json);
    if (!txt.isEmpty())
        tree.writeFile(QStringLiteral("cuda/version.txt"), txt);
    if (header > 0)
        tree.writeFile(QStringLiteral("cuda/include/cuda.h"), cudaHeader(header));
    if (nvcc)
        tree.writeFile(QStringLiteral("cuda/bin/nvcc"), libraryBytes());

    FakeProcessRunner runner;
    runner.script(QStringLiteral("nvcc"),
                  FakeProcessRunner::output(testData(QStringLiteral("nvcc/nvcc-12.4.txt"))),
                  QStringLiteral("--version"));
    const ToolkitVersionReader::Result result
        = ToolkitVersionReader(OsFlavor::Linux, runner).read(tree.path(QStringLiteral("cuda")));
    QTEST(result.version ? result.version->toString() : QString(), "version");
    QTEST(result.source, "source");
    QCOMPARE(!runner.calls().isEmpty(), nvccRuns);
    if (nvccRuns)
        QCOMPARE(runner.calls().first(), tree.path(QStringLiteral("cuda/bin/nvcc")) + QStringLiteral(" --version"));
}

void TestToolkitLocator::looksLikeToolkit_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("toolkit");
    QTest::newRow("include/cuda.h") << "include/cuda.h" << true;
    QTest::newRow("version.json") << "version.json" << true;
    QTest::newRow("version.txt") << "version.txt" << true;
    // /usr/local/bin and conda shims have an nvcc of their own: that alone does not make a toolkit.
    QTest::newRow("bin/nvcc alone") << "bin/nvcc" << false;
    QTest::newRow("a cuDNN header alone") << "include/cudnn_version.h" << false;
}

void TestToolkitLocator::looksLikeToolkit()
{
    QFETCH(QString, file);
    TestTree tree;
    tree.writeFile(QStringLiteral("root/") + file, "x");
    QTEST(ToolkitLocator::looksLikeToolkit(OsFlavor::Linux, tree.path(QStringLiteral("root"))), "toolkit");
}

void TestToolkitLocator::realToolkitByCudaRoot()
{
    if (!realToolkitPresent())
        QSKIP("the real CUDA 13.0 toolkit is not at /usr/local/cuda-13.0 on this machine");
    FakeProcessRunner runner;
    const ToolkitLocator::Result result
        = ToolkitLocator(emptyHost(OsFlavor::Linux), runner).locate({realToolkitRoot()});
    QVERIFY2(result.diagnostics().isEmpty(), qPrintable(codes(result.diagnostics()).join(u',')));
    QCOMPARE(result.toolkits.size(), 1);
    const CudaToolkit& t = result.toolkits.first();
    QCOMPARE(t.root, realToolkitRoot());
    // No version.json on this toolkit: the version comes from include/cuda.h, without starting nvcc.
    QVERIFY(!QFileInfo::exists(realToolkitRoot() + QStringLiteral("/version.json")));
    QCOMPARE(t.version->toString(), QStringLiteral("13.0"));
    QCOMPARE(t.versionSource, QStringLiteral("cuda.h"));
    QCOMPARE(t.nvcc, realToolkitRoot() + QStringLiteral("/bin/nvcc"));
    QCOMPARE(originList(t), QStringList{QStringLiteral("--cuda-root ") + realToolkitRoot()});
    QVERIFY(t.active);
    QVERIFY(runner.calls().isEmpty());
}

void TestToolkitLocator::realToolkitThroughLink()
{
    if (!realToolkitPresent())
        QSKIP("the real CUDA 13.0 toolkit is not at /usr/local/cuda-13.0 on this machine");
    TestTree tree;
    tree.symlink(QStringLiteral("cuda"), realToolkitRoot());
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda")), tree.path(QStringLiteral("cuda-*"))};
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(host, runner).locate({});
    QVERIFY(result.diagnostics().isEmpty());
    QCOMPARE(result.toolkits.size(), 1);
    const CudaToolkit& t = result.toolkits.first();
    QCOMPARE(t.root, realToolkitRoot()); // the link resolved
    QCOMPARE(t.version->toString(), QStringLiteral("13.0"));
    QCOMPARE(t.versionSource, QStringLiteral("cuda.h"));
    QCOMPARE(originList(t), QStringList{QStringLiteral("default location ") + tree.path(QStringLiteral("cuda"))});
    QVERIFY(t.active);
}

void TestToolkitLocator::realToolkitThroughWrapperScript()
{
    if (!realToolkitPresent())
        QSKIP("the real CUDA 13.0 toolkit is not at /usr/local/cuda-13.0 on this machine");
    TestTree tree;
    // The CI machine's /usr/local/bin/nvcc, reproduced in the tree.
    const QString wrapper
        = tree.writeFile(QStringLiteral("bin/nvcc"), "#!/bin/sh\nexec /usr/local/cuda-13.0/bin/nvcc \"$@\"\n");
    QFile::setPermissions(wrapper, QFile::permissions(wrapper) | QFile::ExeOwner);
    HostEnvironment host = emptyHost(OsFlavor::Linux);
    host.variables.insert(QStringLiteral("PATH"), tree.path(QStringLiteral("bin")));
    FakeProcessRunner runner;
    const ToolkitLocator::Result result = ToolkitLocator(host, runner).locate({});
    QVERIFY(result.diagnostics().isEmpty());
    QCOMPARE(result.toolkits.size(), 1);
    QCOMPARE(result.toolkits.first().root, realToolkitRoot());
    QCOMPARE(originList(result.toolkits.first()), QStringList{QStringLiteral("PATH ") + realToolkitRoot()});
    QVERIFY(result.toolkits.first().active);
}

QTEST_GUILESS_MAIN(TestToolkitLocator)
#include "TestToolkitLocator.moc"
