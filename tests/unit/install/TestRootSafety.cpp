#include "InstallFixtures.h"
#include "install/FaultPoint.h"
#include "install/InstallCode.h"
#include "install/Manifest.h"
#include "install/Preflight.h"
#include "install/RootSession.h"
#include "install/ToolkitState.h"
#include "install/Transaction.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>
#include <lzma.h>
#include <sys/stat.h>

using namespace InstallFixtures;
using Status = InstallResult::Status;

namespace {

InstallResult installInOnePass(const QString& archive, const QString& root, const InstallOptions& options = {})
{
    const SystemSnapshot system = machineWith({root});
    InstallService::JudgedPackage judged;
    return InstallService::installArchive(
        archive, system, *system.toolkitAt(root), false, options, nullptr, {}, &judged);
}

/** One ustar member header; a size past 8 GiB is written in base-256, as GNU tar does. */
QByteArray tarHeader(const QString& path, qint64 size, char type = '0')
{
    QByteArray header(512, '\0');
    const QByteArray name = path.toUtf8();
    std::memcpy(header.data(), name.constData(), size_t(qMin<qsizetype>(name.size(), 99)));
    std::memcpy(header.data() + 100, "0000644", 7);
    std::memcpy(header.data() + 108, "0000000", 7);
    std::memcpy(header.data() + 116, "0000000", 7);
    header[124] = char(0x80);
    for (int i = 0; i < 8; ++i)
        header[135 - i] = char((size >> (8 * i)) & 0xff);
    std::memcpy(header.data() + 136, "00000000000", 11);
    header[156] = type;
    std::memcpy(header.data() + 257,
                "ustar\0"
                "00",
                8);
    std::memset(header.data() + 148, ' ', 8);
    unsigned sum = 0;
    for (char c : header)
        sum += static_cast<unsigned char>(c);
    const QByteArray checksum = QByteArray::number(sum, 8).rightJustified(6, '0');
    std::memcpy(header.data() + 148, checksum.constData(), 6);
    header[154] = '\0';
    return header;
}

/**
 * A .tar.xz whose one member declares `declared` bytes of zeros but carries only the first 64 KiB of them: enough
 * for a reader that trusts the header to start writing, a few KB on disk however large the declaration.
 */
QString writeBomb(TestTree& tree, const QString& member, qint64 declared)
{
    const QString top = CudnnArchiveSpec{}.topFolder();
    QByteArray tar
        = tarHeader(top + QStringLiteral("/include/cudnn.h"), 11) + QByteArray("#define X 1").leftJustified(512, '\0');
    tar += tarHeader(top + QLatin1Char('/') + member, declared);
    tar += QByteArray(64 * 1024, '\0');
    QByteArray xz(int(lzma_stream_buffer_bound(size_t(tar.size()))), Qt::Uninitialized);
    size_t written = 0;
    if (lzma_easy_buffer_encode(1,
                                LZMA_CHECK_CRC64,
                                nullptr,
                                reinterpret_cast<const uint8_t*>(tar.constData()),
                                size_t(tar.size()),
                                reinterpret_cast<uint8_t*>(xz.data()),
                                &written,
                                size_t(xz.size()))
        != LZMA_OK)
        qFatal("cannot compress the bomb");
    xz.truncate(qsizetype(written));
    tree.makeDir(QStringLiteral("packages"));
    return tree.writeFile(QStringLiteral("packages/") + CudnnArchiveSpec{}.fileName(), xz);
}

QString diagnosticText(const InstallResult& result)
{
    QString text;
    for (const Diagnostic& d : result.diagnostics)
        text += d.code + QStringLiteral(": ") + d.message + QLatin1Char('\n');
    return text;
}

} // namespace

/**
 * What root may and may not be made to do in a toolkit the user can write (#27): no write through a link swapped
 * in after the check, no recorded path that leads through a link, no bomb written out before it is judged, no read
 * that blocks or grows without end, and true words for a read-only mount, a squatted state folder, a damaged
 * manifest and a toolkit moved away mid-install.
 */
