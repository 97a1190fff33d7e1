#include "../unit/repair/RepairFixtures.h"
#include "SilentRun.h"
#include "env/EnvironmentStep.h"
#include "env/ShellProfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>
#include <csignal>
#include <unistd.h>

using namespace RepairFixtures;

/**
 * `cudnn-setup --silent --package ... | --uninstall | --deploy-to`, driven as a deployment script drives it: the
 * report contract, the log, the exit codes, a process killed mid-way and recovered by the next run, a read-only
 * toolkit, a hostile archive; and the installed real cuDNN answering cudnnGetVersion() = 91900.
 */
class TestInstallCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void installReportUninstall();
    void killedRunIsRecoveredByTheNextOne_data();
    void killedRunIsRecoveredByTheNextOne();
    void killedUninstallIsRecoveredByTheNextOne();
    void killedBetweenTwoEnvironmentStepsIsRecovered_data();
    void killedBetweenTwoEnvironmentStepsIsRecovered();
    void readOnlyToolkitExitsFour();
    void aLockThatIsNoFileIsUnsafe_data();
    void aLockThatIsNoFileIsUnsafe();
    void missingToolkitIsSaidBeforeTheArchiveIsRead();
    void wrongCudaRootNamesTheToolkitsFound();
    void wrongCudaByNameIsRefusedBeforeReading();
    void hostileArchiveExitsThree();
    void deployAndTakeBack();
    void uninstallAfterRepairsIsTheToolkitBeforeTheInstall_data();
    void uninstallAfterRepairsIsTheToolkitBeforeTheInstall();
    void uninstallAfterRepairsOfASwitchBringsTheOlderInstallBack();
    void uninstallingOneToolkitLeavesAnothersFix();
    void takingBackTheNewestFixPointsAtTheOtherInstall();
    void uninstallFindsEveryInstallThisUserMade();
    void reportThatCannotBeWrittenChangesNothing();
    void extractedArchiveFolderInstallsAsTheArchive();
    void verifyFailsWhenANewProgramGetsAnotherCopy_data();
    void verifyFailsWhenANewProgramGetsAnotherCopy();
    void ctrlCDuringTheBenchmarkKeepsTheCasesMeasured();

private:
    /** An install into root (no benchmark), which must succeed. */
    void installInto(const QString& root);
    /** The login profile and the environment.d file of the injected home; nullopt when absent. */
    QByteArray profile() const;
    std::optional<QByteArray> environmentD() const;
    using Run = SilentRun::Result;
    Run
    run(const QStringList& arguments, const QMap<QString, QString>& environment = {}, const QStringList& wrapper = {});
    /** An older cuDNN copied by hand, so the install replaces, supersedes and backs up. */
    void handCopiedOlderCudnn();
    /** The sequence: libcudnn_cnn deleted, --repair, libcudnn_ops zeroed, --repair. */
    void damageAndRepairTwice();

    TestTree m_shared;
    bool m_verify = false;
    QString m_archive;
    std::unique_ptr<TestTree> m_tree;
    QString m_root;
};

void TestInstallCli::initTestCase()
{
    m_archive = writeArchive(m_shared, realCudnn919(), CudnnArchiveSpec{}.fileName());
}

void TestInstallCli::init()
{
    m_tree = std::make_unique<TestTree>();
    m_root = makeToolkit(*m_tree);
    m_verify = false;
    m_tree->writeFile(QStringLiteral("home/.profile"), "export EDITOR=vi\n");
    m_tree->makeDir(QStringLiteral("system-root/etc"));
}

TestInstallCli::Run
TestInstallCli::run(const QStringList& arguments, const QMap<QString, QString>& environment, const QStringList& wrapper)
{
    SilentRun silent(m_tree->path(QStringLiteral("report.json")));
    // The search path step writes the user's profile and, for machine scope, /etc: both stay inside the test's tree.
    silent.set(QStringLiteral("HOME"), m_tree->path(QStringLiteral("home")));
    silent.set(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), m_tree->path(QStringLiteral("system-root")));
    silent.set(environment);
    silent.setWrapper(wrapper);
    QStringList args = arguments;
    if (!m_verify && arguments.contains(QStringLiteral("--package")))
        args.append(
            QStringLiteral("--no-verify")); // the synthetic sub-libraries cannot load: see installReportUninstall
    return silent.run(args);
}

void TestInstallCli::handCopiedOlderCudnn()
{
    m_tree->writeFile(QStringLiteral("cuda-13.0/include/cudnn.h"), "/* cuDNN 9.1, copied by hand */\n");
    m_tree->writeFile(QStringLiteral("cuda-13.0/include/cudnn_version.h"),
                      SyntheticBinary::versionHeader(Version{9, 1, 0}));
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libcudnn.so.9.1.0"), SyntheticBinary::elf(62, "nine one"));
    m_tree->symlink(QStringLiteral("cuda-13.0/lib/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.1.0"));
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libcudnn_ops_infer.so.8"), SyntheticBinary::elf(62, "eight"));
}

