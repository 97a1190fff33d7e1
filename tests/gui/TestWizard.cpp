#include "ArchiveBuilder.h"
#include "BenchmarkChart.h"
#include "SetupWizard.h"
#include "TestTree.h"
#include "engine/Engine.h"
#include "pages/BenchmarkPage.h"
#include "pages/EnvironmentPage.h"
#include "pages/PackagePage.h"
#include "pages/SystemPage.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTranslator>
#include <QTreeWidget>
#include <QtTest>

/** The wizard as a person drives it: pages, Next/Back, background work, languages. */
class TestWizard : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void startsOnWelcomeWithInstallChosen();
    void repairModeStartsWithRepairChosen();
    void systemPageShowsWhatTheEngineDetected();
    void backAndNextDoNotDetectAgain();
    void chineseTranslationIsBuiltIn();
    void packagePlanAndBenchmarkPages();
    void blockedPackageKeepsNextDisabled();

private:
    Engine makeEngine(const QString& fakeScenario = QStringLiteral("rtx3060ti"));
    void goToPackagePage(SetupWizard& wizard);
    PackagePage* checkPackage(SetupWizard& wizard, const QString& archive);
    static QString factsText(QTreeWidget* tree);

    std::unique_ptr<TestTree> m_tree;
};

void TestWizard::init()
{
    m_tree = std::make_unique<TestTree>();
    m_tree->writeFile(QStringLiteral("cuda-12.4/version.json"), R"({"cuda": {"version": "12.4.1"}})");
    m_tree->writeFile(QStringLiteral("cuda-12.4/include/cudnn_version.h"),
                      "#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n");
    for (const char* name : {"libcudnn",
                             "libcudnn_graph",
                             "libcudnn_ops",
                             "libcudnn_cnn",
                             "libcudnn_adv",
                             "libcudnn_engines_precompiled",
                             "libcudnn_engines_runtime_compiled",
                             "libcudnn_heuristic"}) {
        const QString base = QStringLiteral("cuda-12.4/lib64/%1.so").arg(QLatin1String(name));
        m_tree->writeFile(base + QStringLiteral(".9.1.0"), "ELF");
        m_tree->symlink(base + QStringLiteral(".9"), QFileInfo(base).fileName() + QStringLiteral(".9.1.0"));
    }
}

void TestWizard::cleanup()
{
    QTRY_VERIFY(QApplication::topLevelWidgets().isEmpty() || QApplication::activeModalWidget() == nullptr);
    m_tree.reset();
}

Engine TestWizard::makeEngine(const QString& fakeScenario)
{
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.defaultToolkitRoots = {m_tree->path(QStringLiteral("cuda-*"))};
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                          qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QLatin1Char('/') + fakeScenario);
    auto runner = std::make_shared<ProcessRunner>();
    // The environment step reads (and would write) a home and "/": both are temporary here.
    EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
    environment.homeDirectory = m_tree->makeDir(QStringLiteral("home"));
    environment.systemRoot = SystemRoot(m_tree->makeDir(QStringLiteral("root")));
    environment.loginShell = QStringLiteral("/bin/bash");
    environment.userBackupDirectory = m_tree->makeDir(QStringLiteral("backup/user"));
    environment.machineBackupDirectory = m_tree->makeDir(QStringLiteral("backup/machine"));
    return Engine(host, runner, environment);
}

QString TestWizard::factsText(QTreeWidget* tree)
{
    QStringList lines;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        lines.append(tree->topLevelItem(i)->text(0) + QLatin1Char(' ') + tree->topLevelItem(i)->text(1));
    return lines.join(QLatin1Char('\n'));
}

void TestWizard::startsOnWelcomeWithInstallChosen()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QCOMPARE(wizard.currentId(), int(SetupWizard::WelcomePageId));
    QVERIFY(wizard.findChild<QRadioButton*>(QStringLiteral("taskInstall"))->isChecked());
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
}

void TestWizard::repairModeStartsWithRepairChosen()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::Repair);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QVERIFY(wizard.findChild<QRadioButton*>(QStringLiteral("taskRepair"))->isChecked());
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.state().task(), SetupTask::Repair);
}

void TestWizard::systemPageShowsWhatTheEngineDetected()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::SystemPageId));

    auto* page = qobject_cast<SystemPage*>(wizard.currentPage());
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 30000);
    QVERIFY(page->isComplete());

    const QString facts = factsText(wizard.findChild<QTreeWidget*>(QStringLiteral("systemFacts")));
    QVERIFY2(facts.contains(QStringLiteral("550.144.03")), qPrintable(facts));
    QVERIFY2(facts.contains(QStringLiteral("NVIDIA GeForce RTX 3060 Ti, compute capability 8.6")), qPrintable(facts));
    QVERIFY2(facts.contains(QStringLiteral("12.4  ")
                            + QFileInfo(m_tree->path(QStringLiteral("cuda-12.4"))).canonicalFilePath()),
             qPrintable(facts));
    QVERIFY2(facts.contains(QStringLiteral("9.1.0")) && facts.contains(QStringLiteral("complete")), qPrintable(facts));
}

