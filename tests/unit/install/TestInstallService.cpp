#include "InstallFixtures.h"
#include "install/FaultPoint.h"
#include "install/InstallCode.h"
#include "install/InstallLog.h"
#include "install/Manifest.h"
#include "install/Preflight.h"
#include "install/ToolkitState.h"
#include "package/ArchiveReader.h"
#include "package/PackageInspector.h"

#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

using namespace InstallFixtures;
using Status = InstallResult::Status;

namespace {

/** Cancels once the merge has written some bytes, as a Cancel button pressed mid-way would. */
class CancelWhileWriting final : public ProgressSink
{
public:
    explicit CancelWhileWriting(CancellationToken token)
        : m_token(std::move(token))
    {
    }
    void report(const ProgressUpdate& update) override
    {
        if (update.bytesDone > 0)
            m_token.cancel();
    }

private:
    CancellationToken m_token;
};

class LinesLog final : public InstallLog
{
public:
    void write(const QString& line) override { lines.append(line); }
    QStringList lines;
};

/** The one-pass install the silent runner uses for one archive into a known toolkit. */
InstallResult installInOnePass(const QString& archive,
                               const QString& root,
                               InstallService::JudgedPackage* judged = nullptr,
                               bool force = false)
{
    const SystemSnapshot system = machineWith({root});
    InstallService::JudgedPackage ignored;
    return InstallService::installArchive(
        archive, system, *system.toolkitAt(root), force, {}, nullptr, {}, judged ? judged : &ignored);
}

/** A synthetic cuDNN of another version, the one a switch goes from. */
CudnnArchiveSpec older(const Version& version = Version{9, 1, 0, 70})
{
    CudnnArchiveSpec spec;
    spec.cudnn = version;
    spec.cuda = version.major() == 8 ? QStringLiteral("12") : QStringLiteral("13");
    return spec;
}

} // namespace

/** Installing, reinstalling, uninstalling and switching cuDNN in temporary toolkits; hostile packages; faults. */
class TestInstallService : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void installsRealCudnnWithLinksAndModes();
    void installedCopyReportsItsVersion();
    void reinstallChangesNothing();
    void uninstallRestoresWhatWasThere();
    void switchVersionsAndBack();
    void eightToNineLeavesNoMixture();
    void changedSinceInstallIsRefusedUnlessForced();
    void hostileEntriesChangeNothing_data();
    void hostileEntriesChangeNothing();
    void faultAtEachPointRollsBack_data();
    void faultAtEachPointRollsBack();
    void uninstallFaultRollsBack_data();
    void uninstallFaultRollsBack();
    void cancelRollsBack();
    void archiveChangedSinceItWasChecked();
    void readOnlyTargetNeedsElevation();
    void tooLittleSpace();
    void lockedToolkit();
    void unreadableJournalStopsTheInstall();
    void windowsLayoutOntoWindowsTree();
    void logRecordsEveryAction();
    void deployCopiesTheRuntimeAndUninstalls();
    void onePassReadsTheArchiveOnce();
    void onePassRefusesWhatItReadsAndLeavesNothing();
    void onePassRefusesByNameBeforeReading();
    void onePassFaultRollsBack_data();
    void onePassFaultRollsBack();
    void onePassSameFilesAgainChangesNothing();

private:
    TestTree m_shared; // packed once: the real-files archive takes seconds to compress
    QString m_real; // the real-files cuDNN 9.19 archive
    std::unique_ptr<TestTree> m_tree;
    QString m_root;
};

void TestInstallService::initTestCase()
{
    m_real = writeArchive(m_shared, realCudnn919(), CudnnArchiveSpec{}.fileName());
}

void TestInstallService::init()
{
    m_tree = std::make_unique<TestTree>();
    m_root = makeToolkit(*m_tree);
}

void TestInstallService::cleanup()
{
    FaultPoint::disarm();
}

