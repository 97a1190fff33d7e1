// Renders every wizard page to PNG, in the language asked for, over a made-up machine (fake driver and GPU, a
// temporary toolkit). Used by scripts/render-screenshots.sh under Xvfb for the pictures in docs/ and the README.
// With --this-machine ARCHIVE it renders over the machine it runs on instead, installing ARCHIVE: the Windows build
// does so under wine, over the fake toolkit and driver of the Windows test tier (scripts/render-screenshots.sh
// --windows), and is built without the test tree's fakes (CUDNN_SETUP_RENDER_THIS_MACHINE_ONLY).
// With --cudnn-archive ARCHIVE --cuda-runtime ROOT it installs a real cuDNN archive into a temporary toolkit that
// holds ROOT's CUDA runtime (only read), on this machine as it is: Verify loads the real libraries, and without a
// GPU the benchmark says so.
#include "AnswerQuestion.h"
#include "Localization.h"
#include "PageFit.h"
#include "SetupWizard.h"
#include "VisibleText.h"
#include "engine/Engine.h"
#include "pages/BenchmarkPage.h"
#include "pages/RepairPage.h"
#include "pages/UninstallPage.h"
#ifndef CUDNN_SETUP_RENDER_THIS_MACHINE_ONLY
#include "../unit/detect/DetectFixtures.h"
#include "ArchiveBuilder.h"
#include "TestTree.h"
#include "engine/EngineInternals.h"
#include "env/SystemRoot.h"
#endif

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDirIterator>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <cstdio>
#include <optional>
#ifdef Q_OS_WIN
#include <windows.h>
#endif

#ifndef CUDNN_SETUP_RENDER_THIS_MACHINE_ONLY
static void makeMachine(TestTree& tree)
{
    tree.writeFile(QStringLiteral("cuda-12.4/version.json"), R"({"cuda": {"version": "12.4.1"}})");
    tree.writeFile(QStringLiteral("cuda-11.8/version.json"), R"({"cuda": {"version": "11.8.20220929"}})");
    tree.writeFile(QStringLiteral("cuda-11.8/include/cudnn_version.h"),
                   "#define CUDNN_MAJOR 8\n#define CUDNN_MINOR 9\n#define CUDNN_PATCHLEVEL 7\n");
    for (const char* name : {"libcudnn",
                             "libcudnn_ops_infer",
                             "libcudnn_ops_train",
                             "libcudnn_cnn_infer",
                             "libcudnn_cnn_train",
                             "libcudnn_adv_infer"}) { // adv_train missing: a finding to show
        const QString base = QStringLiteral("cuda-11.8/lib64/%1.so").arg(QLatin1String(name));
        tree.writeFile(base + QStringLiteral(".8.9.7"), "ELF");
        tree.symlink(base + QStringLiteral(".8"), QFileInfo(base).fileName() + QStringLiteral(".8.9.7"));
    }
}

/**
 * The Python environments of the pictures, in the temporary home (metadata and stand-in libraries; detection runs no
 * Python): ~/venv with torch 2.5.1 and its nvidia-cudnn-cu12 9.1 wheel, ~/.venvs/tf with TensorFlow 2.18 (cuDNN 9 by
 * name), and a conda env whose cudnn 8.9.7 package serves onnxruntime-gpu 1.18.0.
 */
static void makePythonEnvironments(TestTree& tree)
{
    using namespace DetectFixtures;
    const QString torch = writeVenv(tree,
                                    QStringLiteral("home/student/venv"),
                                    {QStringLiteral("torch==2.5.1"), QStringLiteral("nvidia-cudnn-cu12==9.1.0.70")},
                                    OsFlavor::Linux);
    writeCudnnWheel(tree, torch, 9, 1, 0);
    writeVenv(tree, QStringLiteral("home/student/.venvs/tf"), {QStringLiteral("tensorflow==2.18.0")}, OsFlavor::Linux);
    const QString conda = QStringLiteral("home/student/miniconda3/envs/onnx");
    writeCondaRecord(tree, conda, QStringLiteral("python"), QStringLiteral("3.11.9"), {}, {});
    writeCondaCudnn(tree, conda, {8, 9, 7, 29}, {QStringLiteral("cuda-version >=11.0,<12")});
    writeDistInfo(tree,
                  conda + QStringLiteral("/lib/python3.11/site-packages"),
                  QStringLiteral("onnxruntime-gpu"),
                  QStringLiteral("1.18.0"));
}