void TestInstallCli::installReportUninstall()
{
    handCopiedOlderCudnn();
    const QString before = listing(m_root);
    const QString home = m_tree->path(QStringLiteral("home"));
    const QString homeBefore = listing(home);
    const QString logPath = m_tree->path(QStringLiteral("install.log"));

    m_verify = true;
    const Run installed = run({QStringLiteral("--package"),
                               m_archive,
                               QStringLiteral("--cuda-root"),
                               m_root,
                               QStringLiteral("--log"),
                               logPath,
                               QStringLiteral("--no-benchmark")});
    m_verify = false;
    // The package's real libcudnn.so.9 loads from the toolkit, but its synthetic sub-libraries cannot: installed,
    // and verification says exactly which library fails: exit 6, not 0.
    QVERIFY2(installed.exitCode == 6, installed.out + installed.err);
    const QJsonObject verify = installed.report.value(QStringLiteral("verify")).toObject();
    QCOMPARE(verify.value(QStringLiteral("passed")).toBool(true), false);
    QVERIFY2(installed.out.contains("Verify: FAILED"), installed.out);
    const QString verifyJson = QString::fromUtf8(QJsonDocument(verify).toJson());
    QVERIFY2(verifyJson.contains(QStringLiteral("libcudnn_ops.so.9 could not be loaded: ") + m_root),
             qPrintable(verifyJson));
    const QJsonObject& report = installed.report;
    QCOMPARE(report.value(QStringLiteral("command")).toString(), QStringLiteral("install"));
    QCOMPARE(report.value(QStringLiteral("status")).toString(), QStringLiteral("verify_failed"));
    const QJsonObject package = report.value(QStringLiteral("package")).toObject();
    QCOMPARE(package.value(QStringLiteral("file")).toString(), m_archive);
    QCOMPARE(package.value(QStringLiteral("cudnn_version")).toString(), QStringLiteral("9.19.0"));
    QCOMPARE(package.value(QStringLiteral("cuda_major")).toInt(), 13);
    QCOMPARE(package.value(QStringLiteral("platform")).toString(), QStringLiteral("linux"));
    QCOMPARE(package.value(QStringLiteral("arch")).toString(), QStringLiteral("x86_64"));
    const QJsonObject toolkit = report.value(QStringLiteral("toolkit")).toObject();
    QCOMPARE(toolkit.value(QStringLiteral("root")).toString(), m_root);
    QCOMPARE(toolkit.value(QStringLiteral("version")).toString(), QStringLiteral("13.0"));
    // The search path fix (user scope, the default) went with the files: the login profile now puts the toolkit first.
    QCOMPARE(report.value(QStringLiteral("environment")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("applied"));
    QCOMPARE(report.value(QStringLiteral("environment")).toObject().value(QStringLiteral("scope")).toString(),
             QStringLiteral("user"));
    QFile profile(home + QStringLiteral("/.profile"));
    QVERIFY(profile.open(QIODevice::ReadOnly));
    const QByteArray profileText = profile.readAll();
    QVERIFY2(profileText.startsWith("export EDITOR=vi\n") && profileText.contains(m_root.toUtf8()), profileText);
    // --no-benchmark: left out as the person asked, said as such (not "not asked for"), on screen and in the report.
    QCOMPARE(report.value(QStringLiteral("benchmark")).toObject().value(QStringLiteral("reason")).toString(),
             QStringLiteral("as asked"));
    QVERIFY2(installed.out.contains("Benchmark: not run (as asked)."), installed.out);
    QMap<QString, QString> actions;
    for (const QJsonValue& value : report.value(QStringLiteral("files")).toArray()) {
        const QJsonObject file = value.toObject();
        actions.insert(file.value(QStringLiteral("path")).toString(), file.value(QStringLiteral("action")).toString());
        if (file.value(QStringLiteral("action")).toString() != QLatin1String("removed")
            && FileSystem::kindOf(file.value(QStringLiteral("path")).toString()) == FileSystem::Kind::File)
            QCOMPARE(file.value(QStringLiteral("sha256")).toString(),
                     FileSystem::sha256Of(file.value(QStringLiteral("path")).toString()));
    }
    QCOMPARE(actions.value(m_root + QStringLiteral("/include/cudnn.h")), QStringLiteral("replaced"));
    QCOMPARE(actions.value(m_root + QStringLiteral("/lib/libcudnn.so.9.19.0")), QStringLiteral("added"));
    QCOMPARE(actions.value(m_root + QStringLiteral("/lib/libcudnn.so.9.1.0")), QStringLiteral("removed"));
    QCOMPARE(actions.value(m_root + QStringLiteral("/lib/libcudnn_ops_infer.so.8")), QStringLiteral("removed"));

    QFile log(logPath);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QString logText = QString::fromUtf8(log.readAll());
    QVERIFY2(logText.contains(QStringLiteral("added %1/lib/libcudnn.so.9.19.0").arg(m_root)), qPrintable(logText));
    QVERIFY(logText.contains(QStringLiteral("removed %1/lib/libcudnn.so.9.1.0").arg(m_root)));
    QVERIFY(logText.contains(QStringLiteral("committed")));
    // The search path steps are logged like the files, by what they change.
    QVERIFY2(logText.contains(QStringLiteral("performed %1/.profile").arg(home)), qPrintable(logText));
    for (const char* phase : {"phase: Checking the target", "phase: Writing files", "phase: Putting files in place"})
        QVERIFY2(logText.contains(QLatin1String(phase)), phase);

    // The installed copy is the real cuDNN 9.19, and it loads from the toolkit with its links.
    QProcess probe;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    probe.setProcessEnvironment(env);
    probe.start(
        qEnvironmentVariable("CUDNN_SETUP_BIN_DIR") + QStringLiteral("/cudnn-probe"),
        {QStringLiteral("cudnn"), QStringLiteral("--library"), m_root + QStringLiteral("/lib64/libcudnn.so.9")});
    QVERIFY(probe.waitForFinished(60000));
    const QByteArray probeOut = probe.readAllStandardOutput();
    QCOMPARE(QJsonDocument::fromJson(probeOut)
                 .object()
                 .value(QStringLiteral("cudnn"))
                 .toObject()
                 .value(QStringLiteral("version"))
                 .toInt(),
             91900);

    const QString installedListing = listing(m_root);
    const Run again = run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_root});
    QVERIFY2(again.exitCode == 0, again.out + again.err);
    QCOMPARE(again.report.value(QStringLiteral("status")).toString(), QStringLiteral("unchanged"));
    QCOMPARE(again.report.value(QStringLiteral("environment")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("unchanged"));
    QCOMPARE(listing(m_root), installedListing);
    // The benchmark was tried (default) against the toolkit; without a GPU or driver it measures nothing, which is a
    // warning, not a failure, and the report says "skipped" as the wizard's step does (not "ran").
    const QJsonObject benchmark = again.report.value(QStringLiteral("benchmark")).toObject();
    const QString verdictCode = benchmark.value(QStringLiteral("verdict")).toObject().value("code").toString();
    if (verdictCode == QLatin1String("BENCH-NO-DRIVER") || verdictCode == QLatin1String("BENCH-NO-GPU"))
        QCOMPARE(benchmark.value(QStringLiteral("status")).toString(), QStringLiteral("skipped"));
    else
        QCOMPARE(benchmark.value(QStringLiteral("status")).toString(),
                 verdictCode == QLatin1String("BENCH-OK") ? QStringLiteral("ran") : QStringLiteral("failed"));
    QVERIFY2(!benchmark.value(QStringLiteral("verdict")).toObject().value(QStringLiteral("code")).toString().isEmpty(),
             again.out);

    const Run removed = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root});
    QVERIFY2(removed.exitCode == 0, removed.out + removed.err);
    QCOMPARE(removed.report.value(QStringLiteral("status")).toString(), QStringLiteral("uninstalled"));
    QCOMPARE(listing(m_root), before);
    // ... and the uninstall took the search path fix back: every file in the home is as it was, byte for byte.
    // (The empty folders it made stay: docs/environment.md. It keeps no backup file: the manifest holds the before.)
    const auto filesOnly = [](const QString& text) {
        QStringList lines = text.split(QLatin1Char('\n'));
        lines.removeIf(
            [](const QString& line) { return line.section(QLatin1Char(' '), 0, 0).endsWith(QLatin1Char('/')); });
        return lines;
    };
    QCOMPARE(filesOnly(listing(home)), filesOnly(homeBefore));
    // It names each file it took the fix out of, and what that file holds now.
    QVERIFY2(removed.out.contains("Search path:\n  " + QDir(home).filePath(QStringLiteral(".profile")).toUtf8()),
             removed.out);

    const Run nothing = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root});
    QCOMPARE(nothing.exitCode, 0);
    QCOMPARE(nothing.report.value(QStringLiteral("status")).toString(), QStringLiteral("not_installed"));
}

