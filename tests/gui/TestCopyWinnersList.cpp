#include "CopyWinnersList.h"

#include <QtTest>

/**
 * The search path page's "which file wins" by copy: a pip wheel's file that wins and a conda env's that loses are
 * named by their package and environment, a toolkit's as the toolkit's; a report whose files belong to no detected
 * copy shows nothing.
 */
class TestCopyWinnersList : public QObject
{
    Q_OBJECT

private slots:
    void pipAndCondaCopiesAreNamed();
    void bareFoldersShowNothing();
};

static LibraryCopy file(const QString& path, std::optional<CopyProvenance> copy)
{
    LibraryCopy library;
    library.path = path;
    library.location.origin = SearchOrigin::LdLibraryPath;
    library.location.directory = QFileInfo(path).path();
    library.copy = std::move(copy);
    return library;
}

void TestCopyWinnersList::pipAndCondaCopiesAreNamed()
{
    EnvironmentReport report;
    report.os = OsFlavor::Linux;
    LibraryStatus cudnn;
    cudnn.before.library = QStringLiteral("libcudnn.so.9");
    cudnn.before.winner = file(QStringLiteral("/venvs/asr/site-packages/nvidia/cudnn/lib/libcudnn.so.9"),
                               CopyProvenance{CudnnOrigin::Pip,
                                              PackageManager::Pip,
                                              QStringLiteral("nvidia-cudnn-cu12"),
                                              QStringLiteral("9.1.0.70"),
                                              QStringLiteral("/venvs/asr")});
    cudnn.before.shadowed = {file(QStringLiteral("/conda/envs/tf/lib/libcudnn.so.9"),
                                  CopyProvenance{CudnnOrigin::Conda,
                                                 PackageManager::Conda,
                                                 QStringLiteral("cudnn"),
                                                 QStringLiteral("9.3.0.75"),
                                                 QStringLiteral("/conda/envs/tf")}),
                             file(QStringLiteral("/usr/local/cuda-13.0/lib/libcudnn.so.9"),
                                  CopyProvenance{CudnnOrigin::Toolkit, PackageManager::None, {}, {}, {}}),
                             file(QStringLiteral("/opt/old/lib/libcudnn.so.9"), std::nullopt)};
    LibraryStatus cudart; // no file of a detected copy: no row
    cudart.before.library = QStringLiteral("libcudart.so.13");
    cudart.before.winner = file(QStringLiteral("/opt/old/lib/libcudart.so.13"), std::nullopt);
    report.libraries = {cudnn, cudart};

    CopyWinnersList list;
    list.showReport(report);
    QVERIFY(!list.isHidden());
    QCOMPARE(list.topLevelItemCount(), 1);
    const QTreeWidgetItem* winner = list.topLevelItem(0);
    QCOMPARE(winner->text(0), QStringLiteral("/venvs/asr/site-packages/nvidia/cudnn/lib/libcudnn.so.9"));
    QCOMPARE(winner->text(1), QStringLiteral("the pip wheel nvidia-cudnn-cu12 9.1.0.70 in /venvs/asr"));
    QCOMPARE(winner->childCount(), 3);
    QCOMPARE(winner->child(0)->text(0), QStringLiteral("loses: /conda/envs/tf/lib/libcudnn.so.9"));
    QCOMPARE(winner->child(0)->text(1), QStringLiteral("the conda package cudnn 9.3.0.75 in /conda/envs/tf"));
    QCOMPARE(winner->child(1)->text(1), QStringLiteral("the CUDA toolkit"));
    QCOMPARE(winner->child(2)->text(1), QString()); // a bare folder stays a path
}

void TestCopyWinnersList::bareFoldersShowNothing()
{
    EnvironmentReport report;
    LibraryStatus cudnn;
    cudnn.before.library = QStringLiteral("libcudnn.so.9");
    cudnn.before.winner = file(QStringLiteral("/opt/old/lib/libcudnn.so.9"), std::nullopt);
    report.libraries = {cudnn};
    CopyWinnersList list;
    list.showReport(report);
    QVERIFY(list.isHidden());
    QCOMPARE(list.topLevelItemCount(), 0);
}

QTEST_MAIN(TestCopyWinnersList)
#include "TestCopyWinnersList.moc"
