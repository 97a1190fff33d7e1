#include "../install/InstallFixtures.h"
#include "FakeProcessRunner.h"
#include "engine/Engine.h"
#include "engine/EngineInternals.h"
#include "env/DirectoryListing.h"
#include "env/EnvironmentStore.h"
#include "env/SystemRoot.h"
#include "install/FaultPoint.h"
#include "package/ArchiveReader.h"
#include "report/Report.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace InstallFixtures;

/**
 * Engine::install, the run both faces start: the files and the search path fix in one transaction, undone together
 * by an uninstall or a rollback; then the benchmark, whose verdict decides between exit codes 0 and 6. The machine
 * is a temporary toolkit, a temporary home and "/", and a probe that answers with canned JSON.
 */
class TestSetupRun : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void userScopeFixIsPartOfTheInstallAndOfTheUninstall();
    void secondIdenticalRunChangesNothing();
    void scopeNoneLeavesTheProfileAlone();
    void rollbackTakesTheFixBackWithTheFiles();
    void benchmarkVerdictDecidesTheExitCode_data();
    void benchmarkVerdictDecidesTheExitCode();
    void dryRunPlanShowsTheDiff();
    void deployChangesNoSearchPathWhateverTheScope();
    void unjudgedArchiveIsReadOnceForAKnownToolkit();
    void missingToolkitIsRefusedBeforeAnythingIsRead();

private:
    Engine engine() const;
    PackageChoice choice(const SystemSnapshot& system) const;
    QString home() const { return m_tree->path(QStringLiteral("home")); }
    QString profile() const { return home() + QStringLiteral("/.profile"); }
    void scriptBenchmark(const QString& code);

    TestTree m_shared;
    QString m_archive;
    std::unique_ptr<TestTree> m_tree;
    QString m_root;
    std::shared_ptr<FakeProcessRunner> m_runner;
};

void TestSetupRun::initTestCase()
{
    CudnnArchiveSpec spec;
    m_archive = writeArchive(m_shared, spec.build(), spec.fileName());
}

void TestSetupRun::init()
{
    m_tree = std::make_unique<TestTree>();
    m_root = makeToolkit(*m_tree);
    m_tree->writeFile(QStringLiteral("home/.profile"), "# the user's own profile\nexport EDITOR=vi\n");
    m_tree->makeDir(QStringLiteral("root/etc"));
    m_runner = std::make_shared<FakeProcessRunner>();
}

