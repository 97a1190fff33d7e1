#include "../unit/install/InstallFixtures.h"
#include "ElevationFixtures.h"
#include "SilentRun.h"
#include "elevation/ElevatedInstall.h"
#include "elevation/ElevationSession.h"
#include "elevation/ProgressLines.h"
#include "engine/Engine.h"
#include "engine/EngineInternals.h"
#include "env/SystemRoot.h"
#include "host/PrivateFiles.h"
#include "install/FileSystem.h"
#include "install/InstallLog.h"
#include "report/Report.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>
#include <csignal>
#include <thread>

using namespace InstallFixtures;

namespace {

/** Every progress update the engine passed on, in order. */
class RecordingSink final : public ProgressSink
{
public:
    void report(const ProgressUpdate& update) override { updates.append(update); }
    QList<ProgressUpdate> updates;
};

QStringList lines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

/** The elevated copy started as the launcher starts it, with only environment; its exit code (and what it said). */
int runCopy(const QStringList& arguments, const QProcessEnvironment& environment = {}, QByteArray* said = nullptr)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(SilentRun::binary(), arguments);
    process.waitForFinished(120000);
    if (said)
        *said = process.readAllStandardError();
    return process.exitCode();
}

QByteArray contentOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

/** The state letter of a process in /proc/<pid>/stat ('T' once it stopped itself at a fault point). */
char processState(qint64 pid)
{
    const QByteArray stat = contentOf(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype close = stat.lastIndexOf(')');
    return close > 0 && close + 2 < stat.size() ? stat.at(close + 2) : '?';
}

/** Waits (a bounded poll of the process's state, no timed guess) until pid has stopped itself. */
bool waitUntilStopped(qint64 pid)
{
    return QTest::qWaitFor([pid] { return processState(pid) == 'T'; }, 120000);
}

/** A folder only root may enter, holding root's 0600 report.json and install.log: what an attack aims at. */
QString rootOnlyFolder(TestTree& tree, const QString& name)
{
    const QString folder = tree.makeDir(name);
    for (const char* file : {"report.json", "install.log", "progress.jsonl"}) {
        const QString path = tree.writeFile(name + QLatin1Char('/') + QLatin1String(file), "root's own\n");
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    return folder;
}

} // namespace

/**
 * The privileged step handed to an elevated copy (docs/elevation.md): the protocol pieces, then, as a real non-root
 * identity against a root-owned toolkit, the whole hand-over through the test launcher that stands in for pkexec:
 * what it runs, what it refuses, what it never touches, and the silent mode's exit 4 with the exact command.
 */
class TestElevation : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    // The protocol, no root needed
    void progressLinesCrossTheBoundary();
    void sessionFilesArePrivate();
    void existingFilesAreNeverOpenedThroughALink();
    void pasteCommandIsQuotedForItsShell();
    // As nobody, against a root-owned toolkit
    void elevatedCopyRunsExactlyThePlan();
    void userScopeStaysWithTheUser();
    void declinedChangesNothing();
    void notAuthorizedChangesNothingAndGivesTheCommand();
    void failureMidMergeIsRolledBack();
    void archiveSwappedAfterTheCheckIsRefused();
    void reportWithAnotherTokenIsNotBelieved();
    void elevatedCopyRefusesUntrustedArguments();
    void sessionFolderSwappedMidRunIsNotFollowed();
    void filesOfAnotherUserAreNeverWritten();
    void aNewlineInAPathNeverStartsALogLine();
    void elevatedCopySpeaksTheParentsLanguage();
    void silentNeverElevatesAndGivesTheExactCommand();
    // Where polkitd and a system bus run
    void realPkexecRoundTrip();

private:
    /** Skips unless this process is root, and drops to nobody for the test. */
    bool asNobody();
    Engine makeEngine(const QStringList& launcherOptions = {});
    SetupOutcome installElevated(const QStringList& launcherOptions,
                                 PathScope scope = PathScope::None,
                                 RecordingSink* progress = nullptr);
    QString record() const { return m_tree->path(QStringLiteral("launcher.record")); }
    /** A request for the copy with this test's archive (another SHA-256) and toolkit, and session's files. */
    ElevationRequest requestInto(const ElevationSession& session) const;

    std::unique_ptr<TestTree> m_tree;
    std::unique_ptr<EffectiveNobody> m_nobody;
    QString m_root;
    QString m_archive;
    QString m_home;
};

