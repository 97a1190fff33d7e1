#include "../unit/repair/RepairFixtures.h"
#include "AnswerQuestion.h"
#include "DetectSummary.h"
#include "ExplainDialog.h"
#include "FrameworkList.h"
#include "LoaderCacheBytes.h"
#include "SetupWizard.h"
#include "VisibleText.h"
#include "WizardRemedy.h"
#include "engine/Engine.h"
#include "engine/EngineInternals.h"
#include "env/EnvironmentCode.h"
#include "env/SystemRoot.h"
#include "pages/FinishPage.h"
#include "pages/RepairPage.h"
#include "pages/UninstallPage.h"
#include "pages/VerifyPage.h"
#include "report/DiagnosisRegistry.h"

#include <QApplication>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

using namespace RepairFixtures;

/**
 * The wizard's guided repair (task Repair, `--repair`) over a temporary machine: a toolkit where cudnn-setup
 * installed a synthetic cuDNN, then damaged (a sub-library deleted, a library chmod 600, the chain's link flattened
 * into a copy). Welcome -> System -> Repair lists the findings by remedy; Repair restores the toolkit byte for byte
 * and the scan after it is clean; Verify shows what loads from the repaired toolkit; Finish says so. A repair
 * canceled at once is rolled back. Repairs are part of the install: the wizard's uninstall after two repairs gives
 * back the toolkit as it was before the install, and closing the window during an uninstall asks, then rolls it
 * back and shows so.
 */
class TestRepairWizard : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void oneVerdictOnWelcomeDetectAndFinish();
    void repairPathListsFindingsAndRepairs();
    void whatWasFixedIsSaidAsDone();
    void aLoaderCacheRepairIsSaidAsDone();
    void cancelRollsBack();
    void manualStepsSayWhatToDoInTheWizard();
    void installPathIsUnchanged();
    void uninstallAfterRepairsIsTheToolkitBeforeTheInstall();
    void closingDuringUninstallAsksThenRollsBack();
    void repairsTheToolkitNamedAtStart();
    void aMissingLibraryIsNotSaidToLoadFromTheToolkit();
    void aStrayCopyIsAdvisedOffThePathNotReinstalled();
    void aToolkitOffTheSearchPathIsOneProblem();
    void aPastedErrorIsExplainedThenRepaired();
    void textWithNoKnownMessageIsSaidToBeUnknown();

private:
    /** `toolkitPlaces`: where toolkits are looked for without being named (default: the test tree's cuda-*). */
    /** libraryPathFirst: a folder before the fakes on LD_LIBRARY_PATH (a stray copy there). */
    /** pathFirst: a folder before /usr/bin:/bin on PATH (another nvcc there); empty: PATH as it is. */
    Engine makeEngine(const QStringList& toolkitPlaces = {},
                      bool loaderCacheCoversToolkit = false,
                      const QString& libraryPathFirst = {},
                      const QString& pathFirst = {});
    /** Opens the wizard with Repair chosen and goes Welcome -> System -> Repair; waits for the scan. */
    RepairPage* goToRepair(SetupWizard& wizard);
    static QStringList codesIn(QTreeWidget* tree, const QString& remedy);
    /** The whole wizard's repair: Welcome -> System -> Repair, Repair pressed; true when it repaired. */
    bool repairThroughWizard();
    /** Opens the wizard with Switch or uninstall chosen and goes Welcome -> System -> Uninstall. */
    UninstallPage* goToUninstall(SetupWizard& wizard);
    /** On the repair page: "Explain an error…", `text` pasted, Explain pressed; the dialog once it has answered. */
    static ExplainDialog* explainOnRepairPage(SetupWizard& wizard, const QString& text);
    static QStringList causeCodes(const ExplainDialog* dialog);

    std::unique_ptr<TestTree> m_tree;
    QString m_root;
    QString m_beforeInstall; // the toolkit before cudnn-setup installed into it, its state folder included
    QString m_installed; // the toolkit as the install left it
    QString m_damaged;
    QString m_archive; // the package it was installed from
    std::unique_ptr<CliWordsWatch> m_words; // no page shows a command-line option or a backtick
};