class TestRootSafety : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void folderSwappedForALinkWhilePlacingIsNotFollowed();
    void layoutLinksPresentWhenPlanningKeepWorking();
    void forgedManifestThroughALinkIsRefused();
    void forgedJournalThroughALinkIsRefused();
    void bombDeclaringMoreThanAMemberHoldsIsRefusedAtItsHeader();
    void memberLargerThanTheFreeSpaceIsNoSpace();
    void fullDiskKeepsItsName();
    void manifestThatIsADeviceIsRefusedWithoutReading();
    void fifoAsPackageIsRefusedByName();
    void archiveSwappedForAFifoAfterTheCheckDoesNotHang();
    void manifestWithInstallsNotAListIsDamaged();
    void stateFolderThatIsAFileOrALinkSaysSo();
    void readOnlyMountSaysSoInsteadOfAskingForRoot();
    void toolkitMovedAwayMidInstallIsNotCalledRolledBack();
    void pathOverPathMaxSaysTooLong();
    void zipWhoseDirectoryIsNoCudnnIsRefusedBeforeAByte();

private:
    TestTree m_shared;
    QString m_real;
    std::unique_ptr<TestTree> m_tree;
    QString m_root;
};

void TestRootSafety::initTestCase()
{
    m_real = writeArchive(m_shared, realCudnn919(), CudnnArchiveSpec{}.fileName());
}

void TestRootSafety::init()
{
    m_tree = std::make_unique<TestTree>();
    m_root = makeToolkit(*m_tree);
}

void TestRootSafety::cleanup()
{
    FaultPoint::disarm();
    FaultPoint::setHook({});
}