void TestElevation::init()
{
    m_tree = std::make_unique<TestTree>();
    letNobodyIn(m_tree->root());
    m_root = makeToolkit(*m_tree); // root's, 0755: nobody may read it, not write it
    m_archive = writeSpec(*m_tree, CudnnArchiveSpec{});
    m_home = nobodysFolder(m_tree->path(QStringLiteral("home")));
    nobodysFolder(m_tree->path(QStringLiteral("tmp")));
    qputenv("TMPDIR", QFile::encodeName(m_tree->path(QStringLiteral("tmp")))); // the sessions go in the tree
}

void TestElevation::cleanup()
{
    m_nobody.reset();
    m_tree.reset();
    qunsetenv("TMPDIR");
}

bool TestElevation::asNobody()
{
    if (::geteuid() != 0)
        return false;
    m_nobody = std::make_unique<EffectiveNobody>();
    return m_nobody->active();
}

Engine TestElevation::makeEngine(const QStringList& launcherOptions)
{
    HostEnvironment host = HostEnvironment::current();
    host.defaultToolkitRoots = {m_root};
    auto runner = std::make_shared<ProcessRunner>();
    EnvironmentLocations environment = EnvironmentLocations::current(host, runner);
    environment.homeDirectory = m_home;
    environment.systemRoot = SystemRoot(m_tree->makeDir(QStringLiteral("system-root")));
    environment.loginShell = QStringLiteral("/bin/bash");
    Engine engine(host, runner, environment);
    engine.setElevation(SilentRun::binary(),
                        std::make_shared<CommandLauncher>(
                            QStringList{testLauncher(), QStringLiteral("--record"), record()} + launcherOptions));
    return engine;
}

SetupOutcome
TestElevation::installElevated(const QStringList& launcherOptions, PathScope scope, RecordingSink* progress)
{
    const Engine engine = makeEngine(launcherOptions);
    DetectOptions detect;
    detect.cudaRoots = {m_root};
    detect.queryDriver = false;
    const SystemSnapshot system = engine.detect(detect);
    const PackageChoice choice = PackageService::pick(m_archive, system, m_root, false);
    InstallRequest options;
    options.pathScope = scope;
    options.verify = false;
    options.benchmark = false;
    options.elevation = InstallRequest::Elevation::AskForRights;
    options.judged = choice;
    options.system = system;
    return engine.install(options, progress);
}

ElevationRequest TestElevation::requestInto(const ElevationSession& session) const
{
    ElevationRequest request;
    request.package = QFileInfo(m_archive).canonicalFilePath();
    request.packageSha256 = QString(64, QLatin1Char('0'));
    request.cudaRoot = m_root;
    request.reportFile = session.reportFile();
    request.logFile = session.logFile();
    request.progressFile = session.progressFile();
    request.token = session.token();
    return request;
}

void TestElevation::progressLinesCrossTheBoundary()
{
    const QString path = m_tree->path(QStringLiteral("progress.jsonl"));
    QString error;
    QVERIFY2(PrivateFiles::create(path, &error), qPrintable(error));
    ProgressLineWriter writer;
    QVERIFY2(writer.open(path, &error), qPrintable(error));
    ProgressLineReader reader(path);
    RecordingSink sink;
    QCOMPARE(reader.poll(sink), 0);
    writer.report({QStringLiteral("Writing files"), 0, 3 << 20, 0, 2, QStringLiteral("lib/libcudnn.so.9")});
    writer.report({QStringLiteral("Writing files"), 10, 3 << 20, 0, 2, QStringLiteral("lib/libcudnn.so.9")}); // < 1 MiB
    writer.report({QStringLiteral("Writing files"), 3 << 20, 3 << 20, 1, 2, QStringLiteral("include/cudnn.h")});
    QFile torn(path);
    QVERIFY(torn.open(QIODevice::Append));
    torn.write(R"({"phase": "Putting files in pl)"); // the copy is mid-line
    torn.flush();
    QCOMPARE(reader.poll(sink), 2);
    QCOMPARE(sink.updates.at(1).bytesDone, qint64(3 << 20));
    QCOMPARE(sink.updates.at(1).currentItem, QStringLiteral("include/cudnn.h"));
    torn.write(
        "ace\", \"bytes_done\": 0, \"bytes_total\": 0, \"items_done\": 1, \"items_total\": 4, \"item\": \"\"}\n");
    torn.flush();
    QCOMPARE(reader.poll(sink), 1);
    QCOMPARE(sink.updates.last().phase, QStringLiteral("Putting files in place"));
    QCOMPARE(sink.updates.last().itemsTotal, 4);
}

