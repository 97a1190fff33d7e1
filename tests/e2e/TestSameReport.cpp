#include "../unit/repair/RepairFixtures.h"
#include "SilentRun.h"
#include "engine/Engine.h"
#include "package/ArchiveReader.h"
#include "report/Report.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace RepairFixtures;

/**
 * One engine for both faces: each task run the way the wizard runs it (the page's engine call, then the outcome's
 * own report, as Finish saves it) and the way a deployment script runs it (`--silent --report`), over the same
 * toolkit in the same state, writes the same report, less what is different each run (times, transaction ids).
 */
class TestSameReport : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void install();
    void installFromAFolder();
    void uninstall();
    void repair();
    void deploy();
    void deployPlan();

private:
    /** The toolkit as it was made, at the same path: each face starts from the same state. */
    void freshToolkit();
    SilentRun::Result silent(const QStringList& arguments) const;
    /** `--silent --package package`, into the toolkit, with the search path left alone and no proofs. */
    SilentRun::Result silentInstall(const QString& package) const;
    SystemSnapshot system() const;
    PackageChoice chosen() const;
    void compare(const QJsonObject& wizard, const QJsonObject& script);

    TestTree m_shared;
    QString m_archive;
    std::unique_ptr<TestTree> m_tree;
    std::unique_ptr<Engine> m_engine;
    QString m_root;
};

namespace {

/** What differs from one run to the next whoever runs it: clocks, transaction ids, the time a step took. */
const QStringList Volatile{QStringLiteral("time"),
                           QStringLiteral("started"),
                           QStringLiteral("finished"),
                           QStringLiteral("seconds"),
                           QStringLiteral("duration_ms"),
                           QStringLiteral("elapsed_ms"),
                           QStringLiteral("transaction"),
                           QStringLiteral("transactions"),
                           QStringLiteral("generated"),
                           QStringLiteral("version")};

QJsonValue normalised(const QJsonValue& value)
{
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        for (const QString& key : Volatile)
            object.remove(key);
        for (auto it = object.begin(); it != object.end(); ++it)
            it.value() = normalised(it.value());
        return object;
    }
    if (value.isArray()) {
        QJsonArray array;
        for (const QJsonValue& item : value.toArray())
            array.append(normalised(item));
        return array;
    }
    return value;
}

} // namespace

void TestSameReport::init()
{
    if (m_archive.isEmpty())
        m_archive = writeSpec(m_shared, CudnnArchiveSpec{});
    m_tree = std::make_unique<TestTree>();
    m_tree->makeDir(QStringLiteral("home"));
    m_tree->makeDir(QStringLiteral("system-root/etc"));
    // The wizard's engine reads the same injected places the child process does.
    qputenv("HOME", m_tree->path(QStringLiteral("home")).toUtf8());
    qputenv("CUDNN_SETUP_SYSTEM_ROOT", m_tree->path(QStringLiteral("system-root")).toUtf8());
    m_engine = std::make_unique<Engine>();
    freshToolkit();
}

void TestSameReport::freshToolkit()
{
    const QString root = m_tree->path(QStringLiteral("cuda-13.0"));
    if (QFileInfo::exists(root))
        QVERIFY(QDir(root).removeRecursively());
    m_root = makeToolkit(*m_tree);
    QCOMPARE(m_root, root);
}

SilentRun::Result TestSameReport::silent(const QStringList& arguments) const
{
    SilentRun run(m_tree->path(QStringLiteral("report.json")));
    run.set(QStringLiteral("HOME"), m_tree->path(QStringLiteral("home")));
    run.set(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), m_tree->path(QStringLiteral("system-root")));
    return run.run(arguments);
}

SilentRun::Result TestSameReport::silentInstall(const QString& package) const
{
    return silent({QStringLiteral("--package"),
                   package,
                   QStringLiteral("--cuda-root"),
                   m_root,
                   QStringLiteral("--path-scope"),
                   QStringLiteral("none"),
                   QStringLiteral("--no-verify"),
                   QStringLiteral("--no-benchmark")});
}

