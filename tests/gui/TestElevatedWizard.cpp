#include "../elevation/ElevationFixtures.h"
#include "../unit/install/InstallFixtures.h"
#include "CommandBox.h"
#include "DiagnosticList.h"
#include "SetupWizard.h"
#include "SilentRun.h"
#include "engine/Engine.h"
#include "engine/EngineInternals.h"
#include "env/SystemRoot.h"
#include "pages/BenchmarkPage.h"
#include "pages/EnvironmentPage.h"
#include "pages/FinishPage.h"
#include "pages/InstallPage.h"
#include "pages/PackagePage.h"
#include "pages/SystemPage.h"

#include <QApplication>
#include <QClipboard>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QtTest>

using namespace InstallFixtures;

/**
 * The double-click path of a student who is not root: the wizard runs as nobody (effective ids, see
 * ElevationFixtures.h) against a root-owned toolkit, and the Install page hands the merge to an elevated copy of
 * cudnn-setup through the stand-in for pkexec. Its progress, its report on the Finish page, a "no" and a failure
 * in the middle, as a person sees them.
 */
class TestElevatedWizard : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void installsThroughTheElevatedCopy();
    void declinedSaysSoAndTryAgainAsksAgain();
    void failedElevatedMergeShowsTheRollback();
    void withoutPkexecTheCommandRunByHandLetsItGoOn();
    void undoingAnotherInstallPutsTheRootInstallsFixBack();

private:
    /** launcherOptions: the stand-in for pkexec's; `nothingCanAsk`: no pkexec at all (the command is shown instead). */
    Engine makeEngine(const QStringList& launcherOptions, bool nothingCanAsk = false);
    /** Through System, Package, Plan and Search path to the Install button. */
    void goToInstall(SetupWizard& wizard);
    InstallPage* install(SetupWizard& wizard);

    std::unique_ptr<TestTree> m_tree;
    std::unique_ptr<EffectiveNobody> m_nobody;
    QString m_root;
    QString m_archive;
    QString m_home;
};

void TestElevatedWizard::init()
{
    if (::geteuid() != 0)
        QSKIP("needs root, to act as nobody (65534) with a launcher that can become root again");
    m_tree = std::make_unique<TestTree>();
    letNobodyIn(m_tree->root());
    m_root = makeToolkit(*m_tree, QStringLiteral("cuda-12.4"), 12040); // root's: nobody may not write into it
    CudnnArchiveSpec spec; // cuDNN 9.19 for CUDA 12 with the CPU-backed fake libcudnn.so.9: it loads and convolves
    spec.cuda = QStringLiteral("12");
    m_archive = m_tree->path(spec.fileName());
    withFakeCpuCudnn(spec).write(m_archive);
    m_home = nobodysFolder(m_tree->path(QStringLiteral("home")));
    nobodysFolder(m_tree->path(QStringLiteral("tmp")));
    qputenv("TMPDIR", QFile::encodeName(m_tree->path(QStringLiteral("tmp"))));
    m_nobody = std::make_unique<EffectiveNobody>();
    QVERIFY(m_nobody->active());
}

void TestElevatedWizard::cleanup()
{
    m_nobody.reset();
    m_tree.reset();
    qunsetenv("TMPDIR");
}

Engine TestElevatedWizard::makeEngine(const QStringList& launcherOptions, bool nothingCanAsk)
{
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.defaultToolkitRoots = {m_root};
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                          qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cpu-cudnn"));
    auto runner = std::make_shared<ProcessRunner>();
    EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
    environment.homeDirectory = m_home;
    environment.systemRoot = SystemRoot(m_tree->makeDir(QStringLiteral("system-root")));
    environment.loginShell = QStringLiteral("/bin/bash");
    Engine engine(host, runner, environment);
    engine.setElevation(SilentRun::binary(),
                        std::make_shared<CommandLauncher>(
                            nothingCanAsk ? QStringList() : QStringList{testLauncher()} + launcherOptions));
    return engine;
}

