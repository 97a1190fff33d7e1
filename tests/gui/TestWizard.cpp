#include "../unit/detect/DetectFixtures.h"
#include "AnswerQuestion.h"
#include "ArchiveBuilder.h"
#include "BenchmarkChart.h"
#include "DetectSummary.h"
#include "DiagnosticList.h"
#include "FrameworkList.h"
#include "JsonSchemaCheck.h"
#include "SetupWizard.h"
#include "StepList.h"
#include "TestTree.h"
#include "ToolkitChooser.h"
#include "VisibleText.h"
#include "engine/Engine.h"
#include "engine/EngineInternals.h"
#include "env/SystemRoot.h"
#include "package/ArchiveReader.h"
#include "pages/BenchmarkPage.h"
#include "pages/DeployPage.h"
#include "pages/EnvironmentPage.h"
#include "pages/FinishPage.h"
#include "pages/InstallPage.h"
#include "pages/PackagePage.h"
#include "pages/SystemPage.h"
#include "pages/UninstallPage.h"

#include <QApplication>
#include <QComboBox>
#include <QDirIterator>
#include <QFileDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QTimer>
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
    void doubleClickOnNextGoesOnePage();
    void chineseTranslationIsBuiltIn();
    void wholeInstallOverTheFakeMachine();
    void cancelMidInstallRollsBack();
    void wizardCancelMidInstallAsksAndRollsBack();
    void answeringNoLetsTheInstallGoOn();
    void closingTheWindowMidInstallRollsBack();
    void sidePanelFollowsTheTask();
    void windowFitsASmallScreen();
    void uninstallTakesTheInstallBack();
    void nextWithoutUninstallingTicksNothing();
    void switchInstallsTheOtherVersionInPlace();
    void backFromASwitchUninstallsAndFinishes();
    void installSaysOneSizeAndOneTime();
    void benchmarkThatCouldNotRunIsNoTick();
    void slowBenchmarkIsNotFinishedAndCanBeSkipped();
    void logWithoutAnOpenerShowsItsPath();
    void deployCopiesNextToTheApplication();
    void extractedArchiveFolderIsAPackage();
    void blockedPackageKeepsNextDisabled();
    void rejectionLeadsWithItsOwnFixAndOneVersion();
    void newCheckClearsTheLastAndCanBeStopped();
    void enterGoesOnOnceChecked();
    void toolkitSwitchRejudgesWithoutReading();
    void tieIsPreselectedWithNextEnabled();
    void preferredToolkitIsHonouredOnTheChooser();
    void toolkitChosenOnTheSystemPageIsShownOnThePackagePage();
    void browsingToAToolkitChoosesIt();
    void archiveDialogOpensInDownloads();
    void browsingToAFolderThatIsNoToolkitSaysSo();
    void pluralsReadRightForOneAndMany();
    void welcomeLeadsWithTheFrameworkVerdicts();
    void welcomeSaysWhenNoFrameworkIsFound();
    void welcomeLeadsWithBrokenCudnnAndChoosesRepair();
    void welcomeAndDetectGiveOneVerdict_data();
    void welcomeAndDetectGiveOneVerdict();
    void aChosenTaskIsNotOverruledByTheVerdict();
    void systemPageListsProgramsThatWillUseCudnn();
    void finishLeadsWithWhatTheFrameworksLoadNow();
    void finishAfterAnUninstallSaysWhatTheFrameworksLoadNow();
    /** Finish's TensorFlow 2.18 row for the venv, with the list and its headline shown; null otherwise. */
    static const QTreeWidgetItem* finishTensorFlowRow(const SetupWizard& wizard, const QString& venv);

private:
    /** libraryPathFirst: a folder before the scenario's on LD_LIBRARY_PATH (a login after an install's fix). */
    Engine makeEngine(const QString& fakeScenario = QStringLiteral("rtx3060ti"), const QString& libraryPathFirst = {});
    /** Shows the wizard and goes Next to the System page, once its detection is done. */
    SystemPage* goToSystemPage(SetupWizard& wizard);
    void goToPackagePage(SetupWizard& wizard);
    PackagePage* checkPackage(SetupWizard& wizard, const QString& archive);
    /**
     * cuDNN 9.19 for CUDA 12 whose libcudnn.so.9 is the test tree's CPU-backed fake, so what the wizard installs
     * into the temporary CUDA 12.4 toolkit really loads and convolves. The toolkit's own stand-ins are removed.
     */
    QString fakeCudnnArchive(const QString& scenario = QStringLiteral("cpu-cudnn"));
    /** From the package page through the plan to the search path page, whose Next button installs. */
    void goToInstall(SetupWizard& wizard, const QString& archive);
    /** A whole install of archive through a wizard of its own, up to the Install page's result. */
    void installThroughWizard(const Engine& engine, const QString& archive);
    /** A wizard with Switch or uninstall chosen, on the Uninstall page. */
    void goToUninstall(SetupWizard& wizard);
    QString toolkit() const { return QFileInfo(m_tree->path(QStringLiteral("cuda-12.4"))).canonicalFilePath(); }
    /** A second CUDA 12.4 toolkit, at `relative` in the tree: the package fits it as well as the first. */
    QString addToolkitCopy(const QString& relative);
    static QString factsText(QTreeWidget* tree);
    /** ~/venv: torch 2.5.1 with its nvidia-cudnn-cu12 9.1.0.70 wheel (stand-in libraries); returns its root. */
    QString addTorchVenv();
    /** ~/.venvs/NAME with these "name==version" (dist-info only: detection imports nothing); returns its root. */
    QString addVenv(const QString& name, const QStringList& distributions);
    /** The row of the framework list whose program starts with `program`; null when there is none. */
    static QTreeWidgetItem* frameworkRow(QTreeWidget* list, const QString& program);
    /** Where `widget` lies on the page, top down. */
    static int topOf(const QWidget* widget) { return widget->mapTo(widget->window(), QPoint(0, 0)).y(); }

    std::unique_ptr<TestTree> m_tree;
    std::unique_ptr<CliWordsWatch> m_words; // no page shows a command-line option or a backtick
};

void TestWizard::init()
{
    m_words = std::make_unique<CliWordsWatch>();
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
    const QStringList words = m_words->offences();
    m_words.reset();
    QVERIFY2(words.isEmpty(), qPrintable(words.join(QLatin1Char('\n'))));
    QTRY_VERIFY(QApplication::topLevelWidgets().isEmpty() || QApplication::activeModalWidget() == nullptr);
    m_tree.reset();
}

Engine TestWizard::makeEngine(const QString& fakeScenario, const QString& libraryPathFirst)
{
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.defaultToolkitRoots = {m_tree->path(QStringLiteral("cuda-*"))};
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    host.homeDirectory = m_tree->makeDir(QStringLiteral("home")); // its Python environments, where a test adds some
    const QString scenario = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QLatin1Char('/') + fakeScenario;
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                          libraryPathFirst.isEmpty() ? scenario : libraryPathFirst + QLatin1Char(':') + scenario);
    auto runner = std::make_shared<ProcessRunner>();
    // The environment step reads (and would write) a home and "/": both are temporary here.
    EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
    environment.homeDirectory = m_tree->makeDir(QStringLiteral("home"));
    environment.systemRoot = SystemRoot(m_tree->makeDir(QStringLiteral("root")));
    environment.loginShell = QStringLiteral("/bin/bash");
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
    // cuDNN is in the copies list: grouped by origin, one row per copy with its verdict.
    auto* copies = wizard.findChild<QTreeWidget*>(QStringLiteral("systemCopies"));
    QVERIFY(copies && copies->topLevelItemCount() > 0 && copies->topLevelItem(0)->childCount() > 0);
    QCOMPARE(copies->topLevelItem(0)->text(0), QStringLiteral("In CUDA toolkits"));
    const QTreeWidgetItem* copy = copies->topLevelItem(0)->child(0);
    QVERIFY2(copy->text(0).contains(QStringLiteral("9.1.0")) && copy->text(0).contains(QStringLiteral("usable")),
             qPrintable(copy->text(0)));
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

void TestWizard::doubleClickOnNextGoesOnePage()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToSystemPage(wizard);
    QTest::mouseClick(wizard.button(QWizard::BackButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::WelcomePageId));
    // A double click as the window system delivers it: press, release, press, double click, release. The System
    // page is complete at once (its detection is done), so a second click would go on to the Package page.
    QPushButton* next = qobject_cast<QPushButton*>(wizard.button(QWizard::NextButton));
    QTest::mouseClick(next, Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::SystemPageId));
    QVERIFY(next->isEnabled());
    QTest::mousePress(next, Qt::LeftButton);
    QTest::mouseDClick(next, Qt::LeftButton);
    QTest::mouseRelease(next, Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::SystemPageId));
    QTest::mouseClick(next, Qt::LeftButton); // a click after it goes on
    QCOMPARE(wizard.currentId(), int(SetupWizard::PackagePageId));
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

SystemPage* TestWizard::goToSystemPage(SetupWizard& wizard)
{
    wizard.show();
    if (!QTest::qWaitForWindowExposed(&wizard))
        qWarning("the wizard was not shown");
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* system = qobject_cast<SystemPage*>(wizard.currentPage());
    if (system && !QTest::qWaitFor([system] { return system->isComplete(); }, 30000))
        qWarning("the System page did not finish");
    return system;
}

void TestWizard::goToPackagePage(SetupWizard& wizard)
{
    SystemPage* system = goToSystemPage(wizard);
    QVERIFY(system && system->isComplete());
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

QString TestWizard::fakeCudnnArchive(const QString& scenario)
{
    QDir(m_tree->path(QStringLiteral("cuda-12.4/lib64"))).removeRecursively();
    CudnnArchiveSpec spec; // cuDNN 9.19.0 for CUDA 12, Linux layout: fits the CUDA 12.4 toolkit
    spec.cuda = QStringLiteral("12");
    const QString archive = m_tree->path(spec.fileName());
    withFakeCpuCudnn(spec, {}, scenario).write(archive);
    return archive;
}

void TestWizard::goToInstall(SetupWizard& wizard, const QString& archive)
{
    goToPackagePage(wizard);
    PackagePage* page = checkPackage(wizard, archive);
    QVERIFY2(page->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text()));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::PlanPageId));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::EnvironmentPageId));
    auto* environment = qobject_cast<EnvironmentPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!environment->isBusy(), 30000);
    QVERIFY(wizard.button(QWizard::CommitButton)->isVisible()); // "Install": the point of no Back
}

