#include "InstallFixtures.h"
#include "install/FaultPoint.h"
#include "install/FileOperations.h"
#include "install/Journal.h"
#include "install/Manifest.h"
#include "install/ToolkitState.h"
#include "install/Transaction.h"

#include <QtTest>

using namespace InstallFixtures;

namespace {

/** An operation of a kind the transaction does not know (as the environment's are): performs minus undos, in a file. */
class CountingOperation final : public Operation
{
public:
    explicit CountingOperation(QString file)
        : m_file(std::move(file))
    {
    }
    QString name() const override { return QStringLiteral("counting"); }
    bool perform() override { return bump(+1); }
    bool undo() override { return bump(-1); }
    QString errorString() const override { return {}; }
    QJsonObject toJson() const override { return {{QStringLiteral("file"), m_file}}; }

private:
    bool bump(int delta)
    {
        QFile file(m_file);
        int value = 0;
        if (file.open(QIODevice::ReadOnly))
            value = file.readAll().toInt();
        file.close();
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return false;
        file.write(QByteArray::number(value + delta));
        return true;
    }
    QString m_file;
};

/** What the next run does first: take the lock, then finish or undo what the last run left. */
Transaction::Recovery recoverRoot(const QString& root, const OperationFactory& factory = {})
{
    ToolkitState state(root);
    QString error;
    if (state.lock(&error) != ToolkitState::LockResult::Locked)
        qFatal("cannot lock %s: %s", qPrintable(root), qPrintable(error));
    return Transaction::recover(state, factory);
}

bool interrupted(const QString& root)
{
    return FileSystem::exists(ToolkitState(root).journalFile());
}

} // namespace

/**
 * The transaction: journaled before each step, undone newest first on failure, and recovered by the next run from
 * wherever a crash stopped it. A "crash" here is a transaction that is simply abandoned: neither committed nor
 * rolled back, its lock released as a dead process's is.
 */
class TestTransaction : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { FaultPoint::disarm(); }
    void commitWritesTheManifestAndDropsTheJournal();
    void rollbackRestoresEverything();
    void crashAfterEachStepIsRecovered_data();
    void crashAfterEachStepIsRecovered();
    void crashAfterTheCommitPointKeepsTheInstall();
    void unreadableJournalStopsEverything();
    void otherKindsOfOperationPlugIn();
    void secondRunIsLockedOut();

private:
    struct Scene
    {
        std::unique_ptr<TestTree> tree;
        QString root;
        QString before;
    };
    /** A root with an old file to replace, one to remove, and staged new ones; the transaction for it. */
    static Scene scene();
    static void fill(Transaction& transaction, const ToolkitState& state, const QString& root);
};

TestTransaction::Scene TestTransaction::scene()
{
    Scene s;
    s.tree = std::make_unique<TestTree>();
    s.tree->writeFile(QStringLiteral("root/include/cudnn.h"), "old header");
    s.tree->writeFile(QStringLiteral("root/lib/libcudnn.so.9.1.0"), "old library");
    s.tree->symlink(QStringLiteral("root/lib/libcudnn.so.9"), QStringLiteral("libcudnn.so.9.1.0"));
    s.root = QFileInfo(s.tree->path(QStringLiteral("root"))).canonicalFilePath();
    s.before = listing(s.root);
    return s;
}

void TestTransaction::fill(Transaction& t, const ToolkitState& state, const QString& root)
{
    t.add(std::make_shared<MakeFolder>(root + QStringLiteral("/bin")));
    const QStringList staged{root + QStringLiteral("/include/.cudnn.h.new"),
                             root + QStringLiteral("/lib/.libcudnn.so.9.19.0.new"),
                             root + QStringLiteral("/lib/.libcudnn.so.9.new"),
                             root + QStringLiteral("/bin/.tool.new")};
    t.addTemporaries(staged);
    t.add(std::make_shared<PlaceEntry>(staged.at(0),
                                       root + QStringLiteral("/include/cudnn.h"),
                                       state.backupPath(t.id(), root + QStringLiteral("/include/cudnn.h")),
                                       true));
    t.add(std::make_shared<PlaceEntry>(staged.at(1),
                                       root + QStringLiteral("/lib/libcudnn.so.9.19.0"),
                                       state.backupPath(t.id(), root + QStringLiteral("/lib/libcudnn.so.9.19.0")),
                                       false));
    t.add(std::make_shared<PlaceEntry>(staged.at(2),
                                       root + QStringLiteral("/lib/libcudnn.so.9"),
                                       state.backupPath(t.id(), root + QStringLiteral("/lib/libcudnn.so.9")),
                                       true));
    t.add(std::make_shared<PlaceEntry>(staged.at(3),
                                       root + QStringLiteral("/bin/tool"),
                                       state.backupPath(t.id(), root + QStringLiteral("/bin/tool")),
                                       false));
    t.add(std::make_shared<RemoveEntry>(root + QStringLiteral("/lib/libcudnn.so.9.1.0"),
                                        state.backupPath(t.id(), root + QStringLiteral("/lib/libcudnn.so.9.1.0"))));
    t.commitWhenManifest(true, t.id());
}