void TestElevatedWizard::goToInstall(SetupWizard& wizard)
{
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* system = qobject_cast<SystemPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(system->isComplete(), 30000);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* package = qobject_cast<PackagePage*>(wizard.currentPage());
    auto* path = wizard.findChild<QLineEdit*>(QStringLiteral("packagePath"));
    path->setText(m_archive);
    QTest::keyClick(path, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(!package->isBusy(), 60000);
    QVERIFY2(package->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("packageVerdict"))->text()));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::PlanPageId));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* environment = qobject_cast<EnvironmentPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!environment->isBusy(), 30000);
}

InstallPage* TestElevatedWizard::install(SetupWizard& wizard)
{
    QTest::mouseClick(wizard.button(QWizard::CommitButton), Qt::LeftButton);
    if (wizard.currentId() != int(SetupWizard::InstallPageId))
        return nullptr;
    return qobject_cast<InstallPage*>(wizard.currentPage());
}

void TestElevatedWizard::installsThroughTheElevatedCopy()
{
    const Engine engine = makeEngine({QStringLiteral("--home"), m_home});
    SetupWizard wizard(engine);
    wizard.state().setLogFile(m_tree->path(QStringLiteral("tmp/install.log")));
    goToInstall(wizard);
    auto* bar = wizard.findChild<QProgressBar*>(QStringLiteral("installProgress"));
    QSignalSpy progress(bar, &QProgressBar::valueChanged);

    InstallPage* page = install(wizard);
    QVERIFY(page);
    // Before the elevated copy starts the engine says it will ask: the page says so, and offers no Cancel it could
    // not honour.
    QTRY_VERIFY2_WITH_TIMEOUT(wizard.findChild<QLabel*>(QStringLiteral("installResult"))
                                  ->text()
                                  .contains(QStringLiteral("needs administrator rights")),
                              qPrintable(wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text()),
                              30000);
    QVERIFY(!wizard.findChild<QPushButton*>(QStringLiteral("installCancel"))->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 120000);
    const QString result = wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text();
    QVERIFY2(page->isComplete(), qPrintable(result));
    QVERIFY2(result.contains(QStringLiteral("Installed")), qPrintable(result));
    QCOMPARE(bar->value(), 1000);

    // The bar moved with the elevated copy's own byte counts on the way (not just 0 and done).
    const bool between = std::any_of(progress.cbegin(), progress.cend(), [](const QList<QVariant>& args) {
        return args.first().toInt() > 0 && args.first().toInt() < 1000;
    });
    QVERIFY2(between, "the elevated copy's progress reached the page");
    const std::optional<SetupOutcome>& outcome = wizard.state().outcome();
    QCOMPARE(ElevationOutcome::statusName(outcome->elevation->status), QStringLiteral("ran"));
    QVERIFY(QFileInfo(m_root + QStringLiteral("/lib/libcudnn.so.9")).isSymLink());
    QCOMPARE(QFileInfo(m_root + QStringLiteral("/include/cudnn.h")).ownerId(), 0u);
    QVERIFY(outcome->verify); // verification ran here, unelevated, against what the copy installed
    // The user's own search path was fixed by the wizard itself, as the user.
    QCOMPARE(QFileInfo(m_home + QStringLiteral("/.profile")).ownerId(), EffectiveNobody::Id);
    QFile log(m_tree->path(QStringLiteral("tmp/install.log")));
    QVERIFY(log.open(QIODevice::ReadOnly));
    QVERIFY(log.readAll().contains("elevated: "));

    // Finish: the elevated copy's result, and its report inside the wizard's (the same shape as the silent mode's).
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::VerifyPageId));
    wizard.findChild<BenchmarkPage*>()->setQuick(true);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* benchmark = qobject_cast<BenchmarkPage*>(wizard.currentPage());
    QVERIFY(benchmark);
    QTRY_VERIFY_WITH_TIMEOUT(benchmark->isComplete(), 120000); // unelevated, against the toolkit the copy filled
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    QVERIFY(wizard.findChild<QLabel*>(QStringLiteral("finishSummary"))->text().contains(QStringLiteral("9.19.0")));
    const QString reportPath = m_tree->path(QStringLiteral("tmp/report.json"));
    QString error;
    QVERIFY2(wizard.findChild<FinishPage*>()->saveReport(reportPath, &error), qPrintable(error));
    QFile file(reportPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject elevation = report.value(QStringLiteral("elevation")).toObject();
    QCOMPARE(elevation.value(QStringLiteral("status")).toString(), QStringLiteral("ran"));
    QCOMPARE(elevation.value(QStringLiteral("exit_code")).toInt(-1), 0);
    const QJsonObject elevated = elevation.value(QStringLiteral("report")).toObject();
    QCOMPARE(elevated.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QCOMPARE(report.value(QStringLiteral("files")).toArray(), elevated.value(QStringLiteral("files")).toArray());
    QCOMPARE(report.value(QStringLiteral("environment")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("applied"));
}

void TestElevatedWizard::declinedSaysSoAndTryAgainAsksAgain()
{
    const QString no = m_tree->writeFile(QStringLiteral("tmp/say-no"), "");
    const Engine engine = makeEngine({QStringLiteral("--decline-while"), no});
    SetupWizard wizard(engine);
    goToInstall(wizard);
    const QString before = listing(m_root);
    const QString homeBefore = listing(m_home);
    InstallPage* page = install(wizard);
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    const QString result = wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text();
    QVERIFY2(result.contains(QStringLiteral("You declined; nothing was changed")), qPrintable(result));
    QCOMPARE(wizard.currentId(), int(SetupWizard::InstallPageId)); // stays on the page
    QVERIFY(!page->isComplete());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
    QCOMPARE(listing(m_root), before);
    QCOMPARE(listing(m_home), homeBefore);

    auto* again = wizard.findChild<QPushButton*>(QStringLiteral("installAgain"));
    QVERIFY(again->isVisible());
    QVERIFY(QFile::remove(no)); // this time the person says yes
    QTest::mouseClick(again, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 120000);
    QVERIFY2(page->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text()));
    QCOMPARE(wizard.state().outcome()->install.status, InstallResult::Status::Ok);
}

void TestElevatedWizard::failedElevatedMergeShowsTheRollback()
{
    const Engine engine = makeEngine({QStringLiteral("--fault"), QStringLiteral("stage.write:2:fail")});
    SetupWizard wizard(engine);
    goToInstall(wizard);
    const QString before = toolkitListing(m_root);
    const QString homeBefore = listing(m_home);
    InstallPage* page = install(wizard);
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 120000);
    const QString result = wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text();
    QVERIFY2(result.contains(QStringLiteral("rolled back")), qPrintable(result));
    QCOMPARE(wizard.state().outcome()->install.status, InstallResult::Status::RolledBack);
    QCOMPARE(wizard.state().outcome()->elevation->exitCode, 5);
    QVERIFY(codesOf(wizard.state().outcome()->install).contains(QStringLiteral("INSTALL-WRITE-FAILED")));
    QVERIFY(wizard.findChild<QPushButton*>(QStringLiteral("installAgain"))->isVisible());
    QCOMPARE(toolkitListing(m_root), before);
    QCOMPARE(listing(m_home), homeBefore); // the user's search path went nowhere either
}

