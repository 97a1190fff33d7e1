#include "../unit/repair/RepairFixtures.h"
#include "SilentRun.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

using namespace RepairFixtures;

/**
 * `cudnn-setup --silent --repair`, driven as a deployment script drives it, over a toolkit installed by cudnn-setup
 * and then damaged: the report's "repair" section, the exit codes (0 repaired / nothing to repair, 1 something
 * left, 3 wrong package, 8 no package), a moved package found through --package, the dry run, --uninstall
 * after the repair giving back the toolkit as it was before the install, and a pip wheel's copy that wins the
 * search named as the wheel of its environment.
 */
class TestRepairCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void repairThenNothingToRepairThenUninstall();
    void movedPackageThroughPackageOption();
    void wrongPackageExitsThreeAndChangesNothing();
    void missingPackageExitsEight();
    void dryRunChangesNothing();
    void killedRepairIsRecoveredByTheNextRun();
    void aPipCopyThatWinsIsNamedByItsOrigin();
    void aToolNotOnThePathIsNotShadowed();
    void aWholeOtherCopyFirstIsOneFinding();
    void anUnreadableJournalIsAnUnfinishedRepair();

private:
    using Run = SilentRun::Result;
    Run run(const QStringList& arguments, const QMap<QString, QString>& environment = {});
    void damage();
    /** LD_LIBRARY_PATH of every login of the machine (its /etc/environment), as a terminal started after one has. */
    QMap<QString, QString> everyLoginGets(const QString& ldLibraryPath);

    TestTree m_shared;
    QString m_archive;
    std::unique_ptr<TestTree> m_tree;
    QString m_root;
    QString m_beforeInstall; // the toolkit before cudnn-setup installed into it
};

static QJsonObject repairSection(const QJsonObject& report)
{
    return report.value(QStringLiteral("repair")).toObject();
}

void TestRepairCli::initTestCase()
{
    m_archive = writeSpec(m_shared, CudnnArchiveSpec{});
}

void TestRepairCli::init()
{
    m_tree = std::make_unique<TestTree>();
    m_root = makeToolkit(*m_tree);
    m_tree->makeDir(QStringLiteral("home"));
    m_tree->makeDir(QStringLiteral("system-root/etc"));
    m_beforeInstall = listing(m_root);
    const InstallResult installed = install(m_archive, m_root);
    QVERIFY2(installed.status == InstallResult::Status::Ok, InstallFixtures::describe(installed).constData());
}

TestRepairCli::Run TestRepairCli::run(const QStringList& arguments, const QMap<QString, QString>& environment)
{
    SilentRun silent(m_tree->path(QStringLiteral("report.json")));
    silent.set(QStringLiteral("HOME"), m_tree->path(QStringLiteral("home")));
    silent.set(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), m_tree->path(QStringLiteral("system-root")));
    silent.set(environment);
    // --path-scope none: the search path of the machine running the tests is not the toolkit's to fix.
    return silent.run(
        QStringList{QStringLiteral("--cuda-root"), m_root, QStringLiteral("--path-scope"), QStringLiteral("none")}
        + arguments);
}

QMap<QString, QString> TestRepairCli::everyLoginGets(const QString& ldLibraryPath)
{
    m_tree->writeFile(QStringLiteral("system-root/etc/environment"),
                      "LD_LIBRARY_PATH=" + ldLibraryPath.toUtf8() + "\n");
    return {{QStringLiteral("LD_LIBRARY_PATH"), ldLibraryPath}};
}

