#include "InstallFixtures.h"
#include "install/SupersededFiles.h"

#include <QtTest>

using namespace InstallFixtures;

/** Which files of another cuDNN an install takes away, and which it never touches. */
class TestSupersededFiles : public QObject
{
    Q_OBJECT

private slots:
    void names_data();
    void names();
    void findsWhatTheNewPackageDoesNotReplace();
};

void TestSupersededFiles::names_data()
{
    QTest::addColumn<int>("os");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("cudnn");
    const int linux = int(OsFlavor::Linux);
    const int windows = int(OsFlavor::Windows);
    QTest::newRow("so.8") << linux << "libcudnn_ops_infer.so.8" << true;
    QTest::newRow("so.9.1.0") << linux << "libcudnn.so.9.1.0" << true;
    QTest::newRow("dev link") << linux << "libcudnn.so" << true;
    QTest::newRow("static") << linux << "libcudnn_adv_static_v9.a" << true;
    QTest::newRow("header") << linux << "cudnn_ops_infer.h" << true;
    QTest::newRow("header copy") << linux << "cudnn_adv_v9.h" << true;
    QTest::newRow("frontend header") << linux << "cudnn_frontend.h" << false;
    QTest::newRow("frontend utils") << linux << "cudnn_frontend_utils.h" << false;
    QTest::newRow("cublas") << linux << "libcublas.so.13" << false;
    QTest::newRow("cuda.h") << linux << "cuda.h" << false;
    QTest::newRow("dll") << windows << "cudnn_cnn_infer64_8.dll" << true;
    QTest::newRow("dll upper") << windows << "CUDNN64_9.DLL" << true;
    QTest::newRow("import lib") << windows << "cudnn_adv64_9.lib" << true;
    QTest::newRow("plain lib") << windows << "cudnn.lib" << true;
    QTest::newRow("zlibwapi") << windows << "zlibwapi.dll" << false;
    QTest::newRow("so on windows") << windows << "libcudnn.so.9" << false;
}

void TestSupersededFiles::names()
{
    QFETCH(int, os);
    QFETCH(QString, name);
    QFETCH(bool, cudnn);
    QCOMPARE(SupersededFiles::isCudnnFile(OsFlavor(os), name), cudnn);
}

void TestSupersededFiles::findsWhatTheNewPackageDoesNotReplace()
{
    TestTree tree;
    const QString root = makeToolkit(tree);
    tree.writeFile(QStringLiteral("cuda-13.0/lib/libcudnn.so.9.1.0"), "old");
    tree.symlink(QStringLiteral("cuda-13.0/lib/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.1.0"));
    tree.writeFile(QStringLiteral("cuda-13.0/lib/libcudnn_ops_infer.so.8"), "eight");
    tree.writeFile(QStringLiteral("cuda-13.0/lib/libcublas.so.13"), "not ours");
    tree.writeFile(QStringLiteral("cuda-13.0/include/cudnn_frontend.h"), "not cuDNN's");
    tree.writeFile(QStringLiteral("cuda-13.0/targets/x86_64-linux/include/cudnn_ops_infer.h"), "eight");

    ChangeSet changes;
    changes.root = root;
    Change change;
    change.destination = root + QStringLiteral("/lib/libcudnn.so.9");
    changes.changes.append(change);
    const QList<Removal> removals
        = SupersededFiles::find(changes, SupersededFiles::toolkitFolders(OsFlavor::Linux, root));
    QStringList paths;
    for (const Removal& r : removals)
        paths.append(r.path.mid(root.size() + 1));
    paths.sort();
    QCOMPARE(paths,
             QStringList({QStringLiteral("lib/libcudnn.so.9.1.0"),
                          QStringLiteral("lib/libcudnn_ops_infer.so.8"),
                          QStringLiteral("targets/x86_64-linux/include/cudnn_ops_infer.h")}));
}

QTEST_GUILESS_MAIN(TestSupersededFiles)
#include "TestSupersededFiles.moc"