void TestRepairWizard::init()
{
    m_words = std::make_unique<CliWordsWatch>();
    m_tree = std::make_unique<TestTree>();
    const QString archive = writeSpec(*m_tree, CudnnArchiveSpec{});
    m_archive = archive;
    m_root = makeToolkit(*m_tree);
    m_beforeInstall = listing(m_root);
    const InstallResult result = install(archive, m_root);
    QVERIFY2(result.status == InstallResult::Status::Ok, describe(result).constData());
    m_installed = toolkitListing(m_root);
    QVERIFY(QFile::remove(m_root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0")));
    chmod600(m_root + QStringLiteral("/lib/libcudnn_graph.so.9.19.0"));
    flatten(m_root + QStringLiteral("/lib/libcudnn.so.9"));
    m_damaged = toolkitListing(m_root);
    QVERIFY(m_damaged != m_installed);
}

void TestRepairWizard::cleanup()
{
    const QStringList words = m_words->offences();
    m_words.reset();
    QVERIFY2(words.isEmpty(), qPrintable(words.join(QLatin1Char('\n'))));
    m_tree.reset();
}

Engine TestRepairWizard::makeEngine(const QStringList& toolkitPlaces,
                                    bool loaderCacheCoversToolkit,
                                    const QString& libraryPathFirst,
                                    const QString& pathFirst)
{
    HostEnvironment host;
    host.os = OsFlavor::Linux;
    host.defaultToolkitRoots
        = toolkitPlaces.isEmpty() ? QStringList{m_tree->path(QStringLiteral("cuda-*"))} : toolkitPlaces;
    host.probeDirectory = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR");
    const QString fakes = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/rtx3060ti-cuda13");
    host.variables.insert(QStringLiteral("LD_LIBRARY_PATH"),
                          libraryPathFirst.isEmpty() ? fakes : libraryPathFirst + QLatin1Char(':') + fakes);
    auto runner = std::make_shared<ProcessRunner>();
    // A driver for CUDA 13, as the CUDA 13 toolkit here needs: what is left after a repair is then only what it fixes.
    // The search path analysis reads (and a fix would write) a home and "/": both are temporary here.
    EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
    environment.homeDirectory = m_tree->makeDir(QStringLiteral("home"));
    environment.systemRoot = SystemRoot(m_tree->makeDir(QStringLiteral("root")));
    environment.loginShell = QStringLiteral("/bin/bash");
    if (!libraryPathFirst.isEmpty()) // the user's profile puts it first: a new login has it too, not this terminal only
        m_tree->writeFile(QStringLiteral("home/.profile"),
                          "export LD_LIBRARY_PATH=" + libraryPathFirst.toUtf8()
                              + "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n");
    if (!pathFirst.isEmpty())
        environment.host.variables.insert(QStringLiteral("PATH"), pathFirst + QStringLiteral(":/usr/bin:/bin"));
    if (loaderCacheCoversToolkit) {
        // "/" is the test tree itself: ld.so.conf.d names the toolkit's lib first, and the cache, written before,
        // names another copy of libcudnn_ops.so.9. Only looked at: no test here presses Repair on it.
        environment.systemRoot = SystemRoot(m_tree->path(QString()));
        m_tree->writeFile(QStringLiteral("etc/ld.so.conf"), "include /etc/ld.so.conf.d/*.conf\n");
        m_tree->writeFile(QStringLiteral("etc/ld.so.conf.d/000_cuda.conf"),
                          "/" + QFileInfo(m_root).fileName().toUtf8() + "/lib64\n");
        m_tree->writeFile(QStringLiteral("old/libcudnn_ops.so.9"), "an older copy");
        m_tree->writeFile(QStringLiteral("etc/ld.so.cache"),
                          loaderCacheBytes({{"libcudnn_ops.so.9", "/old/libcudnn_ops.so.9"}}));
        environment.loaderCacheRebuildable = true;
        // nvcc is found already: only the libraries are in question, and the search path needs no change.
        m_tree->writeFile(QFileInfo(m_root).fileName() + QStringLiteral("/bin/nvcc"), "#!/bin/sh\n");
        environment.host.variables.insert(QStringLiteral("PATH"), m_root + QStringLiteral("/bin:/usr/bin:/bin"));
    }
    return Engine(host, runner, environment);
}

RepairPage* TestRepairWizard::goToRepair(SetupWizard& wizard)
{
    wizard.show();
    if (!QTest::qWaitForWindowExposed(&wizard))
        return nullptr;
    QPushButton* next = qobject_cast<QPushButton*>(wizard.button(QWizard::NextButton));
    QTest::mouseClick(next, Qt::LeftButton);
    if (wizard.currentId() != SetupWizard::SystemPageId)
        return nullptr;
    if (!QTest::qWaitFor([&] { return next->isEnabled(); }, 20000))
        return nullptr;
    QTest::mouseClick(next, Qt::LeftButton);
    if (wizard.currentId() != SetupWizard::RepairPageId)
        return nullptr;
    auto* page = qobject_cast<RepairPage*>(wizard.currentPage());
    if (!QTest::qWaitFor([&] { return page->isComplete(); }, 60000))
        return nullptr;
    return page;
}

QStringList TestRepairWizard::codesIn(QTreeWidget* tree, const QString& remedy)
{
    QStringList codes;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* group = tree->topLevelItem(i);
        if (group->data(0, Qt::UserRole + 1).toString() != remedy)
            continue;
        for (int j = 0; j < group->childCount(); ++j)
            codes.append(group->child(j)->data(0, Qt::UserRole).toString());
    }
    return codes;
}

void TestRepairWizard::oneVerdictOnWelcomeDetectAndFinish()
{
    // Issue 50 item 1, on the damaged toolkit's machine: Welcome, the text of --detect and its JSON lead with the
    // same verdict, sentence and code; after the repair, Finish leads with the verdict --detect gives for the
    // machine as the repair left it.
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, std::nullopt); // no task named: the verdict chooses Repair
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTRY_VERIFY_WITH_TIMEOUT(wizard.state().snapshot().has_value(), 30000);
    const SystemSnapshot before = *wizard.state().snapshot();
    const MachineVerdict& verdict = before.verdict;
    QCOMPARE(verdict.lead, MachineVerdict::Lead::BrokenCudnn);
    QCOMPARE(verdict.summary.code, QStringLiteral("VERDICT-CUDNN-BROKEN"));
    QVERIFY(verdict.finding);

    const QString welcome = wizard.findChild<QLabel*>(QStringLiteral("welcomeVerdict"))->text();
    QVERIFY2(welcome.contains(verdict.summary.message.toHtmlEscaped())
                 && welcome.contains(verdict.finding->message.toHtmlEscaped()),
             qPrintable(welcome));
    const QStringList text = detectSummary(before).split(QLatin1Char('\n'));
    QVERIFY2(text.at(0).contains(verdict.summary.message)
                 && text.at(0).contains(QStringLiteral("[VERDICT-CUDNN-BROKEN]")),
             qPrintable(text.at(0)));
    QVERIFY2(text.at(1).contains(verdict.finding->message), qPrintable(text.at(1)));
    const QJsonObject json = before.toJson().value(QStringLiteral("verdict")).toObject();
    QCOMPARE(json.value(QStringLiteral("lead")).toString(), QStringLiteral("broken-cudnn"));
    QCOMPARE(json.value(QStringLiteral("code")).toString(), verdict.summary.code);
    QCOMPARE(json.value(QStringLiteral("severity")).toString(), severityName(verdict.summary.severity));
    QCOMPARE(json.value(QStringLiteral("message")).toString(), verdict.summary.message);
    QCOMPARE(json.value(QStringLiteral("problems")).toInt(), verdict.problems);
    QCOMPARE(json.value(QStringLiteral("finding")).toObject().value(QStringLiteral("code")).toString(),
             verdict.finding->code);

    QCOMPARE(wizard.state().task(), SetupTask::Repair);
    RepairPage* page = goToRepair(wizard);
    QVERIFY(page);
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("repairApply")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    auto* verify = qobject_cast<VerifyPage*>(wizard.currentPage());
    QVERIFY(verify);
    QTRY_VERIFY_WITH_TIMEOUT(!verify->isBusy(), 60000);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    auto* finish = qobject_cast<FinishPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(finish->verdictNow().has_value(), 30000);

    DetectOptions options; // what --detect sees of the same toolkits and environments now
    for (const CudaToolkit& toolkit : before.toolkits)
        options.cudaRoots.append(toolkit.root);
    for (const PythonEnvironment& environment : before.pythonEnvironments)
        options.pythonEnvironments.append(environment.root);
    const SystemSnapshot after = engine.detect(options);
    QVERIFY2(!after.verdict.repairFixes(), qPrintable(after.verdict.summary.message));
    QCOMPARE(finish->verdictNow()->summary.code, after.verdict.summary.code);
    QCOMPARE(finish->verdictNow()->summary.message, after.verdict.summary.message);
    QVERIFY(detectSummary(after).section(QLatin1Char('\n'), 0, 0).contains(after.verdict.summary.message));
    // No framework here: Finish says so after the repair's own result, in the verdict's words.
    const QString summary = wizard.findChild<QLabel*>(QStringLiteral("finishSummary"))->text();
    QVERIFY2(summary.contains(after.verdict.summary.message.toHtmlEscaped()), qPrintable(summary));
}