void TestInstallCli::killedRunIsRecoveredByTheNextOne_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<bool>("nextInstalls"); // the next run installs again (else it uninstalls)
    // The archive is judged while it is staged: killed mid-pass, nothing was placed yet.
    QTest::newRow("while staging, then uninstall") << QStringLiteral("stage.write:3:exit") << false;
    QTest::newRow("while staging, then install") << QStringLiteral("stage.write:3:exit") << true;
    QTest::newRow("staging a flush, then install") << QStringLiteral("stage.flush:2:exit") << true;
    QTest::newRow("between backup and rename") << QStringLiteral("swap.rename:4:exit") << false;
    QTest::newRow("moving an old file aside") << QStringLiteral("swap.backup:1:exit") << false;
    QTest::newRow("journaling a step") << QStringLiteral("journal.write:6:exit") << true;
    QTest::newRow("at the commit point") << QStringLiteral("manifest.write:0:exit") << false;
}

void TestInstallCli::killedRunIsRecoveredByTheNextOne()
{
    QFETCH(QString, fault);
    QFETCH(bool, nextInstalls);
    handCopiedOlderCudnn();
    const QString before = listing(m_root);
    const QString home = m_tree->path(QStringLiteral("home"));
    const QString homeBefore = listing(home);

    const Run killed = run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_root},
                           {{QStringLiteral("CUDNN_SETUP_TEST_FAULT"), fault}});
    QVERIFY2(killed.exitCode == 137, killed.out + killed.err);
    QVERIFY(InstallService::hasInterruptedRun(m_root));
    QVERIFY(listing(m_root) != before);

    if (nextInstalls) {
        const Run next = run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_root});
        QVERIFY2(next.exitCode == 0, next.out + next.err);
        QCOMPARE(next.report.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        QVERIFY(reportCodes(next.report).contains(QStringLiteral("INSTALL-RECOVERED")));
        const Run back = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root});
        QVERIFY2(back.exitCode == 0, back.out + back.err);
    } else {
        const Run next = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root});
        QVERIFY2(next.exitCode == 0, next.out + next.err);
        QCOMPARE(next.report.value(QStringLiteral("status")).toString(), QStringLiteral("not_installed"));
        QVERIFY(reportCodes(next.report).contains(QStringLiteral("INSTALL-RECOVERED")));
    }
    QCOMPARE(listing(m_root), before);
}

void TestInstallCli::killedUninstallIsRecoveredByTheNextOne()
{
    handCopiedOlderCudnn();
    const QString before = listing(m_root);
    const QString home = m_tree->path(QStringLiteral("home"));
    const QString homeBefore = listing(home);
    const Run installed = run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_root});
    QVERIFY2(installed.exitCode == 0, installed.out + installed.err);
    const QString withInstall = listing(m_root);

    const Run killed = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root},
                           {{QStringLiteral("CUDNN_SETUP_TEST_FAULT"), QStringLiteral("swap.rename:2:exit")}});
    QVERIFY2(killed.exitCode == 137, killed.out + killed.err);
    QVERIFY(InstallService::hasInterruptedRun(m_root));

    // The next run first puts the half-done uninstall back (the install stands again), then does its own work.
    const Run next = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root},
                         {{QStringLiteral("CUDNN_SETUP_TEST_FAULT"), QStringLiteral("manifest.write:0:fail")}});
    QCOMPARE(next.exitCode, 5);
    QVERIFY(reportCodes(next.report).contains(QStringLiteral("INSTALL-RECOVERED")));
    QCOMPARE(listing(m_root), withInstall);

    const Run done = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root});
    QVERIFY2(done.exitCode == 0, done.out + done.err);
    QCOMPARE(listing(m_root), before);
}

static QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

void TestInstallCli::killedBetweenTwoEnvironmentStepsIsRecovered_data()
{
    QTest::addColumn<bool>("nextInstalls"); // the next run installs again (else it uninstalls)
    QTest::newRow("then uninstall") << false;
    QTest::newRow("then install") << true;
}