/** What staging does between the folders and the rest: writes the staged files. */
static void stage(const QString& root)
{
    auto write = [](const QString& path, const QByteArray& data) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::NewOnly));
        file.write(data);
    };
    write(root + QStringLiteral("/include/.cudnn.h.new"), "new header");
    write(root + QStringLiteral("/lib/.libcudnn.so.9.19.0.new"), "new library");
    QVERIFY(FileSystem::createSymlink(
        QStringLiteral("libcudnn.so.9.19.0"), root + QStringLiteral("/lib/.libcudnn.so.9.new"), nullptr));
    write(root + QStringLiteral("/bin/.tool.new"), "tool");
}

void TestTransaction::commitWritesTheManifestAndDropsTheJournal()
{
    Scene s = scene();
    ToolkitState state(s.root);
    QString error;
    QCOMPARE(state.lock(&error), ToolkitState::LockResult::Locked);
    Transaction t(state, QStringLiteral("install"));
    fill(t, state, s.root);
    QVERIFY2(t.begin(&error), qPrintable(error));
    QVERIFY(FileSystem::exists(state.journalFile()));
    QVERIFY2(t.performUpTo(1, {}, &error), qPrintable(error));
    stage(s.root);
    QVERIFY2(t.performUpTo(t.size(), {}, &error), qPrintable(error));
    Manifest manifest;
    ManifestEntry entry;
    entry.transaction = t.id();
    manifest.entries.append(entry);
    QVERIFY2(t.commit(manifest, &error), qPrintable(error));
    QVERIFY(!FileSystem::exists(state.journalFile()));
    QVERIFY(FileSystem::exists(state.manifestFile()));
    QCOMPARE(FileSystem::linkTarget(s.root + QStringLiteral("/lib/libcudnn.so.9")),
             QStringLiteral("libcudnn.so.9.19.0"));
    QVERIFY(!FileSystem::exists(s.root + QStringLiteral("/lib/libcudnn.so.9.1.0")));
    QVERIFY(FileSystem::exists(state.backupPath(t.id(), s.root + QStringLiteral("/lib/libcudnn.so.9.1.0"))));
}

void TestTransaction::rollbackRestoresEverything()
{
    Scene s = scene();
    {
        ToolkitState state(s.root);
        QString error;
        QCOMPARE(state.lock(&error), ToolkitState::LockResult::Locked);
        Transaction t(state, QStringLiteral("install"));
        fill(t, state, s.root);
        QVERIFY(t.begin(&error));
        QVERIFY(t.performUpTo(1, {}, &error));
        stage(s.root);
        FaultPoint::arm(QStringLiteral("swap.rename"), 3); // the fourth placement fails
        QVERIFY(!t.performUpTo(t.size(), {}, &error));
        QVERIFY(error.contains(QStringLiteral("injected")));
        QVERIFY2(t.rollback(&error), qPrintable(error));
    }
    QCOMPARE(listing(s.root), s.before);
}

void TestTransaction::crashAfterEachStepIsRecovered_data()
{
    QTest::addColumn<int>("performed");
    QTest::addColumn<bool>("failInStep"); // the next step was journaled and began, then failed (and stopped)
    for (int i = 0; i <= 6; ++i) {
        QTest::addRow("after %d steps", i) << i << false;
        QTest::addRow("inside step %d", i) << i << true;
    }
}

