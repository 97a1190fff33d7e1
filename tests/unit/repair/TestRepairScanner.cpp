#include "FakeProcessRunner.h"
#include "RepairFixtures.h"
#include "env/DirectoryListing.h"
#include "env/EnvironmentOperations.h"
#include "env/EnvironmentService.h"
#include "env/EnvironmentStep.h"
#include "env/EnvironmentStore.h"
#include "env/ShellProfile.h"
#include "repair/RepairCode.h"

using namespace RepairFixtures;

/**
 * What the scanner offers where cudnn-setup installed nothing (cuDNN copied by hand), where no safe fix exists
 * (mixed versions), and for the search path: a class A loss fixed through the repair's transaction and taken back
 * by uninstall, class B needing elevation, class C explained, /usr/local/cuda named.
 */
class TestRepairScanner : public QObject
{
    Q_OBJECT

private slots:
    void handCopiedCudnn_data();
    void handCopiedCudnn();
    void mixedVersionsAreManual();
    void environmentConflictsAreClassified();
    void searchPathFixGoesThroughTheTransaction();
};

namespace {

/** cuDNN 9.19 copied by hand (no manifest): the archive's lib/ and include/ laid into the toolkit. */
QString handCopied(TestTree& tree)
{
    const QString root = makeToolkit(tree);
    CudnnArchiveSpec spec;
    const ArchiveBuilder archive = spec.build();
    for (const ArchiveBuilder::Member& m : archive.members()) {
        const QString top = spec.topFolder() + QLatin1Char('/');
        if (!m.path.startsWith(top))
            continue;
        const QString relative = m.path.mid(top.size());
        if (relative.isEmpty() || m.type == ArchiveEntry::Type::Directory || relative == QLatin1String("LICENSE"))
            continue;
        if (m.type == ArchiveEntry::Type::Symlink)
            tree.symlink(QStringLiteral("cuda-13.0/") + relative, m.linkTarget);
        else
            tree.writeFile(QStringLiteral("cuda-13.0/") + relative, m.data);
    }
    return root;
}

const RepairFinding* findingWith(const RepairScan& scan, const QString& code)
{
    for (const RepairFinding& finding : scan.findings) {
        if (finding.diagnostic.code == code)
            return &finding;
    }
    return nullptr;
}

} // namespace

void TestRepairScanner::handCopiedCudnn_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("remedy");
    QTest::newRow("zero-byte: install again") << "truncate"
                                              << "CUDNN-ZERO-BYTE" << int(RepairFinding::Remedy::Manual);
    QTest::newRow("deleted: install again") << "delete"
                                            << "CUDNN-MISSING-LIBS" << int(RepairFinding::Remedy::Manual);
    QTest::newRow("flattened: relinked") << "flatten"
                                         << "CUDNN-FLATTENED-LINK" << int(RepairFinding::Remedy::Automatic);
    QTest::newRow("mode 600: made readable") << "chmod600"
                                             << "CUDNN-NOT-READABLE" << int(RepairFinding::Remedy::Automatic);
}

void TestRepairScanner::handCopiedCudnn()
{
    QFETCH(QString, damage);
    QFETCH(QString, code);
    QFETCH(int, remedy);

    TestTree tree;
    const QString root = handCopied(tree);
    QVERIFY2(scan(root).isClean(), describe(scan(root)).constData());
    const QString healthy = toolkitListing(root);
    const QString file = root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0");
    if (damage == QLatin1String("truncate"))
        truncateFile(file, 0);
    else if (damage == QLatin1String("delete"))
        QVERIFY(QFile::remove(file));
    else if (damage == QLatin1String("flatten"))
        flatten(root + QStringLiteral("/lib/libcudnn_ops.so.9"));
    else
        chmod600(file);
    const QString damaged = toolkitListing(root);

    const RepairScan found = scan(root);
    const RepairFinding* finding = findingWith(found, code);
    QVERIFY2(finding, describe(found).constData());
    QCOMPARE(int(finding->remedy), remedy);
    if (finding->remedy == RepairFinding::Remedy::Manual) {
        // A package to give, or an install to do again: an action each face words, never a flag in the step.
        const FixAction::Kind action = finding->manualAction.kind;
        QVERIFY2(action == FixAction::Kind::ChoosePackage || action == FixAction::Kind::InstallAgain,
                 qPrintable(FixAction::kindName(action)));
        QVERIFY2(!finding->manualStep.contains(QStringLiteral("--")), qPrintable(finding->manualStep));
        QCOMPARE(RepairService::repair(found, detected({root})).status, RepairResult::Status::NothingToApply);
        QCOMPARE(toolkitListing(root), damaged);
        return;
    }
    const RepairResult result = RepairService::repair(found, detected({root}));
    QVERIFY2(result.status == RepairResult::Status::Repaired, describe(result).constData());
    QVERIFY2(scan(root).isClean(), describe(scan(root)).constData());
    QVERIFY2(toolkitListing(root) == healthy, difference(toolkitListing(root), healthy).constData());
    // Even without an install of ours, the repair is recorded, so it can be taken back.
    QCOMPARE(InstallService::uninstall(root).status, InstallResult::Status::Uninstalled);
    QCOMPARE(toolkitListing(root), damaged);
}