void TestElevation::sessionFilesArePrivate()
{
    QString folder;
    {
        ElevationSession session;
        QString error;
        QVERIFY2(session.open(&error), qPrintable(error));
        folder = session.folder();
        QVERIFY(folder.startsWith(m_tree->path(QStringLiteral("tmp"))));
        QCOMPARE(QFileInfo(folder).permissions() & 0x7777,
                 QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner | QFileDevice::ReadUser
                     | QFileDevice::WriteUser | QFileDevice::ExeUser);
        for (const QString& file : {session.reportFile(), session.progressFile(), session.logFile()}) {
            QCOMPARE(QFileInfo(file).path(), QFileInfo(folder).canonicalFilePath());
            QVERIFY(!QFileInfo::exists(file)); // the elevated copy creates them fresh
        }
        // Created as the copy creates them: the invoking user's, 0600, and never a second time.
        QString created;
        const int fd = PrivateFiles::createForInvokingUser(session.reportFile(), &created);
        QVERIFY2(fd >= 0, qPrintable(created));
        ::close(fd);
        struct stat st = {};
        QCOMPARE(::lstat(QFile::encodeName(session.reportFile()).constData(), &st), 0);
        QVERIFY(S_ISREG(st.st_mode));
        QCOMPARE(st.st_mode & 07777, mode_t(0600));
        QCOMPARE(st.st_uid, ::getuid());
        QCOMPARE(PrivateFiles::createForInvokingUser(session.reportFile(), &created), -1);
        QCOMPARE(session.token().size(), 32);
        QJsonObject report;
        QCOMPARE(session.readReport(report), ElevationSession::ReportState::Missing); // empty until the copy writes
    }
    QVERIFY(!QFileInfo::exists(folder)); // nothing is left behind
}