void TestInstallService::installsRealCudnnWithLinksAndModes()
{
    const InstallResult result = install(m_real, m_root);
    QVERIFY2(result.status == Status::Ok, describe(result));
    QCOMPARE(result.taskStatus(), TaskStatus::Ok);

    const QString lib = m_root + QStringLiteral("/lib"); // lib64 is a link to it
    QCOMPARE(FileSystem::kindOf(lib + QStringLiteral("/libcudnn.so.9.19.0")), FileSystem::Kind::File);
    QCOMPARE(FileSystem::linkTarget(lib + QStringLiteral("/libcudnn.so.9")), QStringLiteral("libcudnn.so.9.19.0"));
    QCOMPARE(FileSystem::linkTarget(lib + QStringLiteral("/libcudnn.so")), QStringLiteral("libcudnn.so.9"));
    QCOMPARE(FileSystem::linkTarget(lib + QStringLiteral("/libcudnn_ops.so.9")),
             QStringLiteral("libcudnn_ops.so.9.19.0"));
    QCOMPARE(FileSystem::sha256Of(lib + QStringLiteral("/libcudnn.so.9.19.0")),
             FileSystem::sha256Of(RealCuda + QStringLiteral("/lib64/libcudnn.so.9")));
    QCOMPARE(QFileInfo(lib + QStringLiteral("/libcudnn.so.9.19.0")).permissions() & 0x7777,
             QFileDevice::Permissions(0x7755));
    QCOMPARE(QFileInfo(m_root + QStringLiteral("/include/cudnn_version.h")).permissions() & 0x7777,
             QFileDevice::Permissions(0x6644));
    QCOMPARE(FileSystem::sha256Of(m_root + QStringLiteral("/include/cudnn_version.h")),
             FileSystem::sha256Of(RealCuda + QStringLiteral("/include/cudnn_version.h")));
    QVERIFY(!FileSystem::exists(m_root + QStringLiteral("/LICENSE")));
    QVERIFY(!FileSystem::exists(m_root + QStringLiteral("/bin")));
    QVERIFY(!FileSystem::exists(m_root + QStringLiteral("/cuda")));

    const QString all = listing(m_root);
    QVERIFY2(!all.contains(QStringLiteral(".cudnn-setup-")), qPrintable(all)); // no staged file left behind
    QVERIFY(!all.contains(QStringLiteral("journal.json")));
    QVERIFY(!all.contains(QStringLiteral("/lock")));

    QString error;
    const std::optional<Manifest> manifest = Manifest::load(ToolkitState(m_root).manifestFile(), &error);
    QVERIFY2(manifest && manifest->entries.size() == 1, qPrintable(error));
    const ManifestEntry& entry = manifest->entries.first();
    QCOMPARE(entry.package.value(QStringLiteral("cudnn_version")).toString(), QStringLiteral("9.19.0"));
    QCOMPARE(entry.package.value(QStringLiteral("sha256")).toString(), FileSystem::sha256Of(m_real));
    QCOMPARE(entry.files.size(), result.files.size());
    QVERIFY(entry.folders.contains(QStringLiteral("include"))
            || QFileInfo::exists(m_root + QStringLiteral("/include")));
    for (const InstallResult::File& file : result.files) {
        QVERIFY(file.path.startsWith(m_root + QLatin1Char('/')));
        QVERIFY2(file.action == QLatin1String("added"), qPrintable(file.path + QLatin1Char(' ') + file.action));
        if (FileSystem::kindOf(file.path) == FileSystem::Kind::File)
            QCOMPARE(FileSystem::sha256Of(file.path), file.sha256);
    }
}

void TestInstallService::installedCopyReportsItsVersion()
{
    const QString probe = qEnvironmentVariable("CUDNN_SETUP_BIN_DIR") + QStringLiteral("/cudnn-probe");
    if (!QFileInfo(probe).isExecutable())
        QSKIP("cudnn-probe is not built");
    const InstallResult result = install(m_real, m_root);
    QVERIFY2(result.status == Status::Ok, describe(result));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    process.setProcessEnvironment(env);
    process.start(
        probe, {QStringLiteral("cudnn"), QStringLiteral("--library"), m_root + QStringLiteral("/lib64/libcudnn.so.9")});
    QVERIFY(process.waitForFinished(60000));
    const QByteArray out = process.readAllStandardOutput();
    const QJsonObject cudnn = QJsonDocument::fromJson(out).object().value(QStringLiteral("cudnn")).toObject();
    QVERIFY2(cudnn.value(QStringLiteral("loaded")).toBool(), out + process.readAllStandardError());
    QCOMPARE(cudnn.value(QStringLiteral("version")).toInt(), 91900);
    QVERIFY(cudnn.value(QStringLiteral("path")).toString().startsWith(m_root));
}

void TestInstallService::reinstallChangesNothing()
{
    QVERIFY(install(m_real, m_root).succeeded());
    const QString installed = listing(m_root);
    const InstallResult again = install(m_real, m_root);
    QCOMPARE(again.status, Status::Unchanged);
    QCOMPARE(again.taskStatus(), TaskStatus::Ok);
    QVERIFY(codesOf(again).contains(InstallCode::Unchanged));
    QVERIFY(std::all_of(again.files.cbegin(), again.files.cend(), [](const InstallResult::File& f) {
        return f.action == QLatin1String("unchanged");
    }));
    QCOMPARE(listing(m_root), installed);
}