void TestInstallCli::killedBetweenTwoEnvironmentStepsIsRecovered()
{
    // The user-scope fix is two steps of the install's journal, after the files: the login profile's block, then
    // ~/.config/environment.d. Killed once the first is done, before the second runs.
    QFETCH(bool, nextInstalls);
    const QString before = listing(m_root);
    const QString home = m_tree->path(QStringLiteral("home"));
    const QString profile = home + QStringLiteral("/.profile");
    const QString environmentD = home + QStringLiteral("/.config/environment.d/60-cudnn-setup.conf");
    const QByteArray profileBefore = readAll(profile);

    const Run killed = run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_root},
                           {{QStringLiteral("CUDNN_SETUP_TEST_FAULT"), QStringLiteral("environment.step:1:exit")}});
    QVERIFY2(killed.exitCode == 137, killed.out + killed.err);
    QVERIFY(InstallService::hasInterruptedRun(m_root));
    QVERIFY2(readAll(profile) != profileBefore && readAll(profile).contains(m_root.toUtf8()), readAll(profile));
    QVERIFY(!QFile::exists(environmentD));

    // The next run first undoes the whole install from the journal (the profile's block included), then its own work.
    const QStringList uninstall{QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root};
    if (nextInstalls) {
        const Run next = run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_root});
        QVERIFY2(next.exitCode == 0, next.out + next.err);
        QVERIFY(reportCodes(next.report).contains(QStringLiteral("INSTALL-RECOVERED")));
        QCOMPARE(readAll(profile).count(ShellProfile::BeginMarker), 1); // one block: the killed run's went first
        QVERIFY(QFile::exists(environmentD));
        const Run back = run(uninstall);
        QVERIFY2(back.exitCode == 0, back.out + back.err);
    } else {
        const Run next = run(uninstall);
        QVERIFY2(next.exitCode == 0, next.out + next.err);
        QCOMPARE(next.report.value(QStringLiteral("status")).toString(), QStringLiteral("not_installed"));
        QVERIFY(reportCodes(next.report).contains(QStringLiteral("INSTALL-RECOVERED")));
    }
    QVERIFY(!InstallService::hasInterruptedRun(m_root));
    QCOMPARE(readAll(profile), profileBefore);
    QVERIFY(!QFile::exists(environmentD));
    QCOMPARE(listing(m_root), before);
}

void TestInstallCli::readOnlyToolkitExitsFour()
{
    const QStringList folders{m_root + QStringLiteral("/include"), m_root + QStringLiteral("/lib"), m_root};
    for (const QString& folder : folders)
        QVERIFY(QFile::setPermissions(folder,
                                      QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup
                                          | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther));
    // root writes anywhere; without the capability that lets it, it is bound by the permissions like anyone.
    const QStringList wrapper = ::geteuid() == 0
        ? QStringList{QStringLiteral("setpriv"), QStringLiteral("--bounding-set=-dac_override,-dac_read_search")}
        : QStringList();
    const QString before = listing(m_root);
    const Run result
        = run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_root}, {}, wrapper);
    const QString after = listing(m_root);
    for (const QString& folder : folders)
        QFile::setPermissions(folder, QFileDevice::Permissions(0x7755));
    QVERIFY2(result.exitCode == 4, result.out + result.err);
    QCOMPARE(result.report.value(QStringLiteral("status")).toString(), QStringLiteral("needs_elevation"));
    QVERIFY(reportCodes(result.report).contains(QStringLiteral("INSTALL-NEEDS-ELEVATION")));
    QCOMPARE(after, before);
}

void TestInstallCli::aLockThatIsNoFileIsUnsafe_data()
{
    QTest::addColumn<bool>("link");
    QTest::newRow("a link") << true;
    QTest::newRow("a folder") << false;
}

void TestInstallCli::aLockThatIsNoFileIsUnsafe()
{
    // Its state folder is cudnn-setup's own, but where the lock goes lies a link (to a file another user could have
    // made) or a folder: root may write the toolkit, so it is no question of rights but a toolkit left unsafe.
    QFETCH(bool, link);
    const QString lock = m_root + QStringLiteral("/.cudnn-setup/lock");
    QVERIFY(QDir().mkpath(QFileInfo(lock).path()));
    if (link)
        QVERIFY(QFile::link(m_tree->writeFile(QStringLiteral("elsewhere/lock"), ""), lock));
    else
        QVERIFY(QDir().mkpath(lock));
    const QString before = listing(m_root);
    const Run result = run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_root});
    QVERIFY2(result.exitCode == 1, result.out + result.err);
    QCOMPARE(result.report.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QVERIFY2(reportCodes(result.report).contains(QStringLiteral("INSTALL-UNSAFE-TARGET")), result.out + result.err);
    QVERIFY2(!reportCodes(result.report).contains(QStringLiteral("INSTALL-NEEDS-ELEVATION")), result.out + result.err);
    QVERIFY2(QJsonDocument(result.report).toJson().contains(lock.toUtf8()), result.out + result.err);
    QCOMPARE(listing(m_root), before);
}

void TestInstallCli::missingToolkitIsSaidBeforeTheArchiveIsRead()
{
    // Cut short: had it been read, the report would say PKG-TRUNCATED. The missing toolkit comes first.
    const QString cut = m_tree->path(QStringLiteral("cut.tar.xz"));
    QVERIFY(QFile::copy(m_archive, cut));
    QVERIFY(QFile::resize(cut, QFileInfo(cut).size() / 2));
    const Run result = run({QStringLiteral("--package"),
                            cut,
                            QStringLiteral("--cuda-root"),
                            m_tree->path(QStringLiteral("no-such-toolkit"))});
    QCOMPARE(result.exitCode, 8);
    QVERIFY(reportCodes(result.report).contains(QStringLiteral("PKG-NO-TOOLKIT")));
    QVERIFY(!reportCodes(result.report).contains(QStringLiteral("PKG-TRUNCATED")));
    QVERIFY2(result.out.contains("no-such-toolkit"), result.out);
}

void TestInstallCli::wrongCudaRootNamesTheToolkitsFound()
{
    // A --cuda-root with no toolkit: the refusal names the toolkits that are there (CUDA_PATH announces this one),
    // not only "name the toolkit".
    const QMap<QString, QString> announced{{QStringLiteral("CUDA_PATH"), m_root}};
    for (const QString& wrong :
         {m_tree->path(QStringLiteral("no-such-toolkit")), m_tree->path(QStringLiteral("home"))}) {
        const Run result
            = run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), wrong}, announced);
        QCOMPARE(result.exitCode, 8);
        QVERIFY(reportCodes(result.report).contains(QStringLiteral("PKG-NO-TOOLKIT")));
        const QString out = QString::fromUtf8(result.out);
        const qsizetype found = out.indexOf(QStringLiteral("Choose one of the toolkits found: "));
        QVERIFY2(found >= 0, result.out);
        QVERIFY2(out.indexOf(m_root, found) > found, result.out);
    }
}