void TestRepairScanner::mixedVersionsAreManual()
{
    TestTree tree;
    const QString root = makeToolkit(tree);
    TestTree packages;
    QCOMPARE(install(writeSpec(packages, CudnnArchiveSpec{}), root).status, InstallResult::Status::Ok);
    tree.writeFile(QStringLiteral("cuda-13.0/lib/libcudnn_ops.so.9.1.0"), SyntheticBinary::elf(62, "nine one"));
    const RepairScan found = scan(root);
    const RepairFinding* mixed = findingWith(found, QStringLiteral("CUDNN-MIXED-VERSIONS"));
    QVERIFY2(mixed, describe(found).constData());
    QCOMPARE(mixed->remedy, RepairFinding::Remedy::Manual);
    QCOMPARE(mixed->manualAction, FixAction::of(FixAction::Kind::InstallAgain, root));
    QVERIFY2(mixed->manualStep.contains(root) && !mixed->manualStep.contains(QStringLiteral("--")),
             qPrintable(mixed->manualStep));
    QCOMPARE(repairTaskStatus(RepairService::repair(found, detected({root})), found), TaskStatus::Failed);
}

void TestRepairScanner::environmentConflictsAreClassified()
{
    EnvironmentReport report;
    report.os = OsFlavor::Windows;
    report.scope = EnvironmentScope::User;
    TestTree tree;
    report.target.toolkitRoot = tree.path(QStringLiteral("v12.4"));
    report.libraryDirs = {tree.makeDir(QStringLiteral("v12.4/bin"))};
    for (const char* dll : {"cudnn64_9.dll", "cudnn_ops64_9.dll", "cudnn_cnn64_9.dll"})
        tree.writeFile(QStringLiteral("v12.4/bin/") + QLatin1String(dll), "MZ");
    // A non-empty plan: one step the user scope carries out.
    report.plan.steps.append(std::make_shared<FileEditStep>(QStringLiteral("/nonexistent/profile"),
                                                            FileEditStep::Ownership::MarkedBlock,
                                                            std::nullopt,
                                                            QByteArray("block")));
    const auto conflict = [](const QString& library, ConflictClass c, bool fixed) {
        EnvironmentConflict conflict;
        conflict.library = library;
        conflict.conflictClass = c;
        conflict.fixedByPlan = fixed;
        conflict.fix = QStringLiteral("fix for ") + library;
        return conflict;
    };
    report.conflicts = {conflict(QStringLiteral("cudnn64_9.dll"), ConflictClass::UserSearchPath, true),
                        conflict(QStringLiteral("cudnn_ops64_9.dll"), ConflictClass::MachineScope, false),
                        conflict(QStringLiteral("cudnn_cnn64_9.dll"), ConflictClass::NotSearchPath, false)};
    report.conflicts.first().winner = LibraryCopy{QStringLiteral("C:/OldCudnn/bin/cudnn64_9.dll"), {}, {}};
    report.cudaLink = CudaLink{QStringLiteral("/usr/local/cuda"), QStringLiteral("cuda-11.8"), false};

    RepairScanOptions options;
    options.roots = {QStringLiteral("/nonexistent/toolkit")};
    options.environment = &report;
    const RepairScan found = RepairScanner(options).scan(SystemSnapshot{});
    const RepairFinding* a = findingWith(found, QStringLiteral("ENV-SHADOW-USER"));
    const RepairFinding* b = findingWith(found, QStringLiteral("ENV-SHADOW-MACHINE"));
    const RepairFinding* c = findingWith(found, QStringLiteral("ENV-NOT-SEARCH-PATH"));
    const RepairFinding* link = findingWith(found, QStringLiteral("ENV-CUDA-LINK"));
    QVERIFY2(a && b && c && link, describe(found).constData());
    QCOMPARE(a->remedy, RepairFinding::Remedy::Automatic);
    QCOMPARE(a->fixes.size(), 1);
    QCOMPARE(a->fixes.first().kind, RepairFix::Kind::Environment);
    QCOMPARE(b->remedy, RepairFinding::Remedy::NeedsElevation);
    QCOMPARE(b->manualStep, QStringLiteral("fix for cudnn_ops64_9.dll"));
    QCOMPARE(c->remedy, RepairFinding::Remedy::Manual);
    QVERIFY(c->fixes.isEmpty());
    QCOMPARE(link->remedy, RepairFinding::Remedy::Manual);
    QVERIFY(link->manualStep.contains(QStringLiteral("ln -sfn")));
    QCOMPARE(repairTaskStatus(RepairResult{}, found), TaskStatus::NeedsElevation);

    // A toolkit without the file at all (no nvcc in it): nothing can make it win, so it is a fact, not a fault.
    report.conflicts.append(conflict(QStringLiteral("nvcc"), ConflictClass::UserSearchPath, false));
    const RepairScan withTool = RepairScanner(options).scan(SystemSnapshot{});
    const RepairFinding* tool = nullptr;
    for (const RepairFinding& finding : withTool.findings)
        tool = finding.diagnostic.subject == QLatin1String("nvcc") ? &finding : tool;
    QVERIFY(tool);
    QCOMPARE(tool->remedy, RepairFinding::Remedy::None);
    QVERIFY(!tool->isProblem());
    report.conflicts.removeLast();

    // Nothing wins instead of the toolkit's file (its bin not on PATH): nothing is shadowed, so the code says "not
    // found"; repair adds it itself, and a dry run that finds only that exits 0 (nothing wrong loads).
    EnvironmentReport notFound = report;
    notFound.conflicts = {conflict(QStringLiteral("nvcc"), ConflictClass::UserSearchPath, true)};
    notFound.cudaLink.reset();
    RepairScanOptions onlyNotFound = options;
    onlyNotFound.environment = &notFound;
    const RepairScan missing = RepairScanner(onlyNotFound).scan(SystemSnapshot{});
    QVERIFY2(!findingWith(missing, QStringLiteral("ENV-SHADOW-USER")), describe(missing).constData());
    const RepairFinding* nowhere = findingWith(missing, QStringLiteral("ENV-NOT-FOUND"));
    QVERIFY2(nowhere, describe(missing).constData());
    QCOMPARE(nowhere->diagnostic.severity, Severity::Info);
    QCOMPARE(nowhere->remedy, RepairFinding::Remedy::Automatic);
    RepairResult dryRun;
    dryRun.status = RepairResult::Status::DryRun;
    QCOMPARE(repairTaskStatus(dryRun, missing), TaskStatus::Ok);
    // A copy that wins instead is broken: the dry run says so.
    EnvironmentReport shadowed = notFound;
    shadowed.conflicts.first().winner = LibraryCopy{QStringLiteral("/opt/old/bin/nvcc"), {}, {}};
    onlyNotFound.environment = &shadowed;
    QCOMPARE(repairTaskStatus(dryRun, RepairScanner(onlyNotFound).scan(SystemSnapshot{})), TaskStatus::Failed);
    // cuDNN libraries no new program finds are broken (a framework that loads them by name fails), also when they
    // are one finding of one cause, their names in its subjects (the wine tier's installer machine found this);
    // tools only are not.
    RepairScan libraries;
    RepairFinding grouped = *nowhere;
    grouped.diagnostic.subject.clear();
    grouped.diagnostic.subjects = {QStringLiteral("libcudnn.so.9"), QStringLiteral("libcudnn_ops.so.9")};
    libraries.findings = {grouped};
    QCOMPARE(repairTaskStatus(dryRun, libraries), TaskStatus::Failed);
    libraries.findings.first().diagnostic.subjects = {QStringLiteral("nvcc"), QStringLiteral("nvidia-smi")};
    QCOMPARE(repairTaskStatus(dryRun, libraries), TaskStatus::Ok);

    // /usr/local/cuda at another toolkit that holds cuDNN too is a choice, not a fault.
    SystemSnapshot other;
    CudaToolkit linked;
    linked.root = QStringLiteral("/usr/local/cuda-11.8");
    linked.origins.append({QStringLiteral("/usr/local/cuda"), QStringLiteral("default location")});
    other.toolkits.append(linked);
    CudnnInstall there;
    there.root = linked.root;
    other.cudnnInstalls.append(there);
    QVERIFY(!findingWith(RepairScanner(options).scan(other), QStringLiteral("ENV-CUDA-LINK")));

    // Once the plan has nothing left to do, a class A loss is only this process's old environment.
    report.plan.steps.clear();
    const RepairScan fixed = RepairScanner(options).scan(SystemSnapshot{});
    const RepairFinding* stale = findingWith(fixed, QStringLiteral("ENV-SHADOW-USER"));
    QVERIFY(stale);
    QCOMPARE(stale->remedy, RepairFinding::Remedy::None);
    QVERIFY(!stale->isProblem());
}

