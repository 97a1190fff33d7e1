#include "RepairFixtures.h"
#include "TestDiagnostic.h"
#include "install/InstallCode.h"
#include "install/ToolkitState.h"
#include "repair/RepairCode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace RepairFixtures;

/**
 * Repair over toolkits installed by cudnn-setup and then damaged: each damage is found with an automatic fix,
 * repair makes the scan come back clean and the toolkit byte for byte what the install left, the repair becomes part
 * of the install's manifest entry, and one uninstall then gives back the toolkit as it was before the install.
 * Packages that moved, wrong packages, cancel, a second run.
 */
class TestRepairService : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void damageIsFoundAndRepairedAndUndone_data();
    void damageIsFoundAndRepairedAndUndone();
    void secondRunIsNothingToRepair();
    void movedPackageNeedsPackageOption();
    void wrongPackageIsRefusedAndNothingChanges();
    void lockedRootIsSaidBeforeThePackageIsRead();
    void missingPackageOptionIsNotFound();
    void cancelMidRepairRollsBack();
    void dryRunChangesNothing();
    void readOnlyToolkitNeedsElevation();
    void exitCodes();

private:
    /** A fresh toolkit with the package installed; returns its root. */
    QString installed(TestTree& tree, const QString& archive);

    TestTree m_packages;
    QString m_archive;
};

