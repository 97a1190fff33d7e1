#include "../unit/install/InstallFixtures.h"
#include "SilentRun.h"
#include "engine/Engine.h"
#include "install/FileLock.h"
#include "install/InstallCode.h"
#include "install/ToolkitState.h"

#include <QJsonDocument>
#include <QProcess>
#include <QtTest>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace InstallFixtures;

namespace {

QByteArray contentOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

char processState(qint64 pid)
{
    const QByteArray stat = contentOf(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype close = stat.lastIndexOf(')');
    return close > 0 && close + 2 < stat.size() ? stat.at(close + 2) : '?';
}

} // namespace

/**
 * What an interruption leaves (docs/elevation.md, "Signals and power cuts"): SIGTERM, SIGINT and SIGHUP in the middle
 * of a real silent install roll it back and end it with exit 5 and its report; a reader that went away (`| head`)
 * costs nothing; a lock file a power cut left empty or garbled never blocks, a dead holder never holds; a journal an
 * interruption left is a finding of --detect.
 */
class TestInterruptions : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void signalRollsBackAndReports_data();
    void signalRollsBackAndReports();
    void closedOutputStillInstalls();
    void powerCutLockFileNeverBlocks_data();
    void powerCutLockFileNeverBlocks();
    void deadHolderNeverHoldsTheLock();
    void liveHolderKeepsOthersOut();
    void interruptedRunIsAFindingOfDetect();

private:
    QStringList installArguments() const;

    std::unique_ptr<TestTree> m_tree;
    QString m_root;
    QString m_archive;
    QString m_report;
};

void TestInterruptions::init()
{
    m_tree = std::make_unique<TestTree>();
    m_root = makeToolkit(*m_tree);
    m_archive = writeSpec(*m_tree, CudnnArchiveSpec{});
    m_report = m_tree->path(QStringLiteral("report.json"));
}

void TestInterruptions::cleanup()
{
    m_tree.reset();
}

QStringList TestInterruptions::installArguments() const
{
    return {QStringLiteral("--silent"),
            QStringLiteral("--package"),
            m_archive,
            QStringLiteral("--cuda-root"),
            m_root,
            QStringLiteral("--path-scope"),
            QStringLiteral("none"),
            QStringLiteral("--no-verify"),
            QStringLiteral("--no-benchmark"),
            QStringLiteral("--report"),
            m_report};
}

void TestInterruptions::signalRollsBackAndReports_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGINT") << int(SIGINT);
    QTest::newRow("SIGHUP") << int(SIGHUP);
}

void TestInterruptions::signalRollsBackAndReports()
{
    QFETCH(int, signal);
    const QString before = listing(m_root);
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), m_tree->makeDir(QStringLiteral("home")));
    // The install stops itself as it puts the third file in place: the toolkit is half-changed then.
    environment.insert(QStringLiteral("CUDNN_SETUP_TEST_FAULT"), QStringLiteral("swap.rename:2:stop"));
    process.setProcessEnvironment(environment);
    process.setChildProcessModifier([] {
        // As an interactive shell starts it: a test run in the background (`ctest &`) would pass SIGINT on ignored.
        for (const int inherited : {SIGTERM, SIGINT, SIGHUP})
            ::signal(inherited, SIG_DFL);
    });
    process.start(SilentRun::binary(), installArguments());
    QVERIFY(process.waitForStarted());
    QVERIFY(QTest::qWaitFor([&] { return processState(process.processId()) == 'T'; }, 120000));
    QVERIFY(listing(m_root) != before);
    ::kill(pid_t(process.processId()), signal); // pending until it runs again
    ::kill(pid_t(process.processId()), SIGCONT);
    QVERIFY(process.waitForFinished(120000));

    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 5, process.readAllStandardOutput() + process.readAllStandardError());
    QCOMPARE(listing(m_root), before); // no journal, lock, staging or backup left either
    const QJsonObject report = QJsonDocument::fromJson(contentOf(m_report)).object();
    QCOMPARE(report.value(QStringLiteral("status")).toString(), QStringLiteral("rolled_back"));
    QVERIFY2(reportCodes(report).contains(InstallCode::Canceled), qPrintable(reportCodes(report).join(' ')));
}

