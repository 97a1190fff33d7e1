#include "InstallFixtures.h"
#include "install/FileOperations.h"

#include <QtTest>

using namespace InstallFixtures;

/** Each file operation, and its undo from every point its perform() can reach (a crash may stop it anywhere). */
class TestFileOperations : public QObject
{
    Q_OBJECT

private slots:
    void placeOverAnEntryKeepsItInTheBackup();
    void placeUndoFromEveryIntermediateState_data();
    void placeUndoFromEveryIntermediateState();
    void placeRefusesWhenRealityDiffersFromThePlan();
    void placeLinkOverFile();
    void removeAndUndo();
    void folders();
    void jsonRoundTrip();
};

void TestFileOperations::placeOverAnEntryKeepsItInTheBackup()
{
    TestTree tree;
    const QString dest = tree.writeFile(QStringLiteral("root/lib/a.so"), "old");
    const QString source = tree.writeFile(QStringLiteral("root/lib/.a.so.staged"), "new");
    const QString backup = tree.path(QStringLiteral("root/.state/backup/t/lib/a.so"));
    PlaceEntry place(source, dest, backup, true);
    QVERIFY2(place.perform(), qPrintable(place.errorString()));
    QCOMPARE(FileSystem::sha256Of(dest),
             QString::fromLatin1(QCryptographicHash::hash("new", QCryptographicHash::Sha256).toHex()));
    QVERIFY(!FileSystem::exists(source));
    QVERIFY(FileSystem::exists(backup));
    QVERIFY(place.undo());
    QVERIFY(place.undo()); // twice is harmless
    QCOMPARE(FileSystem::sha256Of(dest),
             QString::fromLatin1(QCryptographicHash::hash("old", QCryptographicHash::Sha256).toHex()));
    QVERIFY(FileSystem::exists(source));
    QVERIFY(!FileSystem::exists(backup));
}

void TestFileOperations::placeUndoFromEveryIntermediateState_data()
{
    QTest::addColumn<bool>("replaces");
    QTest::addColumn<int>("state"); // 0: not begun, 1: old moved aside, 2: done
    for (int state = 0; state <= 2; ++state) {
        QTest::addRow("replacing, state %d", state) << true << state;
        if (state != 1)
            QTest::addRow("new, state %d", state) << false << state;
    }
}

void TestFileOperations::placeUndoFromEveryIntermediateState()
{
    QFETCH(bool, replaces);
    QFETCH(int, state);
    TestTree tree;
    const QString dest = tree.path(QStringLiteral("lib/a.so"));
    const QString source = tree.writeFile(QStringLiteral("lib/.a.so.staged"), "new");
    const QString backup = tree.path(QStringLiteral("backup/a.so"));
    tree.makeDir(QStringLiteral("backup"));
    if (replaces)
        tree.writeFile(QStringLiteral("lib/a.so"), "old");
    const QString before = listing(tree.root());
    if (state >= 1 && replaces)
        QVERIFY(FileSystem::move(dest, backup, nullptr));
    if (state == 2)
        QVERIFY(FileSystem::move(source, dest, nullptr));

    PlaceEntry place(source, dest, backup, replaces);
    QVERIFY2(place.undo(), qPrintable(place.errorString()));
    QCOMPARE(listing(tree.root()), before);
}

void TestFileOperations::placeRefusesWhenRealityDiffersFromThePlan()
{
    TestTree tree;
    const QString source = tree.writeFile(QStringLiteral("lib/.a.staged"), "new");
    const QString dest = tree.writeFile(QStringLiteral("lib/a"), "appeared");
    PlaceEntry place(source, dest, tree.path(QStringLiteral("backup/a")), false);
    const QString before = listing(tree.root());
    QVERIFY(!place.perform());
    QVERIFY(place.errorString().contains(QStringLiteral("appeared")));
    QCOMPARE(listing(tree.root()), before);
    QVERIFY(place.undo()); // not performed: undo leaves what is not ours alone
    QCOMPARE(listing(tree.root()), before);

    PlaceEntry vanished(source, tree.path(QStringLiteral("lib/b")), tree.path(QStringLiteral("backup/b")), true);
    QVERIFY(!vanished.perform());
    QCOMPARE(listing(tree.root()), before);
}