void TestWizard::wholeInstallOverTheFakeMachine()
{
    const QString archive = fakeCudnnArchive();
    const QString home = m_tree->path(QStringLiteral("home"));
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    SetupWizard wizard(engine);
    wizard.state().setLogFile(m_tree->path(QStringLiteral("install.log")));
    goToInstall(wizard, archive);
    auto* items = wizard.page(SetupWizard::PlanPageId)->findChild<QTreeWidget*>(QStringLiteral("planItems"));
    // The plan is a tree relative to the toolkit: folders, then their files (no row repeats the toolkit's path).
    int files = 0;
    QStringList folders;
    for (int i = 0; i < items->topLevelItemCount(); ++i) {
        folders << items->topLevelItem(i)->text(0);
        files += items->topLevelItem(i)->childCount();
        for (int j = 0; j < items->topLevelItem(i)->childCount(); ++j)
            QVERIFY(!items->topLevelItem(i)->child(j)->text(0).contains(toolkit()));
    }
    QVERIFY2(folders.contains(QStringLiteral("lib64")) && folders.contains(QStringLiteral("include")),
             qPrintable(folders.join(u' ')));
    QVERIFY(files > 8);
    const QString diff = wizard.findChild<QPlainTextEdit*>(QStringLiteral("environmentDiff"))->toPlainText();
    QVERIFY2(diff.contains(toolkit()), qPrintable(diff)); // the login profile puts the target toolkit first
    QVERIFY(QDir(home).isEmpty()); // analysing changed nothing

    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::InstallPageId));
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    const QString result = wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text();
    QVERIFY2(install->isComplete(), qPrintable(result));
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    QVERIFY(!wizard.button(QWizard::BackButton)->isVisible() || !wizard.button(QWizard::BackButton)->isEnabled());
    QCOMPARE(wizard.findChild<QProgressBar*>(QStringLiteral("installProgress"))->value(), 1000);
    QVERIFY(QFileInfo(toolkit() + QStringLiteral("/lib64/libcudnn.so.9")).isSymLink()); // installed with its links
    QFile profile(home + QStringLiteral("/.profile"));
    QVERIFY2(profile.open(QIODevice::ReadOnly), "the search path fix went with the files");
    QVERIFY(profile.readAll().contains(toolkit().toUtf8()));
    QVERIFY(QFileInfo(m_tree->path(QStringLiteral("install.log"))).size() > 0);

    // What really loads: the installed dispatcher (the CPU-backed fake) from the toolkit; the package's synthetic
    // sub-libraries cannot load, and the page says so.
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::VerifyPageId));
    auto* libraries = wizard.findChild<QTreeWidget*>(QStringLiteral("verifyLibraries"));
    QVERIFY(libraries->topLevelItemCount() > 1);
    QVERIFY2(libraries->topLevelItem(0)->text(1).startsWith(toolkit()),
             qPrintable(libraries->topLevelItem(0)->text(1)));
    QVERIFY(!wizard.state().outcome()->verify->passed());
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled()); // the proof still goes on

    wizard.findChild<BenchmarkPage*>()->setQuick(true);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::BenchmarkPageId));
    auto* benchmark = qobject_cast<BenchmarkPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(benchmark->isComplete(), 120000);
    QVERIFY(wizard.state().benchmark()->ran); // the installed (fake) cuDNN loaded from the toolkit and convolved
    QVERIFY(wizard.findChild<BenchmarkChart*>()->caseCount() >= 5);

    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    QVERIFY(wizard.button(QWizard::FinishButton)->isVisible());
    QVERIFY(!wizard.button(QWizard::CancelButton)->isVisible()); // Finish ends it: nothing left to cancel
    QCOMPARE(wizard.findChild<StepList*>()->currentStep(), SetupWizard::tr("Finish"));
    QCOMPARE(wizard.findChild<StepList*>()->stateOf(SetupWizard::tr("Benchmark")), QStringLiteral("done"));
    QVERIFY(wizard.findChild<QLabel*>(QStringLiteral("finishSummary"))->text().contains(QStringLiteral("9.19.0")));
    const QString reportPath = m_tree->path(QStringLiteral("report.json"));
    QString error;
    QVERIFY2(wizard.findChild<FinishPage*>()->saveReport(reportPath, &error), qPrintable(error));
    QFile reportFile(reportPath);
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(reportFile.readAll()).object();
    // The same report as silent mode: installed, but the synthetic sub-libraries do not load.
    QCOMPARE(report.value(QStringLiteral("status")).toString(), QStringLiteral("verify_failed"));
    QCOMPARE(report.value(QStringLiteral("verify")).toObject().value(QStringLiteral("passed")).toBool(true), false);
    QCOMPARE(report.value(QStringLiteral("environment")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("applied"));
    QCOMPARE(report.value(QStringLiteral("benchmark")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("ran"));
    QCOMPARE(report.value(QStringLiteral("package")).toObject().value(QStringLiteral("cudnn_version")).toString(),
             QStringLiteral("9.19.0"));
    // Welcome, System, Package, Plan, Search path, Install, Verify and Benchmark left, Finish shown: each walked.
    QVERIFY(m_words->offences().isEmpty());
    QVERIFY2(m_words->pagesChecked() >= 9, qPrintable(QString::number(m_words->pagesChecked())));
}

/**
 * Everything below root with each file's size, cudnn-setup's own bookkeeping folder aside: equal strings mean
 * nothing a program sees was added, removed or resized.
 */
static QString treeListing(const QString& root)
{
    QStringList lines;
    QDirIterator it(
        root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        const QString relative = info.filePath().mid(root.size());
        if (!relative.startsWith(QLatin1String("/.cudnn-setup")))
            lines << relative + QLatin1Char(' ') + QString::number(info.isSymLink() ? -1 : info.size());
    }
    lines.sort();
    return lines.join(QLatin1Char('\n'));
}

void TestWizard::cancelMidInstallRollsBack()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    SetupWizard wizard(engine);
    goToInstall(wizard, archive);
    const QString toolkitBefore = treeListing(toolkit());
    const QString homeBefore = treeListing(m_tree->path(QStringLiteral("home")));

    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    QVERIFY(install->isBusy());
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("installCancel")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QCOMPARE(wizard.state().outcome()->install.status, InstallResult::Status::RolledBack);
    QVERIFY(!install->isComplete());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
    QVERIFY(wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text().contains(QStringLiteral("rolled back")));
    QCOMPARE(treeListing(toolkit()), toolkitBefore);
    QCOMPARE(treeListing(m_tree->path(QStringLiteral("home"))), homeBefore);

    // Try again finishes the job.
    auto* again = wizard.findChild<QPushButton*>(QStringLiteral("installAgain"));
    QVERIFY(again->isVisible());
    QTest::mouseClick(again, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QVERIFY(install->isComplete());
    QCOMPARE(wizard.state().outcome()->install.status, InstallResult::Status::Ok);
}

void TestWizard::wizardCancelMidInstallAsksAndRollsBack()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    SetupWizard wizard(engine);
    goToInstall(wizard, archive);
    const QString toolkitBefore = treeListing(toolkit());
    const QString homeBefore = treeListing(m_tree->path(QStringLiteral("home")));

    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    QVERIFY(install->isBusy());
    QString asked;
    answerNextQuestion(QMessageBox::Yes, &asked);
    QTest::mouseClick(wizard.button(QWizard::CancelButton), Qt::LeftButton); // the wizard's own Cancel
    QCOMPARE(asked, SetupWizard::tr("cuDNN is being installed. Stop and put everything back?"));
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QVERIFY(wizard.isVisible()); // the window stays and says what happened
    QCOMPARE(wizard.currentId(), int(SetupWizard::InstallPageId));
    QCOMPARE(wizard.state().outcome()->install.status, InstallResult::Status::RolledBack);
    const QString result = wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text();
    QVERIFY2(result.contains(QStringLiteral("rolled back")), qPrintable(result));
    QCOMPARE(treeListing(toolkit()), toolkitBefore);
    QCOMPARE(treeListing(m_tree->path(QStringLiteral("home"))), homeBefore);

    // Nothing changed, so Back leads to the search path page again, whose button installs once more.
    QVERIFY(wizard.button(QWizard::BackButton)->isVisible() && wizard.button(QWizard::BackButton)->isEnabled());
    QTest::mouseClick(wizard.button(QWizard::BackButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::EnvironmentPageId));
    QVERIFY(wizard.button(QWizard::CommitButton)->isVisible());
    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::InstallPageId));
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QCOMPARE(wizard.state().outcome()->install.status, InstallResult::Status::Ok);
    QVERIFY(!wizard.button(QWizard::BackButton)->isVisible() || !wizard.button(QWizard::BackButton)->isEnabled());
}

void TestWizard::answeringNoLetsTheInstallGoOn()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    SetupWizard wizard(engine);
    goToInstall(wizard, archive);
    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    QVERIFY(install->isBusy());
    QString asked;
    answerNextQuestion(QMessageBox::No, &asked);
    QTest::mouseClick(wizard.button(QWizard::CancelButton), Qt::LeftButton);
    QVERIFY(!asked.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QVERIFY(wizard.isVisible());
    QCOMPARE(wizard.state().outcome()->install.status, InstallResult::Status::Ok);
    QVERIFY(install->isComplete());
}