void TestInstallCli::wrongCudaByNameIsRefusedBeforeReading()
{
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12"); // the toolkit is CUDA 13
    spec.libraryPayload = "libcudart.so.12";
    const QString archive = writeArchive(*m_tree, spec.build(), spec.fileName());
    QVERIFY(QFile::resize(archive, QFileInfo(archive).size() / 2));
    const QString before = listing(m_root);
    const Run result = run({QStringLiteral("--package"), archive, QStringLiteral("--cuda-root"), m_root});
    QCOMPARE(result.exitCode, 3);
    QCOMPARE(result.report.value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    QVERIFY(reportCodes(result.report).contains(QStringLiteral("PKG-CUDA-MISMATCH")));
    QVERIFY(!reportCodes(result.report).contains(QStringLiteral("PKG-TRUNCATED")));
    QCOMPARE(listing(m_root), before);
}

void TestInstallCli::hostileArchiveExitsThree()
{
    CudnnArchiveSpec spec;
    spec.libraryPayload = "libcudart.so.13";
    ArchiveBuilder builder = spec.build();
    builder.symlink(spec.topFolder() + QStringLiteral("/lib/libcudnn_evil.so"),
                    QStringLiteral("../../../../etc/passwd"));
    builder.file(spec.topFolder() + QStringLiteral("/lib/../../escaped"), "out");
    const QString archive = writeArchive(*m_tree, builder, spec.fileName());
    const QString before = listing(m_root);
    const Run result
        = run({QStringLiteral("--package"), archive, QStringLiteral("--cuda-root"), m_root, QStringLiteral("--force")});
    QCOMPARE(result.exitCode, 3);
    QCOMPARE(result.report.value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    QVERIFY(reportCodes(result.report).contains(QStringLiteral("PKG-UNSAFE-ENTRY")));
    QCOMPARE(listing(m_root), before);
    QVERIFY(!QFileInfo::exists(m_tree->path(QStringLiteral("escaped"))));
}

void TestInstallCli::deployAndTakeBack()
{
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libcudart.so.13.0.96"), SyntheticBinary::elf(62, "cudart"));
    m_tree->symlink(QStringLiteral("cuda-13.0/lib/libcudart.so.13"), QStringLiteral("libcudart.so.13.0.96"));
    const QString toolkitBefore = listing(m_root);
    const QString app = m_tree->path(QStringLiteral("app"));
    const Run planned = run({QStringLiteral("--dry-run"),
                             QStringLiteral("--package"),
                             m_archive,
                             QStringLiteral("--cuda-root"),
                             m_root,
                             QStringLiteral("--deploy-to"),
                             app});
    QVERIFY2(planned.exitCode == 0, planned.out + planned.err);
    QCOMPARE(planned.report.value(QStringLiteral("status")).toString(), QStringLiteral("planned"));
    QStringList plannedPaths;
    for (const QJsonValue& file :
         planned.report.value(QStringLiteral("changes")).toObject().value(QStringLiteral("files")).toArray())
        plannedPaths.append(file.toObject().value(QStringLiteral("path")).toString());
    QVERIFY2(plannedPaths.contains(app + QStringLiteral("/libcudart.so.13")), qPrintable(plannedPaths.join(' ')));
    QVERIFY(planned.out.contains("Deploy into"));
    QVERIFY(!QFileInfo::exists(app));

    const Run deployed = run({QStringLiteral("--package"),
                              m_archive,
                              QStringLiteral("--cuda-root"),
                              m_root,
                              QStringLiteral("--deploy-to"),
                              app});
    QVERIFY2(deployed.exitCode == 0, deployed.out + deployed.err);
    QCOMPARE(deployed.report.value(QStringLiteral("command")).toString(), QStringLiteral("deploy"));
    QCOMPARE(deployed.report.value(QStringLiteral("deploy")).toObject().value(QStringLiteral("folder")).toString(),
             QFileInfo(app).canonicalFilePath());
    QCOMPARE(FileSystem::linkTarget(app + QStringLiteral("/libcudart.so.13")), QStringLiteral("libcudart.so.13.0.96"));
    QCOMPARE(FileSystem::linkTarget(app + QStringLiteral("/libcudnn.so.9")), QStringLiteral("libcudnn.so.9.19.0"));
    QCOMPARE(listing(m_root), toolkitBefore);

    const Run removed = run({QStringLiteral("--uninstall"), QStringLiteral("--deploy-to"), app});
    QVERIFY2(removed.exitCode == 0, removed.out + removed.err);
    QCOMPARE(removed.report.value(QStringLiteral("status")).toString(), QStringLiteral("uninstalled"));
    QCOMPARE(listing(app), QString());
}

void TestInstallCli::damageAndRepairTwice()
{
    const QStringList repair{QStringLiteral("--repair"),
                             QStringLiteral("--cuda-root"),
                             m_root,
                             QStringLiteral("--path-scope"),
                             QStringLiteral("none")};
    const QString installed = toolkitListing(m_root);
    const QString backups = listing(m_root + QStringLiteral("/.cudnn-setup/backup"));
    QVERIFY(QFile::remove(m_root + QStringLiteral("/lib/libcudnn_cnn.so.9.19.0")));
    const Run first = run(repair);
    QVERIFY2(first.exitCode == 0, first.out + first.err);
    QCOMPARE(first.report.value(QStringLiteral("status")).toString(), QStringLiteral("repaired"));
    truncateFile(m_root + QStringLiteral("/lib/libcudnn_ops.so.9.19.0"), 0);
    const Run second = run(repair);
    QVERIFY2(second.exitCode == 0, second.out + second.err);
    QCOMPARE(second.report.value(QStringLiteral("status")).toString(), QStringLiteral("repaired"));
    // The repairs are part of the install: the toolkit is as installed, no damaged copy is kept beside the install's
    // backups, and the manifest's newest entry names both repairs instead of growing two of its own.
    QVERIFY2(toolkitListing(m_root) == installed, difference(toolkitListing(m_root), installed).constData());
    QVERIFY2(listing(m_root + QStringLiteral("/.cudnn-setup/backup")) == backups,
             difference(listing(m_root + QStringLiteral("/.cudnn-setup/backup")), backups).constData());
    QString error;
    const std::optional<Manifest> manifest
        = Manifest::load(m_root + QStringLiteral("/.cudnn-setup/manifest.json"), &error);
    QVERIFY2(manifest, qPrintable(error));
    QCOMPARE(manifest->newest()->repairs.size(), 2);
    QCOMPARE(manifest->newest()->kind, QStringLiteral("install"));
}

void TestInstallCli::uninstallAfterRepairsIsTheToolkitBeforeTheInstall_data()
{
    QTest::addColumn<bool>("olderCudnn");
    QTest::newRow("no cuDNN before") << false;
    QTest::newRow("an older cuDNN copied by hand") << true;
}

void TestInstallCli::uninstallAfterRepairsIsTheToolkitBeforeTheInstall()
{
    QFETCH(bool, olderCudnn);
    if (olderCudnn)
        handCopiedOlderCudnn();
    const QString before = listing(m_root);
    const Run installed = run({QStringLiteral("--package"),
                               m_archive,
                               QStringLiteral("--cuda-root"),
                               m_root,
                               QStringLiteral("--path-scope"),
                               QStringLiteral("none"),
                               QStringLiteral("--no-benchmark")});
    QVERIFY2(installed.exitCode == 0, installed.out + installed.err);
    damageAndRepairTwice();
    if (QTest::currentTestFailed())
        return;

    const QStringList uninstall{QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root};
    const Run undone = run(uninstall);
    QVERIFY2(undone.exitCode == 0, undone.out + undone.err);
    QCOMPARE(undone.report.value(QStringLiteral("status")).toString(), QStringLiteral("uninstalled"));
    QVERIFY2(listing(m_root) == before, difference(listing(m_root), before).constData());
    // One uninstall took everything back: there is nothing left to take.
    const Run again = run(uninstall);
    QVERIFY2(again.exitCode == 0, again.out + again.err);
    QVERIFY2(again.out.contains("Nothing to uninstall"), again.out.constData());
    QVERIFY2(listing(m_root) == before, difference(listing(m_root), before).constData());
}

void TestInstallCli::uninstallAfterRepairsOfASwitchBringsTheOlderInstallBack()
{
    CudnnArchiveSpec older;
    older.cudnn = Version{9, 18, 1, 3};
    const QString olderArchive = writeSpec(*m_tree, older);
    const QString before = listing(m_root);
    const QStringList scope{QStringLiteral("--cuda-root"),
                            m_root,
                            QStringLiteral("--path-scope"),
                            QStringLiteral("none"),
                            QStringLiteral("--no-benchmark")};
    const Run first = run(QStringList{QStringLiteral("--package"), olderArchive} + scope);
    QVERIFY2(first.exitCode == 0, first.out + first.err);
    const QString withOlder = listing(m_root);
    const Run switched = run(QStringList{QStringLiteral("--package"), m_archive} + scope);
    QVERIFY2(switched.exitCode == 0, switched.out + switched.err);
    damageAndRepairTwice();
    if (QTest::currentTestFailed())
        return;

    const QStringList uninstall{QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root};
    const Run back = run(uninstall);
    QVERIFY2(back.exitCode == 0, back.out + back.err);
    QVERIFY2(listing(m_root) == withOlder, difference(listing(m_root), withOlder).constData());
    const Run gone = run(uninstall);
    QVERIFY2(gone.exitCode == 0, gone.out + gone.err);
    QVERIFY2(listing(m_root) == before, difference(listing(m_root), before).constData());
}

namespace {

/** A report's files, in path order (a folder is read in path order, an archive in its own). */
QStringList byPath(const QJsonArray& files)
{
    QStringList lines;
    for (const QJsonValue& file : files)
        lines.append(QString::fromUtf8(QJsonDocument(file.toObject()).toJson(QJsonDocument::Compact)));
    lines.sort();
    return lines;
}

} // namespace

void TestInstallCli::extractedArchiveFolderInstallsAsTheArchive()
{
    // NVIDIA's instructions: extract the archive, copy its files. The extracted folder is judged and installed as
    // the archive is: the same paths, the same manifest, the same uninstall.
    const QString before = toolkitListing(m_root);
    const Run fromArchive = run({QStringLiteral("--package"),
                                 m_archive,
                                 QStringLiteral("--cuda-root"),
                                 m_root,
                                 QStringLiteral("--no-benchmark")});
    QVERIFY2(fromArchive.exitCode == 0, fromArchive.out + fromArchive.err);
    const QString installed = toolkitListing(m_root);
    const QJsonArray archiveFiles = fromArchive.report.value(QStringLiteral("files")).toArray();
    QVERIFY(!archiveFiles.isEmpty());
    QCOMPARE(run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root}).exitCode, 0);
    QCOMPARE(toolkitListing(m_root), before);

    const QString holder = m_tree->makeDir(QStringLiteral("extracted"));
    QProcess tar;
    tar.start(QStringLiteral("tar"), {QStringLiteral("-xJf"), m_archive, QStringLiteral("-C"), holder});
    QVERIFY(tar.waitForFinished(120000));
    QCOMPARE(tar.exitCode(), 0);
    const QString folder = holder + QLatin1Char('/') + CudnnArchiveSpec{}.topFolder();
    QVERIFY(QFileInfo(folder).isDir());

    for (const QString& package : {folder, holder}) { // the folder itself, and a folder that holds it
        const Run fromFolder = run({QStringLiteral("--package"),
                                    package,
                                    QStringLiteral("--cuda-root"),
                                    m_root,
                                    QStringLiteral("--no-benchmark")});
        QVERIFY2(fromFolder.exitCode == 0, fromFolder.out + fromFolder.err);
        QCOMPARE(toolkitListing(m_root), installed);
        QCOMPARE(byPath(fromFolder.report.value(QStringLiteral("files")).toArray()), byPath(archiveFiles));
        QCOMPARE(fromFolder.report.value(QStringLiteral("package"))
                     .toObject()
                     .value(QStringLiteral("cudnn_version"))
                     .toString(),
                 QStringLiteral("9.19.0"));
        const Run removed = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root});
        QVERIFY2(removed.exitCode == 0, removed.out + removed.err);
        QCOMPARE(toolkitListing(m_root), before);
    }
}