void TestElevatedWizard::withoutPkexecTheCommandRunByHandLetsItGoOn()
{
    const Engine engine = makeEngine({}, true);
    SetupWizard wizard(engine);
    goToInstall(wizard);
    // Before Install: it will need administrator rights, and here is the command that does that part by hand.
    auto* rights = wizard.findChild<QLabel*>(QStringLiteral("environmentRights"));
    QVERIFY(rights->isVisible());
    QVERIFY2(rights->text().contains(QStringLiteral("administrator rights")), qPrintable(rights->text()));
    // Said before, as it will happen: nothing here can ask, so no promise that Install asks once.
    QVERIFY2(rights->text().contains(QStringLiteral("pkexec is missing")), qPrintable(rights->text()));
    QVERIFY2(!rights->text().contains(QStringLiteral("asks for them once")), qPrintable(rights->text()));
    auto* before = wizard.findChild<CommandBox*>(QStringLiteral("environmentCommand"));
    QVERIFY(before->isVisible());
    QVERIFY2(before->command().startsWith(QStringLiteral("sudo ")), qPrintable(before->command()));

    InstallPage* page = install(wizard);
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    const QString result = wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text();
    QVERIFY2(result.contains(QStringLiteral("pkexec is missing")), qPrintable(result));
    QVERIFY(!wizard.findChild<DiagnosticList*>(QStringLiteral("installFindings"))->isVisible()); // nothing judged
    auto* box = wizard.findChild<CommandBox*>(QStringLiteral("installCommand"));
    QVERIFY(box->isVisible());
    const QString command = wizard.state().outcome()->elevation->command;
    QCOMPARE(box->command(), command);
    QTest::mouseClick(box->findChild<QPushButton*>(QStringLiteral("copyCommand")), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), command);
    QVERIFY(wizard.state().plan()->items.first().action == InstallItem::Action::New);

    // The person runs it in a terminal, as root.
    m_nobody.reset();
    QProcess terminal;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), m_tree->makeDir(QStringLiteral("root-home")));
    terminal.setProcessEnvironment(environment);
    terminal.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command.mid(QStringLiteral("sudo ").size())});
    QVERIFY(terminal.waitForFinished(120000));
    QVERIFY2(terminal.exitCode() == 0, terminal.readAllStandardError().constData());
    m_nobody = std::make_unique<EffectiveNobody>();
    QVERIFY(m_nobody->active());

    // Try again looks at the machine again: the files are there, so only the person's own part is left.
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("installAgain")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 120000);
    QVERIFY2(page->isComplete(), qPrintable(wizard.findChild<QLabel*>(QStringLiteral("installResult"))->text()));
    const std::optional<SetupOutcome>& outcome = wizard.state().outcome();
    QCOMPARE(outcome->install.status, InstallResult::Status::Unchanged);
    QVERIFY(!outcome->elevation); // nobody was asked for rights again
    QCOMPARE(outcome->environment.status, EnvironmentOutcome::Status::Applied);
    QFile profile(m_home + QStringLiteral("/.profile"));
    QVERIFY(profile.open(QIODevice::ReadOnly));
    QVERIFY(profile.readAll().contains(QFileInfo(m_root).canonicalFilePath().toUtf8()));
    QCOMPARE(QFileInfo(profile).ownerId(), EffectiveNobody::Id);
    for (const InstallItem& item : wizard.state().plan()->items) // the plan was made again, and says so
        QVERIFY2(item.action == InstallItem::Action::Same, qPrintable(item.destination));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::VerifyPageId));

    // Finish tells one story: installed (by that command), first; no "nothing was written" beside it, and the
    // report records where the files came from.
    QTRY_VERIFY_WITH_TIMEOUT(wizard.button(QWizard::NextButton)->isEnabled(), 60000);
    wizard.findChild<BenchmarkPage*>()->setQuick(true);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.button(QWizard::NextButton)->isEnabled(), 120000);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    const QString summary = wizard.findChild<QLabel*>(QStringLiteral("finishSummary"))->text();
    QVERIFY2(summary.startsWith(QStringLiteral("cuDNN 9.19.0"))
                 && summary.section(u'<', 0, 0).contains(QStringLiteral(" is installed in ")),
             qPrintable(summary));
    QVERIFY(!wizard.findChild<QLabel*>(QStringLiteral("finishFrameworksHeadline"))->isVisible()); // none found
    auto* finishFindings = wizard.findChild<QTreeWidget*>(QStringLiteral("finishFindings"));
    QStringList findings;
    for (int i = 0; i < finishFindings->topLevelItemCount(); ++i)
        findings << finishFindings->topLevelItem(i)->text(0);
    const QString said = findings.join(u'\n');
    QVERIFY2(!said.contains(QStringLiteral("nothing was written")), qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("The command run with administrator rights installed these files")),
             qPrintable(said));
    const QString reportPath = m_tree->path(QStringLiteral("tmp/report.json"));
    QString error;
    QVERIFY2(wizard.findChild<FinishPage*>()->saveReport(reportPath, &error), qPrintable(error));
    QFile reportFile(reportPath);
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    const QByteArray report = reportFile.readAll();
    QVERIFY2(report.contains("The command run with administrator rights installed these files"), report.constData());
}