void TestWizard::backAndNextDoNotDetectAgain()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* page = qobject_cast<SystemPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(page->isComplete(), 30000);

    QSignalSpy snapshots(&wizard.state(), &WizardState::snapshotChanged);
    QTest::mouseClick(wizard.button(QWizard::BackButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::WelcomePageId));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QVERIFY(page->isComplete());
    QCOMPARE(snapshots.count(), 0);

    wizard.findChild<QPushButton*>(QStringLiteral("rescan"))->click();
    QVERIFY(!page->isComplete()); // Next is off while looking again
    QTRY_COMPARE_WITH_TIMEOUT(snapshots.count(), 1, 30000);
}

void TestWizard::chineseTranslationIsBuiltIn()
{
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/cudnn-setup_zh_CN.qm")));
    QApplication::installTranslator(&translator);
    const Engine engine = makeEngine();
    {
        SetupWizard wizard(engine);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        const QString title = wizard.currentPage()->title();
        QVERIFY2(title.contains(QStringLiteral("欢迎")), qPrintable(title));
        QCOMPARE(
            wizard.findChild<QRadioButton*>(QStringLiteral("taskInstall"))->text().contains(QStringLiteral("安装")),
            true);
    }
    QApplication::removeTranslator(&translator);
}

void TestWizard::goToPackagePage(SetupWizard& wizard)
{
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* system = qobject_cast<SystemPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(system->isComplete(), 30000);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::PackagePageId));
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled()); // nothing chosen yet
}

PackagePage* TestWizard::checkPackage(SetupWizard& wizard, const QString& archive)
{
    auto* page = qobject_cast<PackagePage*>(wizard.currentPage());
    auto* path = wizard.findChild<QLineEdit*>(QStringLiteral("packagePath"));
    path->setText(archive);
    QTest::keyClick(path, Qt::Key_Return);
    if (!QTest::qWaitFor([page] { return !page->isBusy(); }, 60000))
        qWarning("the package check did not finish");
    return page;
}

void TestWizard::packagePlanAndBenchmarkPages()
{
    // The toolkit's own cuDNN stand-ins are not loadable; without them the benchmark loads the fake machine's.
    QVERIFY(QDir(m_tree->path(QStringLiteral("cuda-12.4/lib64"))).removeRecursively());
    CudnnArchiveSpec spec; // cuDNN 9.19.0 for CUDA 12, Linux layout: fits the CUDA 12.4 toolkit
    spec.cudnn = Version{9, 19, 0, 56};
    spec.cuda = QStringLiteral("12");
    const QString archive = m_tree->path(spec.fileName());
    spec.build().write(archive);

    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    PackagePage* page = checkPackage(wizard, archive);
    QVERIFY2(page->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text()));
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());

    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::PlanPageId));
    auto* items = wizard.findChild<QTreeWidget*>(QStringLiteral("planItems"));
    QVERIFY(items->topLevelItemCount() > 8);
    const QString target = QFileInfo(m_tree->path(QStringLiteral("cuda-12.4"))).canonicalFilePath();
    QVERIFY2(wizard.findChild<QLabel*>(QStringLiteral("planSummary"))->text().contains(target),
             qPrintable(wizard.findChild<QLabel*>(QStringLiteral("planSummary"))->text()));

    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::EnvironmentPageId));
    auto* environment = qobject_cast<EnvironmentPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!environment->isBusy(), 30000);
    QVERIFY(wizard.state().environmentReport().has_value());
    const QString diff = wizard.findChild<QPlainTextEdit*>(QStringLiteral("environmentDiff"))->toPlainText();
    QVERIFY2(diff.contains(target), qPrintable(diff)); // the login profile puts the target toolkit first
    QVERIFY(QDir(m_tree->path(QStringLiteral("home"))).isEmpty()); // analysing changed nothing

    wizard.findChild<BenchmarkPage*>()->setQuick(true);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::BenchmarkPageId));
    auto* benchmark = qobject_cast<BenchmarkPage*>(wizard.currentPage());
    QVERIFY(!benchmark->isComplete());
    QTRY_VERIFY_WITH_TIMEOUT(benchmark->isComplete(), 120000);
    QVERIFY(wizard.state().benchmark()->ran);
    QVERIFY(wizard.findChild<BenchmarkChart*>()->caseCount() >= 5);
    QVERIFY(!wizard.findChild<QLabel*>(QStringLiteral("benchmarkVerdict"))->text().isEmpty());
}

void TestWizard::blockedPackageKeepsNextDisabled()
{
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("13"); // the only toolkit here is 12.4
    const QString archive = m_tree->path(spec.fileName());
    spec.build().write(archive);

    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    PackagePage* page = checkPackage(wizard, archive);
    QVERIFY(!page->isComplete());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
    auto* reasons = wizard.findChild<QTreeWidget*>(QStringLiteral("packageReasons"));
    QStringList codes;
    for (int i = 0; i < reasons->topLevelItemCount(); ++i)
        codes << reasons->topLevelItem(i)->data(0, Qt::UserRole).toString();
    QVERIFY2(codes.contains(QStringLiteral("PKG-CUDA-MISMATCH")), qPrintable(codes.join(QLatin1Char(' '))));
}

QTEST_MAIN(TestWizard)
#include "TestWizard.moc"