void TestRepairWizard::repairPathListsFindingsAndRepairs()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::Repair);
    RepairPage* page = goToRepair(wizard);
    QVERIFY(page);

    auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("repairFindings"));
    const QStringList automatic = codesIn(findings, QStringLiteral("automatic"));
    QVERIFY2(automatic.contains(QStringLiteral("CUDNN-MISSING-LIBS")), qPrintable(automatic.join(u' ')));
    QVERIFY2(automatic.contains(QStringLiteral("CUDNN-NOT-READABLE")), qPrintable(automatic.join(u' ')));
    QVERIFY2(automatic.contains(QStringLiteral("CUDNN-FLATTENED-LINK")), qPrintable(automatic.join(u' ')));
    QVERIFY(findings->topLevelItem(0)->text(0).startsWith(RepairPage::tr("Can be fixed here")));
    auto* status = wizard.findChild<QLabel*>(QStringLiteral("repairStatus"));
    QVERIFY2(status->text().contains(RepairPage::tr("Press Repair to apply the automatic fixes.")),
             qPrintable(status->text()));
    QCOMPARE(toolkitListing(m_root), m_damaged); // the scan changed nothing

    auto* apply = wizard.findChild<QPushButton*>(QStringLiteral("repairApply"));
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);
    QVERIFY(page->isBusy());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);

    QVERIFY2(status->text() == RepairPage::tr("Nothing left to repair."),
             qPrintable(status->text() + QLatin1Char('\n')
                        + wizard.findChild<QLabel*>(QStringLiteral("repairResult"))->text()));
    QVERIFY(codesIn(findings, QStringLiteral("automatic")).isEmpty());
    // What the repair cured leads, as "Fixed", instead of vanishing.
    QVERIFY(findings->topLevelItem(0)->text(0).startsWith(RepairPage::tr("Fixed (%1)").arg(QString()).chopped(1)));
    QVERIFY2(codesIn(findings, QStringLiteral("fixed")).contains(QStringLiteral("CUDNN-MISSING-LIBS")),
             qPrintable(codesIn(findings, QStringLiteral("fixed")).join(u' ')));
    QVERIFY(!apply->isEnabled());
    QVERIFY2(toolkitListing(m_root) == m_installed, difference(toolkitListing(m_root), m_installed).constData());
    QVERIFY(wizard.state().repairOutcome());
    QCOMPARE(wizard.state().repairOutcome()->result.status, RepairResult::Status::Repaired);
    QSet<RepairFix::Kind> kinds; // the three file fixes (the search path fix of the temporary home may join them)
    for (const RepairResult::Applied& applied : wizard.state().repairOutcome()->result.applied)
        kinds.insert(applied.fix.kind);
    QVERIFY(kinds.contains(RepairFix::Kind::RestoreFile));
    QVERIFY(kinds.contains(RepairFix::Kind::RebuildLink));
    QVERIFY(kinds.contains(RepairFix::Kind::FixPermissions));

    // The repaired toolkit is proven as an install is: what a fresh process loads from it.
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::VerifyPageId));
    auto* verify = qobject_cast<VerifyPage*>(wizard.currentPage());
    QTRY_VERIFY_WITH_TIMEOUT(!verify->isBusy(), 60000);
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    // The synthetic libraries do not load in a real process; what counts is that the check ran on the repaired
    // toolkit (its header is the package's) and says so.
    const QString verified = wizard.findChild<QLabel*>(QStringLiteral("verifySummary"))->text();
    QVERIFY2(verified.contains(QStringLiteral("9.19.0")), qPrintable(verified));
    QVERIFY2(!verified.contains(VerifyPage::tr("The check did not run (%1).").section(u' ', 0, 2)),
             qPrintable(verified));
    QVERIFY(wizard.findChild<QTreeWidget*>(QStringLiteral("verifyFindings"))->topLevelItemCount() > 0);

    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    const QString summary = wizard.findChild<QLabel*>(QStringLiteral("finishSummary"))->text();
    QVERIFY2(summary.contains(QCoreApplication::translate("FinishPage", "Nothing is left to repair.")),
             qPrintable(summary));
    // It says what the frameworks load now, from the machine looked at again after the repair: leading when there
    // are verdicts, after the repair's own result when no framework was found (not news above it).
    auto* frameworks = wizard.findChild<QLabel*>(QStringLiteral("finishFrameworksHeadline"));
    const FrameworkVerdicts& now = wizard.state().repairOutcome()->frameworks;
    if (now.isEmpty()) {
        QVERIFY(!frameworks->isVisible());
        QVERIFY2(summary.contains(FrameworkList::headline(now).toHtmlEscaped()), qPrintable(summary));
    } else {
        QVERIFY(frameworks->isVisible());
        QVERIFY2(frameworks->text().contains(FrameworkList::headline(now)), qPrintable(frameworks->text()));
    }
    QVERIFY(wizard.button(QWizard::FinishButton)->isVisible());
    QVERIFY(!wizard.button(QWizard::CancelButton)->isVisible());
}