void TestInstallCli::verifyFailsWhenANewProgramGetsAnotherCopy_data()
{
    QTest::addColumn<QString>("scope");
    QTest::addColumn<QString>("profileFirst"); // a folder the user's own ~/.profile puts on LD_LIBRARY_PATH
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("severity"); // VERIFY-NEW-PROGRAM-OTHER-COPY's; empty: not reported
    const QString other = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/verify-other-version");
    // No search-path change, as asked: a new login loads whatever the machine's loader finds. Said, as a warning:
    // the install is sound by path, and its programs name its folder.
    QTest::newRow("none") << QStringLiteral("none") << QString() << 0 << QStringLiteral("warning");
    // The user-scope fix puts the toolkit first in the login profile: a new login gets the installed copy.
    QTest::newRow("user") << QStringLiteral("user") << QString() << 0 << QString();
    // Asked to make it the copy new programs get (machine scope), but the user's own profile, read after the
    // machine's, names another copy first: the install did not do what was asked.
    QTest::newRow("machine, the user's profile wins")
        << QStringLiteral("machine") << other << 6 << QStringLiteral("error");
}

void TestInstallCli::verifyFailsWhenANewProgramGetsAnotherCopy()
{
    QFETCH(QString, scope);
    QFETCH(QString, profileFirst);
    QFETCH(int, exitCode);
    QFETCH(QString, severity);
    if (!profileFirst.isEmpty())
        m_tree->writeFile(QStringLiteral("home/.profile"),
                          "export LD_LIBRARY_PATH=" + QFile::encodeName(profileFirst) + "\n");
    // An archive whose every library loads (the fakes of tests/fakes/verify-ok): the by-path check passes.
    CudnnArchiveSpec spec;
    ArchiveBuilder builder;
    const QString fakes = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/verify-ok/");
    const ArchiveBuilder synthetic = spec.build();
    for (const ArchiveBuilder::Member& m : synthetic.members()) {
        const QString name = m.path.section(QLatin1Char('/'), -1);
        QFile fake(fakes + QString(name).replace(QStringLiteral(".9.19.0"), QStringLiteral(".9")));
        if (m.type == ArchiveEntry::Type::File && name.contains(QStringLiteral(".so.9.19.0"))
            && fake.open(QIODevice::ReadOnly))
            builder.file(m.path, fake.readAll(), 0755);
        else if (m.type == ArchiveEntry::Type::Directory)
            builder.dir(m.path);
        else if (m.type == ArchiveEntry::Type::Symlink)
            builder.symlink(m.path, m.linkTarget);
        else
            builder.file(m.path, m.data, m.mode);
    }
    const QString archive = writeArchive(*m_tree, builder, spec.fileName());
    m_verify = true;
    const Run installed = run({QStringLiteral("--package"),
                               archive,
                               QStringLiteral("--cuda-root"),
                               m_root,
                               QStringLiteral("--path-scope"),
                               scope,
                               QStringLiteral("--no-benchmark")});
    m_verify = false;
    const QJsonObject verify = installed.report.value(QStringLiteral("verify")).toObject();
    const QJsonObject fresh = verify.value(QStringLiteral("new_program")).toObject();
    QVERIFY2(installed.exitCode == exitCode, installed.out + installed.err + QJsonDocument(verify).toJson());
    QCOMPARE(fresh.value(QStringLiteral("observed")).toBool(), true);
    QCOMPARE(fresh.value(QStringLiteral("is_installed_copy")).toBool(), severity.isEmpty());
    for (const QJsonValue& library : verify.value(QStringLiteral("libraries")).toArray())
        QVERIFY2(library.toObject().value(QStringLiteral("loaded")).toBool(),
                 qPrintable(library.toObject().value(QStringLiteral("name")).toString()));
    QString reported; // the finding's severity, as the report gives it
    for (const QJsonValue& d : installed.report.value(QStringLiteral("diagnostics")).toArray()) {
        if (d[QStringLiteral("code")].toString() == QLatin1String("VERIFY-NEW-PROGRAM-OTHER-COPY"))
            reported = d[QStringLiteral("severity")].toString();
    }
    QCOMPARE(reported, severity);
    if (!severity.isEmpty())
        QVERIFY2(installed.out.contains("A new program that loads libcudnn.so.9 by name gets"), installed.out);
    if (severity == QLatin1String("warning"))
        QVERIFY2(installed.out.contains("The search path was left as it was, as asked"), installed.out);
}