void TestWizard::closingTheWindowMidInstallRollsBack()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    auto wizard = std::make_unique<SetupWizard>(engine);
    goToInstall(*wizard, archive);
    const QString toolkitBefore = treeListing(toolkit());
    const QString homeBefore = treeListing(m_tree->path(QStringLiteral("home")));

    QTest::mouseClick(wizard->button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(wizard->currentPage());
    QVERIFY(install->isBusy());
    QString asked;
    answerNextQuestion(QMessageBox::Yes, &asked);
    wizard->close(); // the window's close button asks the same
    QVERIFY(!asked.isEmpty());
    QVERIFY(wizard->isVisible()); // it stays and shows the roll back
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QCOMPARE(wizard->state().outcome()->install.status, InstallResult::Status::RolledBack);
    QCOMPARE(treeListing(toolkit()), toolkitBefore);
    QCOMPARE(treeListing(m_tree->path(QStringLiteral("home"))), homeBefore);
    wizard->close(); // nothing runs now: it closes without asking
    QVERIFY(!wizard->isVisible());
}

void TestWizard::sidePanelFollowsTheTask()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    auto* steps = wizard.findChild<StepList*>();
    QVERIFY(steps && steps->isVisible());
    const auto names = [steps] {
        QStringList shown;
        for (int i = 0; i < steps->count(); ++i)
            shown << steps->item(i)->text();
        return shown;
    };
    QCOMPARE(names(),
             (QStringList{SetupWizard::tr("Welcome"),
                          SetupWizard::tr("System"),
                          SetupWizard::tr("Package"),
                          SetupWizard::tr("Plan"),
                          SetupWizard::tr("Search path"),
                          SetupWizard::tr("Install"),
                          SetupWizard::tr("Verify"),
                          SetupWizard::tr("Benchmark"),
                          SetupWizard::tr("Finish")}));
    QCOMPARE(steps->currentStep(), SetupWizard::tr("Welcome"));

    wizard.findChild<QRadioButton*>(QStringLiteral("taskRepair"))->click();
    QCOMPARE(names(),
             (QStringList{SetupWizard::tr("Welcome"),
                          SetupWizard::tr("System"),
                          SetupWizard::tr("Repair"),
                          SetupWizard::tr("Finish")}));
    wizard.findChild<QRadioButton*>(QStringLiteral("taskSwitch"))->click();
    QVERIFY(names().contains(SetupWizard::tr("Uninstall")));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(steps->currentStep(), SetupWizard::tr("System"));
    QCOMPARE(steps->count(), 4);
    QVERIFY(!wizard.pixmap(QWizard::LogoPixmap).isNull()); // the brand in the page's header
    QVERIFY(!wizard.windowIcon().isNull());
}

void TestWizard::windowFitsASmallScreen()
{
    // 1280 x 900 at QT_SCALE_FACTOR=2: 640 x 450 logical pixels, less a panel.
    const QRect small(0, 24, 640, 426);
    const QRect fitted = SetupWizard::fittedGeometry(QRect(300, 200, 820, 600), small);
    QVERIFY2(
        small.contains(fitted),
        qPrintable(
            QStringLiteral("%1,%2 %3x%4").arg(fitted.x()).arg(fitted.y()).arg(fitted.width()).arg(fitted.height())));
    const QSize minimum = SetupWizard::minimumSizeFor(small);
    QVERIFY(minimum.width() <= small.width() && minimum.height() <= small.height());
    QVERIFY(minimum.width() >= 600 && minimum.height() >= 350); // still room for a page
    // A roomy screen keeps the size asked for and the full minimum.
    const QRect large(0, 0, 1920, 1040);
    QCOMPARE(SetupWizard::fittedGeometry(QRect(100, 100, 820, 600), large), QRect(100, 100, 820, 600));
    QCOMPARE(SetupWizard::minimumSizeFor(large), QSize(720, 520));

    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    wizard.resize(5000, 5000);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QVERIFY(wizard.screen()->availableGeometry().contains(wizard.geometry()));
}

void TestWizard::installThroughWizard(const Engine& engine, const QString& archive)
{
    SetupWizard installing(engine);
    goToInstall(installing, archive);
    QTest::mouseClick(installing.button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(installing.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QVERIFY2(install->isComplete(), qPrintable(installing.findChild<QLabel*>(QStringLiteral("installResult"))->text()));
}

void TestWizard::goToUninstall(SetupWizard& wizard)
{
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.currentPage()->isComplete(), 30000);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::UninstallPageId));
}

void TestWizard::uninstallTakesTheInstallBack()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    const QString toolkitBefore = treeListing(toolkit());
    installThroughWizard(engine, archive);
    const QString installed = treeListing(toolkit());
    QVERIFY(installed != toolkitBefore);

    SetupWizard wizard(engine, SetupTask::SwitchOrUninstall);
    goToUninstall(wizard);
    auto* installs = wizard.findChild<QTreeWidget*>(QStringLiteral("uninstallInstalls"));
    QCOMPARE(installs->topLevelItemCount(), 1);
    QCOMPARE(installs->topLevelItem(0)->text(1), QStringLiteral("9.19.0"));

    // It asks first, saying what goes and what comes back; No leaves everything as it is.
    QString asked;
    QString details;
    answerNextQuestion(QMessageBox::No, &asked, &details);
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("uninstallButton")), Qt::LeftButton);
    QVERIFY2(asked.contains(QStringLiteral("9.19.0")) && asked.contains(toolkit()), qPrintable(asked));
    QVERIFY2(details.contains(QStringLiteral("lib64/libcudnn.so.9.19.0")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("search path")), qPrintable(details));
    // ... and what each file of the search path change gets: the install made ~/.profile, so it goes.
    const QString profileGoes = QStringLiteral("/.profile: removed (that install created it).");
    QVERIFY2(details.contains(profileGoes), qPrintable(details));
    QCOMPARE(treeListing(toolkit()), installed);
    QVERIFY(wizard.state().uninstallOutcome() == std::nullopt);

    answerNextQuestion(QMessageBox::Yes, &asked);
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("uninstallButton")), Qt::LeftButton);
    auto* page = qobject_cast<UninstallPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    QCOMPARE(wizard.state().uninstallOutcome()->result.status, InstallResult::Status::Uninstalled);
    QCOMPARE(treeListing(toolkit()), toolkitBefore);
    const QString said = wizard.findChild<QLabel*>(QStringLiteral("uninstallResult"))->text();
    QVERIFY2(said.contains(profileGoes), qPrintable(said)); // and says so, as it was asked
    // The search path fix went with it (the empty folders it made stay: docs/environment.md).
    QFile profile(m_tree->path(QStringLiteral("home/.profile")));
    QVERIFY(!profile.exists()
            || (profile.open(QIODevice::ReadOnly) && !profile.readAll().contains(toolkit().toUtf8())));
    QCOMPARE(installs->topLevelItemCount(), 0);

    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    const QString finish = wizard.findChild<QLabel*>(QStringLiteral("finishSummary"))->text();
    QVERIFY2(finish.contains(QStringLiteral("taken back")), qPrintable(finish));
    QVERIFY2(!finish.contains(QStringLiteral("To take this install back later")), qPrintable(finish)); // it is gone
    QCOMPARE(wizard.findChild<StepList*>()->stateOf(SetupWizard::tr("Uninstall")), QStringLiteral("done"));
    QVERIFY(m_words->offences().isEmpty()); // the install's pages and Welcome, System, Uninstall, Finish
    QVERIFY2(m_words->pagesChecked() >= 10, qPrintable(QString::number(m_words->pagesChecked())));
}

void TestWizard::nextWithoutUninstallingTicksNothing()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    installThroughWizard(engine, archive);
    const QString installed = treeListing(toolkit());
    SetupWizard wizard(engine, SetupTask::SwitchOrUninstall);
    goToUninstall(wizard);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton); // changed my mind
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    QCOMPARE(wizard.findChild<StepList*>()->stateOf(SetupWizard::tr("Uninstall")), QStringLiteral("skipped"));
    QCOMPARE(wizard.findChild<StepList*>()->stateOf(SetupWizard::tr("System")), QStringLiteral("done"));
    const QString finish = wizard.findChild<QLabel*>(QStringLiteral("finishSummary"))->text();
    QVERIFY2(!finish.contains(QStringLiteral("To take this install back later")), qPrintable(finish));
    QCOMPARE(treeListing(toolkit()), installed);
}

void TestWizard::switchInstallsTheOtherVersionInPlace()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    installThroughWizard(engine, archive);
    QVERIFY(QFileInfo::exists(toolkit() + QStringLiteral("/lib64/libcudnn_ops.so.9.19.0")));
    CudnnArchiveSpec other;
    other.cuda = QStringLiteral("12");
    other.cudnn = Version{9, 18, 1, 3};
    const QString otherArchive = m_tree->path(other.fileName());
    other.build().write(otherArchive);

    SetupWizard wizard(engine, SetupTask::SwitchOrUninstall);
    goToUninstall(wizard);
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("uninstallSwitch")), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::PackagePageId)); // choose the other version
    QCOMPARE(wizard.state().task(), SetupTask::Install);
    QCOMPARE(wizard.state().preferredToolkit(), toolkit());
    PackagePage* page = checkPackage(wizard, otherArchive);
    QVERIFY2(page->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text()));
    QCOMPARE(wizard.state().targetToolkit(), toolkit());
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::PlanPageId));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* environment = qobject_cast<EnvironmentPage*>(wizard.currentPage());
    QVERIFY(environment);
    QTRY_VERIFY_WITH_TIMEOUT(!environment->isBusy(), 30000);
    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QCOMPARE(wizard.state().outcome()->install.status, InstallResult::Status::Ok);
    // The old version was taken back in the same transaction: no mixture of the two is left.
    QVERIFY(QFileInfo::exists(toolkit() + QStringLiteral("/lib64/libcudnn_ops.so.9.18.1")));
    QVERIFY(!QFileInfo::exists(toolkit() + QStringLiteral("/lib64/libcudnn_ops.so.9.19.0")));
}