void TestInstallService::uninstallRestoresWhatWasThere()
{
    // A hand-made earlier cuDNN: a header the package overwrites, a library it supersedes, a link chain flattened.
    m_tree->writeFile(QStringLiteral("cuda-13.0/include/cudnn.h"), "/* a hand-copied cuDNN 9.1 */\n");
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libcudnn.so.9.1.0"), "nine one");
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libcudnn.so.9"), "nine one, flattened");
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libcublas.so.13"), "not cuDNN: stays");
    const QString before = listing(m_root);

    const InstallResult installed = install(m_real, m_root);
    QVERIFY2(installed.status == Status::Ok, describe(installed));
    QVERIFY(codesOf(installed).contains(InstallCode::Superseded));
    QVERIFY(!FileSystem::exists(m_root + QStringLiteral("/lib/libcudnn.so.9.1.0")));
    QVERIFY(FileSystem::exists(m_root + QStringLiteral("/lib/libcublas.so.13")));

    const InstallResult removed = InstallService::uninstall(m_root);
    QVERIFY2(removed.status == Status::Uninstalled, describe(removed));
    QCOMPARE(listing(m_root), before);

    const InstallResult nothing = InstallService::uninstall(m_root);
    QCOMPARE(nothing.status, Status::NotInstalled);
    QCOMPARE(nothing.taskStatus(), TaskStatus::Ok);
    QCOMPARE(listing(m_root), before);
}

void TestInstallService::switchVersionsAndBack()
{
    const QString nineOne = writeSpec(*m_tree, older());
    const QString pristine = listing(m_root);
    QVERIFY(install(nineOne, m_root).succeeded());
    const QString withNineOne = listing(m_root);
    QVERIFY(withNineOne.contains(QStringLiteral("lib/libcudnn.so.9.1.0")));

    const InstallResult up = install(m_real, m_root);
    QVERIFY2(up.status == Status::Ok, describe(up));
    const QString withNineNineteen = listing(m_root);
    QVERIFY2(!toolkitListing(m_root).contains(QStringLiteral(".so.9.1.0")), qPrintable(withNineNineteen));
    QVERIFY(withNineNineteen.contains(QStringLiteral("lib/libcudnn_graph.so.9.19.0")));

    const InstallResult back = install(nineOne, m_root);
    QVERIFY2(back.status == Status::Ok, describe(back));
    const QString switchedBack = toolkitListing(m_root);
    QVERIFY2(!switchedBack.contains(QStringLiteral(".so.9.19.0")), qPrintable(switchedBack));
    QCOMPARE(FileSystem::linkTarget(m_root + QStringLiteral("/lib/libcudnn.so.9")),
             QStringLiteral("libcudnn.so.9.1.0"));

    QString error;
    QCOMPARE(Manifest::load(ToolkitState(m_root).manifestFile(), &error)->entries.size(), 3);
    QVERIFY(InstallService::uninstall(m_root).succeeded());
    QCOMPARE(listing(m_root), withNineNineteen);
    QVERIFY(InstallService::uninstall(m_root).succeeded());
    QCOMPARE(listing(m_root), withNineOne);
    QVERIFY(InstallService::uninstall(m_root).succeeded());
    QCOMPARE(listing(m_root), pristine);
}

void TestInstallService::eightToNineLeavesNoMixture()
{
    CudnnArchiveSpec eight = older(Version{8, 9, 7, 29});
    const QString toolkit12 = makeToolkit(*m_tree, QStringLiteral("cuda-12.4"), 12040);
    SystemSnapshot system = machineWith({toolkit12});
    system.toolkits.first().version = Version{12, 4};
    const QString archive = writeSpec(*m_tree, eight);
    const QString before = listing(toolkit12);
    QVERIFY(InstallService::install(choose(archive, system, toolkit12), system).succeeded());
    QVERIFY(FileSystem::exists(toolkit12 + QStringLiteral("/lib/libcudnn_ops_infer.so.8")));

    CudnnArchiveSpec nine;
    nine.cuda = QStringLiteral("12");
    const QString nineArchive = writeSpec(*m_tree, nine);
    const InstallResult result = InstallService::install(choose(nineArchive, system, toolkit12), system);
    QVERIFY2(result.status == Status::Ok, describe(result));
    const QString after = toolkitListing(toolkit12);
    for (const QString& gone : {QStringLiteral("libcudnn_ops_infer.so.8"),
                                QStringLiteral("libcudnn.so.8.9.7"),
                                QStringLiteral("cudnn_ops_infer.h"),
                                QStringLiteral("libcudnn.so.8 ")})
        QVERIFY2(!after.contains(gone), qPrintable(gone + QLatin1Char('\n') + after));
    QVERIFY(std::any_of(result.files.cbegin(), result.files.cend(), [](const InstallResult::File& f) {
        return f.action == QLatin1String("removed") && f.path.endsWith(QLatin1String("libcudnn_ops_infer.so.8"));
    }));

    QVERIFY(InstallService::uninstall(toolkit12).succeeded());
    QVERIFY(FileSystem::exists(toolkit12 + QStringLiteral("/lib/libcudnn_ops_infer.so.8")));
    QVERIFY(InstallService::uninstall(toolkit12).succeeded());
    QCOMPARE(listing(toolkit12), before);
}