void TestRepairWizard::whatWasFixedIsSaidAsDone()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::Repair);
    RepairPage* page = goToRepair(wizard);
    QVERIFY(page);
    QStringList problems; // the findings as the scan said them: "missing ...", "... cannot be read by all"
    for (const RepairFinding& finding : wizard.state().repairOutcome()->before.scan.findings)
        problems << finding.diagnostic.message;
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("repairApply")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("repairFindings"));
    QTreeWidgetItem* fixed = findings->topLevelItem(0);
    QCOMPARE(fixed->data(0, Qt::UserRole + 1).toString(), QStringLiteral("fixed"));
    QVERIFY(fixed->childCount() >= 3);
    QStringList done;
    for (int i = 0; i < fixed->childCount(); ++i)
        done << fixed->child(i)->text(0);
    const QString all = done.join(u'\n');
    // Each says what the repair did, not the problem again in the present tense.
    for (const QString& line : std::as_const(done))
        QVERIFY2(!problems.contains(line), qPrintable(all));
    QVERIFY2(all.contains(m_root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0 was put back from the package.")),
             qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("/lib/libcudnn.so.9 is a link again")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("/lib/libcudnn_graph.so.9.19.0 can be read by everyone again")),
             qPrintable(all));

    // Finish: one count of the fixes, with the right plural, and no "fix(es)" among its findings.
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.button(QWizard::NextButton)->isEnabled(), 60000);
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::FinishPageId));
    auto* finishFindings = wizard.findChild<QTreeWidget*>(QStringLiteral("finishFindings"));
    QVERIFY(finishFindings);
    for (int i = 0; i < finishFindings->topLevelItemCount(); ++i)
        QVERIFY2(!finishFindings->topLevelItem(i)->text(0).contains(QStringLiteral("(es)")),
                 qPrintable(finishFindings->topLevelItem(i)->text(0)));
    // Nor in the report it saves, which carries the repair's own sentence.
    const QString reportPath = m_tree->path(QStringLiteral("report.json"));
    QString error;
    QVERIFY2(wizard.findChild<FinishPage*>()->saveReport(reportPath, &error), qPrintable(error));
    QFile reportFile(reportPath);
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    const QByteArray report = reportFile.readAll();
    QVERIFY2(report.contains("fixes applied") && !report.contains("fix(es)"), report.constData());
}

void TestRepairWizard::aLoaderCacheRepairIsSaidAsDone()
{
    // What RepairService reports after it rebuilt the cache (RepairFix::Kind::LoaderCache, about the toolkit): the
    // Fixed line says what was done, not the stale cache's own sentence again.
    RepairFinding finding;
    finding.diagnostic = Diagnostic::of(
        EnvironmentCode::LoaderCacheStale, QStringLiteral("the cache is stale"), QStringLiteral("rebuild it"));
    RepairFix fix;
    fix.kind = RepairFix::Kind::LoaderCache;
    fix.root = m_root;
    fix.path = m_root;
    finding.fixes = {fix};
    const QString done = RepairPage::doneText(finding);
    QVERIFY2(done.contains(RepairPage::tr("The loader cache was rebuilt: new programs find the libraries of %1.")
                               .arg(QDir::toNativeSeparators(m_root))),
             qPrintable(done));
    QVERIFY2(!done.contains(QStringLiteral("the cache is stale")), qPrintable(done));
}

void TestRepairWizard::cancelRollsBack()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::Repair);
    RepairPage* page = goToRepair(wizard);
    QVERIFY(page);
    // Cancel right after the start: the work checks the token before its first change (reading and checking the
    // package comes first), so the toolkit is rolled back with nothing kept.
    page->repair();
    page->cancelRepair();
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    const QString result = wizard.findChild<QLabel*>(QStringLiteral("repairResult"))->text();
    QVERIFY2(result.contains(QStringLiteral("rolled back")), qPrintable(result));
    QCOMPARE(wizard.state().repairOutcome()->result.status, RepairResult::Status::RolledBack);
    QVERIFY2(toolkitListing(m_root) == m_damaged, difference(toolkitListing(m_root), m_damaged).constData());
    // The findings still stand and Repair can be pressed again.
    QVERIFY(codesIn(wizard.findChild<QTreeWidget*>(QStringLiteral("repairFindings")), QStringLiteral("automatic"))
                .contains(QStringLiteral("CUDNN-MISSING-LIBS")));
    QVERIFY(wizard.findChild<QPushButton*>(QStringLiteral("repairApply"))->isEnabled());
}

void TestRepairWizard::manualStepsSayWhatToDoInTheWizard()
{
    // Without the package, the missing sub-library cannot be restored: a person must give the archive. The step
    // says so in the wizard's words (the command line says --package; cleanup() walks every page for that).
    QVERIFY(QFile::remove(m_archive));
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::Repair);
    QVERIFY(goToRepair(wizard));
    auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("repairFindings"));
    QVERIFY2(codesIn(findings, QStringLiteral("manual")).contains(QStringLiteral("CUDNN-MISSING-LIBS")),
             qPrintable(codesIn(findings, QStringLiteral("manual")).join(u' ')));
    const QString step
        = WizardRemedy::words(FixAction::of(FixAction::Kind::ChoosePackage, QFileInfo(m_archive).fileName()));
    const QList<QTreeWidgetItem*> shown = findings->findItems(step, Qt::MatchContains | Qt::MatchRecursive);
    QVERIFY2(!shown.isEmpty(), qPrintable(step));
    QVERIFY(m_words->offences().isEmpty());
}