void TestWizard::backFromASwitchUninstallsAndFinishes()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    installThroughWizard(engine, archive);
    CudnnArchiveSpec wrong; // for CUDA 13: the CUDA 12.4 toolkit refuses it
    wrong.cudnn = Version{9, 18, 1, 3};
    const QString wrongArchive = m_tree->path(wrong.fileName());
    wrong.build().write(wrongArchive);

    SetupWizard wizard(engine, SetupTask::SwitchOrUninstall);
    goToUninstall(wizard);
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("uninstallSwitch")), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::PackagePageId));
    const PackagePage* package = checkPackage(wizard, wrongArchive);
    QVERIFY(!package->isComplete()); // rightly rejected
    QTest::mouseClick(wizard.button(QWizard::BackButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::UninstallPageId));
    // Back on the Uninstall page, the task and the side panel are uninstalling's again.
    QCOMPARE(wizard.state().task(), SetupTask::SwitchOrUninstall);
    QCOMPARE(wizard.findChild<StepList*>()->currentStep(), SetupWizard::tr("Uninstall"));

    QString asked;
    answerNextQuestion(QMessageBox::Yes, &asked);
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("uninstallButton")), Qt::LeftButton);
    auto* page = qobject_cast<UninstallPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    QCOMPARE(wizard.state().uninstallOutcome()->result.status, InstallResult::Status::Uninstalled);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId)); // not the Package page with the old rejection
    QVERIFY(wizard.button(QWizard::FinishButton)->isVisible());
}

void TestWizard::installSaysOneSizeAndOneTime()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    SetupWizard wizard(engine);
    goToInstall(wizard, archive);
    const QString planned = QLocale().formattedDataSize(wizard.state().plan()->bytesToWrite);
    QVERIFY2(wizard.findChild<QLabel*>(QStringLiteral("planSummary"))->text().contains(planned), qPrintable(planned));
    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    auto* timing = wizard.findChild<QLabel*>(QStringLiteral("installTiming"));
    // Whatever the page says on the way, any size it names is the plan's.
    const QRegularExpression size(QStringLiteral("[0-9.,]+ (bytes|KiB|MiB|GiB)"));
    QStringList seen;
    while (install->isBusy()) {
        seen << timing->text();
        QTest::qWait(5);
    }
    for (const QString& text : std::as_const(seen)) {
        const QRegularExpressionMatch match = size.match(text);
        QVERIFY2(!match.hasMatch() || match.captured(0) == planned, qPrintable(text + QStringLiteral(" / ") + planned));
    }
    QVERIFY(install->isComplete());
    // Done: one elapsed time, in the phase line.
    QVERIFY2(wizard.findChild<QLabel*>(QStringLiteral("installPhase"))->text().contains(QStringLiteral(" s")),
             qPrintable(wizard.findChild<QLabel*>(QStringLiteral("installPhase"))->text()));
    QVERIFY2(timing->text().isEmpty(), qPrintable(timing->text()));
}

void TestWizard::benchmarkThatCouldNotRunIsNoTick()
{
    CudnnArchiveSpec spec; // synthetic libraries that cannot load: the benchmark cannot run
    spec.cuda = QStringLiteral("12");
    const QString archive = m_tree->path(spec.fileName());
    spec.build().write(archive);
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToInstall(wizard, archive);
    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    wizard.findChild<BenchmarkPage*>()->setQuick(true);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* benchmark = qobject_cast<BenchmarkPage*>(wizard.currentPage());
    QVERIFY(benchmark);
    QTRY_VERIFY_WITH_TIMEOUT(benchmark->isComplete(), 120000);
    QVERIFY2(!wizard.state().benchmark()->measured(), qPrintable(wizard.state().benchmark()->headline()));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    auto* steps = wizard.findChild<StepList*>();
    QCOMPARE(steps->stateOf(SetupWizard::tr("Benchmark")), QStringLiteral("skipped")); // no green check
    QCOMPARE(steps->stateOf(SetupWizard::tr("Install")), QStringLiteral("done"));
    // The saved report says the same as the step: not "ran".
    const QString reportPath = m_tree->path(QStringLiteral("report.json"));
    QString error;
    QVERIFY2(wizard.findChild<FinishPage*>()->saveReport(reportPath, &error), qPrintable(error));
    QFile reportFile(reportPath);
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    const QJsonObject saved
        = QJsonDocument::fromJson(reportFile.readAll()).object().value(QStringLiteral("benchmark")).toObject();
    QVERIFY2(saved.value(QStringLiteral("status")).toString() != QLatin1String("ran"),
             qPrintable(saved.value(QStringLiteral("verdict")).toObject().value(QStringLiteral("code")).toString()));
}

static QString treeText(const QTreeWidget* tree);

/** CUDNN_SETUP_BENCHMARK_SHOTS=DIR: the wizard as the test sees it, to look at (not compared). */
static void shot(QWidget* wizard, const QString& name)
{
    if (const QString shots = qEnvironmentVariable("CUDNN_SETUP_BENCHMARK_SHOTS"); !shots.isEmpty())
        wizard->grab().save(QDir(shots).filePath(name + QStringLiteral(".png")));
}

void TestWizard::slowBenchmarkIsNotFinishedAndCanBeSkipped()
{
    // The installed cuDNN is cudnn-slow's: every convolution takes 15 ms longer, ~0.6 s a case, 14 cases.
    const QString archive = fakeCudnnArchive(QStringLiteral("cudnn-slow"));
    const Engine engine = makeEngine(QStringLiteral("cudnn-slow"));
    SetupWizard wizard(engine);
    goToInstall(wizard, archive);
    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QVERIFY(install->isComplete());
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::VerifyPageId));
    auto* page = wizard.findChild<BenchmarkPage*>();
    page->setQuick(true);
    page->setLimits(1500, 30000); // a budget that runs out while cases still finish
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::BenchmarkPageId));
    auto* bar = wizard.findChild<QProgressBar*>(QStringLiteral("benchmarkProgress"));
    auto* caseText = wizard.findChild<QLabel*>(QStringLiteral("benchmarkCase"));
    auto* chart = wizard.findChild<BenchmarkChart*>();
    auto* verdict = wizard.findChild<QLabel*>(QStringLiteral("benchmarkVerdict"));
    auto* skip = wizard.findChild<QPushButton*>(QStringLiteral("skipBenchmark"));
    QVERIFY(skip->isVisible() && skip->isEnabled());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());

    // 1. Past its budget while it still finishes cases: "not finished", a warning with what it measured, no repair.
    QTRY_VERIFY_WITH_TIMEOUT(page->isComplete(), 60000);
    const BenchmarkResult overBudget = *wizard.state().benchmark();
    QVERIFY2(overBudget.notFinished(), qPrintable(overBudget.headline()));
    QVERIFY2(overBudget.casesMeasured() >= 1 && overBudget.casesMeasured() < 14, qPrintable(overBudget.headline()));
    QCOMPARE(overBudget.diagnostic().severity, Severity::Warning);
    QCOMPARE(chart->caseCount(), overBudget.cases.size()); // the cases measured stay on the chart
    QVERIFY(chart->isVisible());
    QVERIFY2(!verdict->text().contains(QStringLiteral("epair")) && !verdict->text().contains(QStringLiteral("hangs.")),
             qPrintable(verdict->text()));
    QVERIFY2(verdict->text().contains(QStringLiteral("of 14 cases measured")), qPrintable(verdict->text()));
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    QVERIFY(!skip->isVisible());
    shot(&wizard, QStringLiteral("benchmark-not-finished"));

    // 2. A call that never returns is still a hang: the cuDNN in the toolkit swapped for cudnn-hangs'.
    const QString installed = toolkit() + QStringLiteral("/lib64/libcudnn.so.9");
    const QString target = QFileInfo(installed).canonicalFilePath();
    const QString slow = m_tree->path(QStringLiteral("libcudnn-slow.so"));
    QVERIFY(QFile::rename(target, slow));
    QVERIFY(QFile::copy(qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cudnn-hangs/libcudnn.so.9"),
                        target));
    page->setLimits(6000, 2000);
    wizard.findChild<QPushButton*>(QStringLiteral("runBenchmark"))->click();
    QVERIFY(!page->isComplete());
    QTRY_VERIFY_WITH_TIMEOUT(page->isComplete(), 60000);
    QCOMPARE(wizard.state().benchmark()->verdictCode, QStringLiteral("BENCH-TIMEOUT"));
    QCOMPARE(wizard.state().benchmark()->diagnostic().severity, Severity::Error);
    QVERIFY2(verdict->text().contains(QStringLiteral("made no progress for 2000 ms")), qPrintable(verdict->text()));
    shot(&wizard, QStringLiteral("benchmark-hang"));

    // 3. Progress per case, the chart filling in, and Skip: it stops at once and keeps what was measured.
    QVERIFY(QFile::remove(target));
    QVERIFY(QFile::rename(slow, target));
    page->setLimits(120000, 30000);
    wizard.findChild<QPushButton*>(QStringLiteral("runBenchmark"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(chart->caseCount() >= 2, 30000); // while it runs
    QVERIFY(page->isBusy() && !wizard.button(QWizard::NextButton)->isEnabled());
    QCOMPARE(bar->maximum(), 14); // determinate: case k of 14
    QVERIFY2(bar->value() >= 2, qPrintable(QString::number(bar->value())));
    QVERIFY2(QRegularExpression(QStringLiteral("^Case \\d+ of 14: \\S+")).match(caseText->text()).hasMatch(),
             qPrintable(caseText->text()));
    shot(&wizard, QStringLiteral("benchmark-running"));
    QTest::mouseClick(skip, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(page->isComplete(), 10000);
    const BenchmarkResult skipped = *wizard.state().benchmark();
    QVERIFY2(skipped.notFinished() && skipped.stopped == BenchmarkResult::Stop::Asked, qPrintable(skipped.headline()));
    QVERIFY2(skipped.casesMeasured() >= 2 && skipped.casesMeasured() < 14, qPrintable(skipped.headline()));
    QCOMPARE(chart->caseCount(), skipped.cases.size());
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    shot(&wizard, QStringLiteral("benchmark-skipped"));

    // Finish: a skipped benchmark is a warning, not a red error with a repair; no tick; the report says so.
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    QCOMPARE(wizard.findChild<StepList*>()->stateOf(SetupWizard::tr("Benchmark")), QStringLiteral("skipped"));
    auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("finishFindings"));
    const QTreeWidgetItem* row = nullptr;
    for (int i = 0; i < findings->topLevelItemCount(); ++i) {
        if (findings->topLevelItem(i)->data(0, Qt::UserRole).toString() == QLatin1String("BENCH-NOT-FINISHED"))
            row = findings->topLevelItem(i);
    }
    QVERIFY2(row, qPrintable(treeText(findings)));
    QCOMPARE(row->icon(0).pixmap(16).toImage(), DiagnosticList::iconFor(Severity::Warning).pixmap(16).toImage());
    QVERIFY2(!treeText(findings).contains(QStringLiteral("epair")), qPrintable(treeText(findings)));
    shot(&wizard, QStringLiteral("benchmark-skipped-finish"));
    const QString reportPath = m_tree->path(QStringLiteral("report.json"));
    QString error;
    QVERIFY2(wizard.findChild<FinishPage*>()->saveReport(reportPath, &error), qPrintable(error));
    QFile reportFile(reportPath);
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    const QByteArray bytes = reportFile.readAll();
    const QString violations = JsonSchemaCheck::violations(JsonSchemaCheck::Contract::Report, bytes);
    QVERIFY2(violations.isEmpty(), qPrintable(violations)); // not_finished is in the report's schema
    const QJsonObject saved = QJsonDocument::fromJson(bytes).object().value(QStringLiteral("benchmark")).toObject();
    QCOMPARE(saved.value(QStringLiteral("status")).toString(), QStringLiteral("not_finished"));
    QCOMPARE(saved.value(QStringLiteral("stopped")).toString(), QStringLiteral("asked"));
    QCOMPARE(saved.value(QStringLiteral("cases")).toArray().size(), skipped.cases.size());
}

/** Every row of a tree, its children indented below it. */
static QString treeText(const QTreeWidget* tree)
{
    QStringList lines;
    std::function<void(const QTreeWidgetItem*, int)> add = [&](const QTreeWidgetItem* item, int depth) {
        lines << QString(depth * 2, u' ') + item->data(0, Qt::UserRole).toString() + QLatin1Char(' ') + item->text(0);
        for (int i = 0; i < item->childCount(); ++i)
            add(item->child(i), depth + 1);
    };
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        add(tree->topLevelItem(i), 0);
    return lines.join(u'\n');
}

void TestWizard::rejectionLeadsWithItsOwnFixAndOneVersion()
{
    CudnnArchiveSpec spec; // cuDNN 9.19.0.56 for CUDA 12: fits the CUDA 12.4 toolkit, but cut short in the download
    spec.cuda = QStringLiteral("12");
    const QString archive = m_tree->path(spec.fileName());
    spec.build().write(archive);
    QVERIFY(QFile::resize(archive, QFileInfo(archive).size() / 2));
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    const PackagePage* page = checkPackage(wizard, archive);
    QVERIFY(!page->isComplete());
    const QString reasons = treeText(wizard.findChild<QTreeWidget*>(QStringLiteral("packageReasons")));
    QVERIFY2(reasons.contains(QStringLiteral("PKG-TRUNCATED")), qPrintable(reasons));
    // The summary's fix is the cut-short download's own (download it again), not "fix the first reason".
    QVERIFY2(!reasons.contains(QStringLiteral("Fix the first reason given")), qPrintable(reasons));
    const qsizetype summary = reasons.indexOf(QStringLiteral("PKG-NONE-COMPATIBLE"));
    QVERIFY2(summary >= 0 && reasons.indexOf(QStringLiteral("Download the archive again"), summary) > summary,
             qPrintable(reasons));
    const QString verdict = wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text();
    QVERIFY2(verdict.contains(QStringLiteral("cuDNN 9.19.0 for CUDA")), qPrintable(verdict));

    // Refused by its name alone (CUDA 13 for a CUDA 12.4 toolkit): the headline names the release the findings
    // name, 9.19.0, not NVIDIA's build 9.19.0.56 from the name.
    CudnnArchiveSpec other;
    const QString byName = m_tree->path(other.fileName());
    other.build().write(byName);
    checkPackage(wizard, byName);
    const QString named = wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text();
    QVERIFY2(named.contains(QStringLiteral("cuDNN 9.19.0 for CUDA 13")), qPrintable(named));
}

void TestWizard::logWithoutAnOpenerShowsItsPath()
{
    const QString log = m_tree->writeFile(QStringLiteral("uninstall.log"), "earlier\n");
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::SwitchOrUninstall);
    wizard.state().setLogFile(log);
    goToUninstall(wizard);
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", QFile::encodeName(m_tree->makeDir(QStringLiteral("no-programs"))));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    qputenv("PATH", path);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    QVERIFY(!wizard.findChild<QPushButton*>(QStringLiteral("finishOpenLog"))->isEnabled());
    auto* where = wizard.findChild<QLabel*>(QStringLiteral("finishSaved"));
    QVERIFY(where->isVisible());
    QVERIFY2(where->text().contains(log), qPrintable(where->text())); // said on the page, not only in a tooltip
    QVERIFY(where->textInteractionFlags() & Qt::TextSelectableByMouse); // and it can be copied
}