SystemSnapshot TestSameReport::system() const
{
    DetectOptions options;
    options.cudaRoots = {m_root};
    return m_engine->detect(options);
}

PackageChoice TestSameReport::chosen() const
{
    return m_engine->choosePackage({m_archive, m_root, false}, system());
}

void TestSameReport::compare(const QJsonObject& wizard, const QJsonObject& script)
{
    const QByteArray a = QJsonDocument(normalised(wizard).toObject()).toJson();
    const QByteArray b = QJsonDocument(normalised(script).toObject()).toJson();
    if (a != b) {
        m_tree->writeFile(QStringLiteral("wizard.json"), a);
        m_tree->writeFile(QStringLiteral("script.json"), b);
    }
    QVERIFY2(!script.isEmpty(), "the silent run wrote no report");
    QVERIFY2(a == b, difference(QString::fromUtf8(a), QString::fromUtf8(b)).constData());
}

void TestSameReport::install()
{
    InstallRequest options; // as the install page fills them, less the elevation hand-over
    options.pathScope = PathScope::None;
    options.verify = false;
    options.benchmark = false;
    options.judged = chosen();
    options.system = system();
    const SetupOutcome outcome = m_engine->install(options);
    QCOMPARE(outcome.install.status, InstallResult::Status::Ok);
    const QJsonObject wizard = outcome.toReport().toJson();

    freshToolkit();
    const SilentRun::Result script = silentInstall(m_archive);
    QVERIFY2(script.exitCode == 0, script.out + script.err);
    compare(wizard, script.report);
}

void TestSameReport::installFromAFolder()
{
    // A lab's folder: the build that fits, one for CUDA 12 and one for Windows. The script reads only the one that
    // fits, once (judged while staged); the wizard chooses first and then installs; the reports are the same.
    CudnnArchiveSpec cuda12;
    cuda12.cuda = QStringLiteral("12");
    CudnnArchiveSpec windows;
    windows.layout = CudnnArchiveSpec::Layout::WindowsBinX64;
    const QString folder = QFileInfo(writeSpec(*m_tree, cuda12, QStringLiteral("lab"))).path();
    writeSpec(*m_tree, windows, QStringLiteral("lab"));
    QVERIFY(QFile::copy(m_archive, folder + QLatin1Char('/') + QFileInfo(m_archive).fileName()));

    InstallRequest options;
    options.pathScope = PathScope::None;
    options.verify = false;
    options.benchmark = false;
    options.judged = m_engine->choosePackage({folder, m_root}, system());
    options.system = system();
    const SetupOutcome outcome = m_engine->install(options);
    QCOMPARE(outcome.install.status, InstallResult::Status::Ok);
    QCOMPARE(outcome.choice.candidates.size(), 3);
    const QJsonObject wizard = outcome.toReport().toJson();

    freshToolkit();
    const SilentRun::Result script = silentInstall(folder);
    QVERIFY2(script.exitCode == 0, script.out + script.err);
    compare(wizard, script.report);

    // The script's way in, in this process: one read of the one archive the names leave. (A copy of the folder,
    // whose facts nobody has kept yet.)
    freshToolkit();
    const QString copy = m_tree->path(QStringLiteral("lab-copy"));
    QVERIFY(QDir().mkpath(copy));
    for (const QString& name : QDir(folder).entryList(QDir::Files))
        QVERIFY(QFile::copy(folder + QLatin1Char('/') + name, copy + QLatin1Char('/') + name));
    const int before = ArchiveReader::opened();
    InstallRequest unjudged = options; // as the silent install asks: a folder, nothing judged yet
    unjudged.judged.reset();
    unjudged.package = {copy, m_root};
    const SetupOutcome once = m_engine->install(unjudged);
    QCOMPARE(once.install.status, InstallResult::Status::Ok);
    QCOMPARE(ArchiveReader::opened() - before, 1);
    QCOMPARE(once.choice.candidates.size(), 3);
    QCOMPARE(QFileInfo(once.choice.chosen()->inspection.file).fileName(), QFileInfo(m_archive).fileName());
}