void TestInterruptions::closedOutputStillInstalls()
{
    // What `cudnn-setup ... 2>&1 | head -2` becomes once head has its lines: every later write meets a closed pipe.
    int ends[2];
    QCOMPARE(::pipe(ends), 0);
    ::close(ends[0]);
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), m_tree->makeDir(QStringLiteral("home")));
    environment.remove(QStringLiteral("CUDNN_SETUP_TEST_FAULT"));
    process.setProcessEnvironment(environment);
    process.setStandardOutputFile(QProcess::nullDevice());
    process.setStandardErrorFile(QProcess::nullDevice());
    const int writeEnd = ends[1];
    process.setChildProcessModifier([writeEnd] {
        ::signal(SIGPIPE, SIG_DFL); // as a shell starts it, whatever this test process does with SIGPIPE
        ::dup2(writeEnd, STDOUT_FILENO);
        ::dup2(writeEnd, STDERR_FILENO);
    });
    process.start(SilentRun::binary(), installArguments());
    QVERIFY(process.waitForFinished(120000));
    ::close(ends[1]);
    QCOMPARE(process.exitStatus(), QProcess::NormalExit); // not killed by SIGPIPE
    QCOMPARE(process.exitCode(), 0);
    QVERIFY(QFileInfo(m_root + QStringLiteral("/lib/libcudnn.so.9")).isSymLink());
    QCOMPARE(QJsonDocument::fromJson(contentOf(m_report)).object().value(QStringLiteral("status")).toString(),
             QStringLiteral("ok"));
}

void TestInterruptions::powerCutLockFileNeverBlocks_data()
{
    QTest::addColumn<QByteArray>("left");
    QTest::newRow("empty (never flushed)") << QByteArray();
    static const char garbage[] = "\0\0\0\x7f\xff junk";
    QTest::newRow("garbage") << QByteArray(garbage, sizeof garbage - 1);
    QTest::newRow("an old run's pid and host") << QByteArray("4242\ncudnn-setup\nsomewhere\n");
}

void TestInterruptions::powerCutLockFileNeverBlocks()
{
    QFETCH(QByteArray, left);
    m_tree->writeFile(QStringLiteral("cuda-13.0/.cudnn-setup/lock"), left);
    const InstallResult result = install(m_archive, m_root);
    QVERIFY2(result.status == InstallResult::Status::Ok, describe(result));
    QVERIFY(!QFileInfo::exists(ToolkitState(m_root).lockFile())); // gone with the run that held it
}

void TestInterruptions::deadHolderNeverHoldsTheLock()
{
    const QString path = m_tree->path(QStringLiteral("lock"));
    const pid_t child = ::fork();
    if (child == 0) {
        FileLock held(path);
        QString error;
        if (held.tryLock(&error) == FileLock::Result::Locked)
            ::raise(SIGKILL); // dies holding it, as a power cut or kill -9 would leave it
        ::_exit(1);
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    QVERIFY(QFileInfo::exists(path)); // its file is still there, with its pid in it
    FileLock lock(path);
    QString error;
    QCOMPARE(lock.tryLock(&error), FileLock::Result::Locked);
}

void TestInterruptions::liveHolderKeepsOthersOut()
{
    ToolkitState holder(m_root);
    QString error;
    QCOMPARE(holder.lock(&error), ToolkitState::LockResult::Locked);
    const QString before = toolkitListing(m_root);
    const InstallResult result = install(m_archive, m_root);
    QCOMPARE(result.status, InstallResult::Status::Failed);
    QVERIFY2(codesOf(result).contains(InstallCode::Locked), describe(result));
    QVERIFY2(describe(result).contains(QByteArray::number(QCoreApplication::applicationPid())), describe(result));
    QCOMPARE(toolkitListing(m_root), before);
    holder.unlock();
    QVERIFY(!QFileInfo::exists(holder.lockFile()));
    QCOMPARE(install(m_archive, m_root).status, InstallResult::Status::Ok);
}

void TestInterruptions::interruptedRunIsAFindingOfDetect()
{
    // A run killed while it put files in place leaves its journal: --detect says so, and what happens next.
    SilentRun killed(m_report);
    killed.set(QStringLiteral("HOME"), m_tree->makeDir(QStringLiteral("home")));
    killed.set(QStringLiteral("CUDNN_SETUP_TEST_FAULT"), QStringLiteral("swap.rename:2:exit"));
    QCOMPARE(killed.run(installArguments().mid(1, 8)).exitCode, 137);
    QVERIFY(QFileInfo::exists(ToolkitState(m_root).journalFile()));

    SilentRun detect(m_report);
    const SilentRun::Result found = detect.run({QStringLiteral("--detect"), QStringLiteral("--cuda-root"), m_root});
    QCOMPARE(found.exitCode, 0);
    QVERIFY2(reportCodes(found.report).contains(InstallCode::Interrupted), found.out);
    QVERIFY2(found.out.contains("INSTALL-INTERRUPTED"), found.out);

    // The next run puts it back first; then there is nothing left to say.
    QCOMPARE(install(m_archive, m_root).status, InstallResult::Status::Ok);
    QVERIFY(!reportCodes(detect.run({QStringLiteral("--detect"), QStringLiteral("--cuda-root"), m_root}).report)
                 .contains(InstallCode::Interrupted));
}

QTEST_GUILESS_MAIN(TestInterruptions)
#include "TestInterruptions.moc"