void TestWizard::extractedArchiveFolderIsAPackage()
{
    // The folder NVIDIA's instructions have users extract the archive into is judged as the archive is.
    const QString archive = fakeCudnnArchive();
    const QString holder = m_tree->makeDir(QStringLiteral("extracted"));
    QProcess tar;
    tar.start(QStringLiteral("tar"), {QStringLiteral("-xJf"), archive, QStringLiteral("-C"), holder});
    QVERIFY(tar.waitForFinished(60000));
    QCOMPARE(tar.exitCode(), 0);
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const QString folder = holder + QLatin1Char('/') + spec.topFolder();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    PackagePage* page = checkPackage(wizard, folder);
    QVERIFY2(page->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text()));
    QVERIFY2(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text().contains(QStringLiteral("9.19")),
             qPrintable(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text()));
}

void TestWizard::deployCopiesNextToTheApplication()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    const QString toolkitBefore = treeListing(toolkit());
    const QString application = m_tree->makeDir(QStringLiteral("apps/trainer"));
    SetupWizard wizard(engine, SetupTask::DeployToApplication);
    goToPackagePage(wizard);
    QVERIFY(checkPackage(wizard, archive)->isComplete());
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::DeployPageId));
    auto* deploy = qobject_cast<DeployPage*>(wizard.currentPage());
    QVERIFY(!deploy->isComplete()); // no folder yet
    deploy->setFolder(application);
    QTRY_VERIFY_WITH_TIMEOUT(deploy->isComplete(), 30000);
    QVERIFY2(wizard.findChild<QLabel*>(QStringLiteral("deploySummary"))->text().contains(application),
             qPrintable(wizard.findChild<QLabel*>(QStringLiteral("deploySummary"))->text()));
    QVERIFY(QDir(application).isEmpty()); // planning wrote nothing

    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::InstallPageId));
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QVERIFY2(install->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text()));
    QCOMPARE(wizard.state().outcome()->install.command, QStringLiteral("deploy"));
    QVERIFY(QFileInfo::exists(application + QStringLiteral("/libcudnn.so.9")));
    QCOMPARE(treeListing(toolkit()), toolkitBefore); // the toolkit was only read
    QVERIFY(!QFileInfo::exists(m_tree->path(QStringLiteral("home/.profile")))); // nor the search path touched

    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    QVERIFY(wizard.findChild<QLabel*>(QStringLiteral("finishSummary"))->text().contains(QStringLiteral("copied into")));
    QVERIFY(m_words->offences().isEmpty()); // Welcome, System, Package, Deploy, Install left, Finish shown
    QVERIFY2(m_words->pagesChecked() >= 6, qPrintable(QString::number(m_words->pagesChecked())));
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
    const int readsBefore = ArchiveReader::opened();
    PackagePage* page = checkPackage(wizard, archive);
    QCOMPARE(ArchiveReader::opened(), readsBefore); // NVIDIA's name already says CUDA 13: refused without reading
    QVERIFY(!page->isComplete());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
    auto* reasons = wizard.findChild<QTreeWidget*>(QStringLiteral("packageReasons"));
    QStringList rows;
    for (int i = 0; i < reasons->topLevelItemCount(); ++i)
        rows << reasons->topLevelItem(i)->data(0, Qt::UserRole).toString() + QLatin1Char(' ')
                + reasons->topLevelItem(i)->text(0);
    QVERIFY2(rows.join(u'\n').contains(QStringLiteral("PKG-CUDA-MISMATCH")), qPrintable(rows.join(u'\n')));
    // One archive given: the headline names it, and nothing speaks of "the archives" as if there were several.
    const QString verdict = wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text();
    QVERIFY2(verdict.contains(spec.fileName()) && verdict.contains(PackagePage::tr("cannot be installed")),
             qPrintable(verdict));
    QVERIFY2(!rows.join(u'\n').contains(QStringLiteral("None of the archives")), qPrintable(rows.join(u'\n')));
}

static QStringList codesOf(QTreeWidget* reasons)
{
    QStringList codes;
    for (int i = 0; i < reasons->topLevelItemCount(); ++i)
        codes << reasons->topLevelItem(i)->data(0, Qt::UserRole).toString();
    return codes;
}