void TestInstallCli::ctrlCDuringTheBenchmarkKeepsTheCasesMeasured()
{
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
    // As test_benchmark (scripts/sanitize-tests.sh): the first full-size case through the sanitized CPU-backed fake
    // takes over 4 minutes; the main build runs this test.
    QSKIP("the full-size benchmark through the sanitized fake cuDNN takes minutes; the main build runs this");
#endif
#endif
    // cuDNN 9.19 for CUDA 13 whose dispatcher is cudnn-slow's CPU-backed fake: the benchmark (full size, as the
    // silent install runs it) measures case after case, slowly, on the fake machine beside it.
    const QString fakes = qEnvironmentVariable("CUDNN_SETUP_FAKES_DIR") + QStringLiteral("/cudnn-slow");
    CudnnArchiveSpec spec;
    spec.libraryPayload = "libcudart.so.13";
    const QString archive = writeArchive(
        *m_tree, withFakeCpuCudnn(spec, {}, QStringLiteral("cudnn-slow")), spec.fileName(), QStringLiteral("slow"));
    const QString reportPath = m_tree->path(QStringLiteral("report.json"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("CUDNN_SETUP_TEST_FAULT"));
    env.insert(QStringLiteral("LD_LIBRARY_PATH"), fakes);
    env.insert(QStringLiteral("HOME"), m_tree->path(QStringLiteral("home")));
    env.insert(QStringLiteral("CUDNN_SETUP_SYSTEM_ROOT"), m_tree->path(QStringLiteral("system-root")));
    QProcess process;
    process.setProcessEnvironment(env);
    process.setChildProcessModifier([] { ::setpgid(0, 0); }); // a group of its own, as a terminal's job
    process.start(SilentRun::binary(),
                  {QStringLiteral("--silent"),
                   QStringLiteral("--report"),
                   reportPath,
                   QStringLiteral("--package"),
                   archive,
                   QStringLiteral("--cuda-root"),
                   m_root,
                   QStringLiteral("--no-verify")});
    QVERIFY(process.waitForStarted());
    // Progress per case on stderr (a log: one line as each case starts): wait until the first one has finished.
    QByteArray err;
    QTRY_VERIFY2_WITH_TIMEOUT((err += process.readAllStandardError()).contains("1/14 cases"), err.constData(), 120000);
    QVERIFY2(err.contains("Measuring convolutions"), err.constData());
    ::kill(-pid_t(process.processId()), SIGINT); // Ctrl+C: the whole job, the probe with it
    QVERIFY(process.waitForFinished(60000));
    err += process.readAllStandardError();
    const QByteArray out = process.readAllStandardOutput();
    QFile file(reportPath);
    QVERIFY2(file.open(QIODevice::ReadOnly), out + err);
    const QJsonObject benchmark
        = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("benchmark")).toObject();
    // Stopped as asked, with what it measured: not "could not run", not "broken, repair".
    QCOMPARE(benchmark.value(QStringLiteral("status")).toString(), QStringLiteral("not_finished"));
    QCOMPARE(benchmark.value(QStringLiteral("stopped")).toString(), QStringLiteral("asked"));
    QVERIFY2(benchmark.value(QStringLiteral("cases")).toArray().size() >= 1, out.constData());
    QVERIFY2(out.contains("Benchmark: Stopped as asked: "), out.constData());
    QVERIFY2(!out.contains("repair"), out.constData());
    QVERIFY(QFileInfo::exists(m_root + QStringLiteral("/lib/libcudnn.so.9"))); // the install itself stays
    QCOMPARE(process.exitCode(), 0); // installed; a benchmark stopped as asked is a warning (docs/report.md)
}