void TestFileOperations::placeLinkOverFile()
{
    TestTree tree;
    const QString dest = tree.writeFile(QStringLiteral("lib/libx.so.9"), "a flattened copy");
    const QString staged = tree.symlink(QStringLiteral("lib/.libx.so.9.staged"), QStringLiteral("libx.so.9.1.0"));
    tree.makeDir(QStringLiteral("backup"));
    const QString before = listing(tree.root());
    PlaceEntry place(staged, dest, tree.path(QStringLiteral("backup/libx.so.9")), true);
    QVERIFY(place.perform());
    QCOMPARE(FileSystem::kindOf(dest), FileSystem::Kind::Symlink);
    QCOMPARE(FileSystem::linkTarget(dest), QStringLiteral("libx.so.9.1.0"));
    QVERIFY(place.undo());
    QCOMPARE(listing(tree.root()), before);
}

void TestFileOperations::removeAndUndo()
{
    TestTree tree;
    const QString path = tree.writeFile(QStringLiteral("lib/libcudnn_ops_infer.so.8.9.7"), "eight");
    tree.makeDir(QStringLiteral("state"));
    const QString before = listing(tree.root());
    RemoveEntry remove(path, tree.path(QStringLiteral("state/backup/t/lib/libcudnn_ops_infer.so.8.9.7")));
    QVERIFY(remove.undo()); // not performed yet: nothing happens
    QCOMPARE(listing(tree.root()), before);
    QVERIFY(remove.perform());
    QVERIFY(!FileSystem::exists(path));
    QVERIFY(remove.undo());
    QVERIFY(remove.undo());
    FileSystem::removeTree(tree.path(QStringLiteral("state/backup")));
    QCOMPARE(listing(tree.root()), before);
}

void TestFileOperations::folders()
{
    TestTree tree;
    const QString before = listing(tree.root());
    MakeFolder make(tree.path(QStringLiteral("include")));
    QVERIFY(make.perform());
    QCOMPARE(FileSystem::kindOf(tree.path(QStringLiteral("include"))), FileSystem::Kind::Directory);
    QCOMPARE(QFileInfo(tree.path(QStringLiteral("include"))).permissions() & QFileDevice::ReadOther,
             QFileDevice::ReadOther);
    QVERIFY(make.undo());
    QCOMPARE(listing(tree.root()), before);

    QVERIFY(make.perform());
    tree.writeFile(QStringLiteral("include/someone-elses.h"), "x");
    QVERIFY(make.undo()); // a folder someone filled stays
    QVERIFY(FileSystem::exists(tree.path(QStringLiteral("include/someone-elses.h"))));

    RemoveFolder remove(tree.path(QStringLiteral("include")));
    QVERIFY(remove.perform());
    QVERIFY(FileSystem::exists(tree.path(QStringLiteral("include")))); // not empty: kept
    QFile::remove(tree.path(QStringLiteral("include/someone-elses.h")));
    QVERIFY(remove.perform());
    QVERIFY(!FileSystem::exists(tree.path(QStringLiteral("include"))));
    QVERIFY(remove.undo());
    QVERIFY(FileSystem::exists(tree.path(QStringLiteral("include"))));
}

void TestFileOperations::jsonRoundTrip()
{
    const OperationFactory factory;
    const QList<OperationPointer> ops{
        std::make_shared<PlaceEntry>(
            QStringLiteral("/r/.a.s"), QStringLiteral("/r/a"), QStringLiteral("/r/.b/a"), true),
        std::make_shared<RemoveEntry>(QStringLiteral("/r/x"), QStringLiteral("/r/.b/x")),
        std::make_shared<MakeFolder>(QStringLiteral("/r/include")),
        std::make_shared<RemoveFolder>(QStringLiteral("/r/include")),
        std::make_shared<ReversedOperation>(std::make_shared<MakeFolder>(QStringLiteral("/r/bin"))),
    };
    for (const OperationPointer& op : ops) {
        const QJsonObject json = OperationFactory::serialize(*op);
        QString error;
        const OperationPointer copy = factory.create(json, &error);
        QVERIFY2(copy, qPrintable(error));
        QCOMPARE(OperationFactory::serialize(*copy), json);
    }
    QString error;
    QVERIFY(!factory.create(QJsonObject{{QStringLiteral("type"), QStringLiteral("environment")}}, &error));
    QVERIFY(error.contains(QStringLiteral("environment")));
}

QTEST_GUILESS_MAIN(TestFileOperations)
#include "TestFileOperations.moc"