void TestWizard::newCheckClearsTheLastAndCanBeStopped()
{
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("13");
    const QString blocked = m_tree->path(spec.fileName());
    spec.build().write(blocked);
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    PackagePage* page = checkPackage(wizard, blocked);
    auto* reasons = wizard.findChild<QTreeWidget*>(QStringLiteral("packageReasons"));
    QVERIFY(codesOf(reasons).contains(QStringLiteral("PKG-CUDA-MISMATCH")));

    auto* path = wizard.findChild<QLineEdit*>(QStringLiteral("packagePath"));
    path->setText(archive);
    QTest::keyClick(path, Qt::Key_Return);
    QVERIFY(page->isBusy());
    // At once, not when the next verdict arrives: the last archive's findings are not about this one.
    QCOMPARE(reasons->topLevelItemCount(), 0);
    QVERIFY(!wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text().contains(spec.fileName()));

    auto* stop = wizard.findChild<QPushButton*>(QStringLiteral("stopCheck"));
    QVERIFY(stop->isVisible());
    QTest::mouseClick(stop, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    QVERIFY(wizard.isVisible()); // stopped without leaving the wizard
    QCOMPARE(wizard.currentId(), int(SetupWizard::PackagePageId));
    QVERIFY(!page->isComplete());
    QVERIFY(!stop->isVisible());
    QVERIFY(wizard.findChild<QPushButton*>(QStringLiteral("checkPackage"))->isVisible());
    QVERIFY2(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text().contains(PackagePage::tr("stopped")),
             qPrintable(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text()));
}

void TestWizard::enterGoesOnOnceChecked()
{
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    PackagePage* page = checkPackage(wizard, archive); // Enter in the field checks a new path
    QVERIFY(page->isComplete());
    QCOMPARE(wizard.currentId(), int(SetupWizard::PackagePageId));
    const int reads = ArchiveReader::opened();
    QTest::keyClick(wizard.findChild<QLineEdit*>(QStringLiteral("packagePath")), Qt::Key_Return);
    QCOMPARE(wizard.currentId(), int(SetupWizard::PlanPageId)); // and then goes on, as Next does
    QCOMPARE(ArchiveReader::opened(), reads);
}

QString TestWizard::addToolkitCopy(const QString& relative)
{
    m_tree->writeFile(relative + QStringLiteral("/version.json"), R"({"cuda": {"version": "12.4.1"}})");
    m_tree->makeDir(relative + QStringLiteral("/include"));
    m_tree->makeDir(relative + QStringLiteral("/lib64"));
    return QFileInfo(m_tree->path(relative)).canonicalFilePath();
}

void TestWizard::toolkitSwitchRejudgesWithoutReading()
{
    // A second copy of the toolkit: the package fits both equally, so the page offers the choice.
    addToolkitCopy(QStringLiteral("cuda-copy"));
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    const int readsBefore = ArchiveReader::opened();
    PackagePage* page = checkPackage(wizard, archive);
    QCOMPARE(ArchiveReader::opened() - readsBefore, 1);
    auto* toolkits = page->findChild<QComboBox*>(QStringLiteral("targetToolkit")); // the System page has one too
    QVERIFY(toolkits->isVisible());
    QCOMPARE(toolkits->count(), 2);

    const int readsAfterCheck = ArchiveReader::opened();
    for (int index : {1, 0}) {
        toolkits->setCurrentIndex(index);
        emit toolkits->activated(index);
        QVERIFY(QTest::qWaitFor([page] { return !page->isBusy(); }, 30000));
        QVERIFY2(page->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text()));
    }
    QCOMPARE(ArchiveReader::opened(), readsAfterCheck); // judged again from what the first read learnt
}

void TestWizard::tieIsPreselectedWithNextEnabled()
{
    const QString copy = addToolkitCopy(QStringLiteral("cuda-copy"));
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    PackagePage* page = checkPackage(wizard, archive);
    // Not an error: one of the two is taken, the list shows it, a note says why, and Next goes on.
    QVERIFY2(page->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text()));
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    const QString target = wizard.state().targetToolkit();
    QVERIFY(target == toolkit() || target == copy);
    auto* list = page->findChild<QComboBox*>(QStringLiteral("targetToolkit"));
    QCOMPARE(list->currentData().toString(), target);
    auto* note = page->findChild<QLabel*>(QStringLiteral("toolkitNote"));
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(QStringLiteral("fits 2 toolkits equally well")), qPrintable(note->text()));
    auto* reasons = page->findChild<QTreeWidget*>(QStringLiteral("packageReasons"));
    for (int i = 0; i < reasons->topLevelItemCount(); ++i)
        QVERIFY(reasons->topLevelItem(i)->data(0, Qt::UserRole).toString() != QStringLiteral("PKG-AMBIGUOUS-TOOLKIT"));
}

void TestWizard::preferredToolkitIsHonouredOnTheChooser()
{
    // As the command line's toolkit folder hands it over: the second toolkit, although the first would tie.
    const QString copy = addToolkitCopy(QStringLiteral("cuda-copy"));
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    wizard.state().setPreferredToolkit(copy);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* system = qobject_cast<SystemPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(system->isComplete(), 30000);
    auto* systemList = system->findChild<QComboBox*>(QStringLiteral("targetToolkit"));
    QVERIFY(systemList->isVisible());
    QCOMPARE(systemList->currentData().toString(), copy);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    PackagePage* page = checkPackage(wizard, archive);
    QVERIFY(page->isComplete());
    QCOMPARE(wizard.state().targetToolkit(), copy);
    QCOMPARE(page->findChild<QComboBox*>(QStringLiteral("targetToolkit"))->currentData().toString(), copy);
    QVERIFY(!page->findChild<QLabel*>(QStringLiteral("toolkitNote"))->isVisible()); // asked for: no tie to explain
}

void TestWizard::toolkitChosenOnTheSystemPageIsShownOnThePackagePage()
{
    const QString copy = addToolkitCopy(QStringLiteral("cuda-copy"));
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    SystemPage* system = goToSystemPage(wizard);
    QVERIFY(system && system->isComplete());
    auto* systemList = system->findChild<QComboBox*>(QStringLiteral("targetToolkit"));
    const int index = systemList->findData(copy);
    QVERIFY(index >= 0 && systemList->currentIndex() != index);
    systemList->setCurrentIndex(index); // as the person picks it from the list
    emit systemList->activated(index);
    QCOMPARE(wizard.state().preferredToolkit(), copy);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::PackagePageId));
    // Before any archive is checked, "Install into" already shows the toolkit chosen, not the active one.
    auto* packageList = wizard.currentPage()->findChild<QComboBox*>(QStringLiteral("targetToolkit"));
    QCOMPARE(packageList->currentData().toString(), copy);
}

void TestWizard::archiveDialogOpensInDownloads()
{
    // Started from its own install folder (the Start menu's working folder), with nothing typed yet: Archive… and
    // Folder… open where downloads land, not among the program's platforms, styles and translations.
    const QString home = m_tree->makeDir(QStringLiteral("person"));
    const QString downloads = m_tree->makeDir(QStringLiteral("person/Downloads"));
    const QString programFolder = m_tree->makeDir(QStringLiteral("program"));
    const QByteArray oldHome = qgetenv("HOME");
    const QString oldCurrent = QDir::currentPath();
    qputenv("HOME", QFile::encodeName(home));
    QDir::setCurrent(programFolder);
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    QStringList opened;
    for (const char* button : {"browseArchive", "browseFolder"}) {
        QTimer::singleShot(0, &wizard, [&opened] {
            // Polled: the dialog is modal, its exec() starts after this shot was queued.
            const auto look = [&opened](const auto& self) -> void {
                auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
                if (!dialog) {
                    QTimer::singleShot(20, [self] { self(self); });
                    return;
                }
                opened << QFileInfo(dialog->directory().absolutePath()).canonicalFilePath();
                dialog->reject();
            };
            look(look);
        });
        QTest::mouseClick(wizard.findChild<QPushButton*>(QLatin1String(button)), Qt::LeftButton);
    }
    QDir::setCurrent(oldCurrent);
    qputenv("HOME", oldHome);
    const QString expected = QFileInfo(downloads).canonicalFilePath();
    QCOMPARE(opened, QStringList({expected, expected}));
}

