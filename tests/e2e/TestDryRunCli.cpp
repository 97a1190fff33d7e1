#include "ArchiveBuilder.h"
#include "SilentRun.h"
#include "TestTree.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

/** `cudnn-setup --silent --dry-run --package`: the verdict, the plan, the exit codes, and nothing changed. */
class TestDryRunCli : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void fittingPackageIsPlannedAndNothingChanges();
    void mismatchedCudaIsRejectedWithExitThree();
    void forceLiftsACompatibilityBlockButNotDamage();
    void folderPicksTheNewestFittingArchive();
    void missingPackageExitsWithEight();
    void twoToolkitsThatFitEquallyNeedAChoice();

private:
    using Run = SilentRun::Result;
    Run dryRun(const QStringList& arguments, const QMap<QString, QString>& environment = {});
    QString makeToolkit(const QString& name, const QByteArray& cudaHeader);
    QString makeArchive(const CudnnArchiveSpec& spec, const QString& folder = QStringLiteral("pkgs"));
    QString treeListing(const QString& root);

    std::unique_ptr<TestTree> m_tree;
};

void TestDryRunCli::init()
{
    m_tree = std::make_unique<TestTree>();
}

TestDryRunCli::Run TestDryRunCli::dryRun(const QStringList& arguments, const QMap<QString, QString>& environment)
{
    SilentRun silent(m_tree->path(QStringLiteral("report.json")));
    silent.set(environment);
    silent.setTimeLimit(120000);
    return silent.run(QStringList{QStringLiteral("--dry-run")} + arguments);
}

QString TestDryRunCli::makeToolkit(const QString& name, const QByteArray& cudaHeader)
{
    m_tree->writeFile(name + QStringLiteral("/include/cuda.h"), cudaHeader);
    m_tree->makeDir(name + QStringLiteral("/lib"));
    m_tree->symlink(name + QStringLiteral("/lib64"), QStringLiteral("lib"));
    return QFileInfo(m_tree->path(name)).canonicalFilePath();
}

QString TestDryRunCli::makeArchive(const CudnnArchiveSpec& spec, const QString& folder)
{
    const QString path = m_tree->path(folder + QLatin1Char('/') + spec.fileName());
    QDir().mkpath(QFileInfo(path).absolutePath());
    spec.build().write(path);
    return path;
}

QString TestDryRunCli::treeListing(const QString& root)
{
    QStringList entries;
    QDirIterator it(
        root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        entries.append(it.filePath() + QLatin1Char(' ') + QString::number(it.fileInfo().size()));
    }
    entries.sort();
    return entries.join(QLatin1Char('\n'));
}

void TestDryRunCli::fittingPackageIsPlannedAndNothingChanges()
{
    const QString root = makeToolkit(QStringLiteral("cuda-13.0"), "#define CUDA_VERSION 13000\n");
    CudnnArchiveSpec spec;
    spec.libraryPayload = "libcudart.so.13";
    const QString archive = makeArchive(spec);
    const QString before = treeListing(root);
    const QString home = m_tree->makeDir(QStringLiteral("home"));
    m_tree->writeFile(QStringLiteral("home/.profile"), "export EDITOR=vi\n");
    const QString homeBefore = treeListing(home);

    const Run run = dryRun({QStringLiteral("--package"), archive, QStringLiteral("--cuda-root"), root},
                           {{QStringLiteral("HOME"), home}});
    QVERIFY2(run.exitCode == 0, run.out + run.err);
    QCOMPARE(run.report.value(QStringLiteral("status")).toString(), QStringLiteral("planned"));
    const QJsonObject package = run.report.value(QStringLiteral("package")).toObject();
    QCOMPARE(package.value(QStringLiteral("cudnn_version")).toString(), QStringLiteral("9.19.0"));
    QCOMPARE(package.value(QStringLiteral("cuda_major")).toInt(), 13);

    const QJsonArray files
        = run.report.value(QStringLiteral("plan")).toObject().value(QStringLiteral("files")).toArray();
    QVERIFY(!files.isEmpty());
    bool sawLibrary = false;
    for (const QJsonValue& value : files) {
        const QJsonObject file = value.toObject();
        QVERIFY2(file.value(QStringLiteral("path")).toString().startsWith(root + QLatin1Char('/')),
                 qPrintable(file.value(QStringLiteral("path")).toString()));
        QCOMPARE(file.value(QStringLiteral("action")).toString(), QStringLiteral("new"));
        sawLibrary = sawLibrary
            || file.value(QStringLiteral("path")).toString() == root + QStringLiteral("/lib/libcudnn.so.9");
    }
    QVERIFY2(sawLibrary, "libcudnn.so.9 is not planned into <root>/lib (the lib64 link's target)");
    QVERIFY(run.out.contains("Plan (nothing was changed)"));
    QCOMPARE(treeListing(root), before);

    // The search path step is planned, shown as a diff of the login profile, and not made.
    const QJsonObject environment = run.report.value(QStringLiteral("environment")).toObject();
    QCOMPARE(environment.value(QStringLiteral("status")).toString(), QStringLiteral("planned"));
    QCOMPARE(environment.value(QStringLiteral("scope")).toString(), QStringLiteral("user"));
    QVERIFY2(run.out.contains(("+++ " + home + "/.profile").toUtf8()), run.out);
    QVERIFY2(run.out.contains(("export LD_LIBRARY_PATH='" + root + "/lib64'").toUtf8()), run.out);
    QCOMPARE(treeListing(home), homeBefore);
}