void TestSameReport::uninstall()
{
    QCOMPARE(RepairFixtures::install(m_archive, m_root).status, InstallResult::Status::Ok);
    const UninstallOutcome outcome = m_engine->uninstall(UninstallRequest{m_root, false, {}});
    QCOMPARE(outcome.result.status, InstallResult::Status::Uninstalled);
    const QJsonObject wizard = outcome.toReport().toJson();

    freshToolkit();
    QCOMPARE(RepairFixtures::install(m_archive, m_root).status, InstallResult::Status::Ok);
    const SilentRun::Result script = silent({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root});
    QVERIFY2(script.exitCode == 0, script.out + script.err);
    compare(wizard, script.report);
}

void TestSameReport::repair()
{
    const auto damaged = [this] {
        QVERIFY(RepairFixtures::install(m_archive, m_root).status == InstallResult::Status::Ok);
        QVERIFY(QFile::remove(m_root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0")));
        flatten(m_root + QStringLiteral("/lib/libcudnn.so.9"));
    };
    damaged();
    RepairRequest request; // as the repair page asks, for the toolkit the script names
    request.roots = {m_root};
    request.pathScope = PathScope::None;
    const RepairOutcome outcome = m_engine->repair(m_engine->surveyRepair(request), request);
    QCOMPARE(outcome.result.status, RepairResult::Status::Repaired);
    const QJsonObject wizard = outcome.toReport().toJson();

    freshToolkit();
    damaged();
    const SilentRun::Result script = silent({QStringLiteral("--repair"),
                                             QStringLiteral("--cuda-root"),
                                             m_root,
                                             QStringLiteral("--path-scope"),
                                             QStringLiteral("none")});
    QVERIFY2(script.exitCode == 0, script.out + script.err);
    compare(wizard, script.report);
}

void TestSameReport::deploy()
{
    const QString folder = m_tree->path(QStringLiteral("app"));
    InstallRequest options; // as the install page fills them for a deploy
    options.mode = InstallRequest::Mode::Deploy;
    options.deployTo = folder;
    options.pathScope = PathScope::None;
    options.judged = chosen();
    options.system = system();
    const SetupOutcome outcome = m_engine->install(options);
    QCOMPARE(outcome.install.status, InstallResult::Status::Ok);
    const QJsonObject wizard = outcome.toReport().toJson();

    QVERIFY(QDir(folder).removeRecursively());
    const SilentRun::Result script = silent({QStringLiteral("--package"),
                                             m_archive,
                                             QStringLiteral("--cuda-root"),
                                             m_root,
                                             QStringLiteral("--deploy-to"),
                                             folder});
    QVERIFY2(script.exitCode == 0, script.out + script.err);
    compare(wizard, script.report);
}

void TestSameReport::deployPlan()
{
    // The deploy page's plan and the script's dry run search the same places (PATH) for what the toolkit lacks.
    const QString folder = m_tree->path(QStringLiteral("app"));
    const DeployPlan plan = m_engine->planDeploy(chosen(), system(), folder);
    Report page(QStringLiteral("dry-run"));
    plan.addToReport(page);
    const SilentRun::Result script = silent({QStringLiteral("--dry-run"),
                                             QStringLiteral("--package"),
                                             m_archive,
                                             QStringLiteral("--cuda-root"),
                                             m_root,
                                             QStringLiteral("--deploy-to"),
                                             folder});
    QVERIFY2(script.exitCode == 0, script.out + script.err);
    QCOMPARE(normalised(page.toJson().value(QStringLiteral("changes"))),
             normalised(script.report.value(QStringLiteral("changes"))));
    QCOMPARE(page.toJson().value(QStringLiteral("deploy")), script.report.value(QStringLiteral("deploy")));
}

QTEST_GUILESS_MAIN(TestSameReport)
#include "TestSameReport.moc"