/** The engine over host, with a temporary home (and its Python environments) and "/" for the search path step. */
static void makeEngine(TestTree& tree, const HostEnvironment& machine, std::optional<Engine>& engine)
{
    makePythonEnvironments(tree);
    HostEnvironment host = machine;
    host.homeDirectory = tree.path(QStringLiteral("home/student"));
    auto runner = std::make_shared<ProcessRunner>();
    EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
    environment.homeDirectory = tree.makeDir(QStringLiteral("home/student"));
    environment.systemRoot = SystemRoot(tree.makeDir(QStringLiteral("root")));
    environment.loginShell = QStringLiteral("/bin/bash");
    engine.emplace(host, runner, environment);
}

/**
 * A temporary CUDA toolkit with the real CUDA runtime of runtimeRoot (copied: runtimeRoot is only read), and the
 * engine of this machine (no fake driver or GPU) looking there.
 */
static bool makeRealRuntimeMachine(TestTree& tree, const QString& runtimeRoot, std::optional<Engine>& engine)
{
    const QString root = tree.makeDir(QStringLiteral("cuda-13.0"));
    tree.makeDir(QStringLiteral("cuda-13.0/include"));
    tree.makeDir(QStringLiteral("cuda-13.0/lib"));
    tree.symlink(QStringLiteral("cuda-13.0/lib64"), QStringLiteral("lib")); // NVIDIA's CUDA 13 layout
    const QDir from(runtimeRoot);
    bool ok = QFile::copy(from.filePath(QStringLiteral("include/cuda.h")), root + QStringLiteral("/include/cuda.h"));
    const QStringList runtime = QDir(from.filePath(QStringLiteral("lib")))
                                    .entryList({QStringLiteral("libcudart.so.*")}, QDir::Files, QDir::Name);
    for (const QString& name : runtime)
        ok = QFile::copy(from.filePath(QStringLiteral("lib/") + name), root + QStringLiteral("/lib/") + name) && ok;
    tree.symlink(QStringLiteral("cuda-13.0/lib/libcudart.so"), runtime.value(0));
    // Nothing of this machine's environment: only the temporary toolkit is found, never runtimeRoot itself.
    HostEnvironment host;
    host.defaultToolkitRoots = {root};
    host.probeDirectory = QCoreApplication::applicationDirPath() + QStringLiteral("/../bin");
    makeEngine(tree, host, engine);
    return ok && !runtime.isEmpty();
}

/** The made-up machine: its engine, and the archive to install (written into tree). */
static QString makeFakeMachine(TestTree& tree, std::optional<Engine>& engine)
{
    makeMachine(tree);
    HostEnvironment host;
    host.defaultToolkitRoots = {tree.path(QStringLiteral("cuda-*"))};
    host.probeDirectory = QCoreApplication::applicationDirPath() + QStringLiteral("/../bin");
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                          QCoreApplication::applicationDirPath() + QStringLiteral("/../fakes/cpu-cudnn"));
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const QString archive = tree.path(QStringLiteral("downloads/") + spec.fileName());
    QDir().mkpath(QFileInfo(archive).absolutePath());
    withFakeCpuCudnn(spec, QCoreApplication::applicationDirPath() + QStringLiteral("/../fakes")).write(archive);
    makeEngine(tree, host, engine);
    return archive;
}
#endif

static bool save(QWidget* wizard, const QString& directory, const QString& name)
{
    QTest::qWait(200);
    const QString file = QDir(directory).filePath(name + QStringLiteral(".png"));
    return wizard->grab().save(file);
}

/** What a person could not read on the page shown now: anything cut, and on Windows, Linux's words. */
static QStringList flaws(const QWizard& wizard, const QString& name)
{
    QStringList found = cutOn(wizard);
#ifdef Q_OS_WIN
    for (const QString& text : linuxWords(wizard.currentPage()))
        found << QStringLiteral("page %1: Linux's words on Windows: \"%2\"").arg(wizard.currentId()).arg(text);
#endif
    for (QString& line : found)
        line.prepend(name + QStringLiteral(": "));
    return found;
}