static QByteArray readManifest(const QString& root)
{
    QFile file(root + QStringLiteral("/.cudnn-setup/manifest.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestRepairService::initTestCase()
{
    QVERIFY(m_packages.isValid());
    m_archive = writeSpec(m_packages, CudnnArchiveSpec{});
}

QString TestRepairService::installed(TestTree& tree, const QString& archive)
{
    const QString root = makeToolkit(tree);
    const InstallResult result = install(archive, root);
    if (result.status != InstallResult::Status::Ok)
        qWarning("%s", describe(result).constData());
    return result.status == InstallResult::Status::Ok ? root : QString();
}

void TestRepairService::damageIsFoundAndRepairedAndUndone_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("code"); // the finding that names it

    QTest::newRow("sub-library deleted") << "delete"
                                         << "lib/libcudnn_ops.so.9.19.0"
                                         << "CUDNN-MISSING-LIBS";
    QTest::newRow("zero-byte copy") << "truncate"
                                    << "lib/libcudnn_cnn.so.9.19.0"
                                    << "CUDNN-ZERO-BYTE";
    QTest::newRow("chain flattened") << "flatten"
                                     << "lib/libcudnn.so.9"
                                     << "CUDNN-FLATTENED-LINK";
    QTest::newRow("not readable by all") << "chmod600"
                                         << "lib/libcudnn_graph.so.9.19.0"
                                         << "CUDNN-NOT-READABLE";
    QTest::newRow("one byte altered") << "flip"
                                      << "lib/libcudnn_adv.so.9.19.0"
                                      << "REPAIR-FILE-ALTERED";
    QTest::newRow("header altered") << "flip"
                                    << "include/cudnn_version.h"
                                    << "REPAIR-FILE-ALTERED";
    QTest::newRow("header deleted") << "delete"
                                    << "include/cudnn.h"
                                    << "REPAIR-FILE-MISSING";
    QTest::newRow("link retargeted") << "relink"
                                     << "lib/libcudnn_ops.so"
                                     << "REPAIR-LINK-CHANGED";
}

void TestRepairService::damageIsFoundAndRepairedAndUndone()
{
    QFETCH(QString, damage);
    QFETCH(QString, path);
    QFETCH(QString, code);

    TestTree tree;
    const QString root = makeToolkit(tree);
    const QString beforeInstall = listing(root);
    const InstallResult installedResult = install(m_archive, root);
    QVERIFY2(installedResult.status == InstallResult::Status::Ok, describe(installedResult).constData());
    const QString healthy = toolkitListing(root);
    const QByteArray manifestBefore = readManifest(root);
    QVERIFY2(scan(root).isClean(), describe(scan(root)).constData());

    const QString target = root + QLatin1Char('/') + path;
    if (damage == QLatin1String("delete"))
        QVERIFY(QFile::remove(target));
    else if (damage == QLatin1String("truncate"))
        truncateFile(target, 0);
    else if (damage == QLatin1String("flatten"))
        flatten(target);
    else if (damage == QLatin1String("chmod600"))
        chmod600(target);
    else if (damage == QLatin1String("flip"))
        flipByte(target, 3);
    else if (damage == QLatin1String("relink")) {
        QVERIFY(QFile::remove(target));
        QVERIFY(QFile::link(QStringLiteral("libcudnn_cnn.so.9"), target));
    }
    const QString damaged = toolkitListing(root);
    QVERIFY(damaged != healthy);

    const RepairScan before = scan(root);
    QVERIFY2(codesOf(before).contains(code), describe(before).constData());
    QVERIFY(!before.isClean());
    for (const RepairFinding& finding : before.findings) {
        if (finding.isProblem())
            QVERIFY2(finding.remedy == RepairFinding::Remedy::Automatic, describe(before).constData());
    }

    const RepairResult result = RepairService::repair(before, detected({root}));
    QVERIFY2(result.status == RepairResult::Status::Repaired, describe(result).constData());
    QCOMPARE(result.transactions.size(), 1);
    QVERIFY(!result.applied.isEmpty());
    const RepairScan after = scan(root);
    QVERIFY2(after.isClean(), describe(after).constData());
    QCOMPARE(toolkitListing(root), healthy);

    // The repair is part of the install: the manifest keeps one entry that names the repair, and nothing of the
    // damage is kept; one uninstall puts back the toolkit as it was before the install, byte for byte.
    QString error;
    const std::optional<Manifest> manifest
        = Manifest::load(root + QStringLiteral("/.cudnn-setup/manifest.json"), &error);
    QVERIFY2(manifest, qPrintable(error));
    QCOMPARE(manifest->entries.size(), 1);
    QCOMPARE(manifest->entries.first().kind, QStringLiteral("install"));
    QCOMPARE(manifest->entries.first().repairs, result.transactions);
    QVERIFY(!QFileInfo::exists(root + QStringLiteral("/.cudnn-setup/backup/") + result.transactions.first()));
    if (damage != QLatin1String("chmod600")) // a mode fix records the new mode
        QCOMPARE(QJsonDocument::fromJson(readManifest(root))
                     .object()
                     .value(QStringLiteral("installs"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("files")),
                 QJsonDocument::fromJson(manifestBefore)
                     .object()
                     .value(QStringLiteral("installs"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("files")));
    const InstallResult undo = InstallService::uninstall(root);
    QVERIFY2(undo.status == InstallResult::Status::Uninstalled, InstallFixtures::describe(undo).constData());
    QVERIFY2(listing(root) == beforeInstall, difference(listing(root), beforeInstall).constData());
    QCOMPARE(InstallService::uninstall(root).status, InstallResult::Status::NotInstalled);
}

void TestRepairService::secondRunIsNothingToRepair()
{
    TestTree tree;
    const QString root = installed(tree, m_archive);
    QVERIFY(!root.isEmpty());
    truncateFile(root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0"), 0);
    QCOMPARE(RepairService::repair(scan(root), detected({root})).status, RepairResult::Status::Repaired);
    const QString repaired = listing(root);

    const RepairScan again = scan(root);
    QVERIFY2(again.isClean(), describe(again).constData());
    const RepairResult second = RepairService::repair(again, detected({root}));
    QCOMPARE(second.status, RepairResult::Status::NothingToApply);
    QVERIFY(containsCode(second.diagnostics, RepairCode::Nothing));
    QCOMPARE(repairTaskStatus(second, again), TaskStatus::Ok);
    QCOMPARE(listing(root), repaired); // not even the manifest was touched
}

void TestRepairService::movedPackageNeedsPackageOption()
{
    TestTree tree;
    const QString archive = writeSpec(tree, CudnnArchiveSpec{}, QStringLiteral("downloads"));
    const QString root = installed(tree, archive);
    QVERIFY(!root.isEmpty());
    const QString healthy = toolkitListing(root);
    const QString moved = tree.path(QStringLiteral("elsewhere.tar.xz"));
    QVERIFY(QFile::rename(archive, moved));
    QVERIFY(QFile::remove(root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0")));

    const RepairScan without = scan(root);
    QVERIFY(!without.isClean());
    QCOMPARE(without.count(RepairFinding::Remedy::Automatic), 0);
    bool named = false;
    for (const RepairFinding& finding : without.findings)
        named = named
            || finding.manualAction == FixAction::of(FixAction::Kind::ChoosePackage, QFileInfo(archive).fileName());
    QVERIFY2(named, describe(without).constData());
    QCOMPARE(RepairService::repair(without, detected({root})).status, RepairResult::Status::NothingToApply);

    const RepairScan with = scan(root, moved);
    RepairOptions options;
    options.package = moved;
    const RepairResult result = RepairService::repair(with, detected({root}), options);
    QVERIFY2(result.status == RepairResult::Status::Repaired, describe(result).constData());
    QVERIFY(scan(root).isClean());
    QCOMPARE(toolkitListing(root), healthy);
}

void TestRepairService::wrongPackageIsRefusedAndNothingChanges()
{
    TestTree tree;
    const QString root = installed(tree, m_archive);
    QVERIFY(!root.isEmpty());
    truncateFile(root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0"), 0);
    chmod600(root + QStringLiteral("/lib/libcudnn_graph.so.9.19.0"));
    const QString damaged = listing(root); // the state folder included

    CudnnArchiveSpec other; // the same names and version, other bytes
    other.libraryPayload = "another build";
    const QString wrong = writeSpec(tree, other, QStringLiteral("other"));
    RepairOptions options;
    options.package = wrong;
    const RepairResult result = RepairService::repair(scan(root, wrong), detected({root}), options);
    QCOMPARE(result.status, RepairResult::Status::PackageRejected);
    QVERIFY2(containsCode(result.diagnostics, RepairCode::PackageMismatch), describe(result).constData());
    QCOMPARE(repairTaskStatus(result, scan(root)), TaskStatus::Rejected);
    QCOMPARE(listing(root), damaged); // not even the fix that needs no package ran
}

void TestRepairService::lockedRootIsSaidBeforeThePackageIsRead()
{
    TestTree tree;
    const QString root = installed(tree, m_archive);
    QVERIFY(!root.isEmpty());
    QVERIFY(QFile::remove(root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0")));
    ToolkitState other(root); // another run holds the toolkit
    QString error;
    QCOMPARE(other.lock(&error), ToolkitState::LockResult::Locked);
    const QString damaged = toolkitListing(root);

    // A package that reading would reject: the answer says LOCKED, so it was never read.
    CudnnArchiveSpec wrongSpec;
    wrongSpec.libraryPayload = "another build";
    const QString wrong = writeSpec(tree, wrongSpec, QStringLiteral("other"));
    RepairOptions options;
    options.package = wrong;
    const RepairResult result = RepairService::repair(scan(root, wrong), detected({root}), options);
    QCOMPARE(result.status, RepairResult::Status::Failed);
    QVERIFY2(containsCode(result.diagnostics, InstallCode::Locked), describe(result).constData());
    QVERIFY2(!containsCode(result.diagnostics, RepairCode::PackageMismatch), describe(result).constData());
    QCOMPARE(toolkitListing(root), damaged);
}

void TestRepairService::missingPackageOptionIsNotFound()
{
    TestTree tree;
    const QString root = installed(tree, m_archive);
    QVERIFY(!root.isEmpty());
    truncateFile(root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0"), 0);
    const QString damaged = listing(root);
    RepairOptions options;
    options.package = tree.path(QStringLiteral("no-such.tar.xz"));
    const RepairResult result = RepairService::repair(scan(root, options.package), detected({root}), options);
    QCOMPARE(result.status, RepairResult::Status::PackageNotFound);
    QCOMPARE(repairTaskStatus(result, scan(root)), TaskStatus::NothingFound);
    QCOMPARE(listing(root), damaged);
}

namespace {
/** Cancels once the repair begins putting files in place, after the files were staged. */
class CancelWhenPlacing : public ProgressSink
{
public:
    explicit CancelWhenPlacing(CancellationToken token)
        : m_token(std::move(token))
    {
    }
    void report(const ProgressUpdate& update) override
    {
        if (update.phase == RepairService::tr("Putting files in place") && update.itemsDone >= 1)
            m_token.cancel();
        phases.append(update.phase);
    }
    QStringList phases;

private:
    CancellationToken m_token;
};
} // namespace

void TestRepairService::cancelMidRepairRollsBack()
{
    TestTree tree;
    const QString root = installed(tree, m_archive);
    QVERIFY(!root.isEmpty());
    QVERIFY(QFile::remove(root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0")));
    truncateFile(root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0"), 0);
    flatten(root + QStringLiteral("/lib/libcudnn.so.9"));
    const QString damaged = listing(root);

    CancellationToken cancel;
    CancelWhenPlacing progress(cancel);
    const RepairResult result = RepairService::repair(scan(root), detected({root}), {}, &progress, cancel);
    QVERIFY2(result.status == RepairResult::Status::RolledBack, describe(result).constData());
    QVERIFY(containsCode(result.diagnostics, RepairCode::Canceled));
    QVERIFY(progress.phases.contains(RepairService::tr("Putting everything back")));
    QCOMPARE(repairTaskStatus(result, scan(root)), TaskStatus::RolledBack);
    QVERIFY2(listing(root) == damaged, difference(listing(root), damaged).constData());
}

void TestRepairService::dryRunChangesNothing()
{
    TestTree tree;
    const QString root = installed(tree, m_archive);
    QVERIFY(!root.isEmpty());
    truncateFile(root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0"), 0);
    const QString damaged = listing(root);
    RepairOptions options;
    options.dryRun = true;
    const RepairScan before = scan(root);
    const RepairResult result = RepairService::repair(before, detected({root}), options);
    QCOMPARE(result.status, RepairResult::Status::DryRun);
    QCOMPARE(result.applied.size(), 1);
    QCOMPARE(result.applied.first().fix.kind, RepairFix::Kind::RestoreFile);
    QVERIFY(result.transactions.isEmpty());
    QCOMPARE(repairTaskStatus(result, before), TaskStatus::Failed); // something is broken, and still is
    QCOMPARE(listing(root), damaged);
}

void TestRepairService::readOnlyToolkitNeedsElevation()
{
    TestTree tree;
    const QString root = installed(tree, m_archive);
    QVERIFY(!root.isEmpty());
    chmod600(root + QStringLiteral("/lib/libcudnn_graph.so.9.19.0"));
    RepairScanOptions options;
    options.roots = {root};
    options.canWriteIn = [](const QString&) { return false; }; // CI runs as root: the probe stands in
    const RepairScan found = RepairScanner(options).scan(detected({root}));
    QVERIFY(!found.isClean());
    QVERIFY2(found.count(RepairFinding::Remedy::NeedsElevation) > 0, describe(found).constData());
    QCOMPARE(found.count(RepairFinding::Remedy::Automatic), 0);
    const RepairResult result = RepairService::repair(found, detected({root}));
    QCOMPARE(result.status, RepairResult::Status::NothingToApply);
    QCOMPARE(repairTaskStatus(result, found), TaskStatus::NeedsElevation);
}

void TestRepairService::exitCodes()
{
    RepairScan clean;
    RepairResult nothing;
    QCOMPARE(repairTaskStatus(nothing, clean), TaskStatus::Ok);
    RepairScan manual;
    RepairFinding finding;
    finding.diagnostic
        = testDiagnostic(Severity::Error, QStringLiteral("CUDNN-MIXED-VERSIONS"), QStringLiteral("mixed"));
    finding.remedy = RepairFinding::Remedy::Manual;
    manual.findings.append(finding);
    QCOMPARE(repairTaskStatus(nothing, manual), TaskStatus::Failed);
    RepairFinding fact;
    fact.diagnostic = Diagnostic::of(RepairCode::ConsumerOwnCopy, QStringLiteral("torch has its own"));
    fact.remedy = RepairFinding::Remedy::None;
    RepairScan facts;
    facts.findings.append(fact);
    QVERIFY(facts.isClean());
    QCOMPARE(repairTaskStatus(nothing, facts), TaskStatus::Ok);
}

QTEST_GUILESS_MAIN(TestRepairService)
#include "TestRepairService.moc"
