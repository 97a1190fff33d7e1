#include "MemoryListing.h"
#include "env/EnvironmentOperations.h"
#include "env/EnvironmentService.h"

#include <QJsonDocument>
#include <QtTest>

/**
 * NVIDIA's cuDNN 9 Windows installer puts the DLLs in ...\CUDNN\v9.x\bin\<CUDA M.m>\x64 and its own PATH entry at
 * ...\CUDNN\v9.x\bin, which holds none (SYSTRAN/faster-whisper#1230). The user-scope fix re-points the user Path at
 * the folder for the toolkit's CUDA: the useless entry comes off, the x64 folder goes first, the value stays
 * REG_EXPAND_SZ with its %VARIABLES% as written, and the undo gives back the value byte for byte.
 */
class TestInstallerPathFix : public QObject
{
    Q_OBJECT

private slots:
    void userPathIsRepointedAtTheCudaFolder();
    void undoRestoresTheValueExactly();
};

namespace {

const QString Toolkit = QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.9");
const QString Release = QStringLiteral("C:/Program Files/NVIDIA/CUDNN/v9.10");
const QString Dlls = Release + QStringLiteral("/bin/12.9/x64");
const QString MachinePath = QStringLiteral("%SystemRoot%\\system32;%SystemRoot%;") + QStringLiteral(
                                "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.9\\bin");
const QString UserPath = QStringLiteral("%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;"
                                        "C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin;D:\\tools");

struct Machine
{
    std::shared_ptr<MemoryEnvironmentStore> store = std::make_shared<MemoryEnvironmentStore>();
    std::shared_ptr<MemoryListing> disk = std::make_shared<MemoryListing>(OsFlavor::Windows);

    Machine()
    {
        store->write(
            EnvironmentScope::Machine, QStringLiteral("Path"), StoredValue::expandString(MachinePath), nullptr);
        store->write(EnvironmentScope::User, QStringLiteral("Path"), StoredValue::expandString(UserPath), nullptr);
        for (const QString& name : target().libraryNames(OsFlavor::Windows, *disk)) {
            const bool cudnn = name.startsWith(QLatin1String("cudnn"), Qt::CaseInsensitive);
            disk->addFile((cudnn ? Dlls : Toolkit + QStringLiteral("/bin")) + QLatin1Char('/') + name);
        }
    }

    static EnvironmentTarget target()
    {
        EnvironmentTarget target{Toolkit, Version{12, 9}, Version{9, 10, 2}};
        target.cudnnDirs = {Dlls};
        target.retiredEntries = {Release + QStringLiteral("/bin")};
        return target;
    }

    EnvironmentLocations locations() const
    {
        EnvironmentLocations l;
        l.host.os = OsFlavor::Windows;
        l.host.variables = {{QStringLiteral("SystemRoot"), QStringLiteral("C:\\Windows")},
                            {QStringLiteral("USERPROFILE"), QStringLiteral("C:\\Users\\ana")}};
        l.windowsDirectory = QStringLiteral("C:/Windows");
        l.knownDlls = {QStringLiteral("kernel32.dll")};
        l.store = store;
        l.listing = disk;
        return l;
    }
};

const RegistryValueStep* userPathStep(const EnvironmentPlan& plan)
{
    for (const auto& step : plan.steps) {
        const auto* value = dynamic_cast<const RegistryValueStep*>(step.get());
        if (value && value->scope() == EnvironmentScope::User
            && value->valueName().compare(QStringLiteral("Path"), Qt::CaseInsensitive) == 0)
            return value;
    }
    return nullptr;
}

} // namespace

void TestInstallerPathFix::userPathIsRepointedAtTheCudaFolder()
{
    Machine machine;
    const EnvironmentReport report
        = EnvironmentService(machine.locations()).analyse(Machine::target(), EnvironmentScope::User);
    QCOMPARE(report.libraryDirs.first(), Dlls);

    // Before: no cuDNN DLL is reachable (the installer's entry holds none).
    bool cudnnBefore = false;
    for (const LibraryStatus& status : report.libraries) {
        if (status.before.library.startsWith(QLatin1String("cudnn")))
            cudnnBefore = cudnnBefore || status.before.winner.has_value();
    }
    QVERIFY(!cudnnBefore);

    const RegistryValueStep* path = userPathStep(report.plan);
    QVERIFY(path);
    QCOMPARE(path->after().type, StoredValue::Type::ExpandString);
    QCOMPARE(path->after().data,
             QStringLiteral("C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin\\12.9\\x64;"
                            "%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;D:\\tools"));
    const QString diff = report.plan.diffText();
    QVERIFY2(diff.contains(QStringLiteral("-C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin\n")), qPrintable(diff));
    QVERIFY2(diff.contains(QStringLiteral("+C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin\\12.9\\x64")), qPrintable(diff));
    for (const LibraryStatus& status : report.libraries)
        QVERIFY2(status.after.wonFrom(OsFlavor::Windows, report.libraryDirs), qPrintable(status.after.library));
}

void TestInstallerPathFix::undoRestoresTheValueExactly()
{
    Machine machine;
    const QMap<QString, StoredValue> original = machine.store->values();
    const EnvironmentService service(machine.locations());
    QString error;
    auto change = service.apply(service.analyse(Machine::target(), EnvironmentScope::User).plan, &error);
    QVERIFY2(change, qPrintable(error));
    QVERIFY(machine.store->read(EnvironmentScope::User, QStringLiteral("Path")).data.startsWith(
        QStringLiteral("C:\\Program Files\\NVIDIA\\CUDNN\\v9.10\\bin\\12.9\\x64;")));
    // Undone from the steps' JSON, as --uninstall rebuilds them from the manifest.
    OperationFactory factory;
    EnvironmentOperations::addBuilders(factory, machine.locations());
    QList<OperationPointer> later;
    for (const OperationPointer& operation : *change) {
        const QByteArray text = QJsonDocument(OperationFactory::serialize(*operation)).toJson();
        OperationPointer read = factory.create(QJsonDocument::fromJson(text).object(), &error);
        QVERIFY2(read, qPrintable(error));
        later.append(read);
    }
    QVERIFY2(OperationList::undo(later, &error), qPrintable(error));
    QCOMPARE(machine.store->values(), original);
    QCOMPARE(machine.store->read(EnvironmentScope::User, QStringLiteral("Path")).type, StoredValue::Type::ExpandString);
}

QTEST_GUILESS_MAIN(TestInstallerPathFix)
#include "TestInstallerPathFix.moc"
