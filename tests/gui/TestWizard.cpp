#include "SetupWizard.h"
#include "TestTree.h"
#include "engine/Engine.h"
#include "pages/SystemPage.h"

#include <QApplication>
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

private:
    Engine makeEngine();
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

Engine TestWizard::makeEngine()
{
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.defaultToolkitRoots = {m_tree->path(QStringLiteral("cuda-*"))};
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                          qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/rtx3060ti"));
    return Engine(host, std::make_shared<ProcessRunner>());
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

QTEST_MAIN(TestWizard)
#include "TestWizard.moc"