void TestElevation::existingFilesAreNeverOpenedThroughALink()
{
    const QString target = m_tree->writeFile(QStringLiteral("precious"), "keep");
    const QString link = m_tree->symlink(QStringLiteral("report.json"), QStringLiteral("precious"));
    QFile file;
    QString error;
    QVERIFY(!PrivateFiles::openExisting(file, link, PrivateFiles::Write::Truncate, &error));
    QVERIFY(!error.isEmpty());
    const QString hard = m_tree->path(QStringLiteral("hard.json"));
    QCOMPARE(::link(QFile::encodeName(target).constData(), QFile::encodeName(hard).constData()), 0);
    QVERIFY(!PrivateFiles::openExisting(file, hard, PrivateFiles::Write::Truncate, &error));
    QVERIFY(!PrivateFiles::openExisting(
        file, m_tree->path(QStringLiteral("missing")), PrivateFiles::Write::Append, &error));
    QVERIFY(!QFileInfo::exists(m_tree->path(QStringLiteral("missing")))); // never created
    QFile precious(target);
    QVERIFY(precious.open(QIODevice::ReadOnly));
    QCOMPARE(precious.readAll(), QByteArray("keep"));
    QVERIFY2(PrivateFiles::create(m_tree->path(QStringLiteral("fresh")), &error), qPrintable(error));
    QVERIFY(!PrivateFiles::create(m_tree->path(QStringLiteral("fresh")), &error)); // never an existing one
    // The elevated copy's files: no link anywhere on the way, not only in the last name.
    const QString real = m_tree->makeDir(QStringLiteral("real"));
    QFile::setPermissions(real, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    m_tree->symlink(QStringLiteral("linked"), QStringLiteral("real"));
    QCOMPARE(PrivateFiles::createForInvokingUser(m_tree->path(QStringLiteral("linked/report.json")), &error), -1);
    QVERIFY(!QFileInfo::exists(real + QStringLiteral("/report.json")));
    QCOMPARE(PrivateFiles::createForInvokingUser(link, &error), -1); // nor the link itself
}

void TestElevation::pasteCommandIsQuotedForItsShell()
{
    ElevationRequest request;
    request.package = QStringLiteral("/home/li lei/Downloads/cudnn's.tar.xz");
    request.packageSha256 = QString(64, QLatin1Char('a'));
    request.cudaRoot = QStringLiteral("/usr/local/cuda-12.4");
    request.reportFile = QStringLiteral("/tmp/x/report.json"); // private files and the token stay out
    request.token = QString(32, QLatin1Char('b'));
    QCOMPARE(pasteCommand(OsFlavor::Linux, QStringLiteral("/usr/bin/cudnn-setup"), request),
             QStringLiteral("sudo /usr/bin/cudnn-setup --silent --package '/home/li lei/Downloads/cudnn'\\''s.tar.xz' "
                            "--package-sha256 ")
                 + request.packageSha256
                 + QStringLiteral(" --cuda-root /usr/local/cuda-12.4 --path-scope none --no-verify --no-benchmark"));
    QCOMPARE(windowsQuoted(QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.4")),
             QStringLiteral("\"C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.4\""));
    QCOMPARE(windowsQuoted(QStringLiteral("a\\\\b\"c\\")), QStringLiteral("\"a\\\\b\\\"c\\\\\""));
    QCOMPARE(windowsQuoted(QString()), QStringLiteral("\"\""));
}

void TestElevation::elevatedCopyRunsExactlyThePlan()
{
    if (!asNobody())
        QSKIP("needs root, to act as nobody (65534) with a launcher that can become root again");
    const QString homeBefore = listing(m_home);
    const Engine engine = makeEngine();
    DetectOptions detect;
    detect.cudaRoots = {m_root};
    detect.queryDriver = false;
    const SystemSnapshot system = engine.detect(detect);
    const PackageChoice choice = PackageService::pick(m_archive, system, m_root, false);
    QVERIFY(choice.ok());
    const std::optional<ElevationRequest> privileged = engine.privilegedStep(choice, system, PathScope::None);
    QVERIFY2(privileged, "a root-owned toolkit needs the elevated copy");
    const PlannedChanges shown = InstallService::planInstall(choice.chosen()->inspection,
                                                             *system.toolkitAt(m_root),
                                                             system.os); // what the Plan page lists

    RecordingSink progress;
    const SetupOutcome outcome = installElevated({QStringLiteral("--home"), m_home}, PathScope::None, &progress);
    QVERIFY(outcome.elevation);
    QCOMPARE(ElevationOutcome::statusName(outcome.elevation->status), QStringLiteral("ran"));
    QCOMPARE(outcome.elevation->exitCode, 0);
    QVERIFY2(outcome.install.status == InstallResult::Status::Ok, describe(outcome.install));

    // What it executed is what was shown: the same files, the same actions, in the toolkit the plan named.
    QStringList planned;
    for (const Change& change : shown.changes.changes)
        planned << change.destination;
    for (const Removal& removal : shown.changes.removals)
        planned << removal.path;
    QStringList executed;
    for (const InstallResult::File& file : outcome.install.files)
        executed << file.path;
    planned.sort();
    executed.sort();
    QCOMPARE(executed, planned);
    QCOMPARE(outcome.install.root, m_root);
    QVERIFY(QFileInfo(m_root + QStringLiteral("/lib/libcudnn.so.9")).isSymLink());
    QCOMPARE(QFileInfo(m_root + QStringLiteral("/include/cudnn.h")).ownerId(), 0u); // root wrote it

    // Real progress from the elevated copy: its phases, its bytes, its files.
    const bool sawBytes = std::any_of(progress.updates.cbegin(), progress.updates.cend(), [](const ProgressUpdate& u) {
        return u.bytesTotal > 0 && u.bytesDone == u.bytesTotal && !u.currentItem.isEmpty();
    });
    QVERIFY2(sawBytes, "the merge's byte progress came back through the progress file");

    // The command line was explicit and the environment was not passed on; the report was the user's, 0600, in 0700.
    const QStringList recorded = lines(record());
    QVERIFY(recorded.contains(QStringLiteral("uid 0 euid 0")));
    const QStringList arguments = privileged->arguments();
    for (const QString& word : {QStringLiteral("--silent"),
                                QStringLiteral("--no-verify"),
                                QStringLiteral("--no-benchmark"),
                                QStringLiteral("--elevation-token")})
        QVERIFY2(recorded.contains(QStringLiteral("arg ") + word), qPrintable(recorded.join(QLatin1Char('\n'))));
    QVERIFY(recorded.contains(QStringLiteral("arg ") + m_archive));
    QVERIFY(recorded.contains(QStringLiteral("arg ") + privileged->packageSha256));
    QVERIFY(recorded.contains(QStringLiteral("arg none")));
    const QStringList passed = recorded.filter(QStringLiteral("env-in "));
    for (const QString& line : passed)
        QVERIFY2(QStringList({QStringLiteral("env-in PATH"),
                              QStringLiteral("env-in DISPLAY"),
                              QStringLiteral("env-in WAYLAND_DISPLAY"),
                              QStringLiteral("env-in XAUTHORITY"),
                              QStringLiteral("env-in DBUS_SESSION_BUS_ADDRESS")})
                     .contains(line),
                 qPrintable(line));
    QVERIFY(recorded.contains(QStringLiteral("report uid 65534 mode 600")));
    QVERIFY(recorded.contains(QStringLiteral("folder uid 65534 mode 700")));

    // The elevated copy had the user's HOME and touched nothing in it.
    QCOMPARE(listing(m_home), homeBefore);
    // The report it wrote, as the wizard keeps it.
    QCOMPARE(outcome.elevation->report.value(QStringLiteral("command")).toString(), QStringLiteral("install"));
    const Report report = outcome.toReport();
    QCOMPARE(report.section(QStringLiteral("elevation")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("ran"));
}

void TestElevation::userScopeStaysWithTheUser()
{
    if (!asNobody())
        QSKIP("needs root, to act as nobody (65534) with a launcher that can become root again");
    const SetupOutcome outcome = installElevated({QStringLiteral("--home"), m_home}, PathScope::User);
    QVERIFY2(outcome.install.status == InstallResult::Status::Ok, describe(outcome.install));
    QVERIFY(lines(record()).contains(QStringLiteral("arg none"))); // the copy was told to leave it alone
    QCOMPARE(EnvironmentOutcome::statusName(outcome.environment.status), QStringLiteral("applied"));
    const QFileInfo profile(m_home + QStringLiteral("/.profile"));
    QVERIFY(profile.exists());
    QCOMPARE(profile.ownerId(), EffectiveNobody::Id); // written by the user's own process, not by root
    QFile file(profile.filePath());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains(m_root.toUtf8()));
}

void TestElevation::declinedChangesNothing()
{
    if (!asNobody())
        QSKIP("needs root, to act as nobody (65534) with a launcher that can become root again");
    const QString before = listing(m_root);
    const QString homeBefore = listing(m_home);
    const SetupOutcome outcome = installElevated({QStringLiteral("--decline")}, PathScope::User);
    QCOMPARE(ElevationOutcome::statusName(outcome.elevation->status), QStringLiteral("declined"));
    QVERIFY(outcome.elevation->nothingRan());
    QCOMPARE(outcome.install.status, InstallResult::Status::NeedsElevation);
    QCOMPARE(outcome.taskStatus(), TaskStatus::NeedsElevation);
    QVERIFY(!outcome.verify);
    QCOMPARE(listing(m_root), before);
    QCOMPARE(listing(m_home), homeBefore); // nor the user's search path
}

void TestElevation::notAuthorizedChangesNothingAndGivesTheCommand()
{
    if (!asNobody())
        QSKIP("needs root, to act as nobody (65534) with a launcher that can become root again");
    const QString before = listing(m_root);
    const SetupOutcome outcome = installElevated({QStringLiteral("--not-authorized")});
    QCOMPARE(ElevationOutcome::statusName(outcome.elevation->status), QStringLiteral("not_authorized"));
    QVERIFY(outcome.elevation->command.startsWith(QStringLiteral("sudo ") + SilentRun::binary()
                                                  + QStringLiteral(" --silent --package ") + m_archive));
    QCOMPARE(listing(m_root), before);
}

void TestElevation::failureMidMergeIsRolledBack()
{
    if (!asNobody())
        QSKIP("needs root, to act as nobody (65534) with a launcher that can become root again");
    const QString before = toolkitListing(m_root);
    const SetupOutcome outcome = installElevated({QStringLiteral("--fault"), QStringLiteral("stage.write:2:fail")});
    QCOMPARE(ElevationOutcome::statusName(outcome.elevation->status), QStringLiteral("ran"));
    QCOMPARE(outcome.elevation->exitCode, 5);
    QVERIFY2(outcome.install.status == InstallResult::Status::RolledBack, describe(outcome.install));
    QVERIFY(codesOf(outcome.install).contains(QStringLiteral("INSTALL-ROLLED-BACK")));
    QCOMPARE(toolkitListing(m_root), before);
}

void TestElevation::archiveSwappedAfterTheCheckIsRefused()
{
    if (!asNobody())
        QSKIP("needs root, to act as nobody (65534) with a launcher that can become root again");
    const Engine engine = makeEngine();
    DetectOptions detect;
    detect.cudaRoots = {m_root};
    detect.queryDriver = false;
    const SystemSnapshot system = engine.detect(detect);
    const PackageChoice choice = PackageService::pick(m_archive, system, m_root, false);
    std::optional<ElevationRequest> request = engine.privilegedStep(choice, system, PathScope::None);
    QVERIFY(request);
    // Between the verdict and the elevation, the user's own archive is replaced by another that also fits.
    CudnnArchiveSpec other;
    other.libraryPayload = "something else";
    m_nobody.reset();
    other.build().write(m_archive);
    QVERIFY(asNobody());
    const QString before = toolkitListing(m_root);

    const CommandLauncher launcher({testLauncher()});
    const ElevationOutcome outcome = ElevatedInstall(launcher, SilentRun::binary()).run(*request, nullptr, nullptr);
    QCOMPARE(ElevationOutcome::statusName(outcome.status), QStringLiteral("ran"));
    QCOMPARE(outcome.exitCode, 3);
    QVERIFY(reportCodes(outcome.report).contains(QStringLiteral("ELEVATION-PACKAGE-CHANGED")));
    QCOMPARE(outcome.report.value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    QCOMPARE(toolkitListing(m_root), before);
}

void TestElevation::reportWithAnotherTokenIsNotBelieved()
{
    if (!asNobody())
        QSKIP("needs root, to act as nobody (65534) with a launcher that can become root again");
    const SetupOutcome outcome = installElevated({QStringLiteral("--forge-report")});
    QCOMPARE(ElevationOutcome::statusName(outcome.elevation->status), QStringLiteral("report_rejected"));
    QVERIFY(outcome.elevation->report.isEmpty());
    QCOMPARE(outcome.install.status, InstallResult::Status::Failed); // it ran, but what it did is not known
}

void TestElevation::elevatedCopyRefusesUntrustedArguments()
{
    ElevationSession session;
    QString error;
    QVERIFY2(session.open(&error), qPrintable(error));
    ElevationRequest request = requestInto(session);
    QVERIFY2(request.validate().isEmpty(), qPrintable(request.validate()));
    const QString before = listing(m_root);

    const auto run = [](const QStringList& arguments) { return runCopy(arguments); };
    ElevationRequest linked = request; // a report that leads elsewhere
    const QString precious = m_tree->writeFile(QStringLiteral("precious"), "keep");
    linked.reportFile = m_tree->symlink(QStringLiteral("report-link.json"), precious);
    QCOMPARE(run(linked.arguments()), 2);
    ElevationRequest roundabout = request; // a path that is not canonical
    roundabout.cudaRoot = m_root + QStringLiteral("/lib/..");
    QCOMPARE(run(roundabout.arguments()), 2);
    ElevationRequest userScope = request; // never the invoking user's search path
    userScope.pathScope = PathScope::User;
    QCOMPARE(run(userScope.arguments()), 2);
    ElevationRequest noToken = request;
    noToken.token = QStringLiteral("short");
    QCOMPARE(run(noToken.arguments()), 2);
    QFile file(precious);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("keep"));
    QCOMPARE(listing(m_root), before);
    // The right arguments but another archive's SHA-256: refused by the copy, with the code, into the report.
    QCOMPARE(run(request.arguments()), 3);
    QJsonObject report;
    QCOMPARE(session.readReport(report), ElevationSession::ReportState::Valid);
    QVERIFY(reportCodes(report).contains(QStringLiteral("ELEVATION-PACKAGE-CHANGED")));
    QCOMPARE(listing(m_root), before);
}

void TestElevation::sessionFolderSwappedMidRunIsNotFollowed()
{
    if (::geteuid() != 0)
        QSKIP("needs root, to act as nobody (65534) with a launcher that can become root again");
    const QString target = rootOnlyFolder(*m_tree, QStringLiteral("root-only"));
    QVERIFY(asNobody());
    // The copy stops itself while it puts the second file in place; the user then moves the session folder away and
    // puts a link to root's folder in its place, and lets it go on.
    SetupOutcome outcome;
    std::thread install([&] {
        outcome = installElevated({QStringLiteral("--fault"), QStringLiteral("swap.rename:1:stop")});
    });
    qint64 pid = 0;
    QVERIFY(QTest::qWaitFor(
        [&] {
            const QStringList started = lines(record()).filter(QRegularExpression(QStringLiteral("^pid \\d+$")));
            pid = started.isEmpty() ? 0 : started.first().mid(4).toLongLong();
            return pid > 0;
        },
        120000));
    QVERIFY(waitUntilStopped(pid));
    const QStringList sessions
        = QDir(m_tree->path(QStringLiteral("tmp"))).entryList({QStringLiteral("cudnn-setup-elevation-*")}, QDir::Dirs);
    QCOMPARE(sessions.size(), 1);
    const QString session = m_tree->path(QStringLiteral("tmp/") + sessions.first());
    const QString moved = m_tree->path(QStringLiteral("tmp/moved"));
    QVERIFY(QDir().rename(session, moved));
    QVERIFY(QFile::link(target, session));
    ::kill(pid_t(pid), SIGCONT);
    install.join();
    m_nobody.reset();

    QCOMPARE(outcome.elevation->exitCode, 0); // the install itself went on
    QVERIFY(QFileInfo(m_root + QStringLiteral("/lib/libcudnn.so.9")).isSymLink());
    for (const char* file : {"report.json", "install.log", "progress.jsonl"})
        QCOMPARE(contentOf(target + QLatin1Char('/') + QLatin1String(file)), QByteArray("root's own\n"));
    // What the copy wrote went where it was created: the user's own folder, the user's own files.
    const QFileInfo report(moved + QStringLiteral("/report.json"));
    QCOMPARE(report.ownerId(), EffectiveNobody::Id);
    QVERIFY(QJsonDocument::fromJson(contentOf(report.filePath())).object().contains(QStringLiteral("files")));
}

void TestElevation::filesOfAnotherUserAreNeverWritten()
{
    if (::geteuid() != 0)
        QSKIP("needs root, to run the elevated copy as root for nobody (65534)");
    const QString target = rootOnlyFolder(*m_tree, QStringLiteral("root-only"));
    const QString nobodys = nobodysFolder(m_tree->path(QStringLiteral("nobodys")));
    const QString planted = m_tree->writeFile(QStringLiteral("nobodys/report.json"), "root's own\n"); // root's file
    ElevationRequest request;
    request.package = QFileInfo(m_archive).canonicalFilePath();
    request.packageSha256 = QString(64, QLatin1Char('0'));
    request.cudaRoot = m_root;
    request.token = QString(32, QLatin1Char('a'));
    QProcessEnvironment forNobody; // as pkexec names the user it acts for
    forNobody.insert(QStringLiteral("PKEXEC_UID"), QString::number(EffectiveNobody::Id));
    const auto run = [&forNobody](const ElevationRequest& request) { return runCopy(request.arguments(), forNobody); };
    // The report, log and progress file named as root's own files in root's folder.
    ElevationRequest rootsFiles = request;
    rootsFiles.reportFile = target + QStringLiteral("/report.json");
    rootsFiles.logFile = target + QStringLiteral("/install.log");
    rootsFiles.progressFile = target + QStringLiteral("/progress.jsonl");
    QCOMPARE(run(rootsFiles), 2);
    // New names, but in root's folder.
    ElevationRequest rootsFolder = request;
    rootsFolder.reportFile = target + QStringLiteral("/new-report.json");
    rootsFolder.logFile = target + QStringLiteral("/new.log");
    rootsFolder.progressFile = target + QStringLiteral("/new.jsonl");
    QCOMPARE(run(rootsFolder), 2);
    // The user's folder, but a file that exists there already.
    ElevationRequest existing = request;
    existing.reportFile = planted;
    existing.logFile = nobodys + QStringLiteral("/install.log");
    existing.progressFile = nobodys + QStringLiteral("/progress.jsonl");
    QCOMPARE(run(existing), 2);

    for (const char* file : {"report.json", "install.log", "progress.jsonl"})
        QCOMPARE(contentOf(target + QLatin1Char('/') + QLatin1String(file)), QByteArray("root's own\n"));
    QCOMPARE(QDir(target).entryList(QDir::Files | QDir::Hidden).size(), 3);
    QCOMPARE(contentOf(planted), QByteArray("root's own\n"));
}

void TestElevation::aNewlineInAPathNeverStartsALogLine()
{
    // A package folder whose name holds a newline and a shell line: the log's first line is the command line.
    const QString folder = m_tree->makeDir(QStringLiteral("x\ntouch PWNED #"));
    const QString archive = folder + QLatin1Char('/') + QFileInfo(m_archive).fileName();
    QVERIFY(QFile::copy(m_archive, archive));
    const QString root = makeToolkit(*m_tree, QStringLiteral("writable-13.0"));
    const QString log = m_tree->path(QStringLiteral("install.log"));
    SilentRun silent(m_tree->path(QStringLiteral("report.json")));
    const SilentRun::Result result = silent.run({QStringLiteral("--package"),
                                                 archive,
                                                 QStringLiteral("--cuda-root"),
                                                 root,
                                                 QStringLiteral("--log"),
                                                 log,
                                                 QStringLiteral("--path-scope"),
                                                 QStringLiteral("none"),
                                                 QStringLiteral("--no-verify"),
                                                 QStringLiteral("--no-benchmark")});
    QVERIFY2(result.exitCode == 0, result.out + result.err);
    const QStringList written = lines(log);
    QVERIFY(written.size() > 2);
    for (const QString& line : written)
        QVERIFY2(!line.startsWith(QLatin1String("touch")), qPrintable(line));
    QVERIFY(written.first().contains(QStringLiteral("x\\ntouch PWNED #")));
    QCOMPARE(FileInstallLog::escaped(QStringLiteral("a\r\nb\x1b[2J\u2028c")),
             QStringLiteral("a\\r\\nb\\x1b[2J\\u2028c"));
}

void TestElevation::elevatedCopySpeaksTheParentsLanguage()
{
    ElevationSession session;
    QString error;
    QVERIFY2(session.open(&error), qPrintable(error));
    ElevationRequest request = requestInto(session);
    request.cudaRoot = m_root + QStringLiteral("/lib/.."); // refused: not canonical
    request.language = QStringLiteral("zh_CN");
    QByteArray stderrText; // started as pkexec starts it: nothing of the parent's locale
    QCOMPARE(runCopy(request.arguments(), QProcessEnvironment(), &stderrText), 2);
    const QString said = QString::fromUtf8(stderrText);
    QVERIFY2(said.contains(QStringLiteral("工具包")), qPrintable(said));
    QVERIFY2(!said.contains(QStringLiteral("toolkit")), qPrintable(said));
}

void TestElevation::silentNeverElevatesAndGivesTheExactCommand()
{
    if (::geteuid() != 0)
        QSKIP("needs root, to run the binary as nobody (65534) through setpriv");
    nobodysFolder(m_tree->path(QStringLiteral("out")));
    SilentRun silent(m_tree->path(QStringLiteral("out/report.json")));
    silent.set(QStringLiteral("HOME"), m_home);
    silent.setWrapper({QStringLiteral("setpriv"),
                       QStringLiteral("--reuid=65534"),
                       QStringLiteral("--regid=65534"),
                       QStringLiteral("--clear-groups")});
    const QString before = listing(m_root);
    const SilentRun::Result result
        = silent.run({QStringLiteral("--package"), m_archive, QStringLiteral("--cuda-root"), m_root});
    QVERIFY2(result.exitCode == 4, result.out + result.err);
    QCOMPARE(listing(m_root), before);
    const QString command
        = result.report.value(QStringLiteral("elevation")).toObject().value(QStringLiteral("command")).toString();
    // Refused before the archive was read, yet the command pins the file named, as the wizard's does: the report
    // and the command name the same SHA-256, the archive's.
    const QString sha256 = FileSystem::sha256Of(m_archive);
    QCOMPARE(result.report.value(QStringLiteral("package")).toObject().value(QStringLiteral("sha256")).toString(),
             sha256);
    QCOMPARE(command,
             QStringLiteral("sudo %1 --silent --package %2 --package-sha256 %3 --cuda-root %4 --path-scope none "
                            "--no-verify --no-benchmark")
                 .arg(SilentRun::binary(), QFileInfo(m_archive).canonicalFilePath(), sha256, m_root));
    QVERIFY2(result.out.contains(command.toUtf8()), result.out);
    // The package was fine; the toolkit was not writable: the search path line says that, not a rejection.
    QVERIFY2(result.out.contains("Search path: left as it is (writing into the toolkit needs administrator rights)"),
             result.out);
    QVERIFY2(!result.out.contains("not accepted"), result.out);

    // Pasted as it is (root needs no sudo here: the shell runs the same words without it), it installs.
    QProcess shell;
    shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command.mid(QStringLiteral("sudo ").size())});
    QVERIFY(shell.waitForFinished(180000));
    QVERIFY2(shell.exitCode() == 0, shell.readAll());
    QVERIFY(QFileInfo(m_root + QStringLiteral("/lib/libcudnn.so.9")).isSymLink());
}