void TestRepairWizard::installPathIsUnchanged()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::Install);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    QCOMPARE(wizard.currentId(), int(SetupWizard::SystemPageId));
    QTRY_VERIFY_WITH_TIMEOUT(wizard.button(QWizard::NextButton)->isEnabled(), 20000);
    QCOMPARE(wizard.nextId(), int(SetupWizard::PackagePageId));
}

bool TestRepairWizard::repairThroughWizard()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::Repair);
    RepairPage* page = goToRepair(wizard);
    if (!page)
        return false;
    page->repair();
    if (!QTest::qWaitFor([&] { return !page->isBusy(); }, 60000))
        return false;
    return wizard.state().repairOutcome()
        && wizard.state().repairOutcome()->result.status == RepairResult::Status::Repaired;
}

UninstallPage* TestRepairWizard::goToUninstall(SetupWizard& wizard)
{
    wizard.show();
    if (!QTest::qWaitForWindowExposed(&wizard))
        return nullptr;
    QPushButton* next = qobject_cast<QPushButton*>(wizard.button(QWizard::NextButton));
    QTest::mouseClick(next, Qt::LeftButton);
    if (!QTest::qWaitFor([&] { return next->isEnabled(); }, 20000))
        return nullptr;
    QTest::mouseClick(next, Qt::LeftButton);
    if (wizard.currentId() != SetupWizard::UninstallPageId)
        return nullptr;
    return qobject_cast<UninstallPage*>(wizard.currentPage());
}

void TestRepairWizard::uninstallAfterRepairsIsTheToolkitBeforeTheInstall()
{
    // The first repair fixes what init() damaged; then a sub-library is zeroed and repaired again.
    QVERIFY(repairThroughWizard());
    QVERIFY2(toolkitListing(m_root) == m_installed, difference(toolkitListing(m_root), m_installed).constData());
    truncateFile(m_root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0"), 0);
    QVERIFY(repairThroughWizard());
    QVERIFY2(toolkitListing(m_root) == m_installed, difference(toolkitListing(m_root), m_installed).constData());

    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::SwitchOrUninstall);
    UninstallPage* page = goToUninstall(wizard);
    QVERIFY(page);
    auto* button = wizard.findChild<QPushButton*>(QStringLiteral("uninstallButton"));
    QVERIFY(button->isEnabled());
    answerNextQuestion(QMessageBox::Yes, nullptr); // "Uninstall cuDNN 9.19.0 from …?"
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    const QString result = wizard.findChild<QLabel*>(QStringLiteral("uninstallResult"))->text();
    QVERIFY2(wizard.state().uninstallOutcome()
                 && wizard.state().uninstallOutcome()->result.status == InstallResult::Status::Uninstalled,
             qPrintable(result));
    QVERIFY2(listing(m_root) == m_beforeInstall, difference(listing(m_root), m_beforeInstall).constData());
    // Nothing is left to take back, and the page judges no toolkit: no "No problems found." under the result.
    QCOMPARE(wizard.findChild<QTreeWidget*>(QStringLiteral("uninstallInstalls"))->topLevelItemCount(), 0);
    QVERIFY(!wizard.findChild<QTreeWidget*>(QStringLiteral("uninstallFindings"))->isVisible());
}

void TestRepairWizard::closingDuringUninstallAsksThenRollsBack()
{
    QVERIFY(repairThroughWizard());
    const QString repaired = listing(m_root);
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::SwitchOrUninstall);
    UninstallPage* page = goToUninstall(wizard);
    QVERIFY(page);
    page->uninstallSelected();
    QVERIFY(page->isBusy());
    QString asked;
    answerNextQuestion(QMessageBox::Yes, &asked);
    wizard.close(); // the window's close button, while the uninstall runs: asked, and Yes
    QCOMPARE(asked, SetupWizard::tr("cuDNN is being uninstalled. Stop and put everything back?"));
    QVERIFY(wizard.isVisible()); // it stays and shows the roll back
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    QVERIFY(wizard.state().uninstallOutcome());
    QCOMPARE(wizard.state().uninstallOutcome()->result.status, InstallResult::Status::RolledBack);
    QVERIFY2(listing(m_root) == repaired, difference(listing(m_root), repaired).constData());
    QVERIFY(wizard.isVisible());
    wizard.close();
    QVERIFY(!wizard.isVisible());
}

void TestRepairWizard::repairsTheToolkitNamedAtStart()
{
    // The damaged toolkit is not where toolkits are looked for by default: only the one named at start (or chosen
    // on the System page) leads there, as --cuda-root leads the command line's repair.
    const Engine engine = makeEngine({m_tree->makeDir(QStringLiteral("usual-place")) + QStringLiteral("/cuda-*")});
    SetupWizard wizard(engine, SetupTask::Repair);
    wizard.state().setPreferredToolkit(m_root);
    RepairPage* page = goToRepair(wizard);
    QVERIFY(page);
    auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("repairFindings"));
    const QStringList automatic = codesIn(findings, QStringLiteral("automatic"));
    QVERIFY2(automatic.contains(QStringLiteral("CUDNN-MISSING-LIBS")), qPrintable(automatic.join(u' ')));

    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("repairApply")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    QCOMPARE(wizard.state().repairOutcome()->result.status, RepairResult::Status::Repaired);
    QVERIFY2(toolkitListing(m_root) == m_installed, difference(toolkitListing(m_root), m_installed).constData());
}

