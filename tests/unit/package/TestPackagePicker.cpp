#include "PackageFixtures.h"
#include "install/PackageService.h"
#include "package/ArchiveReader.h"
#include "package/PackagePicker.h"
#include "report/Report.h"

#include <QJsonArray>
#include <QtTest>

namespace {

CudnnArchiveSpec build(const Version& cudnn, const QString& cuda)
{
    CudnnArchiveSpec spec;
    spec.cudnn = cudnn;
    spec.cuda = cuda;
    return spec;
}

const PackageCandidate* candidateNamed(const PackageChoice& choice, const QString& fileName)
{
    for (const PackageCandidate& c : choice.candidates) {
        if (c.inspection.file.endsWith(QLatin1Char('/') + fileName))
            return &c;
    }
    return nullptr;
}

} // namespace

class TestPackagePicker : public QObject
{
    Q_OBJECT

private slots:
    void newestCompatibleWinsAndLosersSayWhy();
    void explicitToolkit();
    void ambiguousToolkits();
    void nothingFits();
    void dryRunReport();
    void aFolderReadsOnlyWhatTheNamesAllow();
};

void TestPackagePicker::newestCompatibleWinsAndLosersSayWhy()
{
    TestTree tree;
    const auto older = build(Version{9, 17, 0, 29}, QStringLiteral("13"));
    const auto best = build(Version{9, 19, 0, 56}, QStringLiteral("13"));
    const auto wrongCuda = build(Version{9, 20, 0, 48}, QStringLiteral("12")); // newer, but for CUDA 12
    for (const auto& spec : {older, best, wrongCuda})
        writeArchive(tree, spec);
    const QString cut = writeArchive(tree, build(Version{9, 21, 0, 1}, QStringLiteral("13")));
    truncateFile(cut, QFileInfo(cut).size() / 2);

    const SystemSnapshot system = linuxMachine(tree.path(QStringLiteral("cuda-13.0")));
    const PackageChoice choice = PackagePicker().pick(tree.root(), system, std::nullopt, false);
    QVERIFY(choice.ok());
    QCOMPARE(choice.candidates.size(), 4);
    QVERIFY(choice.chosen()->inspection.file.endsWith(best.fileName()));
    QCOMPARE(choice.toolkitRoot, tree.path(QStringLiteral("cuda-13.0")));

    QVERIFY(candidateNamed(choice, older.fileName())->whyNot.contains(QLatin1String("older")));
    QVERIFY(candidateNamed(choice, wrongCuda.fileName())->whyNot.contains(QLatin1String("CUDA 12")));
    QVERIFY(candidateNamed(choice, QFileInfo(cut).fileName())->whyNot.contains(QLatin1String("cut short")));
    QVERIFY(candidateNamed(choice, best.fileName())->whyNot.isEmpty());
}

void TestPackagePicker::explicitToolkit()
{
    TestTree tree;
    const QString archive = writeArchive(tree, build(Version{9, 19, 0, 56}, QStringLiteral("12")));
    SystemSnapshot system = linuxMachine(tree.path(QStringLiteral("cuda-13.0")));
    system.toolkits.append(toolkitOf(tree.path(QStringLiteral("cuda-12.8")), QStringLiteral("12.8")));

    const PackageChoice automatic = PackagePicker().pick(archive, system, std::nullopt, false);
    QVERIFY(automatic.ok());
    QCOMPARE(automatic.toolkitRoot, tree.path(QStringLiteral("cuda-12.8"))); // the one the package fits

    const PackageChoice named = PackagePicker().pick(archive, system, tree.path(QStringLiteral("cuda-13.0")), false);
    QVERIFY(!named.ok());
    QVERIFY(containsCode(named.findings, PackageCode::NoneCompatible));
    const PackageChoice forced = PackagePicker().pick(archive, system, tree.path(QStringLiteral("cuda-13.0")), true);
    QVERIFY(forced.ok());

    const PackageChoice missing = PackagePicker().pick(archive, system, tree.path(QStringLiteral("nowhere")), false);
    QVERIFY(containsCode(missing.findings, PackageCode::NoToolkit));
}