void TestElevation::realPkexecRoundTrip()
{
    if (::geteuid() != 0 || !QFileInfo::exists(QStringLiteral("/usr/bin/pkexec"))
        || !QFileInfo::exists(QStringLiteral("/run/dbus/system_bus_socket")))
        QSKIP("needs root, /usr/bin/pkexec and a system D-Bus with polkitd (Debian: pkexec, polkitd, dbus)");
    // Root is authorized without a prompt: this proves pkexec carries the explicit command line, the private files
    // and the exit code back, not the prompt (docs/elevation.md).
    const Engine engine = makeEngine();
    DetectOptions detect;
    detect.cudaRoots = {m_root};
    detect.queryDriver = false;
    const SystemSnapshot system = engine.detect(detect);
    const PackageChoice choice = PackageService::pick(m_archive, system, m_root, false);
    ElevationRequest request;
    request.package = QFileInfo(m_archive).canonicalFilePath();
    request.packageSha256 = choice.chosen()->inspection.sha256;
    request.cudaRoot = m_root;
    const std::unique_ptr<CommandLauncher> pkexec = CommandLauncher::pkexec();
    RecordingSink progress;
    const ElevationOutcome outcome = ElevatedInstall(*pkexec, SilentRun::binary()).run(request, &progress, nullptr);
    QCOMPARE(ElevationOutcome::statusName(outcome.status), QStringLiteral("ran"));
    QCOMPARE(outcome.exitCode, 0);
    QCOMPARE(outcome.report.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QVERIFY(!progress.updates.isEmpty());
    QVERIFY(QFileInfo(m_root + QStringLiteral("/lib/libcudnn.so.9")).isSymLink());
}

QTEST_GUILESS_MAIN(TestElevation)
#include "TestElevation.moc"