void TestWizard::browsingToAToolkitChoosesIt()
{
    // A toolkit where detection does not look (not under the cuda-* pattern): only Browse… finds it.
    const QString elsewhere = addToolkitCopy(QStringLiteral("opt/toolkits/twelve-four"));
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    PackagePage* page = checkPackage(wizard, archive);
    QCOMPARE(wizard.state().targetToolkit(), toolkit());
    auto* list = page->findChild<QComboBox*>(QStringLiteral("targetToolkit"));
    QCOMPARE(list->count(), 1);

    auto* chooser = page->findChild<ToolkitChooser*>();
    chooser->browseTo(m_tree->path(QStringLiteral("opt/toolkits/twelve-four"))); // what Browse… does after its dialog
    QTRY_VERIFY_WITH_TIMEOUT(!chooser->isBusy() && !page->isBusy(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.state().targetToolkit() == elsewhere, 30000);
    QCOMPARE(list->count(), 2);
    QCOMPARE(list->currentData().toString(), elsewhere);
    QCOMPARE(wizard.state().preferredToolkit(), elsewhere);
    QVERIFY(page->isComplete());
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
}

void TestWizard::browsingToAFolderThatIsNoToolkitSaysSo()
{
    const QString archive = fakeCudnnArchive();
    const QString empty = m_tree->makeDir(QStringLiteral("not-a-toolkit"));
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    goToPackagePage(wizard);
    PackagePage* page = checkPackage(wizard, archive);
    const int toolkitsBefore = int(wizard.state().snapshot()->toolkits.size());
    auto* chooser = page->findChild<ToolkitChooser*>();
    chooser->browseTo(empty);
    QTRY_VERIFY_WITH_TIMEOUT(!chooser->isBusy(), 30000);
    auto* note = page->findChild<QLabel*>(QStringLiteral("toolkitNote"));
    QVERIFY2(note->text().contains(QStringLiteral("is not a CUDA toolkit")), qPrintable(note->text()));
    QCOMPARE(int(wizard.state().snapshot()->toolkits.size()), toolkitsBefore);
    QVERIFY(wizard.state().preferredToolkit().isEmpty());
    QCOMPARE(wizard.state().targetToolkit(), toolkit()); // the choice stands
    QVERIFY(page->isComplete());
}

void TestWizard::pluralsReadRightForOneAndMany()
{
    // English's plural forms come from its own small translation, loaded for English as for any language.
    QTranslator english;
    QVERIFY(english.load(QStringLiteral(":/i18n/cudnn-setup_en.qm")));
    QApplication::installTranslator(&english);
    const auto say = [](const char* context, const char* text, int n) {
        return QCoreApplication::translate(context, text, nullptr, n);
    };
    QCOMPARE(say("RepairPage", "%n problems found.", 1), QStringLiteral("1 problem found."));
    QCOMPARE(say("RepairPage", "%n problems found.", 3), QStringLiteral("3 problems found."));
    QCOMPARE(say("FinishPage", "Repaired: %n fixes applied.", 1), QStringLiteral("Repaired: 1 fix applied."));
    QCOMPARE(say("FinishPage", "Repaired: %n fixes applied.", 4), QStringLiteral("Repaired: 4 fixes applied."));
    QCOMPARE(say("PlanPage", "%n files", 1), QStringLiteral("1 file"));
    QCOMPARE(say("PlanPage", "%n files", 38), QStringLiteral("38 files"));
    QApplication::removeTranslator(&english);

    // And in Chinese, which has one form.
    QTranslator chinese;
    QVERIFY(chinese.load(QStringLiteral(":/i18n/cudnn-setup_zh_CN.qm")));
    QApplication::installTranslator(&chinese);
    QCOMPARE(say("RepairPage", "%n problems found.", 1), QStringLiteral("发现 1 个问题。"));
    QCOMPARE(say("RepairPage", "%n problems found.", 3), QStringLiteral("发现 3 个问题。"));
    QApplication::removeTranslator(&chinese);
}

QString TestWizard::addTorchVenv()
{
    const QString site
        = DetectFixtures::writeVenv(*m_tree,
                                    QStringLiteral("home/venv"),
                                    {QStringLiteral("torch==2.5.1"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")},
                                    OsFlavor::Linux);
    DetectFixtures::writeCudnnWheel(*m_tree, site, 9, 1, 0);
    return QFileInfo(m_tree->path(QStringLiteral("home/venv"))).canonicalFilePath();
}

QString TestWizard::addVenv(const QString& name, const QStringList& distributions)
{
    const QString dir = QStringLiteral("home/.venvs/") + name;
    DetectFixtures::writeVenv(*m_tree, dir, distributions, OsFlavor::Linux);
    return QFileInfo(m_tree->path(dir)).canonicalFilePath();
}

QTreeWidgetItem* TestWizard::frameworkRow(QTreeWidget* list, const QString& program)
{
    for (int i = 0; list && i < list->topLevelItemCount(); ++i) {
        if (list->topLevelItem(i)->text(0).startsWith(program))
            return list->topLevelItem(i);
    }
    return nullptr;
}

void TestWizard::welcomeLeadsWithTheFrameworkVerdicts()
{
    const QString venv = addTorchVenv();
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    auto* list = wizard.findChild<QTreeWidget*>(QStringLiteral("welcomeFrameworks"));
    auto* headline = wizard.findChild<QLabel*>(QStringLiteral("welcomeFrameworksHeadline"));
    QVERIFY(list && headline);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.state().snapshot().has_value(), 30000); // detected from the Welcome page
    QVERIFY(list->isVisible());
    QCOMPARE(list->topLevelItemCount(), 1);
    const QTreeWidgetItem* torch = list->topLevelItem(0);
    QCOMPARE(torch->text(0), QStringLiteral("torch 2.5.1"));
    QCOMPARE(torch->text(1), venv);
    QVERIFY2(torch->text(2).contains(QStringLiteral("9.1.0")) && torch->text(2).contains(QStringLiteral("pip")),
             qPrintable(torch->text(2))); // its own wheel's copy, not the toolkit's
    QCOMPARE(torch->text(3), FrameworkList::verdictWord(true));
    QCOMPARE(headline->text(), FrameworkList::headline(wizard.state().snapshot()->frameworks));
    QVERIFY2(headline->text().contains(QStringLiteral("fits")), qPrintable(headline->text()));
    // It leads: the verdicts come before what the wizard does and the choice of task.
    auto* install = wizard.findChild<QRadioButton*>(QStringLiteral("taskInstall"));
    QVERIFY(topOf(headline) < topOf(list));
    QVERIFY(topOf(list) + list->height() <= topOf(install));

    // The System page shows the same snapshot: nothing is detected twice.
    QSignalSpy snapshots(&wizard.state(), &WizardState::snapshotChanged);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* system = qobject_cast<SystemPage*>(wizard.currentPage());
    QVERIFY(system && system->isComplete());
    QCOMPARE(snapshots.count(), 0);
}

void TestWizard::welcomeSaysWhenNoFrameworkIsFound()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    auto* headline = wizard.findChild<QLabel*>(QStringLiteral("welcomeFrameworksHeadline"));
    QVERIFY(headline);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.state().snapshot().has_value(), 30000);
    QCOMPARE(headline->text(), FrameworkList::tr("No Python framework that uses cuDNN was found."));
    QVERIFY(headline->isVisible());
    QVERIFY(!wizard.findChild<QTreeWidget*>(QStringLiteral("welcomeFrameworks"))->isVisible());
}

void TestWizard::welcomeAndDetectGiveOneVerdict_data()
{
    // The fakes' machines the wizard tests use, and one with a stray copy first on LD_LIBRARY_PATH.
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<bool>("stray");
    QTest::newRow("rtx3060ti") << QStringLiteral("rtx3060ti") << false;
    QTest::newRow("cpu-cudnn") << QStringLiteral("cpu-cudnn") << false;
    QTest::newRow("a stray copy first") << QStringLiteral("rtx3060ti") << true;
}

void TestWizard::welcomeAndDetectGiveOneVerdict()
{
    // Issue 50 item 1: Welcome, the text of --detect and its JSON lead with the same verdict (Finish: the repair
    // wizard's test); the sentence, its code and its severity come from the engine once.
    QFETCH(QString, scenario);
    QFETCH(bool, stray);
    QString first;
    if (stray) {
        m_tree->writeFile(QStringLiteral("old-cudnn/libcudnn.so.9.0.0"), "ELF");
        m_tree->symlink(QStringLiteral("old-cudnn/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.0.0"));
        first = QFileInfo(m_tree->path(QStringLiteral("old-cudnn"))).canonicalFilePath();
    }
    const Engine engine = makeEngine(scenario, first);
    SetupWizard wizard(engine, std::nullopt);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTRY_VERIFY_WITH_TIMEOUT(wizard.state().snapshot().has_value(), 30000);
    const SystemSnapshot& snapshot = *wizard.state().snapshot();
    const MachineVerdict& verdict = snapshot.verdict;
    if (stray)
        QVERIFY(verdict.repairFixes());

    const QString welcome = verdict.repairFixes()
        ? wizard.findChild<QLabel*>(QStringLiteral("welcomeVerdict"))->text()
        : wizard.findChild<QLabel*>(QStringLiteral("welcomeFrameworksHeadline"))->text();
    QVERIFY2(
        welcome.contains(verdict.repairFixes() ? verdict.summary.message.toHtmlEscaped() : verdict.summary.message),
        qPrintable(welcome + QStringLiteral(" / ") + verdict.summary.message));
    if (verdict.finding && verdict.repairFixes())
        QVERIFY2(welcome.contains(verdict.finding->message.toHtmlEscaped()), qPrintable(welcome));

    const QString text = detectSummary(snapshot);
    const QString line = text.section(QLatin1Char('\n'), 0, 0);
    QVERIFY2(line.contains(verdict.summary.message) && line.endsWith(QStringLiteral("[%1]").arg(verdict.summary.code)),
             qPrintable(line));
    const QJsonObject json = snapshot.toJson().value(QStringLiteral("verdict")).toObject();
    QCOMPARE(json.value(QStringLiteral("code")).toString(), verdict.summary.code);
    QCOMPARE(json.value(QStringLiteral("message")).toString(), verdict.summary.message);
    QCOMPARE(json.value(QStringLiteral("severity")).toString(), severityName(verdict.summary.severity));
    QCOMPARE(json.value(QStringLiteral("lead")).toString(), MachineVerdict::leadName(verdict.lead));
}

void TestWizard::welcomeLeadsWithBrokenCudnnAndChoosesRepair()
{
    // Issue 42 item 13 (on Linux): a sub-library of the toolkit's cuDNN deleted (its soname link now leads nowhere),
    // and an older libcudnn.so.9 alone in a folder first on LD_LIBRARY_PATH. No Python framework on the machine.
    QVERIFY(QFile::remove(m_tree->path(QStringLiteral("cuda-12.4/lib64/libcudnn_ops.so.9.1.0"))));
    m_tree->writeFile(QStringLiteral("old-cudnn/libcudnn.so.9.0.0"), "ELF");
    m_tree->symlink(QStringLiteral("old-cudnn/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.0.0"));
    const QString stray = QFileInfo(m_tree->path(QStringLiteral("old-cudnn"))).canonicalFilePath();
    const Engine engine = makeEngine(QStringLiteral("rtx3060ti"), stray);
    SetupWizard wizard(engine, std::nullopt); // as the program starts it: no task named
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTRY_VERIFY_WITH_TIMEOUT(wizard.state().snapshot().has_value(), 30000);
    const MachineVerdict& verdict = wizard.state().snapshot()->verdict;
    QVERIFY(verdict.repairFixes());
    QCOMPARE(verdict.problems, 3); // the toolkit's missing file and its link to nothing, and the stray copy

    // The verdict leads, above "No Python framework ... was found.", and names the worst problem.
    auto* lead = wizard.findChild<QLabel*>(QStringLiteral("welcomeVerdict"));
    auto* frameworks = wizard.findChild<QLabel*>(QStringLiteral("welcomeFrameworksHeadline"));
    QVERIFY(lead && frameworks);
    QVERIFY(lead->isVisible());
    QVERIFY(topOf(lead) < topOf(frameworks));
    const QString text = lead->text();
    QVERIFY2(text.contains(QCoreApplication::translate("WelcomePage", "cuDNN on this machine needs repair.")),
             qPrintable(text));
    QVERIFY2(text.contains(verdict.finding->message.toHtmlEscaped()), qPrintable(text));
    QCOMPARE(verdict.finding->severity, Severity::Error);
    QCOMPARE(frameworks->text(), FrameworkList::tr("No Python framework that uses cuDNN was found."));

    // The task that fixes it is chosen: Repair, not Install, and Next follows it.
    QVERIFY(wizard.findChild<QRadioButton*>(QStringLiteral("taskRepair"))->isChecked());
    QVERIFY(!wizard.findChild<QRadioButton*>(QStringLiteral("taskInstall"))->isChecked());
    QCOMPARE(wizard.state().task(), SetupTask::Repair);
    SystemPage* system = goToSystemPage(wizard);
    QVERIFY(system);
    QCOMPARE(wizard.nextId(), int(SetupWizard::RepairPageId));

    // The System page lists the two problems as two: a stray copy is not "one more like" a damaged install.
    auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("systemFindings"));
    QStringList rows;
    QStringList codes;
    for (int i = 0; i < findings->topLevelItemCount(); ++i) {
        rows << findings->topLevelItem(i)->text(0);
        codes << findings->topLevelItem(i)->data(0, Qt::UserRole).toString();
    }
    const QString all = rows.join(u'\n');
    QVERIFY2(codes.contains(QStringLiteral("CUDNN-STRAY-COPY")), qPrintable(all));
    QVERIFY2(codes.contains(QStringLiteral("CUDNN-MISSING-LIBS")), qPrintable(all));
    QVERIFY2(!all.contains(QStringLiteral("more like it")), qPrintable(all));
}

