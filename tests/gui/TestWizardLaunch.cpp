#include "../unit/repair/RepairFixtures.h"
#include "CommandLine.h"
#include "SetupWizard.h"
#include "WizardLaunch.h"
#include "engine/Engine.h"
#include "engine/EngineInternals.h"
#include "env/SystemRoot.h"
#include "pages/RepairPage.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QtTest>

using namespace RepairFixtures;

/**
 * The wizard the command line opens (app/WizardLaunch): `--repair` on the repair page, which surveys the machine
 * itself; `--cuda-root DIR` as the toolkit the wizard prefers; `--package FILE` as the package its package page
 * starts with; plain `cudnn-setup` on Welcome with no preference.
 */
class TestWizardLaunch : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void repairOpensOnTheRepairPage();
    void cudaRootIsThePreferredToolkit();
    void plainStartIsWelcome();
    void packageIsWhereThePackagePageStarts();
    void plainStartLetsTheVerdictChooseRepair();

private:
    Engine makeEngine();
    static Invocation parsed(const QStringList& arguments);

    std::unique_ptr<TestTree> m_tree;
    QString m_root;
};

void TestWizardLaunch::init()
{
    m_tree = std::make_unique<TestTree>();
    m_root = makeToolkit(*m_tree);
}

Engine TestWizardLaunch::makeEngine()
{
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.defaultToolkitRoots = {m_tree->path(QStringLiteral("cuda-*"))};
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    auto runner = std::make_shared<ProcessRunner>();
    EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
    environment.homeDirectory = m_tree->makeDir(QStringLiteral("home"));
    environment.systemRoot = SystemRoot(m_tree->makeDir(QStringLiteral("root")));
    environment.loginShell = QStringLiteral("/bin/bash");
    return Engine(host, runner, environment);
}

Invocation TestWizardLaunch::parsed(const QStringList& arguments)
{
    const Invocation invocation = parseCommandLine(QStringList{QStringLiteral("cudnn-setup")} + arguments);
    if (!invocation.error.isEmpty())
        qFatal("%s", qPrintable(invocation.error));
    return invocation;
}

void TestWizardLaunch::repairOpensOnTheRepairPage()
{
    const Engine engine = makeEngine();
    const std::unique_ptr<SetupWizard> wizard = openWizard(engine, parsed({QStringLiteral("--repair")}));
    QCOMPARE(wizard->state().task(), SetupTask::Repair);
    wizard->show();
    QVERIFY(QTest::qWaitForWindowExposed(wizard.get()));
    QCOMPARE(wizard->currentId(), int(SetupWizard::RepairPageId));
    auto* page = qobject_cast<RepairPage*>(wizard->currentPage());
    QVERIFY(page);
    // It surveys the machine on its own: no System page came first to detect it.
    QVERIFY(QTest::qWaitFor([&] { return page->isComplete(); }, 60000));
    QVERIFY(wizard->state().snapshot().has_value());
    QCOMPARE(wizard->state().snapshot()->toolkits.size(), 1);
    QCOMPARE(wizard->state().snapshot()->toolkits.first().root, m_root);
    QVERIFY(!wizard->button(QWizard::BackButton)->isVisible()); // nothing before it to go back to
}

void TestWizardLaunch::cudaRootIsThePreferredToolkit()
{
    const Engine engine = makeEngine();
    const std::unique_ptr<SetupWizard> named = openWizard(engine, parsed({QStringLiteral("--cuda-root"), m_root}));
    QCOMPARE(named->state().preferredToolkit(), m_root);
    QCOMPARE(named->state().task(), SetupTask::Install);
    QCOMPARE(named->startId(), int(SetupWizard::WelcomePageId));

    // A relative folder is made absolute against the folder it was typed in.
    const QString before = QDir::currentPath();
    QVERIFY(QDir::setCurrent(m_tree->root()));
    const std::unique_ptr<SetupWizard> relative
        = openWizard(engine, parsed({QStringLiteral("--cuda-root"), QStringLiteral("cuda-13.0")}));
    QDir::setCurrent(before);
    QCOMPARE(QFileInfo(relative->state().preferredToolkit()).canonicalFilePath(), m_root);
    QVERIFY(QFileInfo(relative->state().preferredToolkit()).isAbsolute());

    // With --repair too: the repair page opens, and the toolkit is kept for the install that may follow.
    const std::unique_ptr<SetupWizard> both
        = openWizard(engine, parsed({QStringLiteral("--repair"), QStringLiteral("--cuda-root"), m_root}));
    QCOMPARE(both->startId(), int(SetupWizard::RepairPageId));
    QCOMPARE(both->state().preferredToolkit(), m_root);
}