void TestInstallService::changedSinceInstallIsRefusedUnlessForced()
{
    m_tree->writeFile(QStringLiteral("cuda-13.0/include/cudnn.h"), "the user's own header\n");
    QVERIFY(install(m_real, m_root).succeeded());
    const QString edited = m_tree->writeFile(QStringLiteral("cuda-13.0/include/cudnn_ops.h"), "edited by hand\n");
    const QString changed = listing(m_root);

    const InstallResult refused = InstallService::uninstall(m_root);
    QCOMPARE(refused.status, Status::Refused);
    QCOMPARE(refused.taskStatus(), TaskStatus::Failed);
    QVERIFY(codesOf(refused).contains(InstallCode::ChangedSinceInstall));
    QVERIFY(std::any_of(refused.diagnostics.cbegin(), refused.diagnostics.cend(), [&](const Diagnostic& d) {
        return d.subject == edited;
    }));
    QCOMPARE(listing(m_root), changed);

    InstallOptions force;
    force.force = true;
    const InstallResult forced = InstallService::uninstall(m_root, force);
    QVERIFY2(forced.status == Status::Uninstalled, describe(forced));
    QVERIFY(!FileSystem::exists(edited));
    QFile header(m_root + QStringLiteral("/include/cudnn.h"));
    QVERIFY(header.open(QIODevice::ReadOnly));
    QCOMPARE(header.readAll(), QByteArray("the user's own header\n"));
    // The edited copy is kept, and the report says where.
    const auto warning = std::find_if(forced.diagnostics.cbegin(), forced.diagnostics.cend(), [&](const Diagnostic& d) {
        return d.subject == edited;
    });
    QVERIFY(warning != forced.diagnostics.cend());
    QDirIterator kept(
        ToolkitState(m_root).folder(), {QStringLiteral("cudnn_ops.h")}, QDir::Files, QDirIterator::Subdirectories);
    QVERIFY(kept.hasNext());
    QVERIFY(warning->message.contains(kept.next()));
}

void TestInstallService::hostileEntriesChangeNothing_data()
{
    QTest::addColumn<QString>("kind");
    for (const char* kind :
         {"dotdot", "absolute", "symlink-out", "hardlink-out", "device", "fifo", "through-link", "case-collision"})
        QTest::newRow(kind) << QString::fromLatin1(kind);
}

void TestInstallService::hostileEntriesChangeNothing()
{
    QFETCH(QString, kind);
    const QString outside = m_tree->path(QStringLiteral("outside-") + kind);
    CudnnArchiveSpec spec;
    spec.libraryPayload = "libcudart.so.13";
    OsFlavor os = OsFlavor::Linux;
    if (kind == QLatin1String("case-collision")) {
        spec.layout = CudnnArchiveSpec::Layout::WindowsBinX64;
        os = OsFlavor::Windows;
    }
    ArchiveBuilder builder = spec.build();
    const QString lib = spec.topFolder() + QStringLiteral("/lib/");
    if (kind == QLatin1String("dotdot"))
        builder.file(lib + QStringLiteral("../../../outside-dotdot"), "escape");
    else if (kind == QLatin1String("absolute"))
        builder.file(outside, "escape");
    else if (kind == QLatin1String("symlink-out"))
        builder.symlink(lib + QStringLiteral("libcudnn_evil.so"), QStringLiteral("../../../outside-symlink-out"));
    else if (kind == QLatin1String("hardlink-out"))
        builder.hardlink(lib + QStringLiteral("libcudnn_evil.so"), QStringLiteral("../outside-hardlink-out"));
    else if (kind == QLatin1String("device"))
        builder.device(lib + QStringLiteral("libcudnn_evil.so"));
    else if (kind == QLatin1String("fifo"))
        builder.fifo(lib + QStringLiteral("libcudnn_evil.so"));
    else if (kind == QLatin1String("through-link"))
        builder.symlink(lib + QStringLiteral("sub"), QStringLiteral("x"))
            .file(lib + QStringLiteral("sub/libcudnn_x.so"), "via a link");
    else if (kind == QLatin1String("case-collision"))
        builder.file(spec.topFolder() + QStringLiteral("/bin/x64/CUDNN64_9.dll"),
                     SyntheticBinary::pe(SyntheticBinary::PeAmd64));
    const QString archive = writeArchive(*m_tree, builder, spec.fileName());

    const QString before = listing(m_root);
    const InstallResult result = install(archive, m_root, {}, os);
    QCOMPARE(result.status, Status::Rejected);
    QCOMPARE(result.taskStatus(), TaskStatus::Rejected);
    QCOMPARE(listing(m_root), before);
    QVERIFY(!FileSystem::exists(outside));

    // The merge's own guard, whatever a verdict says: an inspection with an unsafe entry is never written.
    const PackageInspection inspection = PackageInspector().inspect(archive);
    const Diagnostics refusal = Preflight::checkPackage(inspection, {});
    QVERIFY(!refusal.isEmpty());
    QCOMPARE(refusal.first().code, InstallCode::UnsafePackage);
}