Engine TestSetupRun::engine() const
{
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.variables = {{QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin")}};
    host.probeDirectory = m_tree->path(QStringLiteral("bin"));
    EnvironmentLocations locations;
    locations.host = host;
    locations.homeDirectory = home();
    locations.systemRoot = SystemRoot(m_tree->path(QStringLiteral("root")));
    locations.loginShell = QStringLiteral("/bin/bash");
    locations.store = std::make_shared<MemoryEnvironmentStore>();
    locations.runner = m_runner;
    locations.listing = std::make_shared<LocalDirectoryListing>();
    return Engine(host, m_runner, locations);
}

PackageChoice TestSetupRun::choice(const SystemSnapshot& system) const
{
    const PackageChoice chosen = PackageService::pick(m_archive, system, m_root, false);
    if (!chosen.ok())
        qFatal("the synthetic package does not fit the temporary toolkit");
    return chosen;
}

void TestSetupRun::scriptBenchmark(const QString& code)
{
    const QJsonObject verdict{{QStringLiteral("code"), code}, {QStringLiteral("message"), QStringLiteral("canned")}};
    m_runner->script(
        QStringLiteral("cudnn-probe"),
        FakeProcessRunner::output(QJsonDocument(QJsonObject{{QStringLiteral("verdict"), verdict}}).toJson()),
        QStringLiteral("benchmark"));
}

static QByteArray contents(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

/** The wizard's request: the choice it judged, on the machine it saw. */
static InstallRequest judged(InstallRequest request, const PackageChoice& choice, const SystemSnapshot& system)
{
    request.judged = choice;
    request.system = system;
    return request;
}

void TestSetupRun::userScopeFixIsPartOfTheInstallAndOfTheUninstall()
{
    const QByteArray profileBefore = contents(profile());
    const Engine setup = engine();
    const SystemSnapshot system = machineWith({m_root});
    InstallRequest options;
    options.benchmark = false;
    const SetupOutcome outcome = setup.install(judged(options, choice(system), system));
    QCOMPARE(outcome.install.status, InstallResult::Status::Ok);
    QCOMPARE(outcome.environment.status, EnvironmentOutcome::Status::Applied);
    // Installed, but the probe (not scripted here: it cannot start) never said the libraries load: exit 6.
    QVERIFY(outcome.verify);
    QVERIFY(!outcome.verify->passed());
    QCOMPARE(outcome.verify->diagnostics.first().code, QStringLiteral("VERIFY-PROBE-FAILED"));
    QCOMPARE(outcome.taskStatus(), TaskStatus::VerifyFailed);
    const QByteArray profileAfter = contents(profile());
    QVERIFY2(profileAfter.contains(m_root.toUtf8()), profileAfter);
    QVERIFY(profileAfter.startsWith(profileBefore)); // the user's own lines stay

    // The manifest holds the fix, so the uninstall takes it back with the files, byte for byte.
    const InstallResult removed = InstallService::uninstall(m_root, setup.installOptions());
    QCOMPARE(removed.status, InstallResult::Status::Uninstalled);
    QCOMPARE(contents(profile()), profileBefore);
}

void TestSetupRun::secondIdenticalRunChangesNothing()
{
    const Engine setup = engine();
    const SystemSnapshot system = machineWith({m_root});
    InstallRequest options;
    options.benchmark = false;
    QCOMPARE(setup.install(judged(options, choice(system), system)).install.status, InstallResult::Status::Ok);
    const QByteArray profileAfter = contents(profile());
    const QString toolkitAfter = listing(m_root);

    const SetupOutcome again = setup.install(judged(options, choice(system), system));
    if (const EnvironmentPlan* fix = again.environment.fix())
        QFAIL(qPrintable(QStringLiteral("the fix is not idempotent:\n") + fix->diffText()));
    QCOMPARE(again.install.status, InstallResult::Status::Unchanged);
    QCOMPARE(again.environment.status, EnvironmentOutcome::Status::Unchanged);
    QCOMPARE(contents(profile()), profileAfter);
    QCOMPARE(listing(m_root), toolkitAfter);
}

void TestSetupRun::scopeNoneLeavesTheProfileAlone()
{
    const QByteArray profileBefore = contents(profile());
    const Engine setup = engine();
    const SystemSnapshot system = machineWith({m_root});
    InstallRequest options;
    options.benchmark = false;
    options.pathScope = PathScope::None;
    const SetupOutcome outcome = setup.install(judged(options, choice(system), system));
    QCOMPARE(outcome.install.status, InstallResult::Status::Ok);
    QCOMPARE(outcome.environment.status, EnvironmentOutcome::Status::NotRun);
    QCOMPARE(contents(profile()), profileBefore);
    QVERIFY(!QFileInfo::exists(home() + QStringLiteral("/.config/environment.d")));
    // Still reported: which copies a new program gets.
    QVERIFY(outcome.environment.toJson().contains(QStringLiteral("libraries")));
}

void TestSetupRun::rollbackTakesTheFixBackWithTheFiles()
{
    const QByteArray profileBefore = contents(profile());
    const QString toolkitBefore = toolkitListing(m_root);
    const Engine setup = engine();
    const SystemSnapshot system = machineWith({m_root});
    InstallRequest options;
    options.benchmark = false;
    FaultPoint::arm(QStringLiteral("manifest.write")); // after the fix was made, before the commit
    const SetupOutcome outcome = setup.install(judged(options, choice(system), system));
    FaultPoint::disarm();
    QCOMPARE(outcome.install.status, InstallResult::Status::RolledBack);
    QCOMPARE(outcome.environment.status, EnvironmentOutcome::Status::RolledBack);
    QCOMPARE(outcome.taskStatus(), TaskStatus::RolledBack);
    QCOMPARE(contents(profile()), profileBefore);
    QCOMPARE(toolkitListing(m_root), toolkitBefore);
}

void TestSetupRun::benchmarkVerdictDecidesTheExitCode_data()
{
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<TaskStatus>("exitCode");
    QTest::newRow("active") << QStringLiteral("BENCH-OK") << TaskStatus::Ok;
    QTest::newRow("no GPU here: a warning, not a failure") << QStringLiteral("BENCH-NO-GPU") << TaskStatus::Ok;
    QTest::newRow("slow: a warning") << QStringLiteral("BENCH-SLOW") << TaskStatus::Ok;
    QTest::newRow("wrong results") << QStringLiteral("BENCH-WRONG") << TaskStatus::VerifyFailed;
    QTest::newRow("cuDNN does not load") << QStringLiteral("BENCH-CUDNN-LOAD-FAILED") << TaskStatus::VerifyFailed;
}

void TestSetupRun::benchmarkVerdictDecidesTheExitCode()
{
    QFETCH(QString, verdict);
    QFETCH(TaskStatus, exitCode);
    scriptBenchmark(verdict);
    const Engine setup = engine();
    const SystemSnapshot system = machineWith({m_root});
    InstallRequest options;
    options.pathScope = PathScope::None;
    options.verify = false;
    const SetupOutcome outcome = setup.install(judged(options, choice(system), system));
    QCOMPARE(outcome.install.status, InstallResult::Status::Ok);
    QVERIFY(outcome.benchmark);
    QCOMPARE(outcome.benchmark->verdictCode, verdict);
    QCOMPARE(outcome.taskStatus(), exitCode);
    // The probe ran against the toolkit just installed into.
    const QStringList calls = m_runner->calls().filter(QStringLiteral("benchmark"));
    QCOMPARE(calls.size(), 1);
    QVERIFY2(calls.first().contains(m_root), qPrintable(calls.first()));

    const QJsonObject json = outcome.toReport().toJson();
    QCOMPARE(json.value(QStringLiteral("benchmark"))
                 .toObject()
                 .value(QStringLiteral("verdict"))
                 .toObject()
                 .value(QStringLiteral("code")),
             QJsonValue(verdict));
    QCOMPARE(json.value(QStringLiteral("environment")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("not_run"));
}

void TestSetupRun::dryRunPlanShowsTheDiff()
{
    const QByteArray profileBefore = contents(profile());
    const Engine setup = engine();
    const SystemSnapshot system = machineWith({m_root});
    const EnvironmentOutcome planned = setup.planEnvironment(choice(system), system, PathScope::User);
    QCOMPARE(planned.status, EnvironmentOutcome::Status::Planned);
    QVERIFY(planned.fix());
    const QString diff = planned.fix()->diffText();
    QVERIFY2(diff.contains(QStringLiteral("+")) && diff.contains(m_root), qPrintable(diff));
    QCOMPARE(contents(profile()), profileBefore); // planning writes nothing
    QCOMPARE(planned.toJson().value(QStringLiteral("status")).toString(), QStringLiteral("planned"));
}

void TestSetupRun::deployChangesNoSearchPathWhateverTheScope()
{
    const QByteArray profileBefore = contents(profile());
    const Engine setup = engine();
    const SystemSnapshot system = machineWith({m_root});
    InstallRequest request; // a face that passes the user's scope as it stands: the engine knows a deploy needs none
    request.mode = InstallRequest::Mode::Deploy;
    request.deployTo = m_tree->path(QStringLiteral("app"));
    request.pathScope = PathScope::User;
    request.verify = false;
    request.benchmark = false;
    const SetupOutcome outcome = setup.install(judged(request, choice(system), system));
    QCOMPARE(outcome.install.status, InstallResult::Status::Ok);
    QCOMPARE(outcome.environment.status, EnvironmentOutcome::Status::NotRun);
    QCOMPARE(outcome.environment.scope, PathScope::None);
    QCOMPARE(contents(profile()), profileBefore);
    QVERIFY(QFileInfo::exists(request.deployTo + QStringLiteral("/libcudnn.so.9")));
}

void TestSetupRun::unjudgedArchiveIsReadOnceForAKnownToolkit()
{
    const Engine setup = engine();
    InstallRequest request; // as `--silent --package FILE --cuda-root DIR` asks: the engine finds the machine itself
    request.package = {m_archive, m_root};
    request.detect.cudaRoots = {m_root};
    request.detect.queryDriver = false;
    request.pathScope = PathScope::None;
    request.verify = false;
    request.benchmark = false;
    const int before = ArchiveReader::opened();
    const SetupOutcome outcome = setup.install(request);
    QCOMPARE(outcome.install.status, InstallResult::Status::Ok);
    QCOMPARE(ArchiveReader::opened() - before, 1);
    QVERIFY(outcome.system.toolkitAt(m_root)); // the machine it detected comes back with the outcome
    QVERIFY(outcome.choice.ok());
}

void TestSetupRun::missingToolkitIsRefusedBeforeAnythingIsRead()
{
    const Engine setup = engine();
    InstallRequest request;
    request.package = {m_archive, m_tree->path(QStringLiteral("no-such-toolkit"))};
    request.detect.cudaRoots = {*request.package.cudaRoot};
    const int before = ArchiveReader::opened();
    const SetupOutcome outcome = setup.install(request);
    QCOMPARE(ArchiveReader::opened() - before, 0);
    QVERIFY(!outcome.ranInstall());
    QVERIFY(!outcome.choice.ok());
    QVERIFY(outcome.system.toolkits.isEmpty()); // not even detected: the folder is not there
    QCOMPARE(outcome.taskStatus(), TaskStatus::NothingFound); // exit 5: the toolkit named is not there
}

QTEST_GUILESS_MAIN(TestSetupRun)
#include "TestSetupRun.moc"