static QString pageName(int id)
{
    switch (id) {
    case SetupWizard::WelcomePageId:
        return QStringLiteral("welcome");
    case SetupWizard::SystemPageId:
        return QStringLiteral("system");
    case SetupWizard::RepairPageId:
        return QStringLiteral("repair");
    case SetupWizard::UninstallPageId:
        return QStringLiteral("uninstall");
    case SetupWizard::VerifyPageId:
        return QStringLiteral("verify");
    case SetupWizard::FinishPageId:
        return QStringLiteral("finish");
    default:
        return QStringLiteral("page-%1").arg(id);
    }
}

/** A cuDNN sub-library of the install taken away (the first file named *cudnn_ops*), so Repair has a finding to show.
 */
static void damage(const QString& toolkit)
{
    for (QDirIterator it(toolkit, {QStringLiteral("*cudnn_ops*")}, QDir::Files, QDirIterator::Subdirectories);
         it.hasNext();) {
        const QString file = it.next();
        if (!QFileInfo(file).isSymLink() && QFile::remove(file))
            return;
    }
}

/**
 * The repair or the uninstall journey over the machine the install left, as a person takes it: Welcome, System,
 * the task's page before and after its button was pressed (Repair; Uninstall, its question answered Yes), then on to
 * Finish. Every page saved as LANG-N-JOURNEY-PAGE.png and checked as the install's pages are.
 */
static bool renderJourney(
    const Engine& engine, SetupTask task, const QString& output, const QString& language, int& page, QStringList& found)
{
    const QString journey = task == SetupTask::Repair ? QStringLiteral("repair") : QStringLiteral("uninstall");
    SetupWizard wizard(engine, task);
    wizard.show();
    if (!QTest::qWaitForWindowExposed(&wizard))
        return false;
    const auto pageDone = [&] {
        return wizard.button(QWizard::NextButton)->isEnabled() || wizard.button(QWizard::FinishButton)->isEnabled();
    };
    bool ok = true;
    const auto shoot = [&](const QString& name) {
        ok = save(&wizard, output, QStringLiteral("%1-%2-%3-%4").arg(language).arg(page++).arg(journey, name)) && ok;
        found += flaws(wizard, journey + QLatin1Char('-') + name);
    };
    for (int step = 0; step < 8; ++step) {
        if (!QTest::qWaitFor(pageDone, 900000))
            return false;
        const int id = wizard.currentId();
        shoot(pageName(id));
        if (id == SetupWizard::RepairPageId) {
            auto* apply = wizard.findChild<QPushButton*>(QStringLiteral("repairApply"));
            auto* repair = qobject_cast<RepairPage*>(wizard.currentPage());
            if (apply->isEnabled()) {
                apply->click();
                if (!QTest::qWaitFor([&] { return !repair->isBusy(); }, 900000))
                    return false;
                shoot(QStringLiteral("repaired"));
            }
        } else if (id == SetupWizard::UninstallPageId) {
            auto* uninstall = qobject_cast<UninstallPage*>(wizard.currentPage());
            if (wizard.findChild<QPushButton*>(QStringLiteral("uninstallButton"))->isEnabled()) {
                answerNextQuestion(QMessageBox::Yes, nullptr);
                uninstall->uninstallSelected();
                if (!QTest::qWaitFor([&] { return !uninstall->isBusy(); }, 900000))
                    return false;
                shoot(QStringLiteral("uninstalled"));
            }
        } else if (id == SetupWizard::FinishPageId) {
            return ok;
        }
        wizard.next();
    }
    return false;
}

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("output"), QStringLiteral("Folder for the PNG files"));
    parser.addOption(
        {QStringLiteral("lang"), QStringLiteral("en or zh_CN"), QStringLiteral("LANG"), QStringLiteral("en")});
    parser.addOption({QStringLiteral("this-machine"),
                      QStringLiteral("Render over this machine, installing ARCHIVE"),
                      QStringLiteral("ARCHIVE")});
    parser.addOption({QStringLiteral("cudnn-archive"),
                      QStringLiteral("Install this real cuDNN archive (with --cuda-runtime)"),
                      QStringLiteral("ARCHIVE")});
    parser.addOption({QStringLiteral("cuda-runtime"),
                      QStringLiteral("The CUDA toolkit whose runtime the temporary toolkit gets (read only)"),
                      QStringLiteral("ROOT")});
    parser.process(app);
    const QString output = parser.positionalArguments().value(0, QStringLiteral("."));
    const QString language = parser.value(QStringLiteral("lang"));
    QDir().mkpath(output);
    Localization::install(language);

    QTemporaryDir scratch;
    std::optional<Engine> engine;
    QString archive = parser.value(QStringLiteral("this-machine"));