void TestInstallService::faultAtEachPointRollsBack_data()
{
    QTest::addColumn<bool>("overEarlier"); // over an earlier install (replacing and removing) or into a fresh toolkit
    QTest::addColumn<QString>("point");
    QTest::addColumn<int>("skip");
    QTest::addColumn<int>("status");
    const auto rows = [](bool over) {
        const char* where = over ? "over 9.1" : "fresh";
        QTest::addRow("%s: journal, first write", where)
            << over << QStringLiteral("journal.write") << 0 << int(Status::Failed);
        QTest::addRow("%s: journal, mid-way", where)
            << over << QStringLiteral("journal.write") << 3 << int(Status::RolledBack);
        if (!over)
            QTest::addRow("%s: folder", where)
                << over << QStringLiteral("folder.create") << 0 << int(Status::RolledBack);
        QTest::addRow("%s: write", where) << over << QStringLiteral("stage.write") << 4 << int(Status::RolledBack);
        QTest::addRow("%s: flush", where) << over << QStringLiteral("stage.flush") << 2 << int(Status::RolledBack);
        if (over)
            QTest::addRow("%s: backup", where) << over << QStringLiteral("swap.backup") << 3 << int(Status::RolledBack);
        QTest::addRow("%s: rename", where) << over << QStringLiteral("swap.rename") << 5 << int(Status::RolledBack);
        QTest::addRow("%s: manifest", where)
            << over << QStringLiteral("manifest.write") << 0 << int(Status::RolledBack);
    };
    rows(false);
    rows(true);
}

void TestInstallService::faultAtEachPointRollsBack()
{
    QFETCH(bool, overEarlier);
    QFETCH(QString, point);
    QFETCH(int, skip);
    QFETCH(int, status);
    if (overEarlier)
        QVERIFY(install(writeSpec(*m_tree, older()), m_root).succeeded());
    else
        QVERIFY(QDir(m_root + QStringLiteral("/include")).removeRecursively()); // so the install creates a folder
    const QString before = listing(m_root);

    FaultPoint::arm(point, skip);
    const InstallResult result = install(m_real, m_root);
    FaultPoint::disarm();
    QVERIFY2(int(result.status) == status, describe(result));
    QCOMPARE(listing(m_root), before);
    QVERIFY(!InstallService::hasInterruptedRun(m_root));

    QVERIFY(install(m_real, m_root).succeeded()); // and the toolkit still takes the install afterwards
}

void TestInstallService::uninstallFaultRollsBack_data()
{
    QTest::addColumn<QString>("point");
    QTest::addColumn<int>("skip");
    QTest::newRow("journal") << QStringLiteral("journal.write") << 4;
    QTest::newRow("moving an installed file aside") << QStringLiteral("swap.backup") << 2;
    QTest::newRow("restoring a replaced file") << QStringLiteral("swap.rename") << 1;
    QTest::newRow("manifest") << QStringLiteral("manifest.write") << 0;
}

void TestInstallService::uninstallFaultRollsBack()
{
    QFETCH(QString, point);
    QFETCH(int, skip);
    m_tree->writeFile(QStringLiteral("cuda-13.0/include/cudnn.h"), "an older header\n");
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libcudnn.so.9.1.0"), "an older library");
    const QString pristine = listing(m_root);
    QVERIFY(install(m_real, m_root).succeeded());
    const QString installed = listing(m_root);

    FaultPoint::arm(point, skip);
    const InstallResult failed = InstallService::uninstall(m_root);
    FaultPoint::disarm();
    QVERIFY2(failed.status == Status::RolledBack, describe(failed));
    QCOMPARE(failed.taskStatus(), TaskStatus::RolledBack);
    QCOMPARE(listing(m_root), installed);

    QVERIFY(InstallService::uninstall(m_root).succeeded());
    QCOMPARE(listing(m_root), pristine);
}

void TestInstallService::cancelRollsBack()
{
    QVERIFY(install(writeSpec(*m_tree, older()), m_root).succeeded());
    const QString before = listing(m_root);
    CancellationToken token;
    CancelWhileWriting sink(token);
    const SystemSnapshot system = machineWith({m_root});
    const InstallResult result = InstallService::install(choose(m_real, system, m_root), system, {}, &sink, token);
    QCOMPARE(result.status, Status::RolledBack);
    QCOMPARE(result.taskStatus(), TaskStatus::RolledBack);
    QVERIFY(codesOf(result).contains(InstallCode::Canceled));
    QCOMPARE(listing(m_root), before);
}