void TestRepairWizard::aMissingLibraryIsNotSaidToLoadFromTheToolkit()
{
    // libcudnn_ops.so.9.19.0 is deleted (init()), so the toolkit's libcudnn_ops.so.9 is a link to nothing. The
    // loader config names the toolkit first; the cache still names an older copy. The page lists "missing
    // libcudnn_ops.so.9" under "Can be fixed here": it must not also say that new logins get libcudnn_ops.so.9
    // from that toolkit.
    QVERIFY(QFileInfo(m_root + QStringLiteral("/lib/libcudnn_ops.so.9")).isSymLink());
    const Engine engine = makeEngine({}, true);
    SetupWizard wizard(engine, SetupTask::Repair);
    QVERIFY(goToRepair(wizard));
    auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("repairFindings"));
    QStringList shown;
    for (QTreeWidgetItemIterator it(findings); *it; ++it)
        shown << (*it)->data(0, Qt::UserRole + 1).toString() + QStringLiteral(": ") + (*it)->text(0);
    const QString all = shown.join(u'\n');
    QVERIFY2(codesIn(findings, QStringLiteral("automatic")).contains(QStringLiteral("CUDNN-MISSING-LIBS")),
             qPrintable(all));
    const QString claim = QStringLiteral("get libcudnn_ops.so.9 from ") + m_root;
    QVERIFY2(!all.contains(claim), qPrintable(all));
    // What it says instead agrees with the missing file, and names what a new program gets meanwhile.
    QVERIFY2(all.contains(m_root + QStringLiteral(" has no loadable libcudnn_ops.so.9 now")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("gets ") + m_tree->path(QStringLiteral("old/libcudnn_ops.so.9"))),
             qPrintable(all));
}