void TestWizard::aChosenTaskIsNotOverruledByTheVerdict()
{
    // The person clicks Install before the verdict arrives: it stays Install.
    QVERIFY(QFile::remove(m_tree->path(QStringLiteral("cuda-12.4/lib64/libcudnn_ops.so.9.1.0"))));
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, std::nullopt);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    auto* install = wizard.findChild<QRadioButton*>(QStringLiteral("taskInstall"));
    QTest::mouseClick(install, Qt::LeftButton, {}, QPoint(4, install->height() / 2));
    QTRY_VERIFY_WITH_TIMEOUT(wizard.state().snapshot().has_value(), 30000);
    QVERIFY(wizard.state().snapshot()->verdict.repairFixes());
    QVERIFY(wizard.findChild<QLabel*>(QStringLiteral("welcomeVerdict"))->isVisible());
    QVERIFY(install->isChecked());
    QCOMPARE(wizard.state().task(), SetupTask::Install);
}

void TestWizard::systemPageListsProgramsThatWillUseCudnn()
{
    const QString torchVenv = addTorchVenv();
    // ONNX Runtime 1.18.0 from PyPI is built with cuDNN 8; only the toolkit's cuDNN 9.1 lies on this machine.
    const QString ortVenv = addVenv(QStringLiteral("ort"), {QStringLiteral("onnxruntime-gpu==1.18.0")});
    const Engine engine = makeEngine();
    SetupWizard wizard(engine);
    SystemPage* page = goToSystemPage(wizard);
    QVERIFY(page && page->isComplete());

    auto* list = wizard.findChild<QTreeWidget*>(QStringLiteral("systemFrameworks"));
    QVERIFY(list && list->isVisible());
    QCOMPARE(list->topLevelItemCount(), 2);
    const QTreeWidgetItem* torch = frameworkRow(list, QStringLiteral("torch 2.5.1"));
    QVERIFY(torch);
    QCOMPARE(torch->text(1), torchVenv);
    QVERIFY2(torch->text(2).contains(QStringLiteral("9.1.0")) && torch->text(2).contains(QStringLiteral("(pip)")),
             qPrintable(torch->text(2)));
    QCOMPARE(torch->text(3), FrameworkList::verdictWord(true));
    QCOMPARE(torch->childCount(), 0); // nothing to explain

    const QTreeWidgetItem* ort = frameworkRow(list, QStringLiteral("onnxruntime-gpu 1.18.0"));
    QVERIFY(ort);
    QCOMPARE(ort->text(1), ortVenv);
    QVERIFY2(!ort->text(2).contains(QStringLiteral("9.")), qPrintable(ort->text(2))); // a cuDNN 9 is not for it
    QCOMPARE(ort->text(3), FrameworkList::verdictWord(false));
    // Why, and what to do, on the row below it (shown) and in its tooltip.
    QCOMPARE(ort->childCount(), 1);
    QVERIFY(ort->isExpanded());
    QVERIFY2(ort->child(0)->text(0).contains(QStringLiteral("8")), qPrintable(ort->child(0)->text(0)));
    QCOMPARE(ort->toolTip(0).isEmpty(), false);
}

const QTreeWidgetItem* TestWizard::finishTensorFlowRow(const SetupWizard& wizard, const QString& venv)
{
    auto* list = wizard.findChild<QTreeWidget*>(QStringLiteral("finishFrameworks"));
    auto* headline = wizard.findChild<QLabel*>(QStringLiteral("finishFrameworksHeadline"));
    if (!list || !headline || !list->isVisible() || !headline->isVisible())
        return nullptr;
    const QTreeWidgetItem* row = frameworkRow(list, QStringLiteral("tensorflow 2.18.0"));
    return row && row->text(1) == venv ? row : nullptr;
}

void TestWizard::finishLeadsWithWhatTheFrameworksLoadNow()
{
    // TensorFlow 2.18 loads cuDNN 9 (9.3 or later) by name: the install into the toolkit is what serves it.
    const QString tfVenv = addVenv(QStringLiteral("tf"), {QStringLiteral("tensorflow==2.18.0")});
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    SetupWizard wizard(engine);
    wizard.state().setLogFile(m_tree->path(QStringLiteral("install.log")));
    goToInstall(wizard, archive);
    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    auto* install = qobject_cast<InstallPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!install->isBusy(), 60000);
    QVERIFY(wizard.state().outcome()->install.succeeded());
    wizard.findChild<BenchmarkPage*>()->setQuick(true);
    while (wizard.currentId() != SetupWizard::FinishPageId) {
        QTRY_VERIFY_WITH_TIMEOUT(wizard.button(QWizard::NextButton)->isEnabled(), 120000);
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    }

    auto* headline = wizard.findChild<QLabel*>(QStringLiteral("finishFrameworksHeadline"));
    const QTreeWidgetItem* tf = finishTensorFlowRow(wizard, tfVenv);
    QVERIFY(tf);
    // What it loads after the install: the toolkit's new cuDNN, predicted from the install (nothing imported).
    QVERIFY2(tf->text(2).contains(QStringLiteral("9.19.0")) && tf->text(2).contains(QStringLiteral("(toolkit)")),
             qPrintable(tf->text(2)));
    QCOMPARE(tf->text(3), FrameworkList::verdictWord(true));
    const FrameworkVerdicts after
        = Engine::frameworksAfter(wizard.state().outcome()->choice, *wizard.state().snapshot());
    QVERIFY2(headline->text().contains(FrameworkList::headline(after)), qPrintable(headline->text()));
    // First the frameworks, then the toolkit's details.
    auto* summary = wizard.findChild<QLabel*>(QStringLiteral("finishSummary"));
    QVERIFY2(summary->text().contains(QStringLiteral("9.19.0")), qPrintable(summary->text()));
    auto* list = wizard.findChild<QTreeWidget*>(QStringLiteral("finishFrameworks"));
    QVERIFY(topOf(headline) < topOf(list));
    QVERIFY(topOf(list) + list->height() <= topOf(summary));
}

void TestWizard::finishAfterAnUninstallSaysWhatTheFrameworksLoadNow()
{
    // TensorFlow 2.18 loads the toolkit's cuDNN 9 by name: once the install is taken back it finds none.
    const QString tfVenv = addVenv(QStringLiteral("tf"), {QStringLiteral("tensorflow==2.18.0")});
    const QString archive = fakeCudnnArchive();
    const Engine engine = makeEngine(QStringLiteral("cpu-cudnn"));
    installThroughWizard(engine, archive);

    // Logged in again: the install's search path fix puts the toolkit's libraries first.
    const Engine loggedIn = makeEngine(QStringLiteral("cpu-cudnn"), toolkit() + QStringLiteral("/lib64"));
    SetupWizard wizard(loggedIn, SetupTask::SwitchOrUninstall);
    goToUninstall(wizard);
    QString asked;
    answerNextQuestion(QMessageBox::Yes, &asked);
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("uninstallButton")), Qt::LeftButton);
    auto* page = qobject_cast<UninstallPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    QCOMPARE(wizard.state().uninstallOutcome()->result.status, InstallResult::Status::Uninstalled);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));

    auto* headline = wizard.findChild<QLabel*>(QStringLiteral("finishFrameworksHeadline"));
    const QTreeWidgetItem* tf = finishTensorFlowRow(wizard, tfVenv);
    QVERIFY(tf);
    // Before, the install served it; now the row is the machine looked at again, not the snapshot from before.
    const auto tensorflow = [](const FrameworkVerdicts& verdicts) {
        for (const FrameworkVerdict& verdict : verdicts) {
            if (verdict.subject.package == QStringLiteral("tensorflow"))
                return std::optional<FrameworkVerdict>(verdict);
        }
        return std::optional<FrameworkVerdict>();
    };
    const std::optional<FrameworkVerdict> seen = tensorflow(wizard.state().snapshot()->frameworks);
    const std::optional<FrameworkVerdict> now = tensorflow(*wizard.state().uninstallOutcome()->frameworks);
    QVERIFY(seen && now);
    QCOMPARE(seen->fits, std::optional<bool>(true));
    QVERIFY(now->fits != std::optional<bool>(true));
    QVERIFY2(!tf->text(2).contains(QStringLiteral("9.19.0")), qPrintable(tf->text(2)));
    QCOMPARE(tf->text(3), FrameworkList::verdictWord(now->fits));
    QVERIFY2(headline->text().contains(FrameworkList::headline(*wizard.state().uninstallOutcome()->frameworks)),
             qPrintable(headline->text()));
}

QTEST_MAIN(TestWizard)
#include "TestWizard.moc"