void TestInstallService::archiveChangedSinceItWasChecked()
{
    const QString archive = m_tree->path(QFileInfo(m_real).fileName());
    QVERIFY(QFile::copy(m_real, archive));
    const SystemSnapshot system = machineWith({m_root});
    const PackageChoice choice = choose(archive, system, m_root);
    CudnnArchiveSpec other;
    other.libraryPayload = "libcudart.so.13 but different";
    QVERIFY(QFile::remove(archive));
    other.build().write(archive); // swapped under the same name after the check
    const QString before = listing(m_root);
    const InstallResult result = InstallService::install(choice, system);
    QCOMPARE(result.status, Status::RolledBack);
    QVERIFY2(codesOf(result).contains(InstallCode::ArchiveChanged)
                 || codesOf(result).contains(InstallCode::ContentMismatch),
             describe(result));
    QCOMPARE(listing(m_root), before);
}

void TestInstallService::readOnlyTargetNeedsElevation()
{
    InstallOptions options;
    options.preflight = Preflight(&FileSystem::availableBytes, [](const QString&) { return false; });
    const QString before = listing(m_root);
    const InstallResult result = install(m_real, m_root, options);
    QCOMPARE(result.status, Status::NeedsElevation);
    QCOMPARE(result.taskStatus(), TaskStatus::NeedsElevation);
    QVERIFY(codesOf(result).contains(InstallCode::NeedsElevation));
    QCOMPARE(listing(m_root), before);
}

void TestInstallService::tooLittleSpace()
{
    InstallOptions options;
    options.preflight = Preflight([](const QString&) { return qint64(1024 * 1024); }, &FileSystem::canWriteIn);
    const QString before = listing(m_root);
    const InstallResult result = install(m_real, m_root, options);
    QCOMPARE(result.status, Status::Failed);
    QVERIFY(codesOf(result).contains(InstallCode::NoSpace));
    QCOMPARE(listing(m_root), before);
}

void TestInstallService::lockedToolkit()
{
    const QString before = listing(m_root);
    ToolkitState other(m_root);
    QString error;
    QCOMPARE(other.lock(&error), ToolkitState::LockResult::Locked);
    const InstallResult result = install(m_real, m_root);
    QCOMPARE(result.status, Status::Failed);
    QVERIFY(codesOf(result).contains(InstallCode::Locked));
    other.unlock();
    QCOMPARE(listing(m_root), before);
}

void TestInstallService::unreadableJournalStopsTheInstall()
{
    m_tree->writeFile(QStringLiteral("cuda-13.0/.cudnn-setup/journal.json"), "{ cut short");
    const QString before = listing(m_root);
    const InstallResult result = install(m_real, m_root);
    QCOMPARE(result.status, Status::Failed);
    QVERIFY2(codesOf(result).contains(InstallCode::JournalUnreadable), describe(result));
    QCOMPARE(listing(m_root), before);
    QCOMPARE(InstallService::recover(m_root).status, Status::Failed);
}

void TestInstallService::windowsLayoutOntoWindowsTree()
{
    TestTree tree;
    tree.makeDir(QStringLiteral("CUDA/v13.0/bin/x64"));
    tree.makeDir(QStringLiteral("CUDA/v13.0/lib/x64"));
    tree.writeFile(QStringLiteral("CUDA/v13.0/include/cuda.h"), "#define CUDA_VERSION 13000\n");
    tree.writeFile(QStringLiteral("CUDA/v13.0/bin/x64/cudnn64_8.dll"), "an older cuDNN that must go");
    const QString root = QFileInfo(tree.path(QStringLiteral("CUDA/v13.0"))).canonicalFilePath();
    const QString before = listing(root);
    CudnnArchiveSpec spec;
    spec.layout = CudnnArchiveSpec::Layout::WindowsBinX64;
    const QString archive = writeSpec(tree, spec);

    const InstallResult result = install(archive, root, {}, OsFlavor::Windows);
    QVERIFY2(result.status == Status::Ok, describe(result));
    QVERIFY(FileSystem::exists(root + QStringLiteral("/bin/x64/cudnn64_9.dll")));
    QVERIFY(FileSystem::exists(root + QStringLiteral("/bin/x64/cudnn_engines_precompiled64_9.dll")));
    QVERIFY(FileSystem::exists(root + QStringLiteral("/lib/x64/cudnn.lib")));
    QVERIFY(FileSystem::exists(root + QStringLiteral("/include/cudnn_version.h")));
    QVERIFY(!FileSystem::exists(root + QStringLiteral("/bin/x64/cudnn64_8.dll")));
    QVERIFY(!FileSystem::exists(root + QStringLiteral("/LICENSE")));
    QVERIFY(InstallService::uninstall(root).succeeded());
    QCOMPARE(listing(root), before);
}

