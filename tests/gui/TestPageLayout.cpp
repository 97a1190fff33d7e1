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
#include <QTreeWidgetItemIterator>
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
    void welcomeAndRepairWithBrokenCudnnFit();
};

/**
 * The engine over a Linux machine of test doubles: the toolkits tree/cuda-*, this build's probe, libraryPath as
 * LD_LIBRARY_PATH (the fake driver and cuDNN), and home and "/" in the folders given.
 */
static Engine
fakeLinuxEngine(const TestTree& tree, const QString& libraryPath, const QString& home, const QString& systemRoot)
{
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda-*"))};
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"), libraryPath);
    auto runner = std::make_shared<ProcessRunner>();
    EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
    environment.homeDirectory = home;
    environment.systemRoot = SystemRoot(systemRoot);
    environment.loginShell = QStringLiteral("/bin/bash");
    return Engine(host, runner, environment);
}

void TestPageLayout::installPagesFitTheSmallestWindow()
{
    TestTree tree;
    tree.writeFile(QStringLiteral("cuda-12.4/version.json"), R"({"cuda": {"version": "12.4.1"}})");
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const QString archive = tree.path(spec.fileName());
    withFakeCpuCudnn(spec).write(archive);
    const Engine engine = fakeLinuxEngine(tree,
                                          qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cpu-cudnn"),
                                          tree.makeDir(QStringLiteral("home")),
                                          tree.makeDir(QStringLiteral("root")));

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
        Engine engine = fakeLinuxEngine(
            tree, qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cpu-cudnn"), home, systemRoot);
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

void TestPageLayout::welcomeAndRepairWithBrokenCudnnFit()
{
    // Issue 42 items 13 and 14: the toolkit's cuDNN lacks a sub-library and an older libcudnn.so.9 alone lies first on
    // LD_LIBRARY_PATH. Welcome leads with that verdict and chooses Repair; both pages fit the smallest window.
    TestTree tree;
    tree.writeFile(QStringLiteral("cuda-12.4/version.json"), R"({"cuda": {"version": "12.4.1"}})");
    tree.writeFile(QStringLiteral("cuda-12.4/include/cudnn_version.h"),
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
        if (QLatin1String(name) != QLatin1String("libcudnn_ops")) // deleted: its link leads nowhere
            tree.writeFile(base + QStringLiteral(".9.1.0"), "ELF");
        tree.symlink(base + QStringLiteral(".9"), QFileInfo(base).fileName() + QStringLiteral(".9.1.0"));
    }
    tree.writeFile(QStringLiteral("old-cudnn/libcudnn.so.9.0.0"), "ELF");
    tree.symlink(QStringLiteral("old-cudnn/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.0.0"));
    const Engine engine
        = fakeLinuxEngine(tree,
                          tree.path(QStringLiteral("old-cudnn")) + QLatin1Char(':')
                              + qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/rtx3060ti"),
                          tree.makeDir(QStringLiteral("home")),
                          tree.makeDir(QStringLiteral("root")));

    SetupWizard wizard(engine, std::nullopt); // as the program starts it
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    wizard.resize(wizard.minimumSize());
    QVERIFY(QTest::qWaitFor([&] { return wizard.state().snapshot().has_value(); }, 60000));
    QTest::qWait(50); // the layout settles
    auto* verdict = wizard.findChild<QLabel*>(QStringLiteral("welcomeVerdict"));
    QVERIFY(verdict && verdict->isVisible());
    QCOMPARE(wizard.state().task(), SetupTask::Repair);
    const QString shots = qEnvironmentVariable("CUDNN_SETUP_LAYOUT_SHOTS");
    const QString prefix = qEnvironmentVariableIntValue("CUDNN_SETUP_LAYOUT_SCALE") == 2 ? QStringLiteral("en-200-")
                                                                                         : QStringLiteral("en-");
    if (!shots.isEmpty())
        wizard.grab().save(QDir(shots).filePath(prefix + QStringLiteral("1-welcome-broken-cudnn.png")));
    QStringList cut = cutOn(wizard);

    const auto pageDone = [&] { return wizard.button(QWizard::NextButton)->isEnabled(); };
    wizard.next();
    QVERIFY(QTest::qWaitFor(pageDone, 60000));
    QCOMPARE(wizard.currentId(), int(SetupWizard::SystemPageId));
    QTest::qWait(50);
    if (!shots.isEmpty())
        wizard.grab().save(QDir(shots).filePath(prefix + QStringLiteral("2-system-stray-copy.png")));
    cut += cutOn(wizard);
    wizard.next();
    QCOMPARE(wizard.currentId(), int(SetupWizard::RepairPageId));
    QVERIFY(QTest::qWaitFor([&] { return wizard.currentPage()->isComplete(); }, 60000));
    QTest::qWait(50);
    if (!shots.isEmpty())
        wizard.grab().save(QDir(shots).filePath(prefix + QStringLiteral("3-repair-stray-copy.png")));
    if (!shots.isEmpty()) { // the stray copy's manual step, further down
        auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("repairFindings"));
        for (QTreeWidgetItemIterator it(findings); *it; ++it) {
            if ((*it)->data(0, Qt::UserRole).toString() == QLatin1String("CUDNN-STRAY-COPY"))
                findings->scrollToItem(*it, QAbstractItemView::PositionAtTop);
        }
        QTest::qWait(50);
        wizard.grab().save(QDir(shots).filePath(prefix + QStringLiteral("4-repair-stray-copy-step.png")));
    }
    cut += cutOn(wizard);
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));
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