void TestRootSafety::folderSwappedForALinkWhilePlacingIsNotFollowed()
{
    const QString outside = m_tree->makeDir(QStringLiteral("root-only"));
    const QString lib = m_root + QStringLiteral("/lib");
    int passes = 0;
    bool swapped = false;
    // The second file put in place: the plan and every check have passed, and most of lib/ is still to come.
    FaultPoint::setHook([&](const char* point) {
        if (qstrcmp(point, "swap.rename") != 0 || ++passes != 2)
            return;
        swapped = QDir().rename(lib, lib + QStringLiteral("-moved")) && QFile::link(outside, lib);
    });
    const InstallResult result = install(m_real, m_root);
    FaultPoint::setHook({});
    QVERIFY(swapped);
    QVERIFY2(result.status != Status::Ok, describe(result));
    QVERIFY2(diagnosticText(result).contains(QStringLiteral("link")), describe(result));
    QCOMPARE(QDir(outside).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
}

void TestRootSafety::layoutLinksPresentWhenPlanningKeepWorking()
{
    // NVIDIA's layout as /usr/local/cuda-13.0 has it: lib64 -> lib, targets/x86_64-linux/{lib,include} -> ../../.
    m_tree->symlink(QStringLiteral("cuda-13.0/targets/x86_64-linux/lib"), QStringLiteral("../../lib"));
    m_tree->symlink(QStringLiteral("cuda-13.0/targets/x86_64-linux/include"), QStringLiteral("../../include"));
    const QString before = listing(m_root);
    const InstallResult result = install(m_real, m_root);
    QVERIFY2(result.status == Status::Ok, describe(result));
    QCOMPARE(FileSystem::kindOf(m_root + QStringLiteral("/lib64/libcudnn.so.9.19.0")), FileSystem::Kind::File);
    QVERIFY(InstallService::uninstall(m_root).succeeded());
    QCOMPARE(listing(m_root), before);
}

void TestRootSafety::forgedManifestThroughALinkIsRefused()
{
    QVERIFY(install(m_real, m_root).succeeded());
    const QString outside = m_tree->writeFile(QStringLiteral("root-only/passwd"), "root's own");
    m_tree->writeFile(QStringLiteral("root-only/shadow"), "root's too");
    QVERIFY(QFile::link(FileSystem::parentOf(outside), m_root + QStringLiteral("/lib/evil")));
    const ToolkitState state(m_root);
    QString error;
    std::optional<Manifest> manifest = Manifest::load(state.manifestFile(), &error);
    QVERIFY2(manifest, qPrintable(error));
    ManifestEntry& entry = manifest->entries.last();
    ManifestFile replaced;
    replaced.path = QStringLiteral("lib/evil/passwd");
    replaced.action = ManifestFile::Action::Replaced;
    replaced.sha256 = FileSystem::sha256Of(outside);
    replaced.backup = QStringLiteral("backup/") + entry.transaction + QStringLiteral("/lib/evil/passwd");
    entry.files.append(replaced);
    ManifestFile added;
    added.path = QStringLiteral("lib/evil/shadow");
    added.action = ManifestFile::Action::Added;
    added.sha256 = FileSystem::sha256Of(m_tree->path(QStringLiteral("root-only/shadow")));
    entry.files.append(added);
    m_tree->writeFile(QStringLiteral("cuda-13.0/.cudnn-setup/") + replaced.backup, "the user's bytes");
    QVERIFY(manifest->save(state.manifestFile(), &error));
    const QString before = listing(m_root);

    InstallOptions options;
    options.force = true;
    const InstallResult result = InstallService::uninstall(m_root, options);
    QCOMPARE(result.status, Status::Failed);
    QVERIFY2(codesOf(result).contains(InstallCode::UnsafeTarget), describe(result));
    QCOMPARE(m_tree->path(QStringLiteral("root-only/passwd")), outside);
    QFile passwd(outside);
    QVERIFY(passwd.open(QIODevice::ReadOnly));
    QCOMPARE(passwd.readAll(), QByteArray("root's own"));
    QVERIFY(QFileInfo::exists(m_tree->path(QStringLiteral("root-only/shadow"))));
    QCOMPARE(listing(m_root), before);
}

void TestRootSafety::forgedJournalThroughALinkIsRefused()
{
    const QString outside = m_tree->writeFile(QStringLiteral("root-only/passwd"), "root's own");
    QVERIFY(QFile::link(FileSystem::parentOf(outside), m_root + QStringLiteral("/lib/evil")));
    const QString id = QStringLiteral("20261201-120000-000-abcdef");
    const QString state = m_root + QStringLiteral("/.cudnn-setup");
    const QString backup = m_tree->writeFile(
        QStringLiteral("cuda-13.0/.cudnn-setup/backup/") + id + QStringLiteral("/lib/evil/passwd"), "the user's bytes");
    const QJsonObject place{
        {QStringLiteral("type"), QStringLiteral("place")},
        {QStringLiteral("data"),
         QJsonObject{{QStringLiteral("source"), state + QStringLiteral("/staging/") + id + QStringLiteral("/000001")},
                     {QStringLiteral("destination"), m_root + QStringLiteral("/lib/evil/passwd")},
                     {QStringLiteral("backup"), backup},
                     {QStringLiteral("replaces"), true}}}};
    const QJsonObject journal{{QStringLiteral("schema"), 1},
                              {QStringLiteral("transaction"), id},
                              {QStringLiteral("kind"), QStringLiteral("install")},
                              {QStringLiteral("operations"), QJsonArray{place}},
                              {QStringLiteral("performing"), 0},
                              {QStringLiteral("commit"), QJsonObject{{QStringLiteral("entry"), id}}}};
    m_tree->writeFile(QStringLiteral("cuda-13.0/.cudnn-setup/journal.json"), QJsonDocument(journal).toJson());

    ToolkitState toolkit(m_root);
    QString error;
    QCOMPARE(toolkit.lock(&error), ToolkitState::LockResult::Locked);
    const Transaction::Recovery recovery = Transaction::recover(toolkit, OperationFactory{});
    QVERIFY(!recovery.rolledBack);
    QVERIFY2(recovery.error.contains(QStringLiteral("link")), qPrintable(recovery.error));
    QFile passwd(outside);
    QVERIFY(passwd.open(QIODevice::ReadOnly));
    QCOMPARE(passwd.readAll(), QByteArray("root's own"));
}

void TestRootSafety::bombDeclaringMoreThanAMemberHoldsIsRefusedAtItsHeader()
{
    // 20 GiB of zeros declared; the archive is a few KB.
    const QString bomb
        = writeBomb(*m_tree, QStringLiteral("lib/libcudnn_engines_precompiled.so.9.19.0"), qint64(20) << 30);
    QVERIFY(QFileInfo(bomb).size() < 64 * 1024);
    const QString before = listing(m_root);
    const InstallResult result = installInOnePass(bomb, m_root);
    QVERIFY2(result.status != Status::Ok, describe(result));
    QVERIFY2(codesOf(result).contains(InstallCode::UnsafePackage), describe(result));
    QVERIFY2(diagnosticText(result).contains(QStringLiteral("libcudnn_engines_precompiled.so.9.19.0")),
             describe(result));
    QCOMPARE(listing(m_root), before);
    QVERIFY(!FileSystem::exists(ToolkitState(m_root).folder()));
}

void TestRootSafety::memberLargerThanTheFreeSpaceIsNoSpace()
{
    // Plausible for a library (1 GiB), but the volume has 200 MiB: refused before its first byte is written.
    const QString archive = writeBomb(*m_tree, QStringLiteral("lib/libcudnn_adv.so.9.19.0"), qint64(1) << 30);
    InstallOptions options;
    options.preflight = Preflight([](const QString&) { return qint64(200) << 20; }, &FileSystem::canWriteIn);
    int writes = 0;
    FaultPoint::setHook([&](const char* point) { writes += qstrcmp(point, "stage.write") == 0 ? 1 : 0; });
    const InstallResult result = installInOnePass(archive, m_root, options);
    FaultPoint::setHook({});
    QVERIFY2(codesOf(result).contains(InstallCode::NoSpace), describe(result));
    QVERIFY2(!codesOf(result).contains(InstallCode::WriteFailed), describe(result));
    QVERIFY(writes <= 1); // at most the 11 bytes of the header before it: nothing of the 1 GiB member
    QVERIFY(!FileSystem::exists(ToolkitState(m_root).folder()));
}

void TestRootSafety::fullDiskKeepsItsName()
{
    const QString before = listing(m_root);
    FaultPoint::arm(QStringLiteral("stage.nospace"), 3);
    const InstallResult result = installInOnePass(m_real, m_root);
    FaultPoint::disarm();
    QCOMPARE(result.status, Status::RolledBack);
    QVERIFY2(codesOf(result).contains(InstallCode::NoSpace), describe(result));
    QVERIFY2(!diagnosticText(result).contains(QStringLiteral("Unknown error")), describe(result));
    QCOMPARE(listing(m_root), before);
}

void TestRootSafety::manifestThatIsADeviceIsRefusedWithoutReading()
{
    m_tree->makeDir(QStringLiteral("cuda-13.0/.cudnn-setup"));
    QVERIFY(QFile::link(QStringLiteral("/dev/zero"), m_root + QStringLiteral("/.cudnn-setup/manifest.json")));
    const InstallResult result = InstallService::uninstall(m_root);
    QCOMPARE(result.status, Status::Failed);
    QVERIFY2(codesOf(result).contains(InstallCode::ManifestUnreadable), describe(result));
    QVERIFY2(diagnosticText(result).contains(QStringLiteral("link")), describe(result));

    // A journal that is a FIFO no one writes: refused, not waited on.
    QVERIFY(QFile::remove(m_root + QStringLiteral("/.cudnn-setup/manifest.json")));
    QCOMPARE(::mkfifo(QFile::encodeName(m_root + QStringLiteral("/.cudnn-setup/journal.json")).constData(), 0600), 0);
    const InstallResult install = installInOnePass(m_real, m_root);
    QVERIFY2(codesOf(install).contains(InstallCode::JournalUnreadable), describe(install));
    QVERIFY2(diagnosticText(install).contains(QStringLiteral("FIFO")), describe(install));
}

void TestRootSafety::fifoAsPackageIsRefusedByName()
{
    const QString fifo = m_tree->path(QStringLiteral("packages/") + CudnnArchiveSpec{}.fileName());
    m_tree->makeDir(QStringLiteral("packages"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString before = listing(m_root);
    const SystemSnapshot system = machineWith({m_root});
    InstallService::JudgedPackage judged;
    const InstallResult result
        = InstallService::installArchive(fifo, system, *system.toolkitAt(m_root), false, {}, nullptr, {}, &judged);
    QVERIFY2(result.status != Status::Ok, describe(result));
    QCOMPARE(judged.choice.candidates.size(), 1); // the reasons each candidate lists
    QString reasons;
    for (const PackageFinding& finding : judged.choice.candidates.first().inspection.findings)
        reasons += finding.diagnostic.message + QLatin1Char('\n');
    QVERIFY2(reasons.contains(QStringLiteral("is a FIFO")) && reasons.contains(fifo), qPrintable(reasons));
    QCOMPARE(listing(m_root), before);
}

void TestRootSafety::archiveSwappedForAFifoAfterTheCheckDoesNotHang()
{
    const QString archive = m_tree->path(QFileInfo(m_real).fileName());
    QVERIFY(QFile::copy(m_real, archive));
    const SystemSnapshot system = machineWith({m_root});
    const PackageChoice choice = choose(archive, system, m_root);
    QVERIFY(choice.ok());
    QVERIFY(QFile::remove(archive));
    QCOMPARE(::mkfifo(QFile::encodeName(archive).constData(), 0600), 0);
    const QString before = listing(m_root);
    const InstallResult result = InstallService::install(choice, system);
    QVERIFY2(result.status != Status::Ok, describe(result));
    QCOMPARE(listing(m_root), before);
}

void TestRootSafety::manifestWithInstallsNotAListIsDamaged()
{
    m_tree->writeFile(QStringLiteral("cuda-13.0/.cudnn-setup/manifest.json"), R"({"schema":1,"installs":"x"})");
    const QString before = listing(m_root);
    const InstallResult result = install(m_real, m_root);
    QVERIFY2(result.status == Status::Failed, describe(result));
    QVERIFY2(codesOf(result).contains(InstallCode::ManifestUnreadable), describe(result));
    QCOMPARE(listing(m_root), before); // the record is kept, not overwritten as if empty
}

void TestRootSafety::stateFolderThatIsAFileOrALinkSaysSo()
{
    m_tree->writeFile(QStringLiteral("cuda-13.0/.cudnn-setup"), "squatted");
    const QString before = listing(m_root);
    InstallResult result = install(m_real, m_root);
    QCOMPARE(result.status, Status::Failed);
    QVERIFY2(codesOf(result).contains(InstallCode::UnsafeTarget), describe(result));
    QVERIFY2(diagnosticText(result).contains(QStringLiteral("is a file")), describe(result));
    QCOMPARE(listing(m_root), before);

    QVERIFY(QFile::remove(m_root + QStringLiteral("/.cudnn-setup")));
    QVERIFY(QFile::link(m_tree->makeDir(QStringLiteral("elsewhere")), m_root + QStringLiteral("/.cudnn-setup")));
    result = install(m_real, m_root);
    QCOMPARE(result.status, Status::Failed);
    QVERIFY2(diagnosticText(result).contains(QStringLiteral("is a link")), describe(result));
    result = InstallService::uninstall(m_root);
    QCOMPARE(result.status, Status::Failed);
    QVERIFY2(diagnosticText(result).contains(QStringLiteral("is a link")), describe(result));
    // A repair opens the root the same way: no rights would help, so none are asked for.
    InstallResult opened;
    const OperationFactory operations;
    RootSession session(m_root, operations, nullptr);
    QVERIFY(!session.open(opened));
    QCOMPARE(opened.status, Status::Failed);
    QVERIFY2(codesOf(opened).contains(InstallCode::UnsafeTarget), describe(opened));
    QCOMPARE(QDir(m_tree->path(QStringLiteral("elsewhere"))).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
             QStringList());
}

void TestRootSafety::readOnlyMountSaysSoInsteadOfAskingForRoot()
{
    InstallOptions options;
    options.preflight = Preflight(&FileSystem::availableBytes, [](const QString&) { return false; });
    options.preflight.setReadOnlyProbe([](const QString&) { return true; });
    const InstallResult result = install(m_real, m_root, options);
    QCOMPARE(result.status, Status::Failed);
    QVERIFY2(codesOf(result).contains(InstallCode::ReadOnlyVolume), describe(result));
    QVERIFY2(!codesOf(result).contains(InstallCode::NeedsElevation), describe(result));
}

void TestRootSafety::toolkitMovedAwayMidInstallIsNotCalledRolledBack()
{
    int passes = 0;
    FaultPoint::setHook([&](const char* point) {
        if (qstrcmp(point, "swap.rename") == 0 && ++passes == 3) {
            QDir().rename(m_root, m_root + QStringLiteral("-moved"));
            QDir().mkpath(m_root + QStringLiteral("/include"));
        }
    });
    const InstallResult result = install(m_real, m_root);
    FaultPoint::setHook({});
    QVERIFY2(result.status == Status::Failed, describe(result));
    QVERIFY2(!codesOf(result).contains(InstallCode::RolledBack), describe(result));
    QVERIFY2(codesOf(result).contains(InstallCode::RollbackIncomplete), describe(result));
    QVERIFY2(diagnosticText(result).contains(QStringLiteral("moved or replaced")), describe(result));
    // The moved toolkit keeps its journal: the next run there puts it back.
    const QString moved = m_root + QStringLiteral("-moved");
    QVERIFY(FileSystem::exists(moved + QStringLiteral("/.cudnn-setup/journal.json")));
    QVERIFY(InstallService::hasInterruptedRun(moved));
}

void TestRootSafety::pathOverPathMaxSaysTooLong()
{
    const QString tooLong = m_root + QLatin1Char('/') + QString(5000, QLatin1Char('x'));
    const SystemSnapshot system = machineWith({m_root});
    const PackageChoice choice = choose(m_real, system, tooLong);
    QVERIFY(!choice.ok());
    QString text;
    for (const PackageFinding& finding : choice.findings)
        text += finding.diagnostic.message + QLatin1Char('\n');
    QVERIFY2(text.contains(QStringLiteral("too long")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("No CUDA toolkit was found")), qPrintable(text));
}

void TestRootSafety::zipWhoseDirectoryIsNoCudnnIsRefusedBeforeAByte()
{
    // A Windows-named zip whose directory lists no cuDNN file at all: judged by that list, nothing is staged.
    TestTree tree;
    tree.makeDir(QStringLiteral("CUDA/v13.0/bin/x64"));
    tree.makeDir(QStringLiteral("CUDA/v13.0/lib/x64"));
    tree.writeFile(QStringLiteral("CUDA/v13.0/include/cuda.h"), "#define CUDA_VERSION 13000\n");
    const QString root = QFileInfo(tree.path(QStringLiteral("CUDA/v13.0"))).canonicalFilePath();
    CudnnArchiveSpec spec;
    spec.layout = CudnnArchiveSpec::Layout::WindowsBinX64;
    ArchiveBuilder builder;
    builder.file(spec.topFolder() + QStringLiteral("/LICENSE"), "license");
    builder.file(spec.topFolder() + QStringLiteral("/zeros.bin"), QByteArray(4 << 20, '\0'));
    const QString archive = writeArchive(tree, builder, spec.fileName());
    const QString before = listing(root);
    int writes = 0;
    FaultPoint::setHook([&](const char* point) { writes += qstrcmp(point, "stage.write") == 0 ? 1 : 0; });
    const SystemSnapshot system = machineWith({root}, OsFlavor::Windows);
    InstallService::JudgedPackage judged;
    const InstallResult result
        = InstallService::installArchive(archive, system, *system.toolkitAt(root), true, {}, nullptr, {}, &judged);
    FaultPoint::setHook({});
    QVERIFY2(result.status != Status::Ok, describe(result));
    QCOMPARE(writes, 0);
    QVERIFY2(diagnosticText(result).contains(QStringLiteral("no cuDNN package")), describe(result));
    QCOMPARE(listing(root), before);
}

QTEST_GUILESS_MAIN(TestRootSafety)
#include "TestRootSafety.moc"