void TestInstallService::logRecordsEveryAction()
{
    m_tree->writeFile(QStringLiteral("cuda-13.0/include/cudnn.h"), "old\n");
    LinesLog log;
    InstallOptions options;
    options.log = &log;
    const InstallResult result = install(m_real, m_root, options);
    QVERIFY(result.succeeded());
    const QString text = log.lines.join(QLatin1Char('\n'));
    for (const InstallResult::File& file : result.files) {
        const QString expected = file.action == QLatin1String("replaced") ? QStringLiteral("replaced %1").arg(file.path)
                                                                          : QStringLiteral("added %1").arg(file.path);
        QVERIFY2(text.contains(expected), qPrintable(expected));
    }
    QVERIFY(text.contains(QStringLiteral("committed")));
}

void TestInstallService::deployCopiesTheRuntimeAndUninstalls()
{
    const QString lib = m_root + QStringLiteral("/lib/");
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libcudart.so.13.0.96"), SyntheticBinary::elf(62, "cudart"));
    m_tree->symlink(QStringLiteral("cuda-13.0/lib/libcudart.so.13"), QStringLiteral("libcudart.so.13.0.96"));
    m_tree->symlink(QStringLiteral("cuda-13.0/lib/libcudart.so"), QStringLiteral("libcudart.so.13"));
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libcublasLt.so.13.1.0.3"), SyntheticBinary::elf(62, "cublasLt"));
    m_tree->symlink(QStringLiteral("cuda-13.0/lib/libcublasLt.so.13"), QStringLiteral("libcublasLt.so.13.1.0.3"));
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libnvrtc-builtins.so.13.0"), SyntheticBinary::elf(62, "builtins"));
    m_tree->writeFile(QStringLiteral("cuda-13.0/lib/libnvrtc.alt.so.13"), "not deployed");
    const QString toolkitBefore = listing(m_root);
    const QString app = m_tree->path(QStringLiteral("app/bin"));

    const SystemSnapshot system = machineWith({m_root});
    const InstallResult result = InstallService::deploy(choose(m_real, system, m_root), system, app);
    QVERIFY2(result.status == Status::Ok, describe(result));
    QCOMPARE(listing(m_root), toolkitBefore);
    QCOMPARE(FileSystem::linkTarget(app + QStringLiteral("/libcudnn.so.9")), QStringLiteral("libcudnn.so.9.19.0"));
    QCOMPARE(FileSystem::linkTarget(app + QStringLiteral("/libcudart.so.13")), QStringLiteral("libcudart.so.13.0.96"));
    QCOMPARE(FileSystem::sha256Of(app + QStringLiteral("/libcudart.so.13.0.96")),
             FileSystem::sha256Of(lib + QStringLiteral("libcudart.so.13.0.96")));
    QVERIFY(FileSystem::exists(app + QStringLiteral("/libcublasLt.so.13.1.0.3")));
    QVERIFY(FileSystem::exists(app + QStringLiteral("/libnvrtc-builtins.so.13.0")));
    QVERIFY(!FileSystem::exists(app + QStringLiteral("/libnvrtc.alt.so.13")));
    QVERIFY(!FileSystem::exists(app + QStringLiteral("/libcudart.so"))); // the link for linking, not for running
    QVERIFY(!FileSystem::exists(app + QStringLiteral("/cudnn.h")));
    QVERIFY(!FileSystem::exists(app + QStringLiteral("/libcudnn_static.a")));

    const InstallResult again = InstallService::deploy(choose(m_real, system, m_root), system, app);
    QCOMPARE(again.status, Status::Unchanged);

    const InstallResult removed = InstallService::uninstall(app);
    QVERIFY2(removed.status == Status::Uninstalled, describe(removed));
    QCOMPARE(listing(app), QString());
}

void TestInstallService::onePassReadsTheArchiveOnce()
{
    const int reads = ArchiveReader::opened();
    InstallService::JudgedPackage judged;
    const InstallResult result = installInOnePass(m_real, m_root, &judged);
    QVERIFY2(result.status == Status::Ok, describe(result));
    QCOMPARE(ArchiveReader::opened() - reads, 1); // judged and staged by the same pass
    QVERIFY(judged.choice.ok());
    QCOMPARE(judged.choice.chosen()->inspection.cudnnVersion->truncated(3), (Version{9, 19, 0}));
    QVERIFY(judged.plan && !judged.plan->items.isEmpty()); // the plan as it was before anything was put in place
    QVERIFY(std::all_of(judged.plan->items.cbegin(), judged.plan->items.cend(), [](const InstallItem& item) {
        return item.action == InstallItem::Action::New;
    }));
    const QString lib = m_root + QStringLiteral("/lib");
    QCOMPARE(FileSystem::linkTarget(lib + QStringLiteral("/libcudnn.so.9")), QStringLiteral("libcudnn.so.9.19.0"));
    for (const InstallItem& item : judged.plan->items) {
        if (item.kind == InstallItem::Kind::File)
            QCOMPARE(FileSystem::sha256Of(item.destination), item.sha256); // what the pass hashed is what landed
    }
    QVERIFY(!FileSystem::exists(ToolkitState(m_root).folder() + QStringLiteral("/staging")));

    // Taken back whole, like any install.
    QVERIFY(InstallService::uninstall(m_root).succeeded());
    QVERIFY(!FileSystem::exists(lib + QStringLiteral("/libcudnn.so.9.19.0")));
}