void TestPackagePicker::ambiguousToolkits()
{
    TestTree tree;
    const QString archive = writeArchive(tree, build(Version{9, 19, 0, 56}, QStringLiteral("13")));
    SystemSnapshot system = linuxMachine(tree.path(QStringLiteral("cuda-13.0")));
    system.toolkits.append(toolkitOf(tree.path(QStringLiteral("cuda-13.0-copy")), QStringLiteral("13.0")));
    const PackageChoice choice = PackagePicker().pick(archive, system, std::nullopt, false);
    QVERIFY(!choice.ok());
    QCOMPARE(choice.ambiguousToolkits,
             (QStringList{tree.path(QStringLiteral("cuda-13.0")), tree.path(QStringLiteral("cuda-13.0-copy"))}));
    QVERIFY(containsCode(choice.findings, PackageCode::AmbiguousToolkit));
}

void TestPackagePicker::nothingFits()
{
    TestTree tree;
    const PackageChoice empty
        = PackagePicker().pick(tree.root(), linuxMachine(tree.path(QStringLiteral("cuda"))), std::nullopt, false);
    QVERIFY(containsCode(empty.findings, PackageCode::NoPackage));
}

void TestPackagePicker::dryRunReport()
{
    TestTree tree;
    const QString archive = writeArchive(tree, build(Version{9, 19, 0, 56}, QStringLiteral("13")));
    tree.makeDir(QStringLiteral("cuda-13.0/lib"));
    tree.symlink(QStringLiteral("cuda-13.0/lib64"), QStringLiteral("lib"));
    const SystemSnapshot system = linuxMachine(tree.path(QStringLiteral("cuda-13.0")));
    const PackageChoice choice = PackageService::pick(archive, system, std::nullopt, false);
    const auto plan = PackageService::plan(choice, system);
    QVERIFY(plan);
    Report report(QStringLiteral("install --dry-run"));
    PackageService::addToReport(report, choice, &*plan);
    const QJsonObject json = report.toJson();
    const QJsonObject package = report.section(QStringLiteral("package")).toObject();
    QCOMPARE(package.value(QStringLiteral("cudnn_version")).toString(), QStringLiteral("9.19.0"));
    QCOMPARE(package.value(QStringLiteral("cuda_major")).toInt(), 13);
    QCOMPARE(package.value(QStringLiteral("platform")).toString(), QStringLiteral("linux"));
    QCOMPARE(package.value(QStringLiteral("arch")).toString(), QStringLiteral("x86_64"));
    QCOMPARE(package.value(QStringLiteral("sha256")).toString().size(), 64);
    QCOMPARE(report.section(QStringLiteral("verdict")).toObject().value(QStringLiteral("level")).toString(),
             QStringLiteral("ok"));
    const QJsonArray files = report.section(QStringLiteral("plan")).toObject().value(QStringLiteral("files")).toArray();
    QVERIFY(!files.isEmpty());
    QVERIFY(files.first().toObject().contains(QStringLiteral("path")));
    QVERIFY(files.first().toObject().contains(QStringLiteral("action")));
    QVERIFY(files.first().toObject().contains(QStringLiteral("source")));
}

void TestPackagePicker::aFolderReadsOnlyWhatTheNamesAllow()
{
    TestTree tree;
    const auto fits = build(Version{9, 19, 0, 56}, QStringLiteral("13"));
    const auto wrongCuda = build(Version{9, 20, 0, 48}, QStringLiteral("12"));
    CudnnArchiveSpec windows = fits;
    windows.layout = CudnnArchiveSpec::Layout::WindowsBinX64;
    for (const auto& spec : {fits, wrongCuda, windows})
        writeArchive(tree, spec);
    const SystemSnapshot system = linuxMachine(tree.path(QStringLiteral("cuda-13.0")));

    const int before = ArchiveReader::opened();
    const PackageChoice choice = PackagePicker().pick(tree.root(), system, std::nullopt, false);
    QCOMPARE(ArchiveReader::opened() - before, 1); // the Windows build and the CUDA 12 one are judged by name
    QVERIFY(choice.ok());
    QVERIFY(choice.chosen()->inspection.file.endsWith(fits.fileName()));
    QVERIFY(choice.chosen()->inspection.readCompletely);
    const PackageCandidate* unread = candidateNamed(choice, wrongCuda.fileName());
    QVERIFY(!unread->inspection.readCompletely);
    QCOMPARE(unread->inspection.cudaVersionSource, QStringLiteral("file name"));
    QVERIFY2(unread->whyNot.contains(QLatin1String("CUDA 12")), qPrintable(unread->whyNot));
    QVERIFY(!candidateNamed(choice, windows.fileName())->whyNot.isEmpty());
}

QTEST_GUILESS_MAIN(TestPackagePicker)
#include "TestPackagePicker.moc"