#ifndef CUDNN_SETUP_RENDER_THIS_MACHINE_ONLY
    TestTree tree;
    if (parser.isSet(QStringLiteral("cudnn-archive"))) {
        archive = parser.value(QStringLiteral("cudnn-archive"));
        if (!makeRealRuntimeMachine(tree, parser.value(QStringLiteral("cuda-runtime")), engine)) {
            QTextStream(stderr) << "no CUDA runtime to copy under " << parser.value(QStringLiteral("cuda-runtime"))
                                << "\n";
            return 2;
        }
    } else if (archive.isEmpty()) {
        archive = makeFakeMachine(tree, engine);
    } else {
        engine.emplace();
    }
#else
    if (archive.isEmpty()) {
        QTextStream(stderr) << "this build renders over this machine only: give --this-machine ARCHIVE\n";
        return 2;
    }
    engine.emplace();
#endif

    SetupWizard wizard(*engine);
#ifndef CUDNN_SETUP_RENDER_THIS_MACHINE_ONLY
    if (parser.isSet(QStringLiteral("cudnn-archive"))) // into the temporary toolkit, whatever else is found
        wizard.state().setPreferredToolkit(QFileInfo(tree.path(QStringLiteral("cuda-13.0"))).canonicalFilePath());
#endif
    wizard.show(); // at the size it opens at for a person (at least its minimum, 720 x 520)
    if (!QTest::qWaitForWindowExposed(&wizard))
        return 1;

    int page = 1;
    bool ok = save(&wizard, output, QStringLiteral("%1-%2-welcome").arg(language).arg(page++));
    QStringList found = flaws(wizard, QStringLiteral("welcome"));
    wizard.findChild<BenchmarkPage*>()->setQuick(true);
    wizard.state().setLogFile(scratch.filePath(QStringLiteral("install.log")));
    const QStringList names{QStringLiteral("system"),
                            QStringLiteral("package"),
                            QStringLiteral("plan"),
                            QStringLiteral("environment"),
                            QStringLiteral("install"),
                            QStringLiteral("verify"),
                            QStringLiteral("benchmark"),
                            QStringLiteral("finish")};
    for (const QString& name : names) {
        wizard.next(); // on the search path page (the commit page) this is the Install button
        if (name == QLatin1String("package")) {
            auto* path = wizard.findChild<QLineEdit*>(QStringLiteral("packagePath"));
            path->setText(archive);
            QTest::keyClick(path, Qt::Key_Return);
        }
        const auto pageDone = [&] {
            return wizard.button(QWizard::NextButton)->isEnabled() || wizard.button(QWizard::CommitButton)->isEnabled()
                || wizard.button(QWizard::FinishButton)->isEnabled();
        };
        if (!QTest::qWaitFor(pageDone, 900000)) // a real archive is read twice: once checked, once installed
            return 1;
        ok = save(&wizard, output, QStringLiteral("%1-%2-%3").arg(language).arg(page++).arg(name)) && ok;
        found += flaws(wizard, name);
    }
    // Then the other journeys over what the install left: a sub-library taken away and repaired, then uninstalled.
    const QString installed = wizard.state().targetToolkit();
    wizard.hide();
    if (ok && !installed.isEmpty()) {
        damage(installed);
        ok = renderJourney(*engine, SetupTask::Repair, output, language, page, found) && ok;
        ok = renderJourney(*engine, SetupTask::SwitchOrUninstall, output, language, page, found) && ok;
    }
    // Drawn, but something on a page cannot be read as it is: exit 3, after every page was drawn.
    for (const QString& line : found)
        QTextStream(stderr) << line << "\n";
    const int code = !ok ? 1 : found.isEmpty() ? 0 : 3;
#ifdef CUDNN_SETUP_RENDER_THIS_MACHINE_ONLY
    // Under wine the process stays alive at exit once the benchmark ran (even _Exit hangs in the DLLs' detach): the
    // pictures are written, so end it outright.
    std::fflush(nullptr);
    TerminateProcess(GetCurrentProcess(), UINT(code));
#endif
    return code;
}