void TestInstallService::onePassRefusesWhatItReadsAndLeavesNothing()
{
    CudnnArchiveSpec spec;
    spec.libraryPayload = "libcudart.so.13";
    ArchiveBuilder builder = spec.build();
    builder.symlink(spec.topFolder() + QStringLiteral("/lib/libcudnn_evil.so"), QStringLiteral("../../../../x"));
    builder.file(spec.topFolder() + QStringLiteral("/lib/../../../escaped"), "out");
    const QString archive = writeArchive(*m_tree, builder, spec.fileName());
    const QString before = FileSystem::exists(m_root) ? listing(m_root) : QString();

    InstallService::JudgedPackage judged;
    const InstallResult result = installInOnePass(archive, m_root, &judged, true);
    QCOMPARE(result.status, Status::Rejected); // --force lifts compatibility, never safety
    QCOMPARE(result.taskStatus(), TaskStatus::Rejected);
    QVERIFY(!judged.choice.ok());
    QCOMPARE(listing(m_root), before);
    QVERIFY(!FileSystem::exists(ToolkitState(m_root).folder())); // staging, journal and lock all gone
    QVERIFY(!FileSystem::exists(m_tree->path(QStringLiteral("escaped"))));
}

void TestInstallService::onePassRefusesByNameBeforeReading()
{
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12"); // the toolkit is CUDA 13
    const QString archive = writeSpec(*m_tree, spec);
    QVERIFY(QFile::resize(archive, QFileInfo(archive).size() / 2)); // were it read, it would be "cut short"
    const int reads = ArchiveReader::opened();
    InstallService::JudgedPackage judged;
    const InstallResult result = installInOnePass(archive, m_root, &judged);
    QCOMPARE(result.status, Status::Rejected);
    QCOMPARE(ArchiveReader::opened(), reads);
    QCOMPARE(judged.choice.candidates.size(), 1);
    const PackageVerdict& verdict = judged.choice.candidates.first().fits.first().verdict;
    QVERIFY(verdict.blocked());
    QVERIFY(containsCode(diagnosticsOf(verdict.reasons), PackageCode::CudaMismatch));
    QVERIFY(!containsCode(diagnosticsOf(verdict.reasons), PackageCode::Truncated));
    QVERIFY(!FileSystem::exists(ToolkitState(m_root).folder()));
}

void TestInstallService::onePassFaultRollsBack_data()
{
    QTest::addColumn<QString>("point");
    QTest::addColumn<int>("skip");
    QTest::newRow("staging, first block") << QStringLiteral("stage.write") << 0;
    QTest::newRow("staging, mid-way") << QStringLiteral("stage.write") << 6;
    QTest::newRow("staging, a flush") << QStringLiteral("stage.flush") << 3;
    QTest::newRow("putting in place") << QStringLiteral("swap.rename") << 5;
    QTest::newRow("journal of a step") << QStringLiteral("journal.write") << 3;
    QTest::newRow("manifest") << QStringLiteral("manifest.write") << 0;
}

void TestInstallService::onePassFaultRollsBack()
{
    QFETCH(QString, point);
    QFETCH(int, skip);
    QVERIFY(install(writeSpec(*m_tree, older()), m_root).succeeded()); // over an earlier install
    const QString before = listing(m_root);
    FaultPoint::arm(point, skip);
    const InstallResult result = installInOnePass(m_real, m_root);
    FaultPoint::disarm();
    QVERIFY2(result.status == Status::RolledBack, describe(result));
    QCOMPARE(listing(m_root), before);
    QVERIFY(!InstallService::hasInterruptedRun(m_root));
    QVERIFY(!FileSystem::exists(ToolkitState(m_root).folder() + QStringLiteral("/staging")));
    QVERIFY(installInOnePass(m_real, m_root).succeeded());
}

void TestInstallService::onePassSameFilesAgainChangesNothing()
{
    QVERIFY(installInOnePass(m_real, m_root).succeeded());
    const QString installed = listing(m_root);
    const QByteArray manifest = [&] {
        QFile file(ToolkitState(m_root).manifestFile());
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }();
    const InstallResult again = installInOnePass(m_real, m_root);
    QCOMPARE(again.status, Status::Unchanged);
    QCOMPARE(listing(m_root), installed);
    QFile file(ToolkitState(m_root).manifestFile());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), manifest);
    QVERIFY(!FileSystem::exists(ToolkitState(m_root).folder() + QStringLiteral("/staging")));
}

QTEST_GUILESS_MAIN(TestInstallService)
#include "TestInstallService.moc"
