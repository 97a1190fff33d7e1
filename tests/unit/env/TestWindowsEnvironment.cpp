#include "MemoryListing.h"
#include "OperationNotes.h"
#include "TestTree.h"
#include "env/EnvironmentOperations.h"
#include "env/EnvironmentService.h"

#include <QJsonDocument>
#include <QtTest>

/**
 * Windows PATH repair against an in-memory registry and a described disk: who wins now, which class of conflict,
 * what the user and machine plans write (and never write), apply, undo, three-way undo, JSON round trip.
 */
class TestWindowsEnvironment : public QObject
{
    Q_OBJECT

private slots:
    void userPlanPutsTargetFirstAndKeepsExpandSz();
    void staleSystem32CopyNeedsTheMachineScope();
    void olderToolkitInMachinePathIsFixedByMachinePlanOnly();
    void machinePlanNeverTouchesHkcu();
    void duplicatesAreRemovedOnWrite();
    void pathPastTheLimitIsRefused();
    void pathPastCmdLimitIsWarned();
    void applyThenUndoRestoresExactly();
    void undoAfterOthersEditedKeepsTheirEdits();
    void changeSurvivesJsonForUninstall();
    void undoAfterACrashInPerformUsesTheMachineState();
    void manifestOfTheEarlierReleaseStillUninstalls();
    void performRefusesWhenChangedSincePlan();
    void appLocalCopyIsNotPathGoverned();
    void targetAlreadyWinningPlansNothing();
    void libraryNamesFollowTheCudnnRelease_data();
    void libraryNamesFollowTheCudnnRelease();
    void quarantineRenamesAsideAndBack();
    void reportJsonHasTheContractKeys();
    void installerPathIsRepointedAtTheCudaFolder();
    void installerPathUndoRestoresTheValueExactly();
};

namespace {

const QString Toolkit = QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.4");
const QString ToolkitBin = Toolkit + QStringLiteral("/bin");
const QString ToolkitBinShown = QStringLiteral("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4\\bin");
const QString OldBin = QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.2/bin");
const QString MachinePath = QStringLiteral("%SystemRoot%\\system32;%SystemRoot%;%SystemRoot%\\System32\\Wbem");
const QString UserPath = QStringLiteral("%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;D:\\tools");

/** A Windows machine: registry, disk and the places, all in memory. */
struct Machine
{
    std::shared_ptr<MemoryEnvironmentStore> store = std::make_shared<MemoryEnvironmentStore>();
    std::shared_ptr<MemoryListing> disk = std::make_shared<MemoryListing>(OsFlavor::Windows);
    QStringList applicationDirs;

    Machine(int cudnnMajor = 9)
    {
        store->write(
            EnvironmentScope::Machine, QStringLiteral("Path"), StoredValue::expandString(MachinePath), nullptr);
        store->write(EnvironmentScope::User, QStringLiteral("Path"), StoredValue::expandString(UserPath), nullptr);
        for (const QString& name : target(cudnnMajor).libraryNames(OsFlavor::Windows, *disk))
            disk->addFile(ToolkitBin + QLatin1Char('/') + name);
    }

    static EnvironmentTarget target(int cudnnMajor = 9)
    {
        return {Toolkit, Version{12, 4}, cudnnMajor == 9 ? Version{9, 1, 0} : Version{8, 9, 7}};
    }

    EnvironmentLocations locations() const
    {
        EnvironmentLocations l;
        l.host.os = OsFlavor::Windows;
        l.host.variables = {{QStringLiteral("SystemRoot"), QStringLiteral("C:\\Windows")},
                            {QStringLiteral("USERPROFILE"), QStringLiteral("C:\\Users\\ana")}};
        l.windowsDirectory = QStringLiteral("C:/Windows");
        l.knownDlls = {QStringLiteral("kernel32.dll")};
        l.applicationDirs = applicationDirs;
        l.store = store;
        l.listing = disk;
        return l;
    }

    EnvironmentReport analyse(EnvironmentScope scope, int cudnnMajor = 9) const
    {
        return EnvironmentService(locations()).analyse(target(cudnnMajor), scope);
    }

