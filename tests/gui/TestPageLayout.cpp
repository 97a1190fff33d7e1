#include "../elevation/ElevationFixtures.h"
#include "ArchiveBuilder.h"
#include "DetailsDisclosure.h"
#include "PageFit.h"
#include "SetupWizard.h"
#include "TestTree.h"
#include "engine/Engine.h"
#include "engine/EngineInternals.h"
#include "env/SystemRoot.h"
#include "pages/BenchmarkPage.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

/**
 * Every page of an install, walked at the wizard's minimum window size, with nothing that matters cut: no label
 * clipped (a wrapping one has the height its text needs, another the width), the package path field taking the
 * width, and a path column that fits or elides in the middle with the whole path in its tooltip. Run at 100 % and,
 * as test_gui_layout_2x, on a screen at 200 % (CUDNN_SETUP_LAYOUT_SCALE=2, an offscreen screen with DPR 2).
 */
class TestPageLayout : public QObject
{
    Q_OBJECT

private slots:
    void installPagesFitTheSmallestWindow();
    void searchPathPageWithTheAdminBlockFits();
};

void TestPageLayout::installPagesFitTheSmallestWindow()
{
    TestTree tree;
    tree.writeFile(QStringLiteral("cuda-12.4/version.json"), R"({"cuda": {"version": "12.4.1"}})");
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const QString archive = tree.path(spec.fileName());
    withFakeCpuCudnn(spec).write(archive);
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda-*"))};
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                          qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cpu-cudnn"));
    auto runner = std::make_shared<ProcessRunner>();
    EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
    environment.homeDirectory = tree.makeDir(QStringLiteral("home"));
    environment.systemRoot = SystemRoot(tree.makeDir(QStringLiteral("root")));
    environment.loginShell = QStringLiteral("/bin/bash");
    const Engine engine(host, runner, environment);

    SetupWizard wizard(engine);
    wizard.state().setLogFile(tree.path(QStringLiteral("install.log")));
    wizard.findChild<BenchmarkPage*>()->setQuick(true);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QCOMPARE(wizard.minimumSize(), QSize(720, 520)); // the screen has room for the full minimum
    wizard.resize(wizard.minimumSize());

    QStringList cut = cutOn(wizard);
    const auto pageDone = [&] {
        return wizard.button(QWizard::NextButton)->isEnabled() || wizard.button(QWizard::CommitButton)->isEnabled()
            || wizard.button(QWizard::FinishButton)->isEnabled();
    };
    while (wizard.currentId() != SetupWizard::FinishPageId) {
        wizard.next(); // on the search path page (the commit page) this is the Install button
        if (wizard.currentId() == SetupWizard::PackagePageId) {
            auto* path = wizard.findChild<QLineEdit*>(QStringLiteral("packagePath"));
            path->setText(archive);
            QTest::keyClick(path, Qt::Key_Return);
        }
        QVERIFY2(QTest::qWaitFor(pageDone, 120000), qPrintable(QString::number(wizard.currentId())));
        QTest::qWait(50); // the layout settles
        cut += cutOn(wizard);
        if (wizard.currentId() == SetupWizard::EnvironmentPageId) { // and with its details open: the exact diff
            wizard.currentPage()->findChild<DetailsDisclosure*>()->setOpen(true);
            QTest::qWait(50);
            cut += cutOn(wizard);
        }
    }
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));
}

void TestPageLayout::searchPathPageWithTheAdminBlockFits()
{
    if (::geteuid() != 0)
        QSKIP("needs root, to act as nobody (65534) before a toolkit only root may write");
    TestTree tree;
    letNobodyIn(tree.root());
    tree.writeFile(QStringLiteral("cuda-12.4/version.json"), R"({"cuda": {"version": "12.4.1"}})");
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const QString archive = tree.path(spec.fileName());
    withFakeCpuCudnn(spec).write(archive);
    const QString home = nobodysFolder(tree.path(QStringLiteral("home")));
    const QString systemRoot = tree.makeDir(QStringLiteral("root"));
    // Both admin blocks: Install will ask for the rights, or nothing here can ask (no pkexec).
    for (const bool canAsk : {true, false}) {
        EffectiveNobody nobody;
        QVERIFY(nobody.active());
        HostEnvironment host;
        host.os = OsFlavor::Linux;
        host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda-*"))};
        host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
        host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                              qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cpu-cudnn"));
        auto runner = std::make_shared<ProcessRunner>();
        EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
        environment.homeDirectory = home;
        environment.systemRoot = SystemRoot(systemRoot);
        environment.loginShell = QStringLiteral("/bin/bash");
        Engine engine(host, runner, environment);
        engine.setElevation(
            QStringLiteral("/usr/bin/cudnn-setup"),
            std::make_shared<CommandLauncher>(canAsk ? QStringList{QStringLiteral("/bin/false")} : QStringList()));

        SetupWizard wizard(engine);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.resize(wizard.minimumSize());
        const auto pageDone = [&] {
            return wizard.button(QWizard::NextButton)->isEnabled() || wizard.button(QWizard::CommitButton)->isEnabled();
        };
        while (wizard.currentId() != SetupWizard::EnvironmentPageId) {
            wizard.next();
            if (wizard.currentId() == SetupWizard::PackagePageId) {
                auto* path = wizard.findChild<QLineEdit*>(QStringLiteral("packagePath"));
                path->setText(archive);
                QTest::keyClick(path, Qt::Key_Return);
            }
            QVERIFY2(QTest::qWaitFor(pageDone, 120000), qPrintable(QString::number(wizard.currentId())));
        }
        QTest::qWait(50); // the layout settles
        auto* rights = wizard.findChild<QLabel*>(QStringLiteral("environmentRights"));
        QVERIFY2(rights->isVisible(), "the toolkit is root's: Install needs administrator rights");
        // CUDNN_SETUP_LAYOUT_SHOTS=DIR: the page as the test sees it, for docs/screenshots.
        if (const QString shots = qEnvironmentVariable("CUDNN_SETUP_LAYOUT_SHOTS"); !shots.isEmpty())
            wizard.grab().save(QDir(shots).filePath(
                QStringLiteral("en-%1-environment-admin-%2.png")
                    .arg(qEnvironmentVariableIntValue("CUDNN_SETUP_LAYOUT_SCALE") == 2 ? "200-5" : "5",
                         canAsk ? "asks" : "no-pkexec")));
        const QStringList cut = cutOn(wizard);
        QVERIFY2(cut.isEmpty(),
                 qPrintable(QStringLiteral("%1\n").arg(canAsk ? "asks" : "cannot ask") + cut.join(u'\n')));
    }
}

int main(int argc, char* argv[])
{
    // The 200 % run: an offscreen screen of 2560 x 1600 device pixels at DPR 2, as a high-DPI laptop has.
    QTemporaryDir config;
    if (qEnvironmentVariableIntValue("CUDNN_SETUP_LAYOUT_SCALE") == 2) {
        QFile screens(config.filePath(QStringLiteral("screens.json")));
        if (!screens.open(QIODevice::WriteOnly)
            || screens.write(R"({"screens": [{"name": "hidpi", "x": 0, "y": 0, "width": 2560, "height": 1600,)"
                             R"( "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 2}]})")
                < 0)
            return 2;
        screens.close();
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + QFile::encodeName(screens.fileName()));
    }
    QApplication app(argc, argv);
    TestPageLayout test;
    return QTest::qExec(&test, argc, argv);
}

#include "TestPageLayout.moc"