void TestRepairCli::damage()
{
    QVERIFY(QFile::remove(m_root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0")));
    truncateFile(m_root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0"), 0);
    flatten(m_root + QStringLiteral("/lib/libcudnn.so.9"));
    chmod600(m_root + QStringLiteral("/lib/libcudnn_graph.so.9.19.0"));
    flipByte(m_root + QStringLiteral("/include/cudnn_version.h"), 2);
}

void TestRepairCli::repairThenNothingToRepairThenUninstall()
{
    const QString healthy = toolkitListing(m_root);
    damage();
    QVERIFY(toolkitListing(m_root) != healthy);
    const QString logPath = m_tree->path(QStringLiteral("repair.log"));

    const Run repaired = run({QStringLiteral("--repair"), QStringLiteral("--log"), logPath});
    QVERIFY2(repaired.exitCode == 0, repaired.out + repaired.err);
    QCOMPARE(repaired.report.value(QStringLiteral("command")).toString(), QStringLiteral("repair"));
    QCOMPARE(repaired.report.value(QStringLiteral("status")).toString(), QStringLiteral("repaired"));
    const QJsonObject section = repairSection(repaired.report);
    QCOMPARE(section.value(QStringLiteral("status")).toString(), QStringLiteral("repaired"));
    QStringList kinds;
    for (const QJsonValue& fix : section.value(QStringLiteral("applied")).toArray())
        kinds.append(fix.toObject().value(QStringLiteral("kind")).toString());
    QVERIFY2(kinds.contains(QStringLiteral("restore_file")) && kinds.contains(QStringLiteral("rebuild_link"))
                 && kinds.contains(QStringLiteral("fix_permissions")),
             qPrintable(kinds.join(QLatin1Char(' '))));
    QVERIFY(!section.value(QStringLiteral("findings")).toArray().isEmpty());
    QVERIFY(section.value(QStringLiteral("remaining")).toArray().isEmpty());
    QVERIFY(section.value(QStringLiteral("manual_steps")).toArray().isEmpty());
    QCOMPARE(section.value(QStringLiteral("transactions")).toArray().size(), 1);
    QVERIFY2(toolkitListing(m_root) == healthy, difference(toolkitListing(m_root), healthy).constData());
    QFile log(logPath);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QByteArray logText = log.readAll();
    QVERIFY2(logText.contains("repaired ") && logText.contains("committed"), logText.constData());

    const Run again = run({QStringLiteral("--repair")});
    QVERIFY2(again.exitCode == 0, again.out + again.err);
    QCOMPARE(again.report.value(QStringLiteral("status")).toString(), QStringLiteral("nothing_to_repair"));
    QVERIFY2(again.out.contains("Nothing to repair."), again.out.constData());
    QVERIFY(repairSection(again.report).value(QStringLiteral("applied")).toArray().isEmpty());

    // The repair is part of the install: uninstall gives back the toolkit as it was before the install, not the
    // damage, and there is nothing left to take back after it.
    const Run undone = run({QStringLiteral("--uninstall")});
    QVERIFY2(undone.exitCode == 0, undone.out + undone.err);
    QVERIFY2(listing(m_root) == m_beforeInstall, difference(listing(m_root), m_beforeInstall).constData());
    const Run nothingLeft = run({QStringLiteral("--uninstall")});
    QVERIFY2(nothingLeft.exitCode == 0, nothingLeft.out + nothingLeft.err);
    QVERIFY2(nothingLeft.out.contains("Nothing to uninstall"), nothingLeft.out.constData());
}

void TestRepairCli::movedPackageThroughPackageOption()
{
    const QString healthy = toolkitListing(m_root);
    const QString moved = m_tree->path(QStringLiteral("moved.tar.xz"));
    QVERIFY(QFile::copy(m_archive, moved));
    // The manifest names the shared archive: make it "gone" by pointing the manifest at a path that is not there.
    const QString manifestPath = m_root + QStringLiteral("/.cudnn-setup/manifest.json");
    QFile manifestFile(manifestPath);
    QVERIFY(manifestFile.open(QIODevice::ReadOnly));
    QByteArray manifest = manifestFile.readAll();
    manifestFile.close();
    manifest.replace(m_archive.toUtf8(), m_tree->path(QStringLiteral("downloads/gone.tar.xz")).toUtf8());
    QVERIFY(manifestFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
    manifestFile.write(manifest);
    manifestFile.close();
    QVERIFY(QFile::remove(m_root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0")));

    const Run stuck = run({QStringLiteral("--repair")});
    QVERIFY2(stuck.exitCode == 1, stuck.out + stuck.err);
    const QJsonArray steps = repairSection(stuck.report).value(QStringLiteral("manual_steps")).toArray();
    QVERIFY(!steps.isEmpty());
    // The report says what to do as an action; the terminal words it with the option that does it.
    const QJsonObject remaining
        = repairSection(stuck.report).value(QStringLiteral("remaining")).toArray().first().toObject();
    QCOMPARE(remaining.value(QStringLiteral("manual_action")).toObject().value(QStringLiteral("kind")).toString(),
             QStringLiteral("choose-package"));
    QVERIFY2(stuck.out.contains("--package"), stuck.out.constData());

    const Run fixed = run({QStringLiteral("--repair"), QStringLiteral("--package"), moved});
    QVERIFY2(fixed.exitCode == 0, fixed.out + fixed.err);
    QVERIFY2(toolkitListing(m_root) == healthy, difference(toolkitListing(m_root), healthy).constData());
}

void TestRepairCli::wrongPackageExitsThreeAndChangesNothing()
{
    damage();
    const QString damaged = listing(m_root);
    CudnnArchiveSpec other;
    other.libraryPayload = "a different build";
    const QString wrong = writeSpec(*m_tree, other, QStringLiteral("other"));
    const Run refused = run({QStringLiteral("--repair"), QStringLiteral("--package"), wrong});
    QVERIFY2(refused.exitCode == 3, refused.out + refused.err);
    QCOMPARE(repairSection(refused.report).value(QStringLiteral("status")).toString(),
             QStringLiteral("package_rejected"));
    QVERIFY2(refused.out.contains("REPAIR-PACKAGE-MISMATCH"), refused.out.constData());
    QVERIFY2(listing(m_root) == damaged, difference(listing(m_root), damaged).constData());
}

void TestRepairCli::missingPackageExitsEight()
{
    damage();
    const QString damaged = listing(m_root);
    const Run missing = run({QStringLiteral("--repair"), QStringLiteral("--package"), m_tree->path("nothing.tar.xz")});
    QVERIFY2(missing.exitCode == 8, missing.out + missing.err);
    QCOMPARE(listing(m_root), damaged);
}

void TestRepairCli::dryRunChangesNothing()
{
    damage();
    const QString damaged = listing(m_root);
    const Run dry = run({QStringLiteral("--repair"), QStringLiteral("--dry-run")});
    QVERIFY2(dry.exitCode == 1, dry.out + dry.err); // broken, and (by request) still broken
    QCOMPARE(dry.report.value(QStringLiteral("command")).toString(), QStringLiteral("repair-dry-run"));
    QCOMPARE(repairSection(dry.report).value(QStringLiteral("status")).toString(), QStringLiteral("dry_run"));
    QVERIFY(!repairSection(dry.report).value(QStringLiteral("applied")).toArray().isEmpty());
    QVERIFY2(dry.out.contains("would restore_file"), dry.out.constData());
    QVERIFY2(listing(m_root) == damaged, difference(listing(m_root), damaged).constData());
}

void TestRepairCli::killedRepairIsRecoveredByTheNextRun()
{
    const QString healthy = toolkitListing(m_root);
    damage();
    const QString damaged = listing(m_root);
    // Killed as kill -9 would, between moving the damaged copy aside and renaming the restored one into place.
    const Run killed = run({QStringLiteral("--repair")},
                           {{QStringLiteral("CUDNN_SETUP_TEST_FAULT"), QStringLiteral("swap.rename:1:exit")}});
    QCOMPARE(killed.exitCode, 137);
    QVERIFY(QFile::exists(m_root + QStringLiteral("/.cudnn-setup/journal.json")));
    QVERIFY(listing(m_root) != damaged);

    const Run next = run({QStringLiteral("--repair")});
    QVERIFY2(next.exitCode == 0, next.out + next.err);
    QVERIFY2(next.out.contains("INSTALL-RECOVERED")
                 || reportCodes(next.report).contains(QStringLiteral("INSTALL-RECOVERED")),
             next.out.constData());
    QVERIFY(!QFile::exists(m_root + QStringLiteral("/.cudnn-setup/journal.json")));
    QVERIFY2(toolkitListing(m_root) == healthy, difference(toolkitListing(m_root), healthy).constData());
}

void TestRepairCli::anUnreadableJournalIsAnUnfinishedRepair()
{
    // An earlier run's journal cut short (a full disk while it was written): it cannot be put back, so the toolkit
    // is left as that run left it, and the repair did not finish whatever it fixed after.
    // Nothing else is broken: no fix runs to fail on it.
    const QString journal = m_root + QStringLiteral("/.cudnn-setup/journal.json");
    QVERIFY(QDir().mkpath(QFileInfo(journal).path()));
    QFile cut(journal);
    QVERIFY(cut.open(QIODevice::WriteOnly) && cut.write("{ cut short") > 0);
    cut.close();
    const QString before = listing(m_root);
    const Run repaired = run({QStringLiteral("--repair")});
    QVERIFY2(repaired.exitCode == 1, repaired.out + repaired.err);
    QVERIFY2(reportCodes(repaired.report).contains(QStringLiteral("INSTALL-JOURNAL-UNREADABLE")),
             repaired.out + repaired.err);
    QVERIFY2(repaired.report.value(QStringLiteral("status")).toString() != QLatin1String("repaired"),
             repaired.out + repaired.err);
    QCOMPARE(listing(m_root), before);
}

QTEST_GUILESS_MAIN(TestRepairCli)
/**
 * A venv's nvidia-cudnn-cu12 wheel first on LD_LIBRARY_PATH, ahead of the toolkit cudnn-setup installed into: the
 * repair's analysis names the winning files by the copy detection found them in (the report's "copy" and the
 * terminal's "which copy" lines), not as a bare LD_LIBRARY_PATH folder.
 */
void TestRepairCli::aPipCopyThatWinsIsNamedByItsOrigin()
{
    const QString site = QStringLiteral("venvs/asr/lib/python3.11/site-packages");
    m_tree->writeFile(QStringLiteral("venvs/asr/pyvenv.cfg"), "home = /usr/bin\nversion = 3.11.2\n");
    m_tree->writeFile(site + QStringLiteral("/nvidia_cudnn_cu12-9.1.0.70.dist-info/METADATA"),
                      "Metadata-Version: 2.1\nName: nvidia-cudnn-cu12\nVersion: 9.1.0.70\n");
    QByteArray record;
    for (const char* name : {"libcudnn.so.9", "libcudnn_ops.so.9"}) {
        m_tree->writeFile(site + QStringLiteral("/nvidia/cudnn/lib/") + QLatin1String(name), "the wheel's bytes");
        record += QByteArray("nvidia/cudnn/lib/") + name + ",sha256=AAAA,17\n";
    }
    m_tree->writeFile(site + QStringLiteral("/nvidia_cudnn_cu12-9.1.0.70.dist-info/RECORD"), record);
    const QString venv = QFileInfo(m_tree->path(QStringLiteral("venvs/asr"))).canonicalFilePath();
    const QString wheel = QFileInfo(m_tree->path(site + QStringLiteral("/nvidia/cudnn/lib"))).canonicalFilePath();
    const QString before = listing(m_root);

    const Run dry = run({QStringLiteral("--repair"),
                         QStringLiteral("--dry-run"),
                         QStringLiteral("--path-scope"),
                         QStringLiteral("user"),
                         QStringLiteral("--python-env"),
                         venv},
                        everyLoginGets(wheel));
    QVERIFY2(dry.exitCode == 1, dry.out + dry.err); // the wheel wins: found, and (a dry run) not fixed
    QJsonObject winner;
    for (const QJsonValue& conflict :
         dry.report.value(QStringLiteral("environment")).toObject().value(QStringLiteral("conflicts")).toArray()) {
        if (conflict.toObject().value(QStringLiteral("library")).toString() == QLatin1String("libcudnn.so.9"))
            winner = conflict.toObject().value(QStringLiteral("winner")).toObject();
    }
    QCOMPARE(winner.value(QStringLiteral("path")).toString(), wheel + QStringLiteral("/libcudnn.so.9"));
    const QJsonObject copy = winner.value(QStringLiteral("copy")).toObject();
    QCOMPARE(copy.value(QStringLiteral("origin")).toString(), QStringLiteral("pip"));
    QCOMPARE(copy.value(QStringLiteral("managed_by")).toString(), QStringLiteral("pip"));
    QCOMPARE(copy.value(QStringLiteral("package_version")).toString(), QStringLiteral("9.1.0.70"));
    QCOMPARE(copy.value(QStringLiteral("environment")).toString(), venv);
    const QString line = wheel + QStringLiteral("/libcudnn.so.9  [pip wheel ") + copy.value("package").toString()
        + QStringLiteral(" 9.1.0.70, environment ") + venv + QLatin1Char(']');
    QVERIFY2(dry.out.contains(line.toUtf8()), dry.out.constData());
    QVERIFY2(dry.out.contains("Which copy a new program gets"), dry.out.constData());
    QVERIFY2(listing(m_root) == before, difference(listing(m_root), before).constData());
}

void TestRepairCli::aToolNotOnThePathIsNotShadowed()
{
    // The toolkit's bin is not on PATH and no other nvcc is: nothing is shadowed, and a dry run that finds only that
    // (information, which repair would fix itself) has found nothing broken.
    m_tree->writeFile(QFileInfo(m_root).fileName() + QStringLiteral("/bin/nvcc"), "#!/bin/sh\n");
    QFile::setPermissions(m_root + QStringLiteral("/bin/nvcc"),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther);
    QMap<QString, QString> environment = everyLoginGets(m_root + QStringLiteral("/lib"));
    environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    const Run dry = run({QStringLiteral("--repair"),
                         QStringLiteral("--dry-run"),
                         QStringLiteral("--path-scope"),
                         QStringLiteral("user")},
                        environment);
    QStringList codes;
    QJsonObject nvcc;
    for (const QJsonValue& value : repairSection(dry.report).value(QStringLiteral("findings")).toArray()) {
        const QJsonObject finding = value.toObject();
        codes.append(finding.value(QStringLiteral("code")).toString());
        if (finding.value(QStringLiteral("subject")).toString() == QLatin1String("nvcc"))
            nvcc = finding;
    }
    QVERIFY2(!codes.contains(QStringLiteral("ENV-SHADOW-USER")), qPrintable(codes.join(u' ') + dry.out));
    QCOMPARE(nvcc.value(QStringLiteral("code")).toString(), QStringLiteral("ENV-NOT-FOUND"));
    QCOMPARE(nvcc.value(QStringLiteral("severity")).toString(), QStringLiteral("info"));
    QCOMPARE(nvcc.value(QStringLiteral("remedy")).toString(), QStringLiteral("automatic"));
    QVERIFY2(dry.exitCode == 0, dry.out + dry.err);
}

void TestRepairCli::aWholeOtherCopyFirstIsOneFinding()
{
    // Issue 52's machine: the toolkit holds a complete cuDNN and the CUDA runtime, but the loader's configuration
    // (ld.so.conf.d) names another toolkit's lib, which holds them all too, and that toolkit's nvcc is first on PATH.
    // Two causes, two findings: one naming every library it shadows, one for nvcc; never one per library.
    m_tree->writeFile(QFileInfo(m_root).fileName() + QStringLiteral("/lib/libcudart.so.13"), "this toolkit's cudart");
    QStringList libraries;
    for (const QFileInfo& file :
         QDir(m_root + QStringLiteral("/lib"))
             .entryInfoList({QStringLiteral("libcudnn*.so.9"), QStringLiteral("libcudart.so.13")})) {
        m_tree->writeFile(QStringLiteral("system-root/other-cuda/lib/") + file.fileName(), "the other toolkit's copy");
        libraries.append(file.fileName());
    }
    QVERIFY2(libraries.size() >= 9, qPrintable(libraries.join(u' ')));
    m_tree->writeFile(QStringLiteral("system-root/etc/ld.so.conf"), "include /etc/ld.so.conf.d/*.conf\n");
    m_tree->writeFile(QStringLiteral("system-root/etc/ld.so.conf.d/other-cuda.conf"), "/other-cuda/lib\n");
    const auto executable = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther;
    m_tree->writeFile(QFileInfo(m_root).fileName() + QStringLiteral("/bin/nvcc"), "#!/bin/sh\n");
    QVERIFY(QFile::setPermissions(m_root + QStringLiteral("/bin/nvcc"), executable));
    const QString other = makeToolkit(*m_tree, QStringLiteral("cuda-12.9"), 12090);
    m_tree->writeFile(QStringLiteral("cuda-12.9/bin/nvcc"), "#!/bin/sh\n");
    QVERIFY(QFile::setPermissions(other + QStringLiteral("/bin/nvcc"), executable));

    const Run dry = run({QStringLiteral("--repair"),
                         QStringLiteral("--dry-run"),
                         QStringLiteral("--path-scope"),
                         QStringLiteral("user")},
                        {{QStringLiteral("PATH"), other + QStringLiteral("/bin:/usr/bin:/bin")},
                         {QStringLiteral("LD_LIBRARY_PATH"), QString()}});
    // The search path's findings (a test host's own /usr/local/cuda may add a toolkit pointer's, not ours to judge).
    QJsonArray findings;
    for (const QJsonValue& value : repairSection(dry.report).value(QStringLiteral("findings")).toArray()) {
        if (value.toObject().value(QStringLiteral("code")).toString().startsWith(QStringLiteral("ENV-")))
            findings.append(value);
    }
    QVERIFY2(findings.size() == 2, dry.out.constData());
    QJsonObject grouped;
    QJsonObject nvcc;
    for (const QJsonValue& value : findings) {
        const QJsonObject finding = value.toObject();
        QCOMPARE(finding.value(QStringLiteral("code")).toString(), QStringLiteral("ENV-SHADOW-USER"));
        QCOMPARE(finding.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
        QCOMPARE(finding.value(QStringLiteral("remedy")).toString(), QStringLiteral("automatic"));
        (finding.contains(QStringLiteral("subjects")) ? grouped : nvcc) = finding;
    }
    QVERIFY2(!grouped.isEmpty() && !nvcc.isEmpty(), dry.out.constData());
    QCOMPARE(nvcc.value(QStringLiteral("subject")).toString(), QStringLiteral("nvcc"));
    QVERIFY(!grouped.contains(QStringLiteral("subject")));
    QStringList subjects;
    for (const QJsonValue& subject : grouped.value(QStringLiteral("subjects")).toArray())
        subjects.append(subject.toString());
    subjects.sort();
    libraries.sort();
    QCOMPARE(subjects, libraries);
    QVERIFY2(grouped.value(QStringLiteral("message")).toString().contains(QStringLiteral("/other-cuda/lib")),
             dry.out.constData());
    // The report's own list agrees: a script counting its diagnostics counts the same two causes.
    int shadows = 0;
    for (const QJsonValue& value : dry.report.value(QStringLiteral("diagnostics")).toArray())
        shadows += value.toObject().value(QStringLiteral("code")).toString() == QLatin1String("ENV-SHADOW-USER");
    QCOMPARE(shadows, 2);
    // The terminal: one line per cause, the libraries on an indented line under it.
    const QString out = QString::fromUtf8(dry.out);
    QCOMPARE(out.count(QStringLiteral("[automatic] ENV-SHADOW-USER")), 2);
    QVERIFY2(out.contains(QStringLiteral("\n      affects %1: ").arg(libraries.size())), dry.out.constData());
    QVERIFY2(dry.exitCode == 1, dry.out + dry.err);

    // --detect of the same toolkit on the same machine says the same two causes, word for word.
    const auto searchPathFindings = [](const QJsonObject& report) {
        QJsonArray found;
        for (const QJsonValue& value : report.value(QStringLiteral("diagnostics")).toArray()) {
            if (value.toObject().value(QStringLiteral("code")).toString().startsWith(QStringLiteral("ENV-SHADOW")))
                found.append(value);
        }
        return found;
    };
    const Run detected = run({QStringLiteral("--detect")},
                             {{QStringLiteral("PATH"), other + QStringLiteral("/bin:/usr/bin:/bin")},
                              {QStringLiteral("LD_LIBRARY_PATH"), QString()}});
    QCOMPARE(searchPathFindings(detected.report), searchPathFindings(dry.report));
}

#include "TestRepairCli.moc"