void TestTransaction::crashAfterEachStepIsRecovered()
{
    QFETCH(int, performed);
    QFETCH(bool, failInStep);
    Scene s = scene();
    {
        ToolkitState state(s.root);
        QString error;
        QCOMPARE(state.lock(&error), ToolkitState::LockResult::Locked);
        auto* t = new Transaction(state, QStringLiteral("install")); // abandoned below, as by a crash
        fill(*t, state, s.root);
        QVERIFY(t->begin(&error));
        QVERIFY(t->performUpTo(qMin(performed, 1), {}, &error));
        if (performed >= 1)
            stage(s.root);
        QVERIFY(t->performUpTo(performed, {}, &error));
        if (failInStep && performed < t->size()) {
            FaultPoint::arm(performed == 0       ? QStringLiteral("folder.create")
                                : performed == 5 ? QStringLiteral("swap.backup")
                                                 : QStringLiteral("swap.rename"));
            QVERIFY(!t->performUpTo(performed + 1, {}, &error));
            FaultPoint::disarm();
        }
        // The process dies here: no rollback, no destructor; the lock goes as a dead process's lock goes.
    }
    QVERIFY(interrupted(s.root));
    const Transaction::Recovery recovery = recoverRoot(s.root);
    QVERIFY2(recovery.found && recovery.rolledBack, qPrintable(recovery.error));
    QCOMPARE(listing(s.root), s.before);
    QVERIFY(!interrupted(s.root));
}

void TestTransaction::crashAfterTheCommitPointKeepsTheInstall()
{
    Scene s = scene();
    QString id;
    {
        ToolkitState state(s.root);
        QString error;
        QCOMPARE(state.lock(&error), ToolkitState::LockResult::Locked);
        auto* t = new Transaction(state, QStringLiteral("install"));
        fill(*t, state, s.root);
        id = t->id();
        QVERIFY(t->begin(&error));
        QVERIFY(t->performUpTo(1, {}, &error));
        stage(s.root);
        QVERIFY(t->performUpTo(t->size(), {}, &error));
        Manifest manifest;
        ManifestEntry entry;
        entry.transaction = id;
        manifest.entries.append(entry);
        QVERIFY(manifest.save(state.manifestFile(), &error)); // the commit point is reached, then the crash
    }
    const Transaction::Recovery recovery = recoverRoot(s.root);
    QVERIFY2(recovery.found && recovery.committed, qPrintable(recovery.error));
    QVERIFY(!interrupted(s.root));
    QCOMPARE(FileSystem::linkTarget(s.root + QStringLiteral("/lib/libcudnn.so.9")),
             QStringLiteral("libcudnn.so.9.19.0"));
    QString error;
    QVERIFY(Manifest::load(ToolkitState(s.root).manifestFile(), &error)->contains(id));
    QVERIFY(!FileSystem::exists(ToolkitState(s.root).journalFile()));
    QVERIFY(!FileSystem::exists(s.root + QStringLiteral("/lib/libcudnn.so.9.1.0")));
}

void TestTransaction::unreadableJournalStopsEverything()
{
    Scene s = scene();
    s.tree->writeFile(QStringLiteral("root/.cudnn-setup/journal.json"), "{ not json");
    const QString before = listing(s.root);
    const Transaction::Recovery recovery = recoverRoot(s.root);
    QVERIFY(recovery.found && !recovery.rolledBack && !recovery.undoFailed);
    QVERIFY(recovery.error.contains(QStringLiteral("damaged")));
    QCOMPARE(listing(s.root), before);
}

void TestTransaction::otherKindsOfOperationPlugIn()
{
    Scene s = scene();
    const QString counter = s.tree->path(QStringLiteral("counter"));
    OperationFactory factory;
    factory.add(QStringLiteral("counting"), [](const QJsonObject& data, QString*) -> OperationPointer {
        return std::make_shared<CountingOperation>(data.value(QStringLiteral("file")).toString());
    });
    const auto counting = [&] { return std::make_shared<CountingOperation>(counter); };
    {
        ToolkitState state(s.root);
        QString error;
        QCOMPARE(state.lock(&error), ToolkitState::LockResult::Locked);
        auto* t = new Transaction(state, QStringLiteral("install"));
        t->add(counting());
        t->add(std::make_shared<ReversedOperation>(counting()));
        t->add(counting());
        QVERIFY(t->begin(&error));
        QVERIFY(t->performUpTo(t->size(), {}, &error));
    }
    QFile file(counter);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("1"));
    file.close();
    QVERIFY(recoverRoot(s.root, factory).rolledBack);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("0"));
}

void TestTransaction::secondRunIsLockedOut()
{
    Scene s = scene();
    ToolkitState first(s.root);
    QString error;
    QCOMPARE(first.lock(&error), ToolkitState::LockResult::Locked);
    ToolkitState second(s.root);
    QCOMPARE(second.lock(&error), ToolkitState::LockResult::Busy);
    QVERIFY(error.contains(QString::number(QCoreApplication::applicationPid())));
    first.unlock();
    QCOMPARE(second.lock(&error), ToolkitState::LockResult::Locked);
}

QTEST_GUILESS_MAIN(TestTransaction)
#include "TestTransaction.moc"