void TestDryRunCli::mismatchedCudaIsRejectedWithExitThree()
{
    const QString root = makeToolkit(QStringLiteral("cuda-13.0"), "#define CUDA_VERSION 13000\n");
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const QString archive = makeArchive(spec);

    const Run run = dryRun({QStringLiteral("--package"), archive, QStringLiteral("--cuda-root"), root});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.report.value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    QVERIFY2(reportCodes(run.report).contains(QStringLiteral("PKG-CUDA-MISMATCH")),
             qPrintable(reportCodes(run.report).join(' ')));
}

void TestDryRunCli::forceLiftsACompatibilityBlockButNotDamage()
{
    const QString root = makeToolkit(QStringLiteral("cuda-13.0"), "#define CUDA_VERSION 13000\n");
    CudnnArchiveSpec spec;
    spec.cuda = QStringLiteral("12");
    const QString archive = makeArchive(spec);
    const Run forced = dryRun(
        {QStringLiteral("--package"), archive, QStringLiteral("--cuda-root"), root, QStringLiteral("--force")});
    QVERIFY2(forced.exitCode == 0, forced.out + forced.err);

    CudnnArchiveSpec good;
    const QString damaged = makeArchive(good, QStringLiteral("damaged"));
    truncateFile(damaged, QFileInfo(damaged).size() / 2);
    const Run run = dryRun(
        {QStringLiteral("--package"), damaged, QStringLiteral("--cuda-root"), root, QStringLiteral("--force")});
    QCOMPARE(run.exitCode, 3);
}

void TestDryRunCli::folderPicksTheNewestFittingArchive()
{
    const QString root = makeToolkit(QStringLiteral("cuda-13.0"), "#define CUDA_VERSION 13000\n");
    CudnnArchiveSpec older;
    older.cudnn = Version{9, 12, 0, 46};
    CudnnArchiveSpec newer;
    newer.cudnn = Version{9, 19, 0, 56};
    CudnnArchiveSpec wrongCuda;
    wrongCuda.cudnn = Version{9, 20, 0, 1};
    wrongCuda.cuda = QStringLiteral("12");
    makeArchive(older);
    makeArchive(newer);
    makeArchive(wrongCuda);

    const Run run = dryRun(
        {QStringLiteral("--package"), m_tree->path(QStringLiteral("pkgs")), QStringLiteral("--cuda-root"), root});
    QVERIFY2(run.exitCode == 0, run.out + run.err);
    QCOMPARE(run.report.value(QStringLiteral("package")).toObject().value(QStringLiteral("cudnn_version")).toString(),
             QStringLiteral("9.19.0"));
    QVERIFY(run.out.contains("Not chosen"));
}

void TestDryRunCli::missingPackageExitsWithEight()
{
    const QString root = makeToolkit(QStringLiteral("cuda-13.0"), "#define CUDA_VERSION 13000\n");
    const Run run = dryRun({QStringLiteral("--package"),
                            m_tree->path(QStringLiteral("nothing-here.tar.xz")),
                            QStringLiteral("--cuda-root"),
                            root});
    QCOMPARE(run.exitCode, 8);
}

void TestDryRunCli::twoToolkitsThatFitEquallyNeedAChoice()
{
    // Two CUDA 13.0 toolkits announced through CUDA_PATH and CUDA_PATH_V13_0, no --cuda-root: the package fits
    // both the same way, so the silent runner must not guess.
    const QString first = makeToolkit(QStringLiteral("a/cuda-13.0"), "#define CUDA_VERSION 13000\n");
    const QString second = makeToolkit(QStringLiteral("b/cuda-13.0"), "#define CUDA_VERSION 13000\n");
    const QString archive = makeArchive(CudnnArchiveSpec{});
    const Run run = dryRun({QStringLiteral("--package"), archive},
                           {{QStringLiteral("CUDA_PATH"), first}, {QStringLiteral("CUDA_PATH_V13_0"), second}});
    QCOMPARE(run.exitCode, 7);
    QCOMPARE(run.report.value(QStringLiteral("status")).toString(), QStringLiteral("choice_needed"));
    const QString text = QString::fromUtf8(run.out);
    QVERIFY2(text.contains(first) && text.contains(second), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestDryRunCli)
#include "TestDryRunCli.moc"