/** A file's bytes; nullopt when there is no file. */
static std::optional<QByteArray> bytesOf(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll();
}

void TestElevatedWizard::undoingAnotherInstallPutsTheRootInstallsFixBack()
{
    // Toolkit A (root's): its files by the root command the wizard gives, then Try again writes the user's fix.
    const Engine engine = makeEngine({}, true);
    SetupWizard wizard(engine);
    goToInstall(wizard);
    InstallPage* page = install(wizard);
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    const QString command = wizard.state().outcome()->elevation->command;
    m_nobody.reset();
    QProcess terminal;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), m_tree->makeDir(QStringLiteral("root-home")));
    terminal.setProcessEnvironment(environment);
    terminal.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command.mid(QStringLiteral("sudo ").size())});
    QVERIFY(terminal.waitForFinished(120000));
    QVERIFY2(terminal.exitCode() == 0, terminal.readAllStandardError().constData());
    const QString mine = nobodysFolder(m_tree->path(QStringLiteral("mine")));
    m_nobody = std::make_unique<EffectiveNobody>();
    QVERIFY(m_nobody->active());
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("installAgain")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 120000);
    QCOMPARE(wizard.state().outcome()->environment.status, EnvironmentOutcome::Status::Applied);
    const QString profile = m_home + QStringLiteral("/.profile");
    const QString graphical = m_home + QStringLiteral("/.config/environment.d/60-cudnn-setup.conf");
    const std::optional<QByteArray> profileA = bytesOf(profile);
    const std::optional<QByteArray> graphicalA = bytesOf(graphical);
    QVERIFY(profileA && profileA->contains(QFileInfo(m_root).canonicalFilePath().toUtf8()));
    QVERIFY(graphicalA);

    // Toolkit B (the user's own): a plain install replaces A's fix with B's ...
    const QString b = makeToolkit(*m_tree, QStringLiteral("mine/cuda-12.4"), 12040);
    QVERIFY(b.startsWith(QFileInfo(mine).canonicalFilePath()));
    InstallRequest request;
    request.package.path = m_archive;
    request.package.cudaRoot = b;
    request.detect.cudaRoots = {b};
    request.verify = false;
    request.benchmark = false;
    const SetupOutcome installed = engine.install(request);
    QCOMPARE(installed.install.status, InstallResult::Status::Ok);
    QCOMPARE(installed.environment.status, EnvironmentOutcome::Status::Applied);
    QVERIFY(bytesOf(profile) != profileA);
    QVERIFY(bytesOf(profile)->contains(b.toUtf8()));

    // ... and taking B back puts A's fix back, byte for byte, in both files.
    UninstallRequest undo;
    undo.root = b;
    const UninstallOutcome undone = engine.uninstall(undo);
    QCOMPARE(undone.result.status, InstallResult::Status::Uninstalled);
    QCOMPARE(bytesOf(profile), profileA);
    QCOMPARE(bytesOf(graphical), graphicalA);
    // It says what it put back: both files as they were before B, A's fix in them.
    QVERIFY(undone.takenBack);
    QStringList said;
    for (const SearchPathUndo& file : undone.takenBack->searchPath)
        said << file.sentence(OsFlavor::Linux);
    QVERIFY2(said.contains(profile + QStringLiteral(": as it was before that install.")), qPrintable(said.join('\n')));
    QVERIFY2(said.contains(graphical + QStringLiteral(": as it was before that install.")),
             qPrintable(said.join('\n')));
}

QTEST_MAIN(TestElevatedWizard)
#include "TestElevatedWizard.moc"