void TestRepairWizard::aStrayCopyIsAdvisedOffThePathNotReinstalled()
{
    // Issue 42 item 14 on Linux: besides the damaged toolkit, a folder first on LD_LIBRARY_PATH holds an older
    // libcudnn.so.9 and nothing else of cuDNN. It is no install: its advice is to take it off the search path or
    // delete it, never "reinstall from its archive (repair can restore the files)"; the copy it makes new programs
    // get instead of the toolkit's is a problem, not information; and the repair leaves it alone.
    m_tree->writeFile(QStringLiteral("old-cudnn/libcudnn.so.9.0.0"), "an older cuDNN");
    m_tree->symlink(QStringLiteral("old-cudnn/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.0.0"));
    const QString stray = QFileInfo(m_tree->path(QStringLiteral("old-cudnn"))).canonicalFilePath();
    const QString strayBefore = listing(stray);
    const Engine engine = makeEngine({}, false, stray);
    SetupWizard wizard(engine, SetupTask::Repair);
    RepairPage* page = goToRepair(wizard);
    QVERIFY(page);
    auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("repairFindings"));
    const QStringList manual = codesIn(findings, QStringLiteral("manual"));
    QVERIFY2(manual.contains(QStringLiteral("CUDNN-STRAY-COPY")), qPrintable(manual.join(u' ')));
    const RepairFinding* strayFinding = nullptr;
    const RepairFinding* shadow = nullptr;
    for (const RepairFinding& finding : wizard.state().repairOutcome()->before.scan.findings) {
        if (finding.diagnostic.code == QLatin1String("CUDNN-STRAY-COPY"))
            strayFinding = &finding;
        if (finding.diagnostic.code == QLatin1String("ENV-SHADOW-USER")
            && finding.diagnostic.subject == QLatin1String("libcudnn.so.9"))
            shadow = &finding;
    }
    QVERIFY(strayFinding && shadow);
    const QString step = strayFinding->diagnostic.message + u'\n' + strayFinding->manualStep;
    QVERIFY2(strayFinding->manualStep.contains(QStringLiteral("take the folder off LD_LIBRARY_PATH")),
             qPrintable(step));
    for (const char* never : {"Reinstall", "repair can restore", "from its archive"})
        QVERIFY2(!step.contains(QLatin1String(never)), qPrintable(step));
    // The page shows that step under the finding, in the wizard's words.
    const QList<QTreeWidgetItem*> shown = findings->findItems(QStringLiteral("take the folder off LD_LIBRARY_PATH"),
                                                              Qt::MatchContains | Qt::MatchRecursive);
    QVERIFY(!shown.isEmpty());
    // A new program gets the stray libcudnn.so.9 instead of the toolkit's: a warning that repair fixes.
    QVERIFY2(shadow->diagnostic.message.contains(stray), qPrintable(shadow->diagnostic.message));
    QCOMPARE(shadow->diagnostic.severity, Severity::Warning);
    QCOMPARE(shadow->remedy, RepairFinding::Remedy::Automatic);

    // Repair fixes the toolkit and the search path; the stray copy is left as it was, with the same advice.
    QTest::mouseClick(wizard.findChild<QPushButton*>(QStringLiteral("repairApply")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    QCOMPARE(listing(stray), strayBefore);
    QVERIFY2(toolkitListing(m_root) == m_installed, difference(toolkitListing(m_root), m_installed).constData());
    const QStringList left = codesIn(findings, QStringLiteral("manual"));
    QVERIFY2(left.contains(QStringLiteral("CUDNN-STRAY-COPY")), qPrintable(left.join(u' ')));
    QVERIFY2(!left.contains(QStringLiteral("CUDNN-MISSING-LIBS")), qPrintable(left.join(u' ')));
}

void TestRepairWizard::aToolkitOffTheSearchPathIsOneProblem()
{
    // Issue 52: the toolkit holds a complete cuDNN, and a whole other copy (every library) comes first on
    // LD_LIBRARY_PATH. That is one cause, whatever the number of libraries: one finding naming them all, with its one
    // fix, and the page counts causes. Split back into one finding per library, the count is the libraries'.
    QVERIFY2(install(m_archive, m_root).status == InstallResult::Status::Ok, "the toolkit whole again");
    QVERIFY(QFile::setPermissions(m_root + QStringLiteral("/lib/libcudnn_graph.so.9.19.0"),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                      | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
    QVERIFY(QFile::remove(m_root + QStringLiteral("/lib/libcudnn.so.9")));
    QVERIFY(QFile::link(QStringLiteral("libcudnn.so.9.19.0"), m_root + QStringLiteral("/lib/libcudnn.so.9")));
    QVERIFY2(toolkitListing(m_root) == m_installed, difference(toolkitListing(m_root), m_installed).constData());
    m_tree->makeDir(QStringLiteral("other-cudnn"));
    QStringList libraries;
    for (const QFileInfo& file :
         QDir(m_root + QStringLiteral("/lib")).entryInfoList({QStringLiteral("libcudnn*.so.9")})) {
        QVERIFY(QFile::copy(file.canonicalFilePath(), m_tree->path(QStringLiteral("other-cudnn/") + file.fileName())));
        libraries.append(file.fileName());
    }
    QVERIFY2(libraries.size() >= 8, qPrintable(libraries.join(u' ')));
    // Both hold the CUDA runtime too, as NVIDIA's toolkits do: the "8 libraries and libcudart".
    m_tree->writeFile(QFileInfo(m_root).fileName() + QStringLiteral("/lib/libcudart.so.13"), "this toolkit's cudart");
    m_tree->writeFile(QStringLiteral("other-cudnn/libcudart.so.13"), "the other copy's cudart");
    libraries.append(QStringLiteral("libcudart.so.13"));
    const QString other = QFileInfo(m_tree->path(QStringLiteral("other-cudnn"))).canonicalFilePath();
    // And another toolkit's nvcc comes first on PATH: the second cause, with a fix of its own.
    m_tree->writeFile(QFileInfo(m_root).fileName() + QStringLiteral("/bin/nvcc"), "#!/bin/sh\n");
    m_tree->writeFile(QStringLiteral("other-cuda/bin/nvcc"), "#!/bin/sh\n");
    QVERIFY(QFile::setPermissions(m_tree->path(QStringLiteral("other-cuda/bin/nvcc")),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QVERIFY(QFile::setPermissions(m_root + QStringLiteral("/bin/nvcc"),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    const Engine engine = makeEngine({}, false, other, m_tree->path(QStringLiteral("other-cuda/bin")));
    SetupWizard wizard(engine, SetupTask::Repair);
    wizard.resize(720, 520);
    RepairPage* page = goToRepair(wizard);
    QVERIFY(page);

    QStringList shadows;
    const RepairFinding* shadow = nullptr;
    const RepairFinding* compiler = nullptr;
    for (const RepairFinding& finding : wizard.state().repairOutcome()->before.scan.findings) {
        if (finding.diagnostic.code != QLatin1String("ENV-SHADOW-USER"))
            continue;
        shadows.append(finding.diagnostic.message);
        (finding.diagnostic.subject == QLatin1String("nvcc") ? compiler : shadow) = &finding;
    }
    QVERIFY2(shadows.size() == 2 && shadow && compiler, qPrintable(shadows.join(u'\n')));
    const QStringList subjects = shadow->diagnostic.subjects;
    for (const QString& library : libraries)
        QVERIFY2(subjects.contains(library), qPrintable(library + u' ' + subjects.join(u' ')));
    QCOMPARE(shadow->diagnostic.severity, Severity::Warning);
    QCOMPARE(shadow->remedy, RepairFinding::Remedy::Automatic);
    QVERIFY2(shadow->diagnostic.message.contains(other), qPrintable(shadow->diagnostic.message));

    auto* status = wizard.findChild<QLabel*>(QStringLiteral("repairStatus"));
    auto* findings = wizard.findChild<QTreeWidget*>(QStringLiteral("repairFindings"));
    const QStringList automatic = codesIn(findings, QStringLiteral("automatic"));
    QVERIFY2(automatic == QStringList({QStringLiteral("ENV-SHADOW-USER"), QStringLiteral("ENV-SHADOW-USER")}),
             qPrintable(automatic.join(u' ') + u'\n' + shadows.join(u'\n')));
    QVERIFY2(status->text().startsWith(QStringLiteral("2 problems found.")), qPrintable(status->text()));
    // Both findings, their fixes and the disclosure of the libraries are on the page at 720x520 without scrolling.
    QTreeWidgetItem* row
        = findings->findItems(shadow->diagnostic.message, Qt::MatchExactly | Qt::MatchRecursive).value(0);
    QTreeWidgetItem* nvcc
        = findings->findItems(compiler->diagnostic.message, Qt::MatchExactly | Qt::MatchRecursive).value(0);
    QVERIFY(row && nvcc);
    const QRect view = findings->viewport()->rect();
    for (QTreeWidgetItem* item : {row, row->child(0), row->child(row->childCount() - 1), nvcc, nvcc->child(0)})
        QVERIFY2(view.contains(findings->visualItemRect(item)), qPrintable(item->text(0)));
    QTreeWidgetItem* affected = row->child(row->childCount() - 1);
    QCOMPARE(affected->childCount(), int(subjects.size()));
    QVERIFY(!affected->isExpanded());
    if (const QString shots = qEnvironmentVariable("CUDNN_SETUP_LAYOUT_SHOTS"); !shots.isEmpty()) {
        QDir().mkpath(shots);
        wizard.grab().save(shots + QStringLiteral("/repair-one-cause.png"));
    }
}

ExplainDialog* TestRepairWizard::explainOnRepairPage(SetupWizard& wizard, const QString& text)
{
    auto* open = wizard.findChild<QPushButton*>(QStringLiteral("repairExplain"));
    if (!open || !open->isEnabled())
        return nullptr;
    QTest::mouseClick(open, Qt::LeftButton);
    auto* dialog = wizard.findChild<ExplainDialog*>(QStringLiteral("explainDialog"));
    if (!dialog || !QTest::qWaitForWindowExposed(dialog))
        return nullptr;
    auto* run = dialog->findChild<QPushButton*>(QStringLiteral("explainRun"));
    if (run->isEnabled()) // nothing pasted yet: nothing to explain
        return nullptr;
    dialog->findChild<QPlainTextEdit*>(QStringLiteral("explainInput"))->setPlainText(text);
    QTest::mouseClick(run, Qt::LeftButton);
    if (!dialog->isBusy() || !QTest::qWaitFor([&] { return !dialog->isBusy(); }, 60000))
        return nullptr;
    return dialog;
}

QStringList TestRepairWizard::causeCodes(const ExplainDialog* dialog)
{
    QStringList codes;
    auto* causes = dialog->findChild<QTreeWidget*>(QStringLiteral("explainCauses"));
    for (int i = 0; i < causes->topLevelItemCount(); ++i)
        codes.append(causes->topLevelItem(i)->data(0, Qt::UserRole).toString());
    return codes;
}

void TestRepairWizard::aPastedErrorIsExplainedThenRepaired()
{
    // The damaged toolkit lacks libcudnn_ops.so.9.19.0: a program that loads cuDNN 9 from it prints cuDNN's own
    // "Unable to load any of {...}" (cudnn_frontend's dynamic loading, as faster-whisper users paste it).
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::Repair);
    RepairPage* page = goToRepair(wizard);
    QVERIFY(page);
    ExplainDialog* dialog = explainOnRepairPage(
        wizard,
        QStringLiteral("INFO:faster_whisper:Processing audio with duration 03:52.176\r\n"
                       "Unable to load any of {libcudnn_ops.so.9.19.0, libcudnn_ops.so.9.19, libcudnn_ops.so.9, "
                       "libcudnn_ops.so}\r\nInvalid handle. Cannot load symbol cudnnCreateTensorDescriptor\r\n"));
    QVERIFY(dialog);
    auto* causes = dialog->findChild<QTreeWidget*>(QStringLiteral("explainCauses"));
    const QString shown = visibleTexts(dialog).join(QLatin1Char('\n'));
    QVERIFY2(causes->isVisible() && causes->topLevelItemCount() >= 1, qPrintable(shown));
    QVERIFY2(causeCodes(dialog).contains(QStringLiteral("CUDNN-MISSING-LIBS")), qPrintable(shown));
    // The cause is said as the registry's kind words, with the file it rests on and the repair's offer.
    const QString kind = DiagnosisRegistry::instance().kindWords(QStringLiteral("library-missing"));
    QVERIFY2(shown.contains(kind), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("libcudnn_ops")), qPrintable(shown));
    QVERIFY2(shown.contains(ExplainDialog::tr("The repair fixes it: press Repair now.")), qPrintable(shown));
    auto* status = dialog->findChild<QLabel*>(QStringLiteral("explainStatus"));
    // Two: the loader line and the "Invalid handle" that follows it.
    QVERIFY2(status->text().startsWith(ExplainDialog::tr("Recognised %n message(s).", nullptr, 2)),
             qPrintable(status->text()));
    QCOMPARE(toolkitListing(m_root), m_damaged); // explaining changes nothing
    // CUDNN_SETUP_LAYOUT_SHOTS=DIR: the dialog over the repair page, as the test sees them, to be looked at.
    if (const QString shots = qEnvironmentVariable("CUDNN_SETUP_LAYOUT_SHOTS"); !shots.isEmpty()) {
        wizard.grab().save(QDir(shots).filePath(QStringLiteral("repair-page-explain-button.png")));
        dialog->grab().save(QDir(shots).filePath(QStringLiteral("repair-explain-dialog.png")));
    }

    auto* repairNow = dialog->findChild<QPushButton*>(QStringLiteral("explainRepair"));
    QVERIFY(repairNow->isVisible());
    QTest::mouseClick(repairNow, Qt::LeftButton);
    QVERIFY(dialog->isHidden() || !dialog->isVisible());
    QVERIFY(page->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
    auto* repairStatus = wizard.findChild<QLabel*>(QStringLiteral("repairStatus"));
    QVERIFY2(repairStatus->text() == RepairPage::tr("Nothing left to repair."), qPrintable(repairStatus->text()));
    QVERIFY2(toolkitListing(m_root) == m_installed, difference(toolkitListing(m_root), m_installed).constData());

    // The same text now: recognised, and this machine shows no cause of it any more.
    dialog = explainOnRepairPage(
        wizard,
        QStringLiteral("Unable to load any of {libcudnn_ops.so.9.19.0, libcudnn_ops.so.9.19, libcudnn_ops.so.9, "
                       "libcudnn_ops.so}"));
    QVERIFY(dialog);
    QVERIFY2(!causeCodes(dialog).contains(QStringLiteral("CUDNN-MISSING-LIBS")),
             qPrintable(visibleTexts(dialog).join(QLatin1Char('\n'))));
    QVERIFY(!dialog->findChild<QPushButton*>(QStringLiteral("explainRepair"))->isVisible());
    dialog->reject();
}

void TestRepairWizard::textWithNoKnownMessageIsSaidToBeUnknown()
{
    const Engine engine = makeEngine();
    SetupWizard wizard(engine, SetupTask::Repair);
    QVERIFY(goToRepair(wizard));
    ExplainDialog* dialog = explainOnRepairPage(wizard, QStringLiteral("Segmentation fault (core dumped)\n"));
    QVERIFY(dialog);
    const QString status = dialog->findChild<QLabel*>(QStringLiteral("explainStatus"))->text();
    QVERIFY2(status.startsWith(ExplainDialog::tr("No message cudnn-setup knows is in this text").left(30)),
             qPrintable(status));
    QVERIFY(!dialog->findChild<QTreeWidget*>(QStringLiteral("explainCauses"))->isVisible());
    QVERIFY(!dialog->findChild<QPushButton*>(QStringLiteral("explainRepair"))->isVisible());
    dialog->reject();
    QTRY_VERIFY(!wizard.findChild<ExplainDialog*>(QStringLiteral("explainDialog")));
}

QTEST_MAIN(TestRepairWizard)
#include "TestRepairWizard.moc"