QTEST_GUILESS_MAIN(TestInstallCli)
#include "TestInstallCli.moc"

void TestInstallCli::installInto(const QString& root)
{
    const Run installed = run({QStringLiteral("--package"),
                               m_archive,
                               QStringLiteral("--cuda-root"),
                               root,
                               QStringLiteral("--no-benchmark")});
    QVERIFY2(installed.exitCode == 0, installed.out + installed.err);
}

QByteArray TestInstallCli::profile() const
{
    return FileEditStep::readFile(m_tree->path(QStringLiteral("home/.profile"))).value_or(QByteArray());
}

std::optional<QByteArray> TestInstallCli::environmentD() const
{
    return FileEditStep::readFile(m_tree->path(QStringLiteral("home/.config/environment.d/60-cudnn-setup.conf")));
}

void TestInstallCli::uninstallingOneToolkitLeavesAnothersFix()
{
    // B sits in a folder detection never looks in; the login profile ends up pointing at it.
    const QString other = makeToolkit(*m_tree, QStringLiteral("opt/toolkits/cuda-13.0-b"));
    installInto(m_root);
    installInto(other);
    const QByteArray profileOfB = profile();
    const std::optional<QByteArray> environmentOfB = environmentD();
    QVERIFY2(profileOfB.contains((other + QStringLiteral("/lib64")).toUtf8()), profileOfB);
    QVERIFY(environmentOfB && environmentOfB->contains(other.toUtf8()));

    const Run uninstalled = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root});
    QVERIFY2(uninstalled.exitCode == 0, uninstalled.out + uninstalled.err);
    // B's fix is exactly as it was: the profile and environment.d still name B, and agree.
    QCOMPARE(profile(), profileOfB);
    QCOMPARE(environmentD(), environmentOfB);
    QVERIFY2(!profile().contains(m_root.toUtf8()), profile());

    // Taking B back too leaves the profile as the user had it, and no environment.d file of ours.
    const Run last = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), other});
    QVERIFY2(last.exitCode == 0, last.out + last.err);
    QCOMPARE(profile(), QByteArray("export EDITOR=vi\n"));
    QVERIFY(!environmentD());
}

void TestInstallCli::takingBackTheNewestFixPointsAtTheOtherInstall()
{
    const QString other = makeToolkit(*m_tree, QStringLiteral("opt/toolkits/cuda-13.0-b"));
    installInto(m_root);
    const QByteArray profileOfA = profile();
    const std::optional<QByteArray> environmentOfA = environmentD();
    installInto(other);

    const Run uninstalled = run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), other});
    QVERIFY2(uninstalled.exitCode == 0, uninstalled.out + uninstalled.err);
    QCOMPARE(profile(), profileOfA); // A is still installed: the search path is A's again
    QCOMPARE(environmentD(), environmentOfA);
}

void TestInstallCli::uninstallFindsEveryInstallThisUserMade()
{
    const QString other = makeToolkit(*m_tree, QStringLiteral("opt/toolkits/cuda-13.0-b"));
    installInto(m_root);
    installInto(other);
    // Two installs: the choice is the person's (exit 7), and both are named.
    const Run ambiguous = run({QStringLiteral("--uninstall")});
    QCOMPARE(ambiguous.exitCode, 7);
    QVERIFY2(ambiguous.out.contains(m_root.toUtf8()) && ambiguous.out.contains(other.toUtf8()), ambiguous.out);
    QVERIFY(QFileInfo::exists(other + QStringLiteral("/.cudnn-setup/manifest.json")));

    QCOMPARE(run({QStringLiteral("--uninstall"), QStringLiteral("--cuda-root"), m_root}).exitCode, 0);
    // One left, though detection never looks where it is: that one is uninstalled.
    const Run one = run({QStringLiteral("--uninstall")});
    QVERIFY2(one.exitCode == 0, one.out + one.err);
    QVERIFY2(one.out.contains("Uninstalled from " + other.toUtf8()), one.out);
    QCOMPARE(profile(), QByteArray("export EDITOR=vi\n"));
    const Run none = run({QStringLiteral("--uninstall")});
    QCOMPARE(none.exitCode, 0);
    QVERIFY2(none.out.contains("Nothing to uninstall."), none.out);
}

void TestInstallCli::reportThatCannotBeWrittenChangesNothing()
{
    const QString home = m_tree->path(QStringLiteral("home"));
    const QString homeBefore = listing(home);
    const QString toolkitBefore = listing(m_root);
    // The last --report wins: a folder, which no report can be written to.
    const Run refused = run({QStringLiteral("--package"),
                             m_archive,
                             QStringLiteral("--cuda-root"),
                             m_root,
                             QStringLiteral("--report"),
                             m_tree->makeDir(QStringLiteral("reports"))});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("it is a folder"), refused.err);
    QCOMPARE(listing(home), homeBefore);
    QCOMPARE(listing(m_root), toolkitBefore);
}