    StoredValue value(EnvironmentScope scope, const QString& name) const { return store->read(scope, name); }
};

const EnvironmentConflict* conflictFor(const EnvironmentReport& report, const QString& library)
{
    for (const EnvironmentConflict& conflict : report.conflicts) {
        if (conflict.library == library)
            return &conflict;
    }
    return nullptr;
}

const RegistryValueStep* registryStep(const EnvironmentPlan& plan, EnvironmentScope scope, const QString& name)
{
    for (const auto& step : plan.steps) {
        const auto* value = dynamic_cast<const RegistryValueStep*>(step.get());
        if (value && value->scope() == scope && value->valueName().compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return nullptr;
}

} // namespace

void TestWindowsEnvironment::userPlanPutsTargetFirstAndKeepsExpandSz()
{
    Machine machine;
    machine.disk->addFile(QStringLiteral("D:\\tools\\cudnn64_9.dll"));
    const EnvironmentReport report = machine.analyse(EnvironmentScope::User);

    // The target's bin is on no PATH, so the stale copy in D:\tools wins: a user PATH change fixes that.
    const EnvironmentConflict* conflict = conflictFor(report, QStringLiteral("cudnn64_9.dll"));
    QVERIFY(conflict);
    QCOMPARE(conflict->conflictClass, ConflictClass::UserSearchPath);
    QCOMPARE(conflict->winner->path, QStringLiteral("D:/tools/cudnn64_9.dll"));
    QVERIFY(conflict->fixedByPlan);
    // Libraries found nowhere are class A too: nothing but PATH could ever find them.
    const EnvironmentConflict* missing = conflictFor(report, QStringLiteral("cudnn_ops64_9.dll"));
    QVERIFY(missing && !missing->winner && missing->conflictClass == ConflictClass::UserSearchPath);

    const RegistryValueStep* path = registryStep(report.plan, EnvironmentScope::User, QStringLiteral("Path"));
    QVERIFY(path);
    QCOMPARE(path->after().type, StoredValue::Type::ExpandString);
    QCOMPARE(path->after().data, ToolkitBinShown + QLatin1Char(';') + UserPath);
    QVERIFY(registryStep(report.plan, EnvironmentScope::User, QStringLiteral("CUDA_PATH")));
    QCOMPARE(registryStep(report.plan, EnvironmentScope::User, QStringLiteral("CUDA_PATH_V12_4"))->after(),
             StoredValue::string(QStringLiteral("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4")));
    for (const LibraryStatus& status : report.libraries)
        QVERIFY2(status.after.wonFrom(OsFlavor::Windows, {ToolkitBin}), qPrintable(status.after.library));
    QVERIFY(report.restartNeeded());
    QVERIFY(report.plan.diffText().contains(QStringLiteral("+") + ToolkitBinShown));
}

void TestWindowsEnvironment::staleSystem32CopyNeedsTheMachineScope()
{
    Machine machine;
    machine.disk->addFile(QStringLiteral("C:\\Windows\\System32\\cudnn64_9.dll"));
    const EnvironmentReport user = machine.analyse(EnvironmentScope::User);
    const EnvironmentConflict* conflict = conflictFor(user, QStringLiteral("cudnn64_9.dll"));
    QVERIFY(conflict);
    QCOMPARE(conflict->conflictClass, ConflictClass::MachineScope);
    QCOMPARE(conflict->winner->location.origin, SearchOrigin::System32);
    QVERIFY(!conflict->fixedByPlan);
    QVERIFY(conflict->fix.contains(QStringLiteral("Quarantine")));
    QVERIFY(containsCode(user.diagnostics, QStringLiteral("ENV-SHADOW-MACHINE")));

    const EnvironmentReport elevated = machine.analyse(EnvironmentScope::Machine);
    QVERIFY(conflictFor(elevated, QStringLiteral("cudnn64_9.dll"))->fixedByPlan);
    const auto quarantines = std::count_if(elevated.plan.steps.cbegin(), elevated.plan.steps.cend(), [](const auto& s) {
        return s->kind() == QLatin1String("rename");
    });
    QCOMPARE(quarantines, 1);
    QCOMPARE(elevated.plan.steps.constLast()->target(), QStringLiteral("C:/Windows/System32/cudnn64_9.dll"));
}

void TestWindowsEnvironment::olderToolkitInMachinePathIsFixedByMachinePlanOnly()
{
    Machine machine(8);
    machine.store->write(EnvironmentScope::Machine,
                         QStringLiteral("Path"),
                         StoredValue::expandString(QStringLiteral("%CUDA_PATH%\\bin;") + MachinePath),
                         nullptr);
    machine.store->write(
        EnvironmentScope::Machine,
        QStringLiteral("CUDA_PATH"),
        StoredValue::string(QStringLiteral("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2")),
        nullptr);
    machine.disk->addFile(OldBin + QStringLiteral("/cudnn64_8.dll"));
    machine.disk->addFile(OldBin + QStringLiteral("/cudnn_ops_infer64_8.dll"));

    const EnvironmentReport user = machine.analyse(EnvironmentScope::User, 8);
    const EnvironmentConflict* conflict = conflictFor(user, QStringLiteral("cudnn64_8.dll"));
    QVERIFY(conflict);
    QCOMPARE(conflict->conflictClass, ConflictClass::MachineScope);
    QCOMPARE(conflict->winner->location.origin, SearchOrigin::MachinePath);
    QCOMPARE(conflict->winner->location.written, QStringLiteral("%CUDA_PATH%\\bin"));
    QVERIFY(!conflict->fixedByPlan); // a user entry can never come before a machine entry

    const EnvironmentReport elevated = machine.analyse(EnvironmentScope::Machine, 8);
    QVERIFY(conflictFor(elevated, QStringLiteral("cudnn64_8.dll"))->fixedByPlan);
    const RegistryValueStep* path = registryStep(elevated.plan, EnvironmentScope::Machine, QStringLiteral("Path"));
    QVERIFY(path);
    // %CUDA_PATH%\bin stays: once CUDA_PATH names v12.4 it is the same folder, after ours.
    QCOMPARE(path->after().data, ToolkitBinShown + QStringLiteral(";%CUDA_PATH%\\bin;") + MachinePath);
    QVERIFY(std::none_of(elevated.plan.steps.cbegin(), elevated.plan.steps.cend(), [](const auto& s) {
        return s->kind() == QLatin1String("rename");
    }));
}

void TestWindowsEnvironment::machinePlanNeverTouchesHkcu()
{
    Machine machine;
    machine.disk->addFile(QStringLiteral("C:\\Windows\\System32\\cudnn64_9.dll"));
    machine.store->write(EnvironmentScope::User,
                         QStringLiteral("CUDA_PATH"),
                         StoredValue::string(QStringLiteral("D:\\cuda-other")),
                         nullptr);
    const EnvironmentReport report = machine.analyse(EnvironmentScope::Machine);
    QVERIFY(!report.plan.isEmpty());
    for (const auto& step : report.plan.steps)
        QVERIFY2(!step->target().startsWith(QLatin1String("HKCU")), qPrintable(step->target()));
    QVERIFY(containsCode(report.diagnostics, QStringLiteral("ENV-USER-OVERRIDES")));
}

void TestWindowsEnvironment::duplicatesAreRemovedOnWrite()
{
    Machine machine;
    machine.store->write(
        EnvironmentScope::User,
        QStringLiteral("Path"),
        StoredValue::expandString(QStringLiteral("D:\\tools;d:\\TOOLS\\;;D:\\tools;%USERPROFILE%\\bin")),
        nullptr);
    const EnvironmentReport report = machine.analyse(EnvironmentScope::User);
    QCOMPARE(registryStep(report.plan, EnvironmentScope::User, QStringLiteral("Path"))->after().data,
             ToolkitBinShown + QStringLiteral(";D:\\tools;%USERPROFILE%\\bin"));
}

void TestWindowsEnvironment::pathPastTheLimitIsRefused()
{
    Machine machine;
    QString huge;
    while (huge.size() < PathList::VariableLengthLimit - 10)
        huge += QStringLiteral("D:\\t%1;").arg(huge.size());
    machine.store->write(EnvironmentScope::User, QStringLiteral("Path"), StoredValue::expandString(huge), nullptr);
    const EnvironmentReport report = machine.analyse(EnvironmentScope::User);
    QVERIFY(containsCode(report.plan.diagnostics, QStringLiteral("ENV-PATH-TOO-LONG")));
    QVERIFY(!registryStep(report.plan, EnvironmentScope::User, QStringLiteral("Path")));
    QVERIFY(!report.plan.canApply());

    QString error;
    QVERIFY(!EnvironmentService(machine.locations()).apply(report.plan, &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(machine.value(EnvironmentScope::User, QStringLiteral("Path")).data, huge); // never truncated
}

void TestWindowsEnvironment::pathPastCmdLimitIsWarned()
{
    Machine machine;
    QString longMachine = MachinePath;
    while (longMachine.size() < PathList::CmdPathLengthLimit - 20)
        longMachine += QStringLiteral(";C:\\Program Files\\Vendor%1\\bin").arg(longMachine.size());
    machine.store->write(
        EnvironmentScope::Machine, QStringLiteral("Path"), StoredValue::expandString(longMachine), nullptr);
    const EnvironmentReport report = machine.analyse(EnvironmentScope::User);
    QVERIFY(containsCode(report.plan.diagnostics, QStringLiteral("ENV-PATH-CMD-LIMIT")));
    QVERIFY(report.plan.canApply());
}

void TestWindowsEnvironment::applyThenUndoRestoresExactly()
{
    Machine machine;
    const QMap<QString, StoredValue> original = machine.store->values();
    const EnvironmentService service(machine.locations());
    QString error;
    auto change = service.apply(service.analyse(Machine::target(), EnvironmentScope::User).plan, &error);
    QVERIFY2(change, qPrintable(error));
    QCOMPARE(machine.store->broadcastCount(), 1);
    QCOMPARE(machine.value(EnvironmentScope::User, QStringLiteral("Path")).type, StoredValue::Type::ExpandString);
    QVERIFY(machine.value(EnvironmentScope::User, QStringLiteral("Path")).data.startsWith(ToolkitBinShown + ';'));
    QCOMPARE(machine.value(EnvironmentScope::Machine, QStringLiteral("Path")).data, MachinePath);

    // Analysing again finds nothing more to do.
    QVERIFY(service.analyse(Machine::target(), EnvironmentScope::User).plan.isEmpty());

    QVERIFY2(OperationList::undo(*change, &error), qPrintable(error));
    QCOMPARE(machine.store->values(), original);
    QCOMPARE(machine.store->broadcastCount(), 2); // once the undo is done, not before
}

void TestWindowsEnvironment::undoAfterOthersEditedKeepsTheirEdits()
{
    Machine machine;
    const EnvironmentService service(machine.locations());
    QString error;
    auto change = service.apply(service.analyse(Machine::target(), EnvironmentScope::User).plan, &error);
    QVERIFY(change);
    const StoredValue ours = machine.value(EnvironmentScope::User, QStringLiteral("Path"));
    machine.store->write(EnvironmentScope::User,
                         QStringLiteral("Path"),
                         StoredValue::expandString(QStringLiteral("E:\\new;") + ours.data),
                         nullptr);
    machine.store->write(
        EnvironmentScope::User, QStringLiteral("CUDA_PATH"), StoredValue::string(QStringLiteral("E:\\cuda")), nullptr);

    QVERIFY2(OperationList::undo(*change, &error), qPrintable(error));
    QCOMPARE(machine.value(EnvironmentScope::User, QStringLiteral("Path")),
             StoredValue::expandString(QStringLiteral("E:\\new;") + UserPath));
    QCOMPARE(machine.value(EnvironmentScope::User, QStringLiteral("CUDA_PATH")).data, QStringLiteral("E:\\cuda"));
    QCOMPARE(machine.value(EnvironmentScope::User, QStringLiteral("CUDA_PATH_V12_4")), StoredValue::absent());
    QVERIFY(operationNotes(*change).contains(QStringLiteral("left as it is")));
}

/** The operations' JSON through the factory, as an uninstall (manifest) and a recovery (journal) rebuild them. */
static QList<OperationPointer> rebuilt(const QList<OperationPointer>& operations, const EnvironmentLocations& locations)
{
    OperationFactory factory;
    EnvironmentOperations::addBuilders(factory, locations);
    QList<OperationPointer> again;
    for (const OperationPointer& operation : operations) {
        const QByteArray text = QJsonDocument(OperationFactory::serialize(*operation)).toJson();
        QString error;
        OperationPointer read = factory.create(QJsonDocument::fromJson(text).object(), &error);
        if (!read)
            qFatal("cannot rebuild %s: %s", text.constData(), qPrintable(error));
        again.append(read);
    }
    return again;
}

void TestWindowsEnvironment::changeSurvivesJsonForUninstall()
{
    Machine machine;
    const QMap<QString, StoredValue> original = machine.store->values();
    const EnvironmentService service(machine.locations());
    QString error;
    const auto performed = service.apply(service.analyse(Machine::target(), EnvironmentScope::User).plan, &error);
    QVERIFY2(performed, qPrintable(error));
    // Path and the two CUDA_PATH values, framed by the refresh after an undo and the one after the writes.
    QCOMPARE(performed->size(), 5);
    QCOMPARE(performed->constFirst()->name(), EnvironmentRefresh::Name);
    QCOMPARE(performed->constLast()->name(), EnvironmentRefresh::Name);

    const QList<OperationPointer> later = rebuilt(*performed, machine.locations());
    QVERIFY2(OperationList::undo(later, &error), qPrintable(error));
    QCOMPARE(machine.store->values(), original);
    QCOMPARE(machine.store->broadcastCount(), 2);

    OperationFactory factory;
    EnvironmentOperations::addBuilders(factory, machine.locations());
    QVERIFY(!factory.create(QJsonObject{{"type", EnvironmentStep::Name}, {"data", QJsonObject{{"kind", "files"}}}},
                            &error));
    QVERIFY(error.contains(QStringLiteral("files")));
}

void TestWindowsEnvironment::undoAfterACrashInPerformUsesTheMachineState()
{
    // A transaction journals each operation before performing it; after a kill only that JSON is left, and the
    // machine holds "after" for the steps that ran and "before" for the others.
    Machine machine;
    const QMap<QString, StoredValue> original = machine.store->values();
    const EnvironmentPlan plan = machine.analyse(EnvironmentScope::User).plan;
    const QList<OperationPointer> operations = EnvironmentOperations::fromPlan(plan, machine.locations());
    QCOMPARE(operations.size(), 5);
    const QList<OperationPointer> journal = rebuilt(operations, machine.locations());
    QVERIFY(operations.at(0)->perform() && operations.at(1)->perform() && operations.at(2)->perform());
    QVERIFY(machine.store->values() != original);

    QString error;
    QVERIFY2(OperationList::undo(journal, &error), qPrintable(error)); // the third and fourth steps never ran
    QCOMPARE(machine.store->values(), original);
    QVERIFY(OperationList::undo(journal, &error)); // again: nothing left to take back
    QCOMPARE(machine.store->values(), original);
}

void TestWindowsEnvironment::manifestOfTheEarlierReleaseStillUninstalls()
{
    // Before the steps were operations of their own, the manifest held one "environment" operation with all of them.
    Machine machine;
    const QMap<QString, StoredValue> original = machine.store->values();
    const EnvironmentPlan plan = machine.analyse(EnvironmentScope::User).plan;
    QString error;
    QVERIFY2(EnvironmentService(machine.locations()).apply(plan, &error), qPrintable(error));
    QJsonArray steps;
    for (const auto& step : plan.steps) {
        QJsonObject json = step->toJson();
        json.insert(QStringLiteral("performed"), true);
        steps.append(json);
    }
    const QJsonObject earlier{{QStringLiteral("type"), QStringLiteral("environment")},
                              {QStringLiteral("data"),
                               QJsonObject{{QStringLiteral("operation"), QStringLiteral("environment")},
                                           {QStringLiteral("os"), QStringLiteral("windows")},
                                           {QStringLiteral("scope"), QStringLiteral("user")},
                                           {QStringLiteral("backup"), QString()},
                                           {QStringLiteral("steps"), steps}}}};
    OperationFactory factory;
    EnvironmentOperations::addBuilders(factory, machine.locations());
    const OperationPointer operation = factory.create(earlier, &error);
    QVERIFY2(operation, qPrintable(error));
    // An uninstall runs it backwards, journaled as it is written: the same JSON comes back.
    ReversedOperation uninstall(operation);
    QCOMPARE(OperationFactory::serialize(uninstall).value("data").toObject().value("operation").toObject(), earlier);
    QVERIFY2(uninstall.perform(), qPrintable(uninstall.errorString()));
    QCOMPARE(machine.store->values(), original);
    QCOMPARE(machine.store->broadcastCount(), 2);
}

void TestWindowsEnvironment::performRefusesWhenChangedSincePlan()
{
    Machine machine;
    const EnvironmentService service(machine.locations());
    const EnvironmentPlan plan = service.analyse(Machine::target(), EnvironmentScope::User).plan;
    machine.store->write(
        EnvironmentScope::User, QStringLiteral("Path"), StoredValue::expandString(QStringLiteral("X:\\")), nullptr);
    const QMap<QString, StoredValue> meanwhile = machine.store->values();
    QString error;
    QVERIFY(!service.apply(plan, &error));
    QVERIFY(error.contains(QStringLiteral("changed after the plan")));
    QCOMPARE(machine.store->values(), meanwhile);
}

void TestWindowsEnvironment::appLocalCopyIsNotPathGoverned()
{
    Machine machine;
    const QString torchLib = QStringLiteral("C:\\Python311\\Lib\\site-packages\\torch\\lib");
    machine.applicationDirs = {torchLib};
    machine.disk->addFile(torchLib + QStringLiteral("\\cudnn64_9.dll"));
    const EnvironmentReport report = machine.analyse(EnvironmentScope::User);
    const auto appLocal = std::find_if(report.conflicts.cbegin(), report.conflicts.cend(), [](const auto& c) {
        return c.conflictClass == ConflictClass::NotSearchPath;
    });
    QVERIFY(appLocal != report.conflicts.cend());
    QCOMPARE(appLocal->library, QStringLiteral("cudnn64_9.dll"));
    QVERIFY(!appLocal->fixedByPlan);
    QVERIFY(appLocal->fix.contains(QStringLiteral("No environment change can help")));
    QVERIFY(report.notes.join(' ').contains(QStringLiteral("torch\\lib")));
}

void TestWindowsEnvironment::targetAlreadyWinningPlansNothing()
{
    Machine machine;
    machine.store->write(EnvironmentScope::User,
                         QStringLiteral("Path"),
                         StoredValue::expandString(QStringLiteral("%CUDA_PATH%\\bin;") + UserPath),
                         nullptr);
    machine.store->write(EnvironmentScope::User, QStringLiteral("CUDA_PATH"), StoredValue::string(Toolkit), nullptr);
    machine.store->write(
        EnvironmentScope::Machine, QStringLiteral("CUDA_PATH_V12_4"), StoredValue::string(Toolkit), nullptr);
    const EnvironmentReport report = machine.analyse(EnvironmentScope::User);
    QVERIFY2(report.plan.isEmpty(), qPrintable(report.plan.diffText()));
    QVERIFY(report.conflicts.isEmpty());
    QVERIFY(!report.restartNeeded());
}

void TestWindowsEnvironment::libraryNamesFollowTheCudnnRelease_data()
{
    QTest::addColumn<QString>("cuda");
    QTest::addColumn<QString>("cudnn");
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QStringList>("extras");
    QTest::addColumn<QString>("libraryDir");
    QTest::newRow("8.2: no zlib") << "11.4"
                                  << "8.2.4" << QStringList{} << QStringList{"cudart64_110.dll"} << "bin";
    QTest::newRow("8.9: zlib") << "12.4"
                               << "8.9.7" << QStringList{} << QStringList{"cudart64_12.dll", "zlibwapi.dll"} << "bin";
    QTest::newRow("9.1: zlib") << "12.4"
                               << "9.1.0" << QStringList{} << QStringList{"cudart64_12.dll", "zlibwapi.dll"} << "bin";
    QTest::newRow("9.2: no zlib") << "12.6"
                                  << "9.2.0" << QStringList{} << QStringList{"cudart64_12.dll"} << "bin";
    QTest::newRow("cudart spelled as found, CUDA 13 in bin\\x64")
        << "13.0"
        << "9.12.0" << QStringList{"bin/x64/cudart64_13.dll", "bin/x64/cudnn64_9.dll"} << QStringList{"cudart64_13.dll"}
        << "bin/x64";
    QTest::newRow("CUDA 13 before install: bin\\x64")
        << "13.0"
        << "9.12.0" << QStringList{} << QStringList{"cudart64_13.dll"} << "bin/x64";
}

void TestWindowsEnvironment::libraryNamesFollowTheCudnnRelease()
{
    QFETCH(QString, cuda);
    QFETCH(QString, cudnn);
    QFETCH(QStringList, present);
    QFETCH(QStringList, extras);
    QFETCH(QString, libraryDir);
    MemoryListing disk(OsFlavor::Windows);
    for (const QString& file : present)
        disk.addFile(QStringLiteral("C:/CUDA/") + file);
    const EnvironmentTarget target{QStringLiteral("C:/CUDA"), *Version::parse(cuda), *Version::parse(cudnn)};
    const QStringList names = target.libraryNames(OsFlavor::Windows, disk);
    QCOMPARE(names.constFirst(), QStringLiteral("cudnn64_%1.dll").arg(target.cudnnVersion.major()));
    QCOMPARE(names.mid(names.size() - extras.size()), extras);
    QCOMPARE(target.libraryDirs(OsFlavor::Windows, disk), QStringList{QStringLiteral("C:/CUDA/") + libraryDir});
}

void TestWindowsEnvironment::quarantineRenamesAsideAndBack()
{
    // Windows rules over a real temporary tree, so the rename really happens.
    TestTree tree;
    const QString stale = tree.writeFile(QStringLiteral("Windows/System32/CUDNN64_9.dll"), "stale");
    const QString toolkit = tree.path(QStringLiteral("CUDA/v12.4"));
    tree.writeFile(QStringLiteral("CUDA/v12.4/bin/cudnn64_9.dll"), "target");
    auto store = std::make_shared<MemoryEnvironmentStore>();
    store->write(
        EnvironmentScope::Machine, QStringLiteral("Path"), StoredValue::expandString(toolkit + "/bin"), nullptr);

    EnvironmentLocations locations;
    locations.host.os = OsFlavor::Windows;
    locations.windowsDirectory = tree.path(QStringLiteral("Windows"));
    locations.store = store;
    locations.listing = std::make_shared<LocalDirectoryListing>();
    const EnvironmentService service(locations);
    const EnvironmentReport report
        = service.analyse({toolkit, Version{12, 4}, Version{9, 12, 0}}, EnvironmentScope::Machine);
    QVERIFY2(conflictFor(report, QStringLiteral("cudnn64_9.dll"))->fixedByPlan,
             QJsonDocument(report.toJson()).toJson().constData());

    QString error;
    auto change = service.apply(report.plan, &error);
    QVERIFY2(change, qPrintable(error));
    QVERIFY(!QFile::exists(stale));
    QVERIFY(QFile::exists(RenameStep::quarantineName(stale)));
    QVERIFY2(OperationList::undo(*change, &error), qPrintable(error));
    QVERIFY(QFile::exists(stale));
    QVERIFY(!QFile::exists(RenameStep::quarantineName(stale)));
}

void TestWindowsEnvironment::reportJsonHasTheContractKeys()
{
    Machine machine;
    machine.disk->addFile(QStringLiteral("C:\\Windows\\System32\\cudnn_ops64_9.dll"));
    machine.disk->addFile(QStringLiteral("D:\\tools\\cudnn64_9.dll"));
    machine.store->write(
        EnvironmentScope::User, QStringLiteral("Path"), StoredValue::expandString("D:\\tools;" + ToolkitBin), nullptr);
    const QJsonObject json = machine.analyse(EnvironmentScope::User).toJson();
    for (const char* key : {"os",
                            "scope",
                            "target",
                            "before",
                            "after",
                            "libraries",
                            "conflicts",
                            "plan",
                            "restart_needed",
                            "notes",
                            "diagnostics"})
        QVERIFY2(json.contains(QLatin1String(key)), key);
    QCOMPARE(json.value("scope").toString(), QStringLiteral("user"));
    QVERIFY(json.value("restart_needed").toBool());
    QJsonObject conflict;
    for (const QJsonValue& value : json.value("conflicts").toArray()) {
        if (value.toObject().value("library").toString() == QLatin1String("cudnn_ops64_9.dll"))
            conflict = value.toObject();
    }
    QCOMPARE(conflict.value("class").toString(), QStringLiteral("B"));
    QCOMPARE(conflict.value("winner").toObject().value("path").toString(),
             QStringLiteral("C:\\Windows\\System32\\cudnn_ops64_9.dll"));
    QCOMPARE(conflict.value("shadowed").toArray().size(), 1);
    QVERIFY(!conflict.value("fix").toString().isEmpty());
    QVERIFY(json.value("before").toObject().contains(QStringLiteral("HKCU\\Environment\\Path")));
    QVERIFY(json.value("after")
                .toObject()
                .value(QStringLiteral("HKCU\\Environment\\Path"))
                .toString()
                .startsWith("[REG_EXPAND_SZ]\n" + ToolkitBin + "\nD:\\tools"));
}

/**
 * NVIDIA's cuDNN 9 Windows installer puts the DLLs in ...\CUDNN\v9.x\bin\<CUDA M.m>\x64 and its own PATH entry at
 * ...\CUDNN\v9.x\bin, which holds none (SYSTRAN/faster-whisper#1230). The user-scope fix re-points the user Path
 * at the folder for the toolkit's CUDA: the useless entry comes off, the x64 folder goes first, the value stays
 * REG_EXPAND_SZ with its %VARIABLES% as written, and the undo (from the steps' JSON) gives it back byte for byte.
 */
namespace {
const QString InstallerToolkit = QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.9");
const QString InstallerRelease = QStringLiteral("C:/Program Files/NVIDIA/CUDNN/v9.10");
const QString InstallerDlls = InstallerRelease + QStringLiteral("/bin/12.9/x64");

struct InstallerMachine
{
    Machine machine;

    InstallerMachine()
    {
        machine.store->write(EnvironmentScope::Machine,
                             QStringLiteral("Path"),
                             StoredValue::expandString(MachinePath + QStringLiteral(";C:\\Program Files\\NVIDIA GPU "
                                                                                    "Computing Toolkit\\CUDA\\v12.9\\bin")),
                             nullptr);
        machine.store->write(EnvironmentScope::User,
                             QStringLiteral("Path"),
                             StoredValue::expandString(QStringLiteral("%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;"
                                                                      "C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin;D:\\tools")),
                             nullptr);
        for (const QString& name : target().libraryNames(OsFlavor::Windows, *machine.disk)) {
            const bool cudnn = name.startsWith(QLatin1String("cudnn"), Qt::CaseInsensitive);
            machine.disk->addFile((cudnn ? InstallerDlls : InstallerToolkit + QStringLiteral("/bin")) + QLatin1Char('/')
                                  + name);
        }
    }

    static EnvironmentTarget target()
    {
        EnvironmentTarget target{InstallerToolkit, Version{12, 9}, Version{9, 10, 2}};
        target.cudnnDirs = {InstallerDlls};
        target.retiredEntries = {InstallerRelease + QStringLiteral("/bin")};
        return target;
    }
};
} // namespace

void TestWindowsEnvironment::installerPathIsRepointedAtTheCudaFolder()
{
    const InstallerMachine machine;
    const EnvironmentReport report
        = EnvironmentService(machine.machine.locations()).analyse(InstallerMachine::target(), EnvironmentScope::User);
    QCOMPARE(report.libraryDirs.first(), InstallerDlls);

    // Before: no cuDNN DLL is reachable (the installer's entry holds none).
    bool cudnnBefore = false;
    for (const LibraryStatus& status : report.libraries) {
        if (status.before.library.startsWith(QLatin1String("cudnn")))
            cudnnBefore = cudnnBefore || status.before.winner.has_value();
    }
    QVERIFY(!cudnnBefore);

    const RegistryValueStep* path = registryStep(report.plan, EnvironmentScope::User, QStringLiteral("Path"));
    QVERIFY(path);
    QCOMPARE(path->after().type, StoredValue::Type::ExpandString);
    QCOMPARE(path->after().data,
             QStringLiteral("C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin\\12.9\\x64;"
                            "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.9\\bin;"
                            "%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;D:\\tools"));
    const QString diff = report.plan.diffText();
    QVERIFY2(diff.contains(QStringLiteral("-C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin\n")), qPrintable(diff));
    QVERIFY2(diff.contains(QStringLiteral("+C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin\\12.9\\x64")), qPrintable(diff));
    for (const LibraryStatus& status : report.libraries)
        QVERIFY2(status.after.wonFrom(OsFlavor::Windows, report.libraryDirs), qPrintable(status.after.library));
}

void TestWindowsEnvironment::installerPathUndoRestoresTheValueExactly()
{
    const InstallerMachine machine;
    const QMap<QString, StoredValue> original = machine.machine.store->values();
    const EnvironmentService service(machine.machine.locations());
    QString error;
    auto change = service.apply(service.analyse(InstallerMachine::target(), EnvironmentScope::User).plan, &error);
    QVERIFY2(change, qPrintable(error));
    QVERIFY(machine.machine.store->read(EnvironmentScope::User, QStringLiteral("Path")).data.startsWith(
        QStringLiteral("C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin\\12.9\\x64;")));
    // Undone from the steps' JSON, as --uninstall rebuilds them from the manifest.
    OperationFactory factory;
    EnvironmentOperations::addBuilders(factory, machine.machine.locations());
    QList<OperationPointer> later;
    for (const OperationPointer& operation : *change) {
        const QByteArray text = QJsonDocument(OperationFactory::serialize(*operation)).toJson();
        OperationPointer read = factory.create(QJsonDocument::fromJson(text).object(), &error);
        QVERIFY2(read, qPrintable(error));
        later.append(read);
    }
    QVERIFY2(OperationList::undo(later, &error), qPrintable(error));
    QCOMPARE(machine.machine.store->values(), original);
    QCOMPARE(machine.machine.store->read(EnvironmentScope::User, QStringLiteral("Path")).type, StoredValue::Type::ExpandString);
}

QTEST_GUILESS_MAIN(TestWindowsEnvironment)
#include "TestWindowsEnvironment.moc"