void TestRepairScanner::searchPathFixGoesThroughTheTransaction()
{
    TestTree tree;
    const QString root = makeToolkit(tree);
    TestTree packages;
    QCOMPARE(install(writeSpec(packages, CudnnArchiveSpec{}), root).status, InstallResult::Status::Ok);
    // An older cuDNN on LD_LIBRARY_PATH wins over the toolkit's: class A.
    tree.writeFile(QStringLiteral("old/lib64/libcudnn.so.9"), "stale");
    tree.makeDir(QStringLiteral("home"));
    // The user's profile exports it, so a new login gets it too (this terminal read it: LD_LIBRARY_PATH below).
    tree.writeFile(QStringLiteral("home/.profile"),
                   "export EDITOR=vi\nexport LD_LIBRARY_PATH=" + tree.path(QStringLiteral("old/lib64")).toUtf8()
                       + "\n");
    tree.makeDir(QStringLiteral("system-root/etc"));
    const QString homeBefore = listing(tree.path(QStringLiteral("home")));

    EnvironmentLocations locations;
    locations.host.os = OsFlavor::Linux;
    locations.host.variables = {{QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin")},
                                {QStringLiteral("LD_LIBRARY_PATH"), tree.path(QStringLiteral("old/lib64"))}};
    locations.homeDirectory = tree.path(QStringLiteral("home"));
    locations.systemRoot = SystemRoot(tree.path(QStringLiteral("system-root")));
    locations.loginShell = QStringLiteral("/bin/sh");
    locations.store = std::make_shared<MemoryEnvironmentStore>();
    locations.runner = std::make_shared<FakeProcessRunner>();
    locations.listing = std::make_shared<LocalDirectoryListing>();
    const EnvironmentService environment(locations);
    const EnvironmentTarget target{root, Version{13, 0}, Version{9, 19, 0}};
    const EnvironmentReport report = environment.analyse(target, EnvironmentScope::User);

    RepairScanOptions scanOptions;
    scanOptions.roots = {root};
    scanOptions.environment = &report;
    const RepairScan found = RepairScanner(scanOptions).scan(detected({root}));
    const RepairFinding* loss = findingWith(found, QStringLiteral("ENV-SHADOW-USER"));
    QVERIFY2(loss, describe(found).constData());
    QCOMPARE(loss->remedy, RepairFinding::Remedy::Automatic);

    RepairOptions options;
    options.environment = &environment;
    options.environmentPlan = &report.plan;
    EnvironmentOperations::addBuilders(options.operations, environment.locations());
    const RepairResult result = RepairService::repair(found, detected({root}), options);
    QVERIFY2(result.status == RepairResult::Status::Repaired, describe(result).constData());
    QCOMPARE(result.applied.last().fix.kind, RepairFix::Kind::Environment);
    QVERIFY(FileEditStep::readFile(tree.path(QStringLiteral("home/.profile")))->contains(ShellProfile::BeginMarker));
    const RepairScan after
        = RepairScanner(RepairScanOptions{{root}, {}, nullptr, {}}).scan(detected({root})); // files still fine
    QVERIFY(after.isClean());
    const EnvironmentReport again = environment.analyse(target, EnvironmentScope::User);
    QVERIFY2(again.plan.isEmpty(), qPrintable(again.plan.diffText()));

    // --uninstall takes the repair back, search path included (the factory rebuilds the environment step).
    InstallOptions uninstallOptions;
    EnvironmentOperations::addBuilders(uninstallOptions.operations, environment.locations());
    const InstallResult undone = InstallService::uninstall(root, uninstallOptions);
    QVERIFY2(undone.status == InstallResult::Status::Uninstalled, InstallFixtures::describe(undone).constData());
    // Every file as it was (core/env's undo leaves the empty ~/.config/environment.d it created: folders only).
    QStringList files = listing(tree.path(QStringLiteral("home"))).split(QLatin1Char('\n'));
    files.removeIf([](const QString& line) { return line.endsWith(QStringLiteral("/ 7755")); });
    QCOMPARE(files.join(QLatin1Char('\n')), homeBefore);
}

QTEST_GUILESS_MAIN(TestRepairScanner)
#include "TestRepairScanner.moc"