void TestWizardLaunch::plainStartIsWelcome()
{
    const Engine engine = makeEngine();
    const std::unique_ptr<SetupWizard> wizard = openWizard(engine, parsed({}));
    QCOMPARE(wizard->startId(), int(SetupWizard::WelcomePageId));
    QVERIFY(wizard->state().preferredToolkit().isEmpty());
    QCOMPARE(wizard->state().task(), SetupTask::Install);
}

void TestWizardLaunch::packageIsWhereThePackagePageStarts()
{
    // --package without --silent asks the person (it ran a silent install, profile change included, before).
    const Invocation invocation
        = parsed({QStringLiteral("--package"), QStringLiteral("cudnn.tar.xz"), QStringLiteral("--cuda-root"), m_root});
    QVERIFY(invocation.opensWizard());
    const Engine engine = makeEngine();
    const std::unique_ptr<SetupWizard> wizard = openWizard(engine, invocation);
    QCOMPARE(wizard->startId(), int(SetupWizard::WelcomePageId));
    QCOMPARE(wizard->state().preferredPackage(), QDir::current().absoluteFilePath(QStringLiteral("cudnn.tar.xz")));
    QCOMPARE(wizard->state().preferredToolkit(), m_root);
    QVERIFY(openWizard(engine, parsed({}))->state().preferredPackage().isEmpty());
}

void TestWizardLaunch::plainStartLetsTheVerdictChooseRepair()
{
    // Issue 42 item 13: started without a task, Welcome chooses Repair when the toolkit's cuDNN is damaged (here it
    // holds only libcudnn.so.9); started with a package to install, or with --repair, the task named stays.
    m_tree->writeFile(QFileInfo(m_root).fileName() + QStringLiteral("/lib/libcudnn.so.9"), "ELF");
    m_tree->writeFile(QFileInfo(m_root).fileName() + QStringLiteral("/include/cudnn_version.h"),
                      "#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 19\n#define CUDNN_PATCHLEVEL 0\n");
    const Engine engine = makeEngine();
    const std::unique_ptr<SetupWizard> plain = openWizard(engine, parsed({}));
    QVERIFY(!plain->state().taskChosen());
    plain->show();
    QVERIFY(QTest::qWaitForWindowExposed(plain.get()));
    QTRY_VERIFY_WITH_TIMEOUT(plain->state().snapshot().has_value(), 30000);
    QVERIFY(plain->state().snapshot()->verdict.repairFixes());
    QCOMPARE(plain->state().task(), SetupTask::Repair);
    plain->close();

    const std::unique_ptr<SetupWizard> install
        = openWizard(engine, parsed({QStringLiteral("--package"), QStringLiteral("cudnn.tar.xz")}));
    QVERIFY(install->state().taskChosen());
    install->show();
    QVERIFY(QTest::qWaitForWindowExposed(install.get()));
    QTRY_VERIFY_WITH_TIMEOUT(install->state().snapshot().has_value(), 30000);
    QCOMPARE(install->state().task(), SetupTask::Install);
    install->close();
    QVERIFY(openWizard(engine, parsed({QStringLiteral("--repair")}))->state().taskChosen());
}

QTEST_MAIN(TestWizardLaunch)
#include "TestWizardLaunch.moc"
